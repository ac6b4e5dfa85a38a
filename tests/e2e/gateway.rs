//! End-to-end: the gateway drops the bot, as Discord's does now and then. After each fault the
//! bot comes back by itself, resuming where it may and identifying only where it must (Discord
//! allows 1,000 IDENTIFYs a day), and the next tap is applied.

use std::time::Duration;

use serde_json::Value;

use crate::support::{GatewayFault, Player, buttons_of};
use crate::{Harness, draw_id};

/// Long enough for a reconnect; an identify after Invalid Session waits up to 5 s in serenity's
/// shard queue (one start per 5 s).
const RECONNECT: Duration = Duration::from_secs(20);

/// Injects `fault`, waits for the bot to log in again and checks how it did: `resumed` = a
/// RESUME and no IDENTIFY, else an IDENTIFY and no RESUME. Then a Draw tap is applied.
async fn survive(h: &Harness, fault: GatewayFault, resumed: bool, board: Value) -> Value {
    let before = h.fake.gateway_logins();
    h.fake
        .inject_gateway_fault(fault)
        .await
        .unwrap_or_else(|e| panic!("{fault:?}: {e}"));
    let after = h
        .fake
        .wait_for_login_after(before, RECONNECT)
        .await
        .unwrap_or_else(|e| panic!("{fault:?}: {e}\n{}", h.output()));
    let expected = match resumed {
        true => (before.0, before.1 + 1),
        false => (before.0 + 1, before.1),
    };
    assert_eq!(
        after, expected,
        "{fault:?}: (IDENTIFYs, RESUMEs) went from {before:?}"
    );
    let alice = Player::alice();
    let tap = h
        .press(&alice, "en-US", &board, &draw_id(&buttons_of(&board)))
        .await;
    assert!(tap.updated, "{fault:?}: {tap:?}");
    assert!(
        tap.content().is_some_and(|text| text.contains("Moves:")),
        "{fault:?}: {:?}",
        tap.content()
    );
    tap.message
}

#[tokio::test(flavor = "multi_thread")]
async fn the_bot_resumes_or_identifies_after_each_gateway_fault_and_taps_go_on() {
    let h = Harness::start().await;
    let alice = Player::alice();
    let (_, mut board) = h.new_game(&alice, "en-US", "TP1-E-AAAAAAA").await;
    assert_eq!(h.fake.gateway_logins(), (1, 0), "one IDENTIFY at start-up");
    for (fault, resumed) in [
        (GatewayFault::Drop, true),
        (GatewayFault::Close(4000), true),
        (GatewayFault::Reconnect, true),
        (GatewayFault::InvalidSession { resumable: true }, true),
        (GatewayFault::InvalidSession { resumable: false }, false),
    ] {
        board = survive(&h, fault, resumed, board).await;
    }
    assert_eq!(
        h.fake.gateway_logins(),
        (2, 4),
        "one IDENTIFY for the invalidated session, every other fault resumed"
    );
    let shown = h
        .fake
        .final_answer(&h.fake.slash("show").by(&alice).build())
        .await;
    let shown = shown.expect("an answer to /tripeaks show");
    assert!(
        shown
            .content()
            .is_some_and(|text| text.contains("Moves: 5")),
        "every tap after a fault was applied once: {:?}",
        shown.content()
    );
}
