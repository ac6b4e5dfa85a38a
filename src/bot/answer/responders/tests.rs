//! The responders' first response (in the POST's body, or by the callback) and a command's
//! response on time.

use tokio::sync::oneshot;

use super::*;
use crate::bot::answer::first_response::FirstResponse;
use crate::bot::game::reply::Picture;

/// A press's responder whose REST calls are all refused at once (nothing listens at the
/// address), with a POST waiting for its first response.
fn waited_for() -> (PressResponder<'static>, oneshot::Receiver<FirstResponse>) {
    let http = serenity::HttpBuilder::new("Bot 0")
        .proxy("http://127.0.0.1:9")
        .ratelimiter_disabled(true)
        .build();
    let address = Address {
        id: serenity::InteractionId::new(1),
        token: "t".into(),
    };
    let (sender, waiting) = oneshot::channel();
    let responder = PressResponder {
        http: Box::leak(Box::new(http)),
        address: Box::leak(Box::new(address)),
        locale: Locale::EnUs,
        acknowledged: Acknowledged::to(sender),
    };
    (responder, waiting)
}

#[tokio::test]
async fn an_answer_with_no_file_and_nothing_after_it_is_the_posts_body() {
    let (responder, waiting) = waited_for();
    assert!(responder.respond(Reply::ephemeral("no"), false).await);
    let Ok(FirstResponse::Inline(body)) = waiting.await else {
        panic!("inline")
    };
    let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(json["type"], 4, "{json}");
    assert_eq!(json["data"]["content"], "no", "{json}");
    assert_eq!(json["data"]["flags"], 64, "ephemeral: {json}");
    assert_eq!(
        json["data"]["allowed_mentions"]["parse"],
        serde_json::json!([])
    );
}

#[tokio::test]
async fn a_picture_follow_ups_or_a_deferral_go_by_the_callback() {
    let picture = Picture {
        png: vec![0x89, b'P', b'N', b'G'],
        alt: "a board".into(),
    };
    let board = Reply {
        picture: Some(picture),
        ..Reply::ephemeral("board").delivered(Delivery::UpdateMessage)
    };
    for (reply, followed) in [(board, false), (Reply::ephemeral("then more"), true)] {
        let (responder, waiting) = waited_for();
        // The callback is refused here: Discord did not take it, and the POST hears of it.
        assert!(!responder.respond(reply, followed).await);
        assert!(matches!(waiting.await, Ok(FirstResponse::Called)));
    }
    let (responder, waiting) = waited_for();
    assert!(!responder.defer().await);
    assert!(matches!(waiting.await, Ok(FirstResponse::Called)));
}

/// Was: `Delivery::Acknowledge` for a command became an ephemeral message with empty
/// content, which Discord refuses ("Cannot send an empty message").
#[test]
fn a_command_is_never_answered_with_an_empty_message() {
    for delivery in [
        Delivery::Acknowledge,
        Delivery::Ephemeral,
        Delivery::NewMessage,
        Delivery::UpdateMessage,
    ] {
        let reply = Reply {
            text: match delivery {
                Delivery::Acknowledge => String::new(),
                _ => "a board".to_string(),
            },
            ..Reply::ephemeral("")
        }
        .delivered(delivery);
        let json = serde_json::to_value(command_response(reply)).unwrap();
        let data = &json["data"];
        match json["type"].as_u64() {
            Some(4) => assert!(
                data["content"].as_str().is_some_and(|c| !c.is_empty()),
                "{delivery:?}: {json}"
            ),
            Some(5) => assert_eq!(delivery, Delivery::Acknowledge, "{json}"),
            other => panic!("{delivery:?}: a command answered with type {other:?}"),
        }
    }
}
