//! The fake Discord of the end-to-end tests, proved without the bot: every payload it produces
//! parses with serenity 0.12.5's own model types (which fail on a missing required field), its
//! REST answers parse in serenity's `Http` and follow Discord's rules (interaction replies,
//! channel messages, scheduled events), commands reach the bot only where Discord delivers them,
//! and a real serenity `Client` connects, sees READY, gets a button press and answers it with a
//! picture whose bytes and alt text the fake records.

mod support;

#[path = "fake_discord_selftest/channels.rs"]
mod channels;
#[path = "fake_discord_selftest/client.rs"]
mod client;
#[path = "fake_discord_selftest/commands.rs"]
mod commands;
#[path = "fake_discord_selftest/endpoint.rs"]
mod endpoint;
#[path = "fake_discord_selftest/gateway.rs"]
mod gateway;
#[path = "fake_discord_selftest/process.rs"]
mod process;
#[path = "fake_discord_selftest/rest.rs"]
mod rest;
#[path = "fake_discord_selftest/scheduled_events.rs"]
mod scheduled_events;

use std::time::Duration;

use serenity::builder::{
    Builder, CreateActionRow, CreateAttachment, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage,
};
use serenity::http::{Http, HttpBuilder};
use serenity::model::id::{ApplicationId, InteractionId};
use support::{APPLICATION_ID, FakeDiscord, InteractionPayload};

/// The longest any step may take.
const WAIT: Duration = Duration::from_secs(5);

/// PNG signature and IHDR chunk (CRC not computed: the fake only reads the size).
fn fake_png(width: u32, height: u32, marker: u8) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    png.extend(width.to_be_bytes());
    png.extend(height.to_be_bytes());
    png.extend([8, 6, 0, 0, 0, 0, 0, 0, 0, marker]);
    png
}

/// serenity's `Http` as the bot builds it, already knowing the application id.
fn http_for(fake: &FakeDiscord) -> Http {
    HttpBuilder::new("dummy")
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .application_id(ApplicationId::new(APPLICATION_ID))
        .build()
}

/// A board-like message: content, one card button, a picture with alt text.
fn message_with_button(custom_id: &str, png: &[u8], alt: &str) -> CreateInteractionResponseMessage {
    let button = CreateButton::new(custom_id).label("5♥");
    CreateInteractionResponseMessage::new()
        .content("Puntuación: 500")
        .components(vec![CreateActionRow::Buttons(vec![button])])
        .add_file(CreateAttachment::bytes(png.to_vec(), "board.png").description(alt))
}

/// The status and Discord's JSON error code of a refused request.
fn discord_error(error: &serenity::Error) -> Option<(u16, isize)> {
    match error {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(response)) => {
            Some((response.status_code.as_u16(), response.error.code))
        }
        _ => None,
    }
}

async fn respond(
    http: &Http,
    to: &InteractionPayload,
    response: CreateInteractionResponse,
) -> serenity::Result<()> {
    response
        .execute(http, (InteractionId::new(to.id), &to.token))
        .await
}
