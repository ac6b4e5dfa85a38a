//! A real serenity `Client` on the fake: READY, a button press answered with a new picture,
//! heartbeats, a resumed connection, and a second client after the first one stopped.

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use serenity::builder::CreateInteractionResponse;
use serenity::client::ClientBuilder;
use serenity::gateway::ShardManager;
use serenity::http::HttpBuilder;
use serenity::model::application::Interaction;
use serenity::model::channel::Message;
use serenity::model::gateway::{GatewayIntents, Ready};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::task::JoinHandle;

use super::{WAIT, fake_png, http_for, message_with_button, respond};
use crate::support::{FakeDiscord, FakeOptions, bot_message, buttons_of, png_size};

/// Records what a serenity client sees, and answers a button with a new picture.
struct Recorder {
    events: tokio::sync::mpsc::UnboundedSender<String>,
}

#[serenity::async_trait]
impl serenity::client::EventHandler for Recorder {
    async fn ready(&self, _: serenity::client::Context, ready: Ready) {
        let _ = self.events.send(format!("ready {}", ready.session_id));
    }

    async fn interaction_create(&self, ctx: serenity::client::Context, interaction: Interaction) {
        let Interaction::Component(press) = interaction else {
            return;
        };
        let update = message_with_button("tp:2", &fake_png(640, 400, 2), "alt two")
            .content("Puntuación: 499");
        let result = press
            .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
            .await;
        let _ = self.events.send(format!(
            "pressed {} on {}: {result:?}",
            press.data.custom_id, press.message.id
        ));
    }
}

async fn next_event(seen: &mut UnboundedReceiver<String>) -> String {
    let event = tokio::time::timeout(WAIT, seen.recv())
        .await
        .expect("an event in time");
    event.expect("the client is still running")
}

/// Builds a client on the fake as the bot does, starts it and waits for its READY.
async fn connect(
    fake: &FakeDiscord,
) -> (
    Arc<ShardManager>,
    JoinHandle<serenity::Result<()>>,
    UnboundedReceiver<String>,
) {
    let (events, mut seen) = tokio::sync::mpsc::unbounded_channel();
    let http = HttpBuilder::new("dummy")
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .build();
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::empty())
        .event_handler(Recorder { events })
        .await
        .expect("the client builds (it asks GET /gateway)");
    let shards = Arc::clone(&client.shard_manager);
    let running = tokio::spawn(async move { client.start().await });
    let event = next_event(&mut seen).await;
    assert!(event.starts_with("ready fake-session-"), "{event}");
    (shards, running, seen)
}

async fn stop(shards: Arc<ShardManager>, running: JoinHandle<serenity::Result<()>>) {
    shards.shutdown_all().await;
    tokio::time::timeout(WAIT, running)
        .await
        .expect("the client stops")
        .unwrap()
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_serenity_client_connects_gets_a_button_press_and_updates_the_message_with_a_picture() {
    let fake = FakeDiscord::start_with(FakeOptions {
        heartbeat_interval: Duration::from_millis(150),
        ..FakeOptions::default()
    })
    .await;
    let (shards, running, mut seen) = connect(&fake).await;
    let identify = fake.wait_for_ready(1, WAIT).await.unwrap();
    assert_eq!(
        (identify["token"].as_str(), identify["compress"].as_bool()),
        (Some("Bot dummy"), Some(true))
    );

    // The board message, as the bot would have posted it in answer to /tripeaks new.
    let slash = fake.slash("new").build();
    fake.register_interaction(&slash);
    let png = fake_png(640, 400, 1);
    respond(
        &http_for(&fake),
        &slash,
        CreateInteractionResponse::Message(message_with_button("tp:1", &png, "alt one")),
    )
    .await
    .unwrap();
    let board = fake.original_message(&slash).unwrap();
    let buttons = buttons_of(&board);
    assert_eq!(
        (buttons.len(), buttons[0].label.as_deref()),
        (1, Some("5♥"))
    );

    let press = fake
        .button(&board, buttons[0].custom_id.as_deref().unwrap())
        .locale("es-ES")
        .build();
    let reply = fake.interact(&press).await.unwrap();
    assert_eq!(
        (reply.callback_type(), reply.status, reply.content()),
        (Some(7), 204, Some("Puntuación: 499"))
    );
    let [file] = reply.files() else {
        panic!("one file: {reply:?}")
    };
    assert_eq!(
        (file.field.as_str(), file.filename.as_str()),
        ("files[0]", "board.png")
    );
    assert_eq!(
        (file.bytes.clone(), file.description.as_deref()),
        (fake_png(640, 400, 2), Some("alt two"))
    );
    assert_eq!(
        (file.content_type.as_deref(), png_size(&file.bytes)),
        (Some("image/png"), Some((640, 400)))
    );
    let board_id = board["id"].as_str().unwrap();
    assert_eq!(
        next_event(&mut seen).await,
        format!("pressed tp:1 on {board_id}: Ok(())")
    );
    let updated: Message = serde_json::from_value(fake.original_message(&press).unwrap()).unwrap();
    assert_eq!(
        (updated.id.to_string(), updated.content.as_str()),
        (board_id.to_owned(), "Puntuación: 499")
    );
    let [picture] = updated.attachments.as_slice() else {
        panic!("the old picture is replaced")
    };
    assert_eq!(picture.description.as_deref(), Some("alt two"));

    // Heartbeats are acknowledged, so the client keeps its session...
    fake.wait_until(WAIT, "heartbeats", |state| {
        (state.heartbeats >= 3).then_some(())
    })
    .await
    .unwrap();
    // ...and resumes it after a dropped connection; events then reach it again.
    fake.close_gateway(4000).await.unwrap();
    fake.wait_until(WAIT, "a resumed session", |state| {
        (state.open_sessions() == 1).then_some(())
    })
    .await
    .unwrap();
    assert_eq!(
        fake.read(|state| state.resumes[0]["session_id"].clone()),
        json!(event_session(&fake))
    );
    let again = fake
        .button(&fake.last_bot_message().unwrap(), "tp:2")
        .build();
    assert_eq!(
        fake.interact(&again).await.unwrap().callback_type(),
        Some(7)
    );
    assert!(next_event(&mut seen).await.starts_with("pressed tp:2"));
    assert_eq!(fake.ready_count(), 1, "resumed, not identified again");
    assert!(
        fake.requests()
            .iter()
            .all(|request| request.authorization.as_deref() == Some("Bot dummy"))
    );
    stop(shards, running).await;
}

fn event_session(fake: &FakeDiscord) -> String {
    fake.read(|state| state.session_ids()[0].clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_started_again_on_the_same_fake_gets_a_new_session_and_the_events() {
    let fake = FakeDiscord::start().await;
    let (shards, running, _) = connect(&fake).await;
    stop(shards, running).await;
    fake.wait_until(WAIT, "the first connection to close", |state| {
        (state.open_sessions() == 0).then_some(())
    })
    .await
    .unwrap();
    assert!(
        fake.send_interaction(&fake.slash("show").build())
            .await
            .is_err(),
        "nobody listens"
    );

    let (shards, running, mut seen) = connect(&fake).await;
    fake.wait_for_ready(2, WAIT).await.unwrap();
    let sessions = fake.read(|state| state.session_ids());
    assert_ne!(sessions[0], sessions[1]);
    let press = fake
        .button(&bot_message(5, "board", json!([])), "tp:9")
        .build();
    fake.send_interaction(&press).await.unwrap();
    assert!(next_event(&mut seen).await.starts_with("pressed tp:9 on 5"));
    stop(shards, running).await;
}
