//! How the fake answers a bot's replies to interactions, as Discord does: the one callback per
//! interaction (`POST /interactions/{id}/{token}/callback`, 204), then follow-ups and edits on
//! `/webhooks/{app}/{token}[/messages/{@original|id}]` (a Message object, or 204 for DELETE).
//! Each reply is recorded as a [`Reply`]; messages are created and changed in the fake's store.

use serde_json::Value;

use super::messages::{self, LOADING_FLAG, NewMessage};
use super::payloads::APPLICATION_ID;
use super::recorded::{Reply, ReplyAction};
use super::rest::{Answer, Parsed};
use super::state::FakeState;
use super::stored_interaction::StoredInteraction;
use super::validate;

const UNKNOWN_INTERACTION: (u16, u64, &str) = (404, 10062, "Unknown interaction");
const UNKNOWN_WEBHOOK: (u16, u64, &str) = (404, 10015, "Unknown Webhook");
const UNKNOWN_MESSAGE: (u16, u64, &str) = (404, 10008, "Unknown Message");
const INVALID_TOKEN: (u16, u64, &str) = (401, 50027, "Invalid Webhook Token");
const INVALID_JSON: (u16, u64, &str) = (400, 50109, "The request body contains invalid JSON.");
const EMPTY_MESSAGE: (u16, u64, &str) = (400, 50006, "Cannot send an empty message");
const TOO_LARGE: (u16, u64, &str) = (413, 40005, "Request entity too large");

/// Discord's deadline for an interaction's response (its callback), from its creation.
pub const RESPONSE_DEADLINE_MS: u64 = 3_000;
/// How long an interaction's token takes follow-ups and edits, from its creation.
pub const TOKEN_LIFETIME_MS: u64 = 15 * 60 * 1000;

/// What Discord refuses of a message being created (a callback of type 4, a follow-up) beyond
/// the form checks: one with nothing in it, and a file over the interaction's
/// `attachment_size_limit`.
pub(crate) fn refuse_new_message(
    data: &Value,
    files: &[super::recorded::UploadedFile],
) -> Option<Answer> {
    if files
        .iter()
        .any(|file| file.bytes.len() as u64 > super::payloads::ATTACHMENT_SIZE_LIMIT)
    {
        return Some(refuse(TOO_LARGE));
    }
    let has = |key: &str| data[key].as_array().is_some_and(|items| !items.is_empty());
    let content = data["content"]
        .as_str()
        .is_some_and(|text| !text.is_empty());
    let nothing = !content
        && files.is_empty()
        && !has("embeds")
        && !has("attachments")
        && !has("components")
        && !has("sticker_ids");
    nothing.then(|| refuse(EMPTY_MESSAGE))
}

fn refuse((status, code, message): (u16, u64, &str)) -> Answer {
    Answer::error(status, code, message)
}

pub(crate) fn callback(
    state: &mut FakeState,
    (id, token): (&str, &str),
    body: &Parsed,
    injected: Option<u16>,
) -> Answer {
    // An injected failure wins over the fake's own refusals.
    let refuse = |refusal| injected.map_or_else(|| refuse(refusal), Answer::injected);
    let Some(interaction) = id
        .parse()
        .ok()
        .and_then(|id| state.interactions.get(&id))
        .cloned()
    else {
        return refuse(UNKNOWN_INTERACTION);
    };
    if interaction.token != token {
        return refuse(INVALID_TOKEN);
    }
    // Past its 3 seconds, Discord no longer knows the interaction: its user saw "This
    // interaction failed".
    if state.age_millis(interaction.id) > RESPONSE_DEADLINE_MS {
        return refuse(UNKNOWN_INTERACTION);
    }
    let Some(json) = body.json.clone() else {
        return refuse(INVALID_JSON);
    };
    let kind = json["type"].as_u64().unwrap_or(0);
    let mut reply = Reply {
        interaction_id: interaction.id,
        action: ReplyAction::Callback(u8::try_from(kind).unwrap_or(u8::MAX)),
        json,
        files: body.files.clone(),
        status: 0,
        message_id: None,
    };
    let outcome = match injected {
        Some(status) => Err(Answer::injected(status)),
        None => apply_callback(state, &interaction, kind, &reply),
    };
    let answer = match outcome {
        Ok(message_id) => {
            reply.message_id = message_id;
            let stored = state
                .interactions
                .get_mut(&interaction.id)
                .expect("interaction exists");
            stored.acknowledged = true;
            stored.callback_type = kind;
            stored.original_message = message_id;
            Answer::no_content()
        }
        Err(answer) => answer,
    };
    reply.status = answer.status;
    state.replies.push(reply);
    answer
}

/// Applies a callback to the message store; the interaction's original message on success.
fn apply_callback(
    state: &mut FakeState,
    interaction: &StoredInteraction,
    kind: u64,
    reply: &Reply,
) -> Result<Option<u64>, Answer> {
    if interaction.acknowledged {
        return Err(Answer::error(
            400,
            40060,
            "Interaction has already been acknowledged.",
        ));
    }
    let allowed: &[u64] = match interaction.kind {
        2 => &[4, 5, 9],
        3 => &[4, 5, 6, 7, 9],
        4 => &[8],
        _ => &[1],
    };
    if !allowed.contains(&kind) {
        let message = format!(
            "Invalid Form Body: type {kind} does not answer an interaction of type {}",
            interaction.kind
        );
        return Err(Answer::error(400, 50035, &message));
    }
    let data = reply.data();
    if matches!(kind, 4 | 5 | 7) {
        validate::message_data(data).map_err(|problem| {
            Answer::error(400, 50035, &format!("Invalid Form Body: {problem}"))
        })?;
    }
    if kind == 4
        && let Some(refused) = refuse_new_message(data, &reply.files)
    {
        return Err(refused);
    }
    if kind == 7
        && let Some(too_large) =
            refuse_new_message(&serde_json::json!({ "content": "-" }), &reply.files)
    {
        return Err(too_large);
    }
    match kind {
        4 | 5 => {
            let extra_flags = if kind == 5 { LOADING_FLAG } else { 0 };
            create_message(state, interaction, data, reply, extra_flags).map(Some)
        }
        6 => Ok(interaction.source_message),
        7 => {
            let source = interaction
                .source_message
                .ok_or_else(|| refuse(UNKNOWN_MESSAGE))?;
            edit_message(state, source, data, reply)?;
            Ok(Some(source))
        }
        _ => Ok(None),
    }
}

fn create_message(
    state: &mut FakeState,
    interaction: &StoredInteraction,
    data: &Value,
    reply: &Reply,
    extra_flags: u64,
) -> Result<u64, Answer> {
    let id = state.next_id();
    let is_first = interaction.original_message.is_none() && !interaction.acknowledged;
    let new = NewMessage {
        id,
        kind: if interaction.kind == 2 && is_first {
            20
        } else {
            0
        },
        data,
        files: &reply.files,
        extra_flags,
        interaction_metadata: interaction.metadata(),
        legacy_interaction: interaction.legacy(),
    };
    let message = messages::create(new, &mut || state.next_id())
        .map_err(|problem| Answer::error(400, 50035, &format!("Invalid Form Body: {problem}")))?;
    state.store_message(id, message);
    Ok(id)
}

fn edit_message(
    state: &mut FakeState,
    id: u64,
    data: &Value,
    reply: &Reply,
) -> Result<Value, Answer> {
    let mut message = state
        .messages
        .get(&id)
        .cloned()
        .ok_or_else(|| refuse(UNKNOWN_MESSAGE))?;
    messages::edit(&mut message, data, &reply.files, &mut || state.next_id())
        .map_err(|problem| Answer::error(400, 50035, &format!("Invalid Form Body: {problem}")))?;
    state.store_message(id, message.clone());
    Ok(message)
}

pub(crate) fn webhook(
    state: &mut FakeState,
    method: &str,
    (app, token, message): (&str, &str, Option<&str>),
    body: &Parsed,
    injected: Option<u16>,
) -> Answer {
    // An injected failure wins over the fake's own refusals.
    let refuse = |refusal| injected.map_or_else(|| refuse(refusal), Answer::injected);
    let interaction = state.interaction_by_token(token).cloned();
    let Some(interaction) = interaction.filter(|_| app.parse() == Ok(APPLICATION_ID)) else {
        return refuse(UNKNOWN_WEBHOOK);
    };
    // Follow-ups and edits exist only once the interaction was answered, and only while its
    // token lives.
    if !interaction.acknowledged {
        return refuse(UNKNOWN_WEBHOOK);
    }
    if state.age_millis(interaction.id) > TOKEN_LIFETIME_MS {
        return refuse(INVALID_TOKEN);
    }
    let target = match message {
        None => None,
        Some("@original") => match interaction.original_message {
            Some(id) => Some((id, true)),
            None => return refuse(UNKNOWN_MESSAGE),
        },
        Some(id) => match id.parse::<u64>() {
            Ok(id)
                if interaction.followups.contains(&id)
                    || interaction.original_message == Some(id) =>
            {
                Some((id, false))
            }
            _ => return refuse(UNKNOWN_MESSAGE),
        },
    };
    if let (Some(status), "GET") = (injected, method) {
        return Answer::injected(status);
    }
    let action = match (method, target) {
        ("POST", None) => ReplyAction::FollowUp,
        ("GET", Some((id, _))) => {
            return state
                .messages
                .get(&id)
                .cloned()
                .map_or_else(|| refuse(UNKNOWN_MESSAGE), Answer::ok);
        }
        ("PATCH", Some((_, true))) => ReplyAction::EditOriginal,
        ("PATCH", Some((id, false))) => ReplyAction::EditMessage(id),
        ("DELETE", Some((_, true))) => ReplyAction::DeleteOriginal,
        ("DELETE", Some((id, false))) => ReplyAction::DeleteMessage(id),
        _ => return Answer::error(405, 0, "405: Method Not Allowed"),
    };
    let mut reply = Reply {
        interaction_id: interaction.id,
        action: action.clone(),
        json: body.json.clone().unwrap_or_default(),
        files: body.files.clone(),
        status: 0,
        message_id: target.map(|(id, _)| id),
    };
    let answer = match injected {
        Some(status) => Answer::injected(status),
        None => apply_webhook(state, &interaction, &action, target, &mut reply),
    };
    reply.status = answer.status;
    if reply.action == ReplyAction::EditOriginal
        && answer.status < 300
        && let Some(stored) = state.interactions.get_mut(&interaction.id)
    {
        stored.edits += 1;
    }
    state.replies.push(reply);
    answer
}

/// A follow-up: a new message, except that the first follow-up after a deferred response
/// (type 5) replaces its loading message, as Discord does.
fn follow_up(
    state: &mut FakeState,
    interaction: &StoredInteraction,
    data: &Value,
    reply: &mut Reply,
) -> Result<Value, Answer> {
    let loading = interaction.original_message.filter(|id| {
        let flags = state
            .message(*id)
            .and_then(|message| message["flags"].as_u64());
        flags.is_some_and(|flags| flags & LOADING_FLAG != 0)
    });
    let (id, message) = match loading {
        Some(id) => (id, edit_message(state, id, data, reply)?),
        None => {
            let id = create_message(state, interaction, data, reply, 0)?;
            (id, state.messages.get(&id).cloned().unwrap_or_default())
        }
    };
    reply.message_id = Some(id);
    let stored = state
        .interactions
        .get_mut(&interaction.id)
        .expect("interaction exists");
    stored.followups.push(id);
    Ok(message)
}

fn apply_webhook(
    state: &mut FakeState,
    interaction: &StoredInteraction,
    action: &ReplyAction,
    target: Option<(u64, bool)>,
    reply: &mut Reply,
) -> Answer {
    if matches!(
        action,
        ReplyAction::FollowUp | ReplyAction::EditOriginal | ReplyAction::EditMessage(_)
    ) && let Err(problem) = validate::message_data(&reply.json)
    {
        return Answer::error(400, 50035, &format!("Invalid Form Body: {problem}"));
    }
    let being_made = match action {
        ReplyAction::FollowUp => Some(reply.json.clone()),
        // An edit may leave the content as it is; only its files are checked.
        ReplyAction::EditOriginal | ReplyAction::EditMessage(_) => {
            Some(serde_json::json!({ "content": "-" }))
        }
        _ => None,
    };
    if let Some(data) = being_made
        && let Some(refused) = refuse_new_message(&data, &reply.files)
    {
        return refused;
    }
    let data = reply.json.clone();
    let outcome = match (action, target) {
        (ReplyAction::FollowUp, _) => follow_up(state, interaction, &data, reply).map(Some),
        (ReplyAction::EditOriginal | ReplyAction::EditMessage(_), Some((id, _))) => {
            edit_message(state, id, &data, reply).map(Some)
        }
        (_, Some((id, _))) => match state.messages.remove(&id) {
            Some(_) => Ok(None),
            None => Err(refuse(UNKNOWN_MESSAGE)),
        },
        (_, None) => Err(refuse(UNKNOWN_MESSAGE)),
    };
    match outcome {
        Ok(Some(message)) => Answer::ok(message),
        Ok(None) => Answer::no_content(),
        Err(answer) => answer,
    }
}
