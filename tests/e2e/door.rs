//! End-to-end over HTTP, what the endpoint does with what the open internet sends (issue 39):
//! a captured signed request sent again, to the same process or to another replica on the same
//! PostgreSQL, changes nothing and is told so; past the in-flight cap a signed interaction is
//! answered 503 with `Retry-After: 1` and taken when tried again; past the connection cap a
//! connection is closed unread; a head past its bound is refused 431.

use std::net::SocketAddr;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tripeaks::game::Rule;
use tripeaks::i18n::{Locale, Message};
use tripeaks::store::{Store, UserId};

use crate::http::{hint_id, signed};
use crate::postgres::{postgres_base, scratch_schema};
use crate::support::{
    BotProcess, FakeDiscord, HttpAnswer, InteractionPayload, Player, SolverGate, TestDatabase,
    buttons_of,
};
use crate::{Harness, WAIT, draw_id};

const CODE: &str = "TP1-E-AAAAAAA";

/// A signed request as it went over the wire, kept to be sent again.
struct Captured {
    body: Vec<u8>,
    signature: String,
    timestamp: String,
}

impl Captured {
    fn of(fake: &FakeDiscord, interaction: &InteractionPayload) -> Captured {
        fake.register_interaction(interaction);
        let body = serde_json::to_vec(&interaction.json).unwrap();
        let (signature, timestamp) = fake.sign(&body);
        Captured {
            body,
            signature,
            timestamp,
        }
    }

    async fn send(&self, fake: &FakeDiscord, to: SocketAddr) -> HttpAnswer {
        let headers = signed(&self.signature, &self.timestamp);
        fake.post_to(to, &headers, &self.body).await.unwrap()
    }
}

/// One process: a replayed `/tripeaks settings` and a replayed tap change nothing.
#[tokio::test(flavor = "multi_thread")]
async fn a_replayed_command_or_tap_changes_nothing_and_is_told_so() {
    let h = Harness::over_http().await;
    let endpoint = h.endpoint();
    replays_change_nothing(&h.fake, (endpoint, endpoint), &h.database.url()).await;
    let bot = h.bot.as_ref().expect("a running bot");
    bot.wait_for_line("had arrived before", WAIT).await.unwrap();
}

/// Two processes on one PostgreSQL: what one took, the other refuses to take again.
#[tokio::test(flavor = "multi_thread")]
async fn a_request_replayed_to_another_replica_changes_nothing() {
    let Some(base) = postgres_base() else { return };
    let (url, mut admin, schema) = scratch_schema(&base, "replay").await;
    let fake = FakeDiscord::start().await;
    let database = TestDatabase::at(&url).unwrap();
    let a = BotProcess::start_over_http(&fake, &database, &[])
        .await
        .unwrap();
    let b = BotProcess::start_over_http(&fake, &database, &[])
        .await
        .unwrap();
    let (a_address, b_address) = (a.endpoint().unwrap(), b.endpoint().unwrap());
    replays_change_nothing(&fake, (a_address, b_address), &url).await;
    drop((a, b));
    let drop = format!("DROP SCHEMA IF EXISTS {schema} CASCADE");
    let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(drop))
        .execute(&mut admin)
        .await;
}

/// `/tripeaks settings rule:classic` and a tap, each taken at `first`, then the rule set to
/// easy; each sent again, as captured, to `again`: answered 200 with "already answered" for
/// the player only, in their language, with no call to Discord, and nothing changed.
async fn replays_change_nothing(
    fake: &FakeDiscord,
    (first, again): (SocketAddr, SocketAddr),
    url: &str,
) {
    let alice = Player::alice();
    let settings = |rule: &str| {
        let command = fake.slash("settings").by(&alice).locale("de");
        command.string("rule", rule).build()
    };
    let classic = settings("classic");
    let captured_classic = Captured::of(fake, &classic);
    let answer = captured_classic.send(fake, first).await;
    fake.take_answer(&classic, &answer).unwrap();
    assert_eq!(answer.status, 200, "{answer:?}");
    fake.final_answer(&settings("easy")).await.unwrap();

    let new = fake.slash("new").by(&alice).string("code", CODE).build();
    let board = fake.final_answer(&new).await.unwrap().message;
    let tap = fake
        .button(&board, &draw_id(&buttons_of(&board)))
        .by(&alice)
        .locale("de")
        .build();
    let captured_tap = Captured::of(fake, &tap);
    let last_made = tokio::time::Instant::now();
    let answer = captured_tap.send(fake, first).await;
    fake.take_answer(&tap, &answer).unwrap();
    let drawn = fake.wait_for_final_answer(&tap, WAIT).await.unwrap();
    assert!(drawn.updated, "{drawn:?}");

    // Sent again past Discord's 3 s, as a retrying proxy or a replayed capture comes.
    tokio::time::sleep_until(last_made + std::time::Duration::from_millis(3100)).await;
    for (interaction, captured) in [(&classic, &captured_classic), (&tap, &captured_tap)] {
        let calls_before = calls_for(fake, interaction);
        let replayed = captured.send(fake, again).await;
        assert_already_answered(&replayed);
        assert_eq!(
            calls_for(fake, interaction),
            calls_before,
            "no call to Discord for a second arrival"
        );
    }
    let store = Store::connect(url).await.unwrap();
    let kept = store.settings(UserId(alice.id)).await.unwrap();
    assert_eq!(kept.default_rule, Rule::Easy, "the later setting stands");
    let game = store.current_game(UserId(alice.id)).await.unwrap().unwrap();
    assert_eq!(game.game.moves(), 1, "one draw, once");
    store.close().await;
}

/// A second arrival's answer: the interaction's response, an ephemeral message in German.
fn assert_already_answered(answer: &HttpAnswer) {
    assert_eq!(answer.status, 200, "{answer:?}");
    let json = answer.json().unwrap();
    assert_eq!(
        (json["type"].as_u64(), json["data"]["flags"].as_u64()),
        (Some(4), Some(64)),
        "{json}"
    );
    let text = Message::InteractionAlreadyAnswered.text(Locale::De);
    assert_eq!(json["data"]["content"], Value::from(text), "{json}");
}

/// The REST calls the bot made with this interaction's token.
fn calls_for(fake: &FakeDiscord, interaction: &InteractionPayload) -> usize {
    let requests = fake.requests();
    let token = &interaction.token;
    requests.iter().filter(|r| r.path.contains(token)).count()
}

/// With one place in flight, taken by a hint the solver holds (its test gate closed), a signed
/// `/tripeaks rules` is answered 503 with `Retry-After: 1`, and nothing of it is done or
/// recorded (so a proxy that tries it again finds it new); once the test opens the gate and the
/// hint is answered, interactions are taken again.
#[tokio::test(flavor = "multi_thread")]
async fn past_the_in_flight_cap_a_signed_interaction_is_answered_503() {
    let fake = FakeDiscord::start().await;
    let database = TestDatabase::new().unwrap();
    let gate = SolverGate::closed();
    let env = [("INTERACTIONS_MAX_IN_FLIGHT", "1"), gate.env()];
    let bot = BotProcess::start_over_http(&fake, &database, &env)
        .await
        .unwrap();
    let endpoint = bot.endpoint().unwrap();
    let alice = Player::alice();
    let new = fake.slash("new").by(&alice).string("code", CODE).build();
    let board = fake.final_answer(&new).await.unwrap().message;
    let hint = fake.button(&board, &hint_id(&board)).by(&alice).build();
    let deferred = post_until_taken(&fake, &hint).await;
    assert_eq!(deferred.status, 202, "deferred: {deferred:?}");

    let rules = fake.slash("rules").by(&alice).build();
    fake.register_interaction(&rules);
    let body = serde_json::to_vec(&rules.json).unwrap();
    let (signature, timestamp) = fake.sign(&body);
    let busy = raw_post(endpoint, &signature, &timestamp, &body).await;
    assert!(busy.starts_with("HTTP/1.1 503"), "{busy}");
    assert!(
        busy.to_ascii_lowercase().contains("\r\nretry-after: 1\r\n"),
        "{busy}"
    );
    bot.wait_for_line("INTERACTIONS_MAX_IN_FLIGHT", WAIT)
        .await
        .unwrap();

    // The place is the hint's until the solver is let go.
    gate.open();
    let hinted = fake.wait_for_final_answer(&hint, WAIT).await.unwrap();
    assert!(hinted.deferred && hinted.is_ephemeral(), "{hinted:?}");
    assert!(fake.replies(&rules).is_empty(), "nothing done");
    assert_eq!(seen(&database.url(), rules.id).await, 0, "nothing recorded");
    let next = fake.slash("rules").by(&alice).build();
    let taken = post_until_taken(&fake, &next).await;
    assert_eq!(
        taken.status, 200,
        "the rules, in the POST's body: {taken:?}"
    );
    assert_eq!(seen(&database.url(), next.id).await, 1, "taken, and noted");
}

/// How many times the store noted this interaction as seen (0 or 1).
async fn seen(url: &str, id: u64) -> i64 {
    use sqlx::Row;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(url).await.unwrap();
    let query = "SELECT COUNT(*) FROM seen_interactions WHERE interaction_id = $1";
    let row = sqlx::query(query)
        .bind(i64::from_ne_bytes(id.to_ne_bytes()))
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    row.get::<i64, _>(0)
}

/// Posts a signed interaction until it is not turned away as busy (as a proxy honouring
/// `Retry-After` would), within [`WAIT`]; takes the answer as Discord does.
async fn post_until_taken(fake: &FakeDiscord, interaction: &InteractionPayload) -> HttpAnswer {
    fake.register_interaction(interaction);
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let answer = fake.post_interaction(interaction).await.unwrap();
        if answer.status != 503 || tokio::time::Instant::now() > deadline {
            fake.take_answer(interaction, &answer).unwrap();
            return answer;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// A signed POST on a connection of its own, the answer as raw text (its headers included).
async fn raw_post(to: SocketAddr, signature: &str, timestamp: &str, body: &[u8]) -> String {
    let mut stream = tokio::net::TcpStream::connect(to).await.unwrap();
    let head = format!(
        "POST /interactions HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\
         content-type: application/json\r\nx-signature-ed25519: {signature}\r\n\
         x-signature-timestamp: {timestamp}\r\ncontent-length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer
}

/// With two connections open (the cap), a third is closed without an answer; once one of the
/// two goes, a new one is served. A request head past 8 KiB is answered 431.
#[tokio::test(flavor = "multi_thread")]
async fn past_the_connection_cap_a_connection_is_closed_unread() {
    let fake = FakeDiscord::start().await;
    let database = TestDatabase::new().unwrap();
    let env = [("INTERACTIONS_MAX_CONNECTIONS", "2")];
    let bot = BotProcess::start_over_http(&fake, &database, &env)
        .await
        .unwrap();
    let endpoint = bot.endpoint().unwrap();
    let health = b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n";
    // Two kept open, each served once (so surely counted).
    let mut kept = Vec::new();
    for _ in 0..2 {
        let mut stream = tokio::net::TcpStream::connect(endpoint).await.unwrap();
        stream.write_all(health).await.unwrap();
        let mut answer = [0u8; 12];
        stream.read_exact(&mut answer).await.unwrap();
        assert_eq!(&answer, b"HTTP/1.1 200");
        kept.push(stream);
    }
    let mut third = tokio::net::TcpStream::connect(endpoint).await.unwrap();
    let _ = third.write_all(health).await;
    let mut answer = Vec::new();
    let read = tokio::time::timeout(WAIT, third.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "closed at once");
    assert!(answer.is_empty(), "unread and unanswered: {answer:?}");
    bot.wait_for_line("INTERACTIONS_MAX_CONNECTIONS", WAIT)
        .await
        .unwrap();

    // The place of a connection that goes is taken by the next (once the bot saw it go).
    kept.pop();
    let served = get_when_admitted(endpoint, "").await;
    assert!(served.starts_with("HTTP/1.1 200"), "{served:?}");

    let long = format!("x-padding: {}\r\n", "a".repeat(9 * 1024));
    let refused = get_when_admitted(endpoint, &long).await;
    assert!(refused.starts_with("HTTP/1.1 431"), "{refused:?}");
}

/// `GET /healthz` with extra header lines on a connection of its own, tried again while the
/// connection is closed unanswered (past the cap), within [`WAIT`]; the answer as raw text.
async fn get_when_admitted(to: SocketAddr, extra: &str) -> String {
    let request = format!("GET /healthz HTTP/1.1\r\nhost: x\r\n{extra}connection: close\r\n\r\n");
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let mut stream = tokio::net::TcpStream::connect(to).await.unwrap();
        let _ = stream.write_all(request.as_bytes()).await;
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer).await;
        if !answer.is_empty() || tokio::time::Instant::now() > deadline {
            return String::from_utf8_lossy(&answer).into_owned();
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
