//! The gateway protocol frame by frame, and the interaction payloads, checked with serenity's
//! own types.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use serenity::model::application::{CommandDataOptionValue, Interaction};
use serenity::model::event::{Event, GatewayEvent};
use serenity::model::gateway::Ready;
use tokio_tungstenite::tungstenite::Message as Frame;

use super::WAIT;
use crate::support::{APPLICATION_ID, FakeDiscord, Player, bot_message, timestamp_now};

/// The next frame, which must be text that serenity parses as a gateway event.
async fn next_frame(socket: &mut WebSocket) -> Value {
    let frame = tokio::time::timeout(WAIT, socket.next())
        .await
        .expect("a frame in time");
    let Some(Ok(Frame::Text(text))) = frame else {
        panic!("a text frame, got {frame:?}")
    };
    serde_json::from_str::<GatewayEvent>(&text).expect("serenity parses the frame");
    serde_json::from_str(&text).unwrap()
}

type WebSocket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

#[tokio::test]
async fn the_gateway_speaks_the_protocol_and_every_frame_parses_as_a_serenity_gateway_event() {
    let fake = FakeDiscord::start().await;
    // serenity appends `?v=10` and parses with `url::Url`, which adds the `/`; tungstenite's own
    // string parsing would send `GET ?v=10`, so the test writes the `/` itself.
    let url = format!("{}/?v=10", fake.gateway_url());
    let (mut socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("connects over plain ws://");
    assert_eq!(
        next_frame(&mut socket).await["d"]["heartbeat_interval"],
        41_250,
        "HELLO first"
    );

    let identify = json!({ "op": 2, "d": { "token": "Bot dummy", "intents": 0, "shard": [0, 1] } });
    socket
        .send(Frame::Text(identify.to_string()))
        .await
        .unwrap();
    let ready = next_frame(&mut socket).await;
    assert_eq!(
        (ready["t"].as_str(), ready["s"].as_u64()),
        (Some("READY"), Some(1))
    );
    let parsed: Ready =
        serde_json::from_value(ready["d"].clone()).expect("READY's d is a serenity Ready");
    assert_eq!(parsed.application.id.get(), APPLICATION_ID);
    assert_eq!(parsed.resume_gateway_url, fake.gateway_url());
    assert_eq!(
        fake.wait_for_ready(1, WAIT).await.unwrap()["token"],
        "Bot dummy"
    );

    socket
        .send(Frame::Text(json!({ "op": 1, "d": 1 }).to_string()))
        .await
        .unwrap();
    assert_eq!(
        next_frame(&mut socket).await["op"],
        11,
        "heartbeat acknowledged"
    );

    let tap = fake
        .button(&bot_message(77, "board", json!([])), "tap")
        .build();
    fake.send_interaction(&tap).await.unwrap();
    let frame = next_frame(&mut socket).await;
    assert_eq!(
        (frame["t"].as_str(), frame["s"].as_u64()),
        (Some("INTERACTION_CREATE"), Some(2))
    );
    let event: GatewayEvent = serde_json::from_value(frame).unwrap();
    assert!(
        matches!(
            event,
            GatewayEvent::Dispatch(2, Event::InteractionCreate(_))
        ),
        "{event:?}"
    );
}

#[tokio::test]
async fn interaction_payloads_parse_as_serenity_interactions_and_need_every_field() {
    let fake = FakeDiscord::start().await;
    let slash = fake
        .slash("new")
        .by(&Player::bob())
        .locale("es-ES")
        .string("code", "TP1-E-AAAAAAB")
        .boolean("public", true)
        .build();
    let Interaction::Command(command) =
        serde_json::from_value(slash.json.clone()).expect("a command")
    else {
        panic!("not a command interaction")
    };
    assert_eq!(
        (command.data.name.as_str(), command.locale.as_str()),
        ("tripeaks", "es-ES")
    );
    assert_eq!(
        command.user.id.get(),
        Player::bob().id,
        "the user comes from member.user"
    );
    let [sub] = command.data.options.as_slice() else {
        panic!("one subcommand")
    };
    let CommandDataOptionValue::SubCommand(options) = &sub.value else {
        panic!("a subcommand")
    };
    assert_eq!(sub.name, "new");
    assert_eq!(
        options[0].value,
        CommandDataOptionValue::String("TP1-E-AAAAAAB".into())
    );
    assert_eq!(options[1].value, CommandDataOptionValue::Boolean(true));

    let typing = fake.slash("new").focused("code", "TP1").build();
    let Ok(Interaction::Autocomplete(autocomplete)) = serde_json::from_value(typing.json.clone())
    else {
        panic!("an autocomplete interaction")
    };
    assert_eq!(
        autocomplete.data.autocomplete().map(|option| option.value),
        Some("TP1")
    );

    let message = json!({
        "id": "42", "channel_id": "1", "author": Player::alice().user_json(), "content": "board",
        "timestamp": timestamp_now(), "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": false, "type": 20,
    });
    let tap = fake.button(&message, "tp:draw").locale("nl").build();
    let Ok(Interaction::Component(component)) = serde_json::from_value(tap.json.clone()) else {
        panic!("a component interaction")
    };
    assert_eq!(
        (
            component.data.custom_id.as_str(),
            component.message.id.get()
        ),
        ("tp:draw", 42)
    );
    assert_ne!(slash.id, tap.id);
    assert_ne!(slash.token, tap.token);

    // The check above is not vacuous: serenity refuses a payload without any of these.
    for field in [
        "token",
        "version",
        "locale",
        "entitlements",
        "attachment_size_limit",
        "channel_id",
    ] {
        for payload in [&slash, &typing, &tap] {
            let mut incomplete = payload.json.clone();
            incomplete.as_object_mut().unwrap().remove(field);
            assert!(
                serde_json::from_value::<Interaction>(incomplete).is_err(),
                "{field} is required"
            );
        }
    }
    let mut no_message = tap.json.clone();
    no_message.as_object_mut().unwrap().remove("message");
    assert!(
        serde_json::from_value::<Interaction>(no_message).is_err(),
        "a button needs its message"
    );
}
