//! Messages the bot posts in a channel outside any interaction (an event's announcement, its
//! results): `POST /channels/{channel}/messages`, and `GET`, `PATCH`, `DELETE` of
//! `/channels/{channel}/messages/{message}`. Discord checks them as it checks interaction replies
//! (`validate.rs`, empty messages, the upload limit) and, being outside an interaction, against
//! the bot's permissions in the channel; so does the fake. They are kept with every other
//! message, so `FakeDiscord::message` finds them, with their `channel_id`.

use serde_json::{Value, json};

use super::messages::{self, NewMessage};
use super::payloads::{BOT_USER_ID, snowflake};
use super::permissions::{
    ATTACH_FILES, MANAGE_MESSAGES, READ_MESSAGE_HISTORY, SEND_MESSAGES, VIEW_CHANNEL, allows,
};
use super::replies::refuse_new_message;
use super::rest::{Answer, Parsed};
use super::state::FakeState;
use super::validate;

const MISSING_ACCESS: (u16, u64, &str) = (403, 50001, "Missing Access");
const MISSING_PERMISSIONS: (u16, u64, &str) = (403, 50013, "Missing Permissions");
const NOT_THE_AUTHOR: (u16, u64, &str) =
    (403, 50005, "Cannot edit a message authored by another user");
const UNKNOWN_CHANNEL: (u16, u64, &str) = (404, 10003, "Unknown Channel");
const UNKNOWN_MESSAGE: (u16, u64, &str) = (404, 10008, "Unknown Message");

const SEND_TTS_MESSAGES: u64 = 1 << 12;
const SUPPRESS_EMBEDS: u64 = 1 << 2;
/// The flags a new channel message may carry: suppress embeds, suppress notifications, voice
/// message, components v2. Not ephemeral: only interaction responses can be.
const CREATABLE_FLAGS: u64 = (1 << 2) | (1 << 12) | (1 << 13) | (1 << 15);
/// The flags an edit may set: suppress embeds and components v2.
const EDITABLE_FLAGS: u64 = (1 << 2) | (1 << 15);
/// How many messages `GET /channels/{channel}/messages` answers at most by default.
const PAGE: usize = 50;

/// Routes `/channels/{channel}/messages[/{message}]`.
pub(crate) fn route(
    state: &mut FakeState,
    method: &str,
    (channel, message): (&str, Option<&str>),
    body: &Parsed,
) -> Answer {
    let Ok(channel) = channel.parse::<u64>() else {
        return Answer::refused(UNKNOWN_CHANNEL);
    };
    let held = state.bot_permissions.in_channel(channel);
    if !allows(held, VIEW_CHANNEL) {
        return Answer::refused(MISSING_ACCESS);
    }
    let Some(message) = message else {
        return match method {
            "POST" => create(state, channel, held, body),
            "GET" => Answer::ok(json!(list(state, channel, held))),
            _ => Answer::error(405, 0, "405: Method Not Allowed"),
        };
    };
    let Some((id, stored)) = message
        .parse::<u64>()
        .ok()
        .and_then(|id| Some((id, visible(state, channel, id)?)))
    else {
        return Answer::refused(UNKNOWN_MESSAGE);
    };
    let by_the_bot = snowflake(&stored["author"]["id"]) == Some(BOT_USER_ID);
    match method {
        "GET" if !allows(held, READ_MESSAGE_HISTORY) => Answer::refused(MISSING_PERMISSIONS),
        "GET" => Answer::ok(stored),
        "PATCH" if !by_the_bot => Answer::refused(NOT_THE_AUTHOR),
        "PATCH" => edit(state, (id, stored), held, body),
        "DELETE" if !by_the_bot && !allows(held, MANAGE_MESSAGES) => {
            Answer::refused(MISSING_PERMISSIONS)
        }
        "DELETE" => {
            state.messages.remove(&id);
            Answer::no_content()
        }
        _ => Answer::error(405, 0, "405: Method Not Allowed"),
    }
}

/// A message of this channel that the channel's routes can reach: not an ephemeral one, which
/// only its interaction's webhook reaches.
fn visible(state: &FakeState, channel: u64, id: u64) -> Option<Value> {
    let message = state.message(id)?;
    let here = snowflake(&message["channel_id"]) == Some(channel);
    let ephemeral = message["flags"].as_u64().unwrap_or(0) & 64 != 0;
    (here && !ephemeral).then(|| message.clone())
}

/// The channel's messages, newest first, as `GET /channels/{channel}/messages` answers (empty
/// without `READ_MESSAGE_HISTORY`).
fn list(state: &FakeState, channel: u64, held: u64) -> Vec<Value> {
    if !allows(held, READ_MESSAGE_HISTORY) {
        return Vec::new();
    }
    let ids = state.messages.keys().rev().copied();
    ids.filter_map(|id| visible(state, channel, id))
        .take(PAGE)
        .collect()
}

fn create(state: &mut FakeState, channel: u64, held: u64, body: &Parsed) -> Answer {
    let data = body.json.clone().unwrap_or_else(|| json!({}));
    if !allows(held, SEND_MESSAGES)
        || (!body.files.is_empty() && !allows(held, ATTACH_FILES))
        || (data["tts"].as_bool() == Some(true) && !allows(held, SEND_TTS_MESSAGES))
    {
        return Answer::refused(MISSING_PERMISSIONS);
    }
    if let Err(problem) = validate::message_data(&data) {
        return Answer::invalid(&problem);
    }
    let flags = data["flags"].as_u64().unwrap_or(0);
    if flags & !CREATABLE_FLAGS != 0 {
        return Answer::invalid(&format!(
            "flags: {flags} sets flags a message cannot be created with"
        ));
    }
    let reference = snowflake(&data["message_reference"]["message_id"]);
    if let Some(referenced) = reference {
        if !allows(held, READ_MESSAGE_HISTORY) {
            return Answer::refused(MISSING_PERMISSIONS);
        }
        if visible(state, channel, referenced).is_none() {
            return Answer::invalid("message_reference: Unknown message");
        }
    }
    if let Some(refused) = refuse_new_message(&data, &body.files) {
        return refused;
    }
    let id = state.next_id();
    let new = NewMessage {
        id,
        // A reply (type 19) when it references a message, a default message otherwise.
        kind: if reference.is_some() { 19 } else { 0 },
        data: &data,
        files: &body.files,
        extra_flags: 0,
        interaction_metadata: Value::Null,
        legacy_interaction: None,
    };
    let mut message = match messages::create(new, &mut || state.next_id()) {
        Ok(message) => message,
        Err(problem) => return Answer::invalid(&problem),
    };
    message["channel_id"] = json!(channel.to_string());
    if let Some(object) = message.as_object_mut() {
        // Posted by the bot user itself, not through an interaction's webhook.
        for key in ["webhook_id", "application_id", "interaction_metadata"] {
            object.remove(key);
        }
    }
    if let Some(referenced) = reference {
        message["message_reference"] = json!({
            "type": 0,
            "message_id": referenced.to_string(),
            "channel_id": channel.to_string(),
        });
    }
    state.store_message(id, message.clone());
    state.channel_posts.push(id);
    Answer::ok(message)
}

fn edit(
    state: &mut FakeState,
    (id, mut message): (u64, Value),
    held: u64,
    body: &Parsed,
) -> Answer {
    let data = body.json.clone().unwrap_or_else(|| json!({}));
    if !body.files.is_empty() && !allows(held, ATTACH_FILES) {
        return Answer::refused(MISSING_PERMISSIONS);
    }
    if let Err(problem) = validate::message_data(&data) {
        return Answer::invalid(&problem);
    }
    let kept = message["flags"].as_u64().unwrap_or(0);
    if let Some(flags) = data["flags"].as_u64()
        && flags & !(EDITABLE_FLAGS | kept) != 0
    {
        return Answer::invalid(&format!("flags: {flags} sets flags an edit cannot set"));
    }
    // An edit may leave the content as it is; only its files are checked.
    if let Some(too_large) = refuse_new_message(&json!({ "content": "-" }), &body.files) {
        return too_large;
    }
    if let Err(problem) = messages::edit(&mut message, &data, &body.files, &mut || state.next_id())
    {
        return Answer::invalid(&problem);
    }
    if let Some(flags) = data["flags"].as_u64() {
        // Suppressing embeds can be undone; components v2, once set, stays.
        message["flags"] = json!(flags & EDITABLE_FLAGS | kept & !SUPPRESS_EMBEDS);
    }
    state.store_message(id, message.clone());
    Answer::ok(message)
}
