//! End-to-end: what players do together. Two players finish games in one server, then the
//! server's board and the statistics show them; hiding and forget-me work as a player sees them.

use serde_json::Value;
use tripeaks::game::daily_code;
use tripeaks::game::{Action, DailyNumber, Game, solver};
use tripeaks::i18n::{self, Locale};

use crate::support::{Answered, Player, buttons_of};
use crate::{Harness, custom_id, draw_id};

/// Plays `code` to a win by tapping, from `/tripeaks new`; returns the last answer.
async fn win(h: &Harness, who: &Player, code: &str) -> Answered {
    let (_, board) = h.new_game(who, "en-US", code).await;
    let last = win_from(h, who, board, Game::from_code(code.parse().unwrap())).await;
    assert!(
        last.content().unwrap().contains("You won!"),
        "{:?}",
        last.content()
    );
    last
}

/// Taps the solver's winning line from `game` (the position `board` shows) to the end.
async fn win_from(h: &Harness, who: &Player, mut board: Value, game: Game) -> Answered {
    let line = solver::solve(&game).line;
    assert!(!line.is_empty(), "the position can be won");
    let mut last = None;
    for action in line {
        let buttons = buttons_of(&board);
        let id = match action {
            Action::Remove(card) => custom_id(&buttons, &i18n::card_label(Locale::EnUs, card)),
            _ => draw_id(&buttons),
        };
        let reply = h.press(who, "en-US", &board, &id).await;
        board = reply.message.clone();
        last = Some(reply);
    }
    last.expect("a line of at least one action")
}

/// Every message the bot sent pings nobody: `allowed_mentions` with nothing to parse.
fn assert_no_reply_may_ping(h: &Harness) {
    let mut messages = 0;
    for request in h.fake.requests() {
        let Some(json) = &request.json else { continue };
        let body: &Value = if request.path.ends_with("/callback") {
            &json["data"]
        } else {
            json
        };
        if request.path.contains("/interactions/") || request.path.contains("/webhooks/") {
            if body.get("content").is_none() {
                continue;
            }
            messages += 1;
            assert_eq!(
                body["allowed_mentions"]["parse"],
                serde_json::json!([]),
                "{} {body:#}",
                request.path
            );
        }
    }
    assert!(messages > 10, "only {messages} messages checked");
}

#[tokio::test(flavor = "multi_thread")]
async fn two_players_finish_games_then_the_board_and_stats_show_them() {
    let h = Harness::start().await;
    let ann = Player::new(1_100_000_000_000_002_001, "ann");
    let bob = Player::new(1_100_000_000_000_002_002, "**bob** @everyone <@1>");
    win(&h, &ann, "TP1-C-AAAAAAC").await;
    win(&h, &ann, "TP1-C-AAAAAAC").await;
    h.abandon(&bob, "TP1-E-AAAAAAA").await;
    win(&h, &bob, "TP1-C-AAAAAAC").await;

    let board = h
        .fake
        .final_answer(&h.fake.slash("leaderboard").by(&ann).build())
        .await
        .unwrap();
    let text = board.content().unwrap().to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0], "**TriPeaks board** · this week · by wins",
        "{text}"
    );
    // The modes counted (the players' default: the standard game), then the places.
    assert_eq!(lines[1], "Counting games with: standard game.", "{text}");
    let lines = &lines[1..];
    assert_eq!(lines[1], "#1 · ann (you): 2 wins in 2 games", "{text}");
    assert_eq!(
        lines[2], "#2 · \\*\\*bob\\*\\* \\@everyone \\<\\@1\\>: 1 win in 2 games",
        "{text}"
    );
    assert!(!board.is_ephemeral());

    let stats = h
        .fake
        .final_answer(&h.fake.slash("stats").by(&ann).user("user", &bob).build())
        .await
        .unwrap();
    let summary = stats.content().unwrap();
    assert!(
        summary.starts_with("\\*\\*bob\\*\\* \\@everyone \\<\\@1\\>: 2 played, 1 won (50 %)"),
        "{summary}"
    );
    let files = stats.files();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].png_size(), Some((800, 400)));
    let alt = files[0].description.clone().unwrap();
    assert!(
        alt.contains("2 games played, 1 won, 0 blocked, 1 abandoned"),
        "{alt}"
    );

    // Bob hides: gone from Ann's board and from her /tripeaks stats user:bob.
    let hide = h
        .fake
        .slash("settings")
        .by(&bob)
        .integer("public", 1)
        .build();
    assert!(h.fake.final_answer(&hide).await.unwrap().is_ephemeral());
    let board = h
        .fake
        .final_answer(&h.fake.slash("leaderboard").by(&ann).build())
        .await
        .unwrap();
    assert!(
        !board.content().unwrap().contains("bob"),
        "{:?}",
        board.content()
    );
    let hidden = h
        .fake
        .final_answer(&h.fake.slash("stats").by(&ann).user("user", &bob).build())
        .await
        .unwrap();
    assert!(hidden.is_ephemeral() && hidden.files().is_empty());

    // Ann forgets herself: asked, confirmed, and her rows are gone from the database.
    let ask = h
        .fake
        .final_answer(&h.fake.slash("forget-me").by(&ann).build())
        .await
        .unwrap();
    assert!(ask.is_ephemeral());
    let message = ask.message.clone();
    let confirm = buttons_of(&message)[0].custom_id.clone().unwrap();
    let done = h.press(&ann, "en-US", &message, &confirm).await;
    assert!(done.updated, "{:?}", done.content());
    assert!(
        done.content().unwrap().starts_with("Deleted:"),
        "{:?}",
        done.content()
    );
    sqlx::any::install_default_drivers();
    let db = sqlx::AnyPool::connect(&h.database.url()).await.unwrap();
    for table in [
        "current_games",
        "finished_games",
        "player_settings",
        "player_names",
    ] {
        let count = |user: u64| {
            let sql = format!(
                "SELECT COUNT(*) FROM {table} WHERE user_id = {}",
                user as i64
            );
            let db = db.clone();
            async move {
                sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql))
                    .fetch_one(&db)
                    .await
                    .unwrap()
            }
        };
        assert_eq!(count(ann.id).await, 0, "{table} still has ann");
        assert!(count(bob.id).await > 0, "{table} lost bob");
    }
    assert_no_reply_may_ping(&h);
}

#[tokio::test(flavor = "multi_thread")]
async fn two_players_play_the_daily_share_a_line_and_see_each_other_on_its_board() {
    let h = Harness::start().await;
    let ann = Player::new(1_100_000_000_000_003_001, "ann");
    let bob = Player::new(1_100_000_000_000_003_002, "bob");
    let started = h
        .fake
        .final_answer(&h.fake.slash("daily").by(&ann).build())
        .await
        .unwrap();
    let text = started.content().unwrap().to_string();
    assert!(text.starts_with("**TriPeaks daily #"), "{text}");
    let number: u32 = text["**TriPeaks daily #".len()..]
        .split('*')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("the daily's number");
    let code = daily_code(DailyNumber::new(number).unwrap());
    let board = started.message.clone();
    let end = win_from(&h, &ann, board, Game::from_code(code)).await;
    let content = end.content().unwrap();
    assert!(content.contains("is scored"), "{content}");

    // The share line goes to the channel as a message of its own, and shows no card.
    let message = end.message.clone();
    let share = custom_id(&buttons_of(&message), "Share result");
    let shared = h.press(&ann, "en-US", &message, &share).await;
    assert!(!shared.updated, "a message of its own: {shared:?}");
    assert!(!shared.is_ephemeral());
    let line = shared.content().unwrap();
    assert!(
        line.starts_with("ann · TriPeaks daily #")
            && line.contains("28/28")
            && line.contains("🟩🟩🟩")
            && line.contains(" · par "),
        "{line}"
    );
    assert!(!line.contains(['♣', '♦', '♥', '♠']), "{line}");

    // Bob plays it too; the board shows Ann first, and Bob can see her.
    let bobs = h
        .fake
        .final_answer(&h.fake.slash("daily").by(&bob).build())
        .await
        .unwrap();
    let bob_board = bobs.message.clone();
    let drew = h
        .press(&bob, "en-US", &bob_board, &draw_id(&buttons_of(&bob_board)))
        .await;
    let bob_board = drew.message.clone();
    let mut drawn = Game::from_code(code);
    drawn.apply(Action::Draw).unwrap();
    let bob_end = win_from(&h, &bob, bob_board, drawn).await;
    assert!(
        bob_end.content().unwrap().contains("is scored"),
        "{:?}",
        bob_end.content()
    );
    let board = h
        .fake
        .final_answer(
            &h.fake
                .slash("leaderboard")
                .by(&bob)
                .integer("period", 3)
                .build(),
        )
        .await
        .unwrap();
    let text = board.content().unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Today's daily (the real clock's day): its par, whatever the day.
    assert!(lines[1].starts_with("Par for this deal: "), "{text}");
    assert!(lines[2].starts_with("#1 · ann: won"), "{text}");
    assert!(lines[3].starts_with("#2 · bob (you): won"), "{text}");

    // Ann again: practice.
    let replay = h
        .fake
        .final_answer(&h.fake.slash("daily").by(&ann).build())
        .await
        .unwrap();
    assert!(
        replay.content().unwrap().contains("practice, not scored"),
        "{:?}",
        replay.content()
    );
    assert_no_reply_may_ping(&h);
}
