//! End-to-end over HTTP, what `/healthz` says of the endpoint's signature check (issue 40): a
//! bot started with a public key that is not the application's refuses every request Discord
//! signs, and its `/healthz` turns 503 and says why, while a bot with the right key stays 200
//! through forged requests, its signatures proven by Discord's own.

use std::net::SocketAddr;

use serde_json::json;

use crate::http::{health_of, signed};
use crate::support::{BotProcess, FakeDiscord, TestDatabase};

/// Discord's PING, signed by `signer`, POSTed to `endpoint`; the status it got.
async fn ping(fake: &FakeDiscord, signer: &FakeDiscord, endpoint: SocketAddr) -> u16 {
    let ping = json!({ "id": "1", "application_id": crate::support::APPLICATION_ID.to_string(),
        "type": 1, "token": "ping-token", "version": 1 });
    let body = serde_json::to_vec(&ping).unwrap();
    let (signature, timestamp) = signer.sign(&body);
    let headers = signed(&signature, &timestamp);
    fake.post_to(endpoint, &headers, &body)
        .await
        .unwrap()
        .status
}

/// A wrong `DISCORD_PUBLIC_KEY`: every signed request gets 401; at the third, `/healthz` says
/// 503 with the reason (it said 200 before, a refusal or two being no proof: Discord sends bad
/// signatures itself, to check).
#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_public_key_makes_the_endpoint_unhealthy_once_requests_are_refused() {
    let fake = FakeDiscord::start().await;
    let another = FakeDiscord::start().await;
    let database = TestDatabase::new().unwrap();
    let wrong_key = another.public_key_hex();
    let env = [("DISCORD_PUBLIC_KEY", wrong_key.as_str())];
    let bot = BotProcess::start_over_http(&fake, &database, &env)
        .await
        .unwrap();
    let endpoint = bot.endpoint().unwrap();
    let health = health_of(endpoint).await;
    assert!(
        health.starts_with("HTTP/1.1 200"),
        "nothing seen yet: {health}"
    );
    for _ in 0..2 {
        assert_eq!(ping(&fake, &fake, endpoint).await, 401);
    }
    let health = health_of(endpoint).await;
    assert!(health.starts_with("HTTP/1.1 200"), "two refusals: {health}");
    assert_eq!(ping(&fake, &fake, endpoint).await, 401);
    let health = health_of(endpoint).await;
    assert!(health.starts_with("HTTP/1.1 503"), "{health}");
    let reason = health.lines().last().unwrap_or_default();
    assert_eq!(
        reason,
        "no verified request in the last 60 s while 3 were refused (the last: the signature \
         is not the application's): check DISCORD_PUBLIC_KEY",
        "{health}"
    );
}

/// The right key: Discord's PING verifies, and forged requests after it (signed by another
/// key) are refused without making the endpoint unhealthy.
#[tokio::test(flavor = "multi_thread")]
async fn the_right_key_stays_healthy_through_forged_requests() {
    let fake = FakeDiscord::start().await;
    let forger = FakeDiscord::start().await;
    let database = TestDatabase::new().unwrap();
    let bot = BotProcess::start_over_http(&fake, &database, &[])
        .await
        .unwrap();
    let endpoint = bot.endpoint().unwrap();
    assert_eq!(ping(&fake, &fake, endpoint).await, 200);
    for _ in 0..5 {
        assert_eq!(ping(&fake, &forger, endpoint).await, 401);
    }
    let health = health_of(endpoint).await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
}
