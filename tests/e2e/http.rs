//! End-to-end over HTTP: the bot with `INTERACTIONS_ADDR` and `DISCORD_PUBLIC_KEY`, the fake
//! Discord signing and POSTing every interaction to it and taking the answer as Discord does
//! (the interaction response inline, or the callback then 202). The scenarios that matter run
//! here as on the gateway (the same functions), then what only HTTP has: PING, forged and
//! oversized requests, and two processes on one PostgreSQL behind the fake's turn-taking, one
//! of them stopped by SIGTERM while taps are in flight.

use std::time::Duration;

use serde_json::json;

use crate::postgres::{postgres_base, scratch_schema};
use crate::support::{BotProcess, FakeDiscord, Player, SolverGate, TestDatabase, buttons_of};
use crate::{Harness, WAIT, draw_id};

#[tokio::test(flavor = "multi_thread")]
async fn a_new_game_in_spanish_over_http() {
    crate::new_game_in_spanish(Harness::over_http().await).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn refusals_in_a_second_language_over_http() {
    crate::refusals_in_the_seed_wording(Harness::over_http().await).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_whole_game_with_pictures_over_http() {
    crate::whole_game_to_a_win(Harness::over_http().await).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_double_tap_over_http_removes_the_card_once() {
    crate::double_tap_once(Harness::over_http().await).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn buttons_keep_working_over_http_after_a_restart() {
    crate::buttons_after_a_restart(Harness::over_http().await).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_locked_store_defers_over_http_and_then_finishes() {
    crate::faults::locked_store_defers(Harness::over_http().await).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_duel_over_http_is_played_to_its_result() {
    crate::challenge::duel_to_its_result(Harness::over_http().await).await;
}

/// Discord's PING (when the endpoint URL is saved, and now and then) is answered PONG; no
/// gateway connection was opened; `/healthz` answers on the endpoint's address.
#[tokio::test(flavor = "multi_thread")]
async fn ping_is_answered_pong_without_a_gateway() {
    let h = Harness::over_http().await;
    let endpoint = h.endpoint();
    let ping = json!({ "id": "1", "application_id": crate::support::APPLICATION_ID.to_string(),
        "type": 1, "token": "ping-token", "version": 1 });
    let body = serde_json::to_vec(&ping).unwrap();
    let (signature, timestamp) = h.fake.sign(&body);
    let answer = h
        .fake
        .post_to(endpoint, &signed(&signature, &timestamp), &body)
        .await
        .unwrap();
    assert_eq!(answer.status, 200, "{answer:?}");
    assert_eq!(answer.json(), Some(json!({ "type": 1 })));
    assert_eq!(h.fake.ready_count(), 0, "no gateway session");
    assert_eq!(h.fake.gateway_logins(), (0, 0));
    let registrations = h.fake.registrations();
    assert_eq!(
        registrations.len(),
        1,
        "registered once, in bulk: {registrations:?}"
    );
    let health = health_of(endpoint).await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
}

/// Requests Discord did not sign are refused with 401 before anything is read: no signature, a
/// signature of another key, a body changed after signing, a stale timestamp; a body past the
/// bound is refused too. None reaches a game.
#[tokio::test(flavor = "multi_thread")]
async fn forged_and_oversized_requests_are_refused() {
    let h = Harness::over_http().await;
    let endpoint = h.endpoint();
    let alice = Player::alice();
    let new = h
        .fake
        .slash("new")
        .by(&alice)
        .string("code", "TP1-E-AAAAAAA")
        .build();
    h.fake.register_interaction(&new);
    let body = serde_json::to_vec(&new.json).unwrap();
    let (signature, timestamp) = h.fake.sign(&body);

    let none = h.fake.post_to(endpoint, &[], &body).await.unwrap();
    let other_key = FakeDiscord::start().await;
    let (foreign, foreign_time) = other_key.sign(&body);
    let foreign = h
        .fake
        .post_to(endpoint, &signed(&foreign, &foreign_time), &body)
        .await;
    let mut changed = body.clone();
    let at = changed
        .windows(13)
        .position(|w| w == b"TP1-E-AAAAAAA")
        .unwrap();
    changed[at + 12] = b'B';
    let changed = h
        .fake
        .post_to(endpoint, &signed(&signature, &timestamp), &changed)
        .await;
    let stale_time = (timestamp.parse::<u64>().unwrap() - 3600).to_string();
    let stale_signature = h.fake.sign_at(&stale_time, &body);
    let stale = h
        .fake
        .post_to(endpoint, &signed(&stale_signature, &stale_time), &body)
        .await;
    let garbage = h
        .fake
        .post_to(endpoint, &signed("zz", &timestamp), &body)
        .await;
    for (what, answer) in [
        ("no signature", Ok(none)),
        ("another key", foreign),
        ("a changed body", changed),
        ("a stale timestamp", stale),
        ("a malformed signature", garbage),
    ] {
        let answer = answer.unwrap();
        assert_eq!(answer.status, 401, "{what}: {answer:?}");
    }
    let huge = vec![b' '; 300 * 1024];
    let (signature, timestamp) = h.fake.sign(&huge);
    let too_large = h
        .fake
        .post_to(endpoint, &signed(&signature, &timestamp), &huge)
        .await
        .unwrap();
    assert_eq!(too_large.status, 413, "{too_large:?}");
    assert!(
        h.fake.replies(&new).is_empty(),
        "nothing answered a forged request"
    );
    let store = tripeaks::store::Store::connect(&h.database.url())
        .await
        .unwrap();
    let game = store
        .current_game(tripeaks::store::UserId(alice.id))
        .await
        .unwrap();
    assert!(game.is_none(), "no game was dealt");
    // The real one is still taken: the board, with its picture.
    let reply = h.fake.final_answer(&new).await.unwrap();
    assert!(!reply.is_ephemeral(), "{reply:?}");
    assert_eq!(reply.files().len(), 1, "{reply:?}");
}

/// A client that starts a body and stalls is answered 408 after the bound (5 s), and the
/// endpoint goes on answering.
#[tokio::test(flavor = "multi_thread")]
async fn a_body_that_never_comes_is_answered_408() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let h = Harness::over_http().await;
    let mut stream = tokio::net::TcpStream::connect(h.endpoint()).await.unwrap();
    let head = "POST /interactions HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n\
                x-signature-ed25519: 00\r\nx-signature-timestamp: 0\r\ncontent-length: 100\r\n\r\n{";
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = vec![0u8; 64];
    let read = tokio::time::timeout(std::time::Duration::from_secs(30), stream.read(&mut answer))
        .await
        .expect("an answer within the bound")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer[..read]).to_string();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    let health = health_of(h.endpoint()).await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
}

/// Autocomplete is answered in the HTTP response itself (type 8), with the cards that fit.
#[tokio::test(flavor = "multi_thread")]
async fn autocomplete_is_answered_inline() {
    let h = Harness::over_http().await;
    let alice = Player::alice();
    h.new_game(&alice, "en-US", "TP1-E-AAAAAAA").await;
    let typing = h.fake.slash("play").by(&alice).focused("card", "6").build();
    h.fake.register_interaction(&typing);
    let answer = h.fake.post_interaction(&typing).await.unwrap();
    assert_eq!(answer.status, 200, "{answer:?}");
    let json = answer.json().unwrap();
    assert_eq!(json["type"], 8, "{json}");
    let choices = json["data"]["choices"].as_array().unwrap();
    assert!(
        choices.iter().any(|choice| choice["value"] == "6C"),
        "{json}"
    );
}

/// An answer with no file and nothing after it (a refusal, the rules, a silent acknowledgement)
/// is the POST's 200 body, with no callback request; a board, with its picture, comes by the
/// callback, then 202.
#[tokio::test(flavor = "multi_thread")]
async fn an_answer_without_a_file_is_the_posts_body_and_a_board_comes_by_the_callback() {
    let h = Harness::over_http().await;
    let alice = Player::alice();
    let (_, board) = h.new_game(&alice, "en-US", CODE).await;
    let callbacks = || {
        h.fake.read(|state| {
            let requests = state.requests.iter();
            requests.filter(|r| r.path.ends_with("/callback")).count()
        })
    };
    let before = callbacks();
    let rules = h.fake.slash("rules").by(&alice).build();
    h.fake.register_interaction(&rules);
    let answer = h.fake.post_interaction(&rules).await.unwrap();
    h.fake.take_answer(&rules, &answer).unwrap();
    assert_eq!(answer.status, 200, "{answer:?}");
    let json = answer.json().unwrap();
    assert_eq!(
        (json["type"].as_u64(), json["data"]["flags"].as_u64()),
        (Some(4), Some(64))
    );
    assert!(
        json["data"]["content"]
            .as_str()
            .is_some_and(|text| !text.is_empty())
    );
    assert_eq!(callbacks(), before, "no callback for an answer in the body");
    let tap = h
        .fake
        .button(&board, &draw_id(&buttons_of(&board)))
        .by(&alice)
        .build();
    h.fake.register_interaction(&tap);
    let answer = h.fake.post_interaction(&tap).await.unwrap();
    h.fake.take_answer(&tap, &answer).unwrap();
    assert_eq!(answer.status, 202, "{answer:?}");
    assert_eq!(callbacks(), before + 1, "the board by the callback");
    let reply = h.fake.wait_for_final_answer(&tap, WAIT).await.unwrap();
    assert!(reply.updated, "{reply:?}");
    assert_eq!(reply.files().len(), 1, "with its picture");
}

/// Two processes on one PostgreSQL behind the fake's turn-taking serve one game alternately.
/// Then A is stopped by SIGTERM while hints it took are still being worked out (A's solver is
/// held at its test gate, a debug-build knob, until A has closed its listener), and taps keep
/// coming: during its drain grace A still takes the taps that reach it and answers them; once
/// it has closed its listener, every tap goes to B; the gate opens and A answers every hint it
/// took (deferral, then the hint) before it exits; every interaction is answered exactly once,
/// and the store holds every move once. The steps wait for A's own log lines and the test's
/// gate, never for the wall clock.
#[tokio::test(flavor = "multi_thread")]
async fn two_processes_share_a_game_and_a_sigterm_loses_no_tap() {
    let Some(base) = postgres_base() else { return };
    let (url, mut admin, schema) = scratch_schema(&base, "http").await;
    let fake = FakeDiscord::start().await;
    let database = TestDatabase::at(&url).unwrap();
    let gate = SolverGate::closed();
    let held = [gate.env(), ("INTERACTIONS_DRAIN_GRACE", "5")];
    let mut a = BotProcess::start_over_http(&fake, &database, &held)
        .await
        .unwrap();
    let b = BotProcess::start_over_http(&fake, &database, &[])
        .await
        .unwrap();
    let (a_address, b_address) = (a.endpoint().unwrap(), b.endpoint().unwrap());

    // Both answer one game in turn.
    let alice = Player::alice();
    let new = fake.slash("new").by(&alice).string("code", CODE).build();
    let mut board = fake.final_answer(&new).await.unwrap().message;
    for _ in 0..4 {
        let tap = fake
            .button(&board, &draw_id(&buttons_of(&board)))
            .by(&alice)
            .build();
        let reply = fake.final_answer(&tap).await.unwrap();
        assert!(reply.updated, "{reply:?}");
        board = reply.message;
    }
    let handled = |bot: &BotProcess| {
        let lines = bot.lines();
        lines
            .iter()
            .filter(|line| line.contains("button handled"))
            .count()
    };
    assert!(handled(&a) > 0 && handled(&b) > 0, "both took taps");

    // Eight players, each with a board; each asks for a hint (about half go to A, which holds
    // them at the gate).
    let players: Vec<Player> = (0..8)
        .map(|n| Player::new(1_100_000_000_000_009_000 + n, &format!("p{n}")))
        .collect();
    let mut boards = Vec::new();
    for player in &players {
        let new = fake.slash("new").by(player).string("code", CODE).build();
        boards.push(fake.final_answer(&new).await.unwrap().message);
    }
    let hints: Vec<_> = players
        .iter()
        .zip(&boards)
        .map(|(player, board)| fake.button(board, &hint_id(board)).by(player).build())
        .collect();
    for hint in &hints {
        fake.register_interaction(hint);
    }
    let sent = futures_util::future::join_all(hints.iter().map(|hint| fake.post_interaction(hint)));
    let mut hints_on_a = Vec::new();
    for (hint, answer) in hints.iter().zip(sent.await) {
        let answer = answer.unwrap();
        fake.take_answer(hint, &answer).unwrap();
        if answer.address == a_address {
            // Deferred by the callback: A's hints are still being worked out.
            assert_eq!(answer.status, 202, "{answer:?}");
            hints_on_a.push(hint);
        } else {
            // B's hint: for the player only, with no file, in the POST's body (or, late, by
            // the callback).
            assert!(matches!(answer.status, 200 | 202), "{answer:?}");
        }
    }
    assert!(!hints_on_a.is_empty(), "A took some hints");
    for hint in &hints_on_a {
        let deferred = fake.wait_for_callback(hint, WAIT).await.unwrap();
        assert_eq!(deferred.callback_type(), Some(6), "A deferred {deferred:?}");
        assert_eq!(
            fake.replies(hint).len(),
            1,
            "A's hint is still being worked out"
        );
    }

    // SIGTERM to A with its hints in flight. In its grace A still takes connections: the
    // players' taps reach both processes, and each is answered once by the one it reached.
    a.send_terminate().unwrap();
    a.wait_for_line("still taking connections for the grace", WAIT)
        .await
        .unwrap();
    let (boards, reached) = tap_all(&fake, &players, &boards).await;
    assert!(
        reached.contains(&a_address) && reached.contains(&b_address),
        "in A's grace the taps reach both: {reached:?}"
    );
    // A closed its listener: every tap now goes to B (a connection to A is refused, and the
    // fake, as a load balancer, tries the next).
    a.wait_for_line("stopping: no new connection", WAIT)
        .await
        .unwrap();
    let (_, reached) = tap_all(&fake, &players, &boards).await;
    assert!(
        reached.iter().all(|&address| address == b_address),
        "after A's grace every tap goes to B: {reached:?}"
    );
    // Still draining, A must answer the hints it took: let its solver go.
    gate.open();
    let status = a.wait_exit(Duration::from_secs(40)).await.unwrap();
    assert!(status.success(), "A exits cleanly");
    a.wait_for_line("every interaction taken was answered", Duration::ZERO)
        .await
        .unwrap();
    for hint in &hints {
        let replies = fake.wait_for_replies(hint, 1, WAIT).await.unwrap();
        if hints_on_a.iter().any(|on_a| on_a.id == hint.id) {
            assert_eq!(replies.len(), 2, "A's deferral, then its hint: {replies:?}");
            assert_eq!(replies[1].status, 200, "{replies:?}");
        } else {
            // B's: answered once (in the POST's body, or by the callback; deferred first on a
            // slow machine), with the hint for the player only.
            assert_eq!(callbacks(&replies), 1, "answered once: {replies:?}");
            let hinted = fake.wait_for_final_answer(hint, WAIT).await.unwrap();
            assert!(
                hinted.is_ephemeral() && hinted.content().is_some_and(|text| !text.is_empty()),
                "hint {} answered: {hinted:?}",
                hint.id
            );
        }
    }
    let store = tripeaks::store::Store::connect(&url).await.unwrap();
    for player in &players {
        let game = store
            .current_game(tripeaks::store::UserId(player.id))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(game.game.moves(), 2, "two draws, each once");
    }
    store.close().await;
    drop(b);
    let drop = format!("DROP SCHEMA IF EXISTS {schema} CASCADE");
    let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(drop))
        .execute(&mut admin)
        .await;
}

const CODE: &str = "TP1-E-AAAAAAA";

/// Each player taps Draw on their board at the same moment, as signed POSTs through the fake's
/// turn-taking; each tap must be answered once with the new board. The new boards, and the
/// endpoint each tap reached.
async fn tap_all(
    fake: &FakeDiscord,
    players: &[Player],
    boards: &[serde_json::Value],
) -> (Vec<serde_json::Value>, Vec<std::net::SocketAddr>) {
    let taps: Vec<_> = players
        .iter()
        .zip(boards)
        .map(|(player, board)| {
            fake.button(board, &draw_id(&buttons_of(board)))
                .by(player)
                .build()
        })
        .collect();
    for tap in &taps {
        fake.register_interaction(tap);
    }
    let sent = futures_util::future::join_all(taps.iter().map(|tap| fake.post_interaction(tap)));
    let (mut next, mut reached) = (Vec::new(), Vec::new());
    for (tap, answer) in taps.iter().zip(sent.await) {
        let answer = answer.unwrap_or_else(|e| panic!("tap {} lost: {e}", tap.id));
        assert!(matches!(answer.status, 200 | 202), "{answer:?}");
        reached.push(answer.address);
        fake.take_answer(tap, &answer).unwrap();
        let reply = fake.wait_for_final_answer(tap, WAIT).await.unwrap();
        assert!(reply.updated, "{reply:?}");
        assert_eq!(callbacks(&fake.replies(tap)), 1, "answered once");
        next.push(reply.message);
    }
    (next, reached)
}

/// How many callbacks Discord took among these replies: an interaction is answered once.
fn callbacks(replies: &[crate::support::Reply]) -> usize {
    let taken = replies.iter().filter(|reply| reply.status < 300);
    taken
        .filter(|reply| reply.callback_type().is_some())
        .count()
}

pub(crate) fn hint_id(board: &serde_json::Value) -> String {
    buttons_of(board)
        .into_iter()
        .find_map(|b| b.custom_id.filter(|id| id.starts_with("tp:hint:")))
        .expect("a hint button")
}

/// The two signature headers.
pub(crate) fn signed<'a>(signature: &'a str, timestamp: &'a str) -> [(&'static str, &'a str); 2] {
    [
        ("x-signature-ed25519", signature),
        ("x-signature-timestamp", timestamp),
    ]
}

/// `GET /healthz` on an endpoint, as raw HTTP.
pub(crate) async fn health_of(address: std::net::SocketAddr) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer
}
