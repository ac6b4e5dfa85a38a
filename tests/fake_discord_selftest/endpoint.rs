//! The fake's HTTP side against a stand-in endpoint: its signatures hold under serenity's own
//! `Verifier` with the public key it gives the bot, and it takes an endpoint's answer as Discord
//! does: an inline interaction response is the callback (a REST callback after it is refused
//! as already acknowledged, an inline answer past 3 s as unknown), and a 202 with no callback
//! made is recorded as a refusal.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use serenity::builder::{CreateInteractionResponse, CreateInteractionResponseMessage};
use serenity::interactions_endpoint::Verifier;

use crate::support::FakeDiscord;
use crate::{http_for, respond};

/// How the stand-in answers.
#[derive(Clone, Copy)]
enum Answer {
    Inline,
    Accepted,
}

/// A stand-in endpoint that checks every signature and answers as told; the number of
/// requests whose signature held.
async fn stand_in(
    public_key: &str,
    answer: Arc<Mutex<Answer>>,
) -> (std::net::SocketAddr, Arc<Mutex<usize>>) {
    let verifier = Arc::new(Verifier::new(public_key));
    let verified = Arc::new(Mutex::new(0));
    let counted = Arc::clone(&verified);
    let handler = move |headers: HeaderMap, body: Bytes| {
        let (verifier, answer, counted) = (
            Arc::clone(&verifier),
            Arc::clone(&answer),
            Arc::clone(&counted),
        );
        async move {
            let header = |name: &str| {
                headers
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("")
            };
            if verifier
                .verify(
                    header("x-signature-ed25519"),
                    header("x-signature-timestamp"),
                    &body,
                )
                .is_err()
            {
                return StatusCode::UNAUTHORIZED.into_response();
            }
            *counted.lock().unwrap() += 1;
            let answer = *answer.lock().unwrap();
            match answer {
                Answer::Inline => {
                    let response = json!({ "type": 4, "data": { "content": "inline" } });
                    ([("content-type", "application/json")], response.to_string()).into_response()
                }
                Answer::Accepted => Response::builder()
                    .status(202)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            }
        }
    };
    let router = axum::Router::new().route("/interactions", axum::routing::post(handler));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (address, verified)
}

#[tokio::test]
async fn the_fake_signs_as_discord_and_takes_answers_as_discord_does() {
    let fake = FakeDiscord::start().await;
    fake.allow_refusals();
    let answer = Arc::new(Mutex::new(Answer::Inline));
    let (address, verified) = stand_in(&fake.public_key_hex(), Arc::clone(&answer)).await;
    fake.add_endpoint(address);
    let http = http_for(&fake);

    // An inline answer is the callback; a callback after it is refused.
    let inline = fake.slash("new").build();
    fake.send_interaction(&inline).await.unwrap();
    let reply = fake
        .wait_for_callback(&inline, Duration::from_secs(5))
        .await
        .unwrap();
    assert_eq!(
        (reply.callback_type(), reply.content()),
        (Some(4), Some("inline"))
    );
    let again = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new().content("twice"),
    );
    let refused = respond(&http, &inline, again).await.unwrap_err();
    assert!(
        refused.to_string().contains("already been acknowledged"),
        "{refused}"
    );

    // An inline answer past the interaction's 3 seconds is refused.
    let late = fake.slash("new").build();
    fake.advance_clock(Duration::from_millis(3_100));
    fake.send_interaction(&late).await.unwrap();
    let refusals = fake.refusals();
    assert!(
        refusals
            .iter()
            .any(|r| r.interaction_id == late.id && r.status == 404),
        "{refusals:?}"
    );

    // 202 with no callback made: Discord shows "This interaction failed".
    *answer.lock().unwrap() = Answer::Accepted;
    let silent = fake.slash("new").build();
    fake.send_interaction(&silent).await.unwrap();
    let refusals = fake.refusals();
    assert!(
        refusals
            .iter()
            .any(|r| r.interaction_id == silent.id && r.path.contains("202 without a callback")),
        "{refusals:?}"
    );
    assert_eq!(*verified.lock().unwrap(), 3, "every signature held");
}
