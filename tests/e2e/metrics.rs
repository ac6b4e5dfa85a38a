//! End-to-end: the operators' listener (`METRICS_ADDR`). Interactions of every outcome are
//! counted and timed in `/metrics`; `/healthz` is 200 while the gateway is up and the store
//! answers, 503 with a one-line reason while the gateway cannot be reached, and 200 again after.

use std::time::Duration;

use anyhow::Context as _;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tripeaks::i18n::Locale;

use crate::support::{BotProcess, FakeDiscord, GatewayFault, Player, TestDatabase, buttons_of};
use crate::{custom_id, draw_id, label};

const WAIT: Duration = Duration::from_secs(20);

/// `GET path` over plain HTTP/1.1; the status and the body.
pub(crate) async fn get(address: &str, path: &str) -> anyhow::Result<(u16, String)> {
    let mut stream = TcpStream::connect(address).await?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await?;
    let (head, body) = answer.split_once("\r\n\r\n").context("no end of headers")?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|status| status.parse().ok())
        .context("no status")?;
    Ok((status, body.to_owned()))
}

/// The address the bot serves `/metrics` and `/healthz` on, from its start-up line.
pub(crate) async fn metrics_address(bot: &BotProcess) -> String {
    let line = bot
        .wait_for_line("metrics at /metrics", WAIT)
        .await
        .unwrap();
    line.split("address=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the address in the log line")
        .to_owned()
}

/// Asks `/healthz` until it answers `status` (the bot sees the gateway change a moment later
/// than the fake); its body.
pub(crate) async fn health_becomes(address: &str, status: u16) -> String {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let answer = get(address, "/healthz").await.expect("/healthz answers");
        if answer.0 == status {
            return answer.1;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "/healthz stayed {answer:?}, not {status}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Scrapes `/metrics` until `series` has `value` (the bot handles RESUMED a moment after the
/// fake sent it); the text.
async fn metric_becomes(address: &str, series: &str, value: f64) -> String {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let (status, text) = get(address, "/metrics").await.expect("/metrics answers");
        assert_eq!(status, 200);
        if sample(&text, series) == value {
            return text;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{series} is not {value} in\n{text}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The value of the sample `series` (name and labels exactly as in the text), 0 if absent.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .and_then(|value| value.split(' ').next()?.parse().ok())
        .unwrap_or(0.0)
}

/// The series of an interaction counter (the one process runs shard 0).
fn interactions(kind: &str, action: &str, outcome: &str) -> String {
    format!(
        "tripeaks_interactions_total{{kind=\"{kind}\",action=\"{action}\",outcome=\"{outcome}\",transport=\"gateway\",shard=\"0\"}}"
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn metrics_count_every_outcome_and_health_follows_the_gateway() {
    let fake = FakeDiscord::start().await;
    let database = TestDatabase::new().unwrap();
    let bot = BotProcess::start_with(&fake, &database, &[("METRICS_ADDR", "127.0.0.1:0")])
        .await
        .expect("the bot starts");
    let address = metrics_address(&bot).await;
    assert_eq!(health_becomes(&address, 200).await, "ok\n");

    let (alice, bob) = (Player::alice(), Player::bob());
    let new = fake
        .slash("new")
        .by(&alice)
        .string("code", "TP1-E-AAAAAAA")
        .build();
    let board = fake.final_answer(&new).await.unwrap().message;
    let buttons = buttons_of(&board);
    let press = |who: &Player, id: &str| fake.button(&board, id).by(who).build();
    let ten = custom_id(&buttons, &label(Locale::EnUs, "10D"));
    let six = custom_id(&buttons, &label(Locale::EnUs, "6C"));
    for (who, id) in [
        (&alice, ten.as_str()),             // refused by the rules
        (&alice, six.as_str()),             // applied
        (&alice, six.as_str()),             // drawn for the turn before: stale
        (&bob, draw_id(&buttons).as_str()), // someone else's
        (&alice, "tp:card:1:2:3:99"),       // not one of the bot's
    ] {
        fake.final_answer(&press(who, id)).await.unwrap();
    }

    let before = fake.gateway_logins();
    fake.inject_gateway_fault(GatewayFault::Close(4000))
        .await
        .unwrap();
    fake.wait_for_login_after(before, WAIT).await.unwrap();

    let resumed = "tripeaks_gateway_reconnects_total{name=\"resume\"}";
    let text = metric_becomes(&address, resumed, 1.0).await;
    for (series, count) in [
        (interactions("command", "new", "applied"), 1.0),
        (interactions("button", "card", "refused"), 1.0),
        (interactions("button", "card", "applied"), 1.0),
        (interactions("button", "card", "stale"), 1.0),
        (interactions("button", "draw", "foreign"), 1.0),
        (interactions("button", "invalid", "invalid"), 1.0),
        (
            "tripeaks_interaction_handling_seconds_count{kind=\"button\"}".to_owned(),
            5.0,
        ),
        (
            "tripeaks_interaction_handling_seconds_bucket{le=\"+Inf\",kind=\"command\"}".to_owned(),
            1.0,
        ),
        ("tripeaks_games_started_total".to_owned(), 1.0),
        (
            "tripeaks_gateway_reconnects_total{name=\"resume\"}".to_owned(),
            1.0,
        ),
        ("tripeaks_gateway_connected".to_owned(), 1.0),
    ] {
        assert_eq!(sample(&text, &series), count, "{series} in\n{text}");
    }
    assert!(text.ends_with("# EOF\n"), "{text}");

    // The gateway cannot be reached: unhealthy, with the reason on one line.
    fake.refuse_gateway_connections(true);
    fake.inject_gateway_fault(GatewayFault::Drop).await.unwrap();
    let reason = health_becomes(&address, 503).await;
    assert!(
        reason.starts_with("gateway not connected") && reason.lines().count() == 1,
        "{reason:?}"
    );
    // The gauge is read off the shards when scraped: down while the gateway is.
    let (_, text) = get(&address, "/metrics").await.unwrap();
    assert_eq!(sample(&text, "tripeaks_gateway_connected"), 0.0, "{text}");
    fake.refuse_gateway_connections(false);
    assert_eq!(health_becomes(&address, 200).await, "ok\n");
    let (status, _) = get(&address, "/nothing").await.unwrap();
    assert_eq!(status, 404);
}
