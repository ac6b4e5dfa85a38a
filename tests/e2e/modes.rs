//! End-to-end: the game modes from a Discord client. A player starts an Aisleriot game with the
//! `scoring` option, the chain shows on the status line and a draw resets it; a shared `-AP`
//! code deals a friend the very same game.

use crate::support::{Player, buttons_of};
use crate::{Harness, custom_id, draw_id, label};
use tripeaks::i18n::Locale;

#[tokio::test(flavor = "multi_thread")]
async fn an_aisleriot_game_shows_its_chain_and_a_draw_resets_it() {
    let h = Harness::start().await;
    let alice = Player::alice();
    // The `scoring` choices are standard, aisleriot, multiplier: Discord sends the value.
    let ix = h
        .fake
        .slash("new")
        .by(&alice)
        .locale("en-US")
        .string("code", "TP1-E-AAAAAAA")
        .integer("scoring", 1)
        .build();
    let reply = h.fake.final_answer(&ix).await.unwrap();
    assert!(!reply.updated, "{reply:?}");
    let content = reply.content().unwrap().to_string();
    assert!(content.contains("TP1-E-AAAAAAA-A"), "{content}");
    assert!(content.contains("Chain 0 (next card +1)"), "{content}");
    let board = reply.message.clone();
    // The 6♣ fits the 7♠ on the waste: the chain's first card earns 1.
    let six = custom_id(&buttons_of(&board), &label(Locale::EnUs, "6C"));
    let tapped = h.press(&alice, "en-US", &board, &six).await;
    assert!(tapped.updated, "{tapped:?}");
    let content = tapped.content().unwrap().to_string();
    assert!(
        content.contains("Score: 1 ·") && content.contains("Chain 1 (next card +2)"),
        "{content}"
    );
    let board = tapped.message.clone();
    let drawn = h
        .press(&alice, "en-US", &board, &draw_id(&buttons_of(&board)))
        .await;
    let content = drawn.content().unwrap().to_string();
    assert!(
        content.contains("Score: 0 ·") && content.contains("Chain 0 (next card +1)"),
        "a draw costs 5 (floored at 0) and ends the chain: {content}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shared_progressive_code_plays_the_same_for_a_friend() {
    let h = Harness::start().await;
    let alice = Player::alice();
    let (first, _) = h.new_game(&alice, "en-US", "tp1-e-aaaaaaa-pa").await;
    let content = first.content().unwrap().to_string();
    assert!(content.contains("Round 1 · Score: 0"), "{content}");
    let ix = h.fake.slash("code").by(&alice).build();
    let shared = h.fake.final_answer(&ix).await.unwrap();
    assert!(
        shared.content().unwrap().contains("TP1-E-AAAAAAA-AP"),
        "{:?}",
        shared.content()
    );
    let bob = h.play_shared(&Player::bob(), "nl", &shared).await;
    assert!(
        bob.content().unwrap().contains("Ronde 1"),
        "{:?}",
        bob.content()
    );
    assert_eq!(
        bob.files()[0].bytes,
        first.files()[0].bytes,
        "same cards, same modes, same picture"
    );
}
