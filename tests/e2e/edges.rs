//! End-to-end: bad input at the edges. Interactions with unexpected or missing fields, components
//! that are not buttons, a custom_id of 100 random bytes, options of the wrong type, a subcommand
//! the bot does not have: each gets a polite line for the player only (or the board, where the
//! input was fine), never a panic, never silence; and the game is as it was.

use serde_json::{Value, json};

use crate::support::{Answered, InteractionPayload, Player, buttons_of};
use crate::{Harness, draw_id};

const SORRY: &str = "Sorry, something went wrong. Please try again.";

/// 100 bytes from a fixed xorshift stream, read as UTF-8 with replacements: control
/// characters, quotes, backslashes, colons and invalid sequences included.
fn random_custom_id(seed: u64) -> String {
    let mut state = seed | 1;
    let bytes: Vec<u8> = (0..100)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_le_bytes()[3]
        })
        .collect();
    String::from_utf8_lossy(&bytes).chars().take(100).collect()
}

/// Sends it and waits for its final answer; fails the test on silence.
async fn answer(h: &Harness, ix: &InteractionPayload, what: &str) -> Answered {
    h.fake
        .final_answer(ix)
        .await
        .unwrap_or_else(|e| panic!("{what}: {e}\n{}", h.output()))
}

/// The apology, ephemeral, in a message of its own, and nothing else.
fn assert_polite(reply: &Answered, what: &str) {
    let seen = (reply.updated, reply.is_ephemeral(), reply.content());
    assert!(!reply.updated, "{what}: {seen:?}");
    assert!(reply.is_ephemeral(), "{what}: {seen:?}");
    assert_eq!(reply.content(), Some(SORRY), "{what}");
    assert!(
        reply.files().is_empty() && reply.buttons().is_empty(),
        "{what}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_input_at_the_edges_is_answered_politely_and_changes_nothing() {
    let h = Harness::start().await;
    let alice = Player::alice();
    let (_, board) = h.new_game(&alice, "en-US", "TP1-E-AAAAAAA").await;
    let draw = draw_id(&buttons_of(&board));

    // Fields Discord may add one day are ignored: the tap is applied.
    let mut ix = h.fake.button(&board, &draw).by(&alice).build();
    ix.json["data"]["future_field"] = json!({ "nested": [1, 2, 3] });
    ix.json["surprise"] = json!("🎉");
    let tapped = answer(&h, &ix, "unexpected fields").await;
    assert!(tapped.updated, "{tapped:?}");
    let board = tapped.message.clone();
    let draw = draw_id(&buttons_of(&board));

    // Not a button: a select menu or an unknown component carrying a button's custom_id.
    for (kind, values) in [(3, json!(["x"])), (5, json!([])), (99, Value::Null)] {
        let mut ix = h.fake.button(&board, &draw).by(&alice).build();
        ix.json["data"]["component_type"] = json!(kind);
        if !values.is_null() {
            ix.json["data"]["values"] = values;
        }
        assert_polite(
            &answer(&h, &ix, "not a button").await,
            &format!("type {kind}"),
        );
    }

    // 100 random bytes as a custom_id, several times.
    for seed in 1..=5 {
        let id = random_custom_id(seed);
        let ix = h.fake.button(&board, &id).by(&alice).build();
        assert_polite(
            &answer(&h, &ix, &format!("{id:?}")).await,
            "random custom_id",
        );
    }

    // Options of the wrong type, an unknown option, a subcommand that does not exist.
    let wrong = [
        h.fake.slash("new").by(&alice).integer("code", 5).build(),
        h.fake
            .slash("new")
            .by(&alice)
            .string("rule", "hard")
            .build(),
        h.fake
            .slash("new")
            .by(&alice)
            .string("winnable", "yes")
            .build(),
        h.fake
            .slash("play")
            .by(&alice)
            .boolean("card", true)
            .build(),
        h.fake.slash("play").by(&alice).build(),
        h.fake.slash("bogus").by(&alice).build(),
        h.fake.command("tripeaks").by(&alice).build(),
        h.fake.command("other").by(&alice).build(),
    ];
    for ix in &wrong {
        let what = ix.json["data"].to_string();
        assert_polite(&answer(&h, ix, &what).await, &what);
    }

    // In direct messages: no server, no member, the user at the top level.
    let mut ix = h.fake.slash("show").by(&alice).build();
    let object = ix.json.as_object_mut().expect("an object");
    for field in ["guild_id", "member", "guild_locale"] {
        object.remove(field);
    }
    object.insert("user".into(), alice.user_json());
    object.insert("context".into(), json!(1));
    ix.json["channel"] = json!({ "id": crate::support::CHANNEL_ID.to_string(), "type": 1 });
    let shown = answer(&h, &ix, "a direct message").await;
    assert!(
        shown
            .content()
            .is_some_and(|text| text.contains("Moves: 1")),
        "{shown:?}"
    );

    // Nothing above changed the game beyond the one draw, and the bot never panicked.
    let ix = h.fake.slash("show").by(&alice).build();
    let shown = answer(&h, &ix, "show").await;
    assert!(
        shown
            .content()
            .is_some_and(|text| text.contains("Moves: 1")),
        "{:?}",
        shown.content()
    );
    let output = h.output();
    assert!(!output.contains("panicked"), "{output}");
    // A forged custom_id with line breaks is logged escaped: every line is a log line.
    for line in output.lines() {
        assert!(line.starts_with("20"), "not a log line: {line:?}");
    }
}
