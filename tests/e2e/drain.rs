//! End-to-end over HTTP, the drain's grace (issue 40): after SIGTERM the endpoint says draining
//! on `/healthz` but keeps taking new connections and answering interactions on them for
//! `INTERACTIONS_DRAIN_GRACE` (10 s by default), so that a load balancer that has not yet seen
//! the draining loses nothing; after the grace it takes no new connection, and the process
//! exits 0.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::WAIT;
use crate::support::{BotProcess, FakeDiscord, Player, TestDatabase};

/// `GET /healthz` on a new connection: `None` when the connection is refused.
async fn health_on_a_new_connection(address: SocketAddr) -> Option<String> {
    let mut stream = tokio::net::TcpStream::connect(address).await.ok()?;
    let request = b"GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n";
    stream.write_all(request).await.ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.ok()?;
    Some(answer)
}

#[tokio::test(flavor = "multi_thread")]
async fn during_the_drain_grace_new_connections_are_answered_then_refused() {
    let fake = FakeDiscord::start().await;
    let database = TestDatabase::new().unwrap();
    let mut bot = BotProcess::start_over_http(&fake, &database, &[])
        .await
        .unwrap();
    let endpoint = bot.endpoint().unwrap();
    bot.send_terminate().unwrap();

    // Each check on a new connection of its own, until the process has taken the SIGTERM.
    let deadline = tokio::time::Instant::now() + WAIT;
    let draining = loop {
        let health = health_on_a_new_connection(endpoint)
            .await
            .unwrap_or_else(|| panic!("refused right after SIGTERM:\n{}", bot.tail(20)));
        if health.starts_with("HTTP/1.1 503") {
            break health;
        }
        assert!(tokio::time::Instant::now() < deadline, "{health}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(draining.contains("draining"), "{draining}");
    // `/healthz` may say draining a moment before the log line is read.
    let grace = bot
        .wait_for_line("still taking connections for the grace", WAIT)
        .await
        .unwrap();
    assert!(grace.contains("grace_s=10"), "the default grace: {grace}");

    // A signed interaction on a new connection is answered as ever, its board sent to Discord.
    let alice = Player::alice();
    let new = fake
        .slash("new")
        .by(&alice)
        .string("code", "TP1-E-AAAAAAA")
        .build();
    fake.register_interaction(&new);
    let answer = fake.post_interaction(&new).await.unwrap();
    assert!(matches!(answer.status, 200 | 202), "{answer:?}");
    fake.take_answer(&new, &answer).unwrap();
    let board = fake.wait_for_final_answer(&new, WAIT).await.unwrap();
    assert!(!board.is_ephemeral(), "{board:?}");
    assert_eq!(board.files().len(), 1, "the board with its picture");
    let still = health_on_a_new_connection(endpoint).await;
    let still = still.expect("a new connection still taken during the grace");
    assert!(
        still.starts_with("HTTP/1.1 503") && still.contains("draining"),
        "{still}"
    );

    // After the grace: no new connection, then a clean exit.
    bot.wait_for_line("stopping: no new connection", WAIT * 2)
        .await
        .unwrap();
    let refused = tokio::net::TcpStream::connect(endpoint).await;
    let refused = refused.expect_err("no new connection after the grace");
    assert_eq!(refused.kind(), std::io::ErrorKind::ConnectionRefused);
    let status = bot.wait_exit(WAIT * 5).await.unwrap();
    assert!(status.success(), "{status}");
}
