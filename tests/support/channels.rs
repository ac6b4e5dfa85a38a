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

/// Routes `/channels/{channel}/messages[/{message}]`; `query`: a listing's `limit`, `after`,
/// `before` or `around`.
pub(crate) fn route(
    state: &mut FakeState,
    method: &str,
    (channel, message): (&str, Option<&str>),
    query: Option<&str>,
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
            "GET" => match Listing::read(query) {
                Ok(listing) => Answer::ok(json!(list(state, channel, held, listing))),
                Err(problem) => Answer::invalid(&problem),
            },
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

/// What `GET /channels/{channel}/messages` asks: at most `limit` (1 to 100, 50 by default)
/// messages, the newest ones, or the ones just after (or before) a message id. Discord takes
/// one of `after`, `before` and `around` at a time; the fake does not know `around`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Listing {
    limit: usize,
    after: Option<u64>,
    before: Option<u64>,
}

impl Listing {
    fn read(query: Option<&str>) -> Result<Listing, String> {
        let mut listing = Listing {
            limit: PAGE,
            after: None,
            before: None,
        };
        let mut anchors = 0;
        for pair in query
            .unwrap_or("")
            .split('&')
            .filter(|pair| !pair.is_empty())
        {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("{key}: Value \"{value}\" is not snowflake."))
            };
            match key {
                "limit" => match value.parse::<usize>() {
                    Ok(limit @ 1..=100) => listing.limit = limit,
                    _ => {
                        return Err(format!(
                            "limit: Value \"{value}\" is not int between 1 and 100."
                        ));
                    }
                },
                "after" => listing.after = Some(number()?),
                "before" => listing.before = Some(number()?),
                "around" => return Err("around: the fake does not answer it".into()),
                _ => {}
            }
            anchors += usize::from(matches!(key, "after" | "before"));
        }
        match anchors {
            0 | 1 => Ok(listing),
            _ => Err("only one of after, before and around is taken".into()),
        }
    }
}

/// The channel's messages as `GET /channels/{channel}/messages` answers, newest first: the
/// `limit` newest, the `limit` just before `before`, or the `limit` just after `after` (still
/// newest first); empty without `READ_MESSAGE_HISTORY`, as Discord answers.
fn list(state: &FakeState, channel: u64, held: u64, listing: Listing) -> Vec<Value> {
    if !allows(held, READ_MESSAGE_HISTORY) {
        return Vec::new();
    }
    let ids: Vec<u64> = state.messages.keys().copied().collect();
    let here = |id: &u64| visible(state, channel, *id);
    let mut page: Vec<Value> = match listing.after {
        Some(after) => ids
            .iter()
            .filter(|id| **id > after)
            .filter_map(here)
            .take(listing.limit)
            .collect(),
        None => ids
            .iter()
            .rev()
            .filter(|id| listing.before.is_none_or(|before| **id < before))
            .filter_map(here)
            .take(listing.limit)
            .collect(),
    };
    if listing.after.is_some() {
        page.reverse();
    }
    page
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
