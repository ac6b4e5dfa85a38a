//! Messages as Discord keeps them: built from the message data of a reply (content, components,
//! embeds, flags, uploaded files with their alt text) and changed by edits the way Discord
//! changes them, so that a button press can carry the message "as Discord would return it".

use serde_json::{Value, json};

use super::payloads::{APPLICATION_ID, CHANNEL_ID, bot_user_json, snowflake, timestamp_now};
use super::recorded::{UploadedFile, png_size};

/// Message flags a bot may set when creating a message: suppress embeds, ephemeral,
/// suppress notifications.
const CREATABLE_FLAGS: u64 = 4 | 64 | 4096;
/// The flag of a deferred response that has not been edited yet.
pub const LOADING_FLAG: u64 = 128;

/// Where a new message comes from, for its `type` and interaction metadata.
pub struct NewMessage<'a> {
    pub id: u64,
    /// Discord message type: 20 for a slash command's response, 0 otherwise.
    pub kind: u64,
    pub data: &'a Value,
    pub files: &'a [UploadedFile],
    /// Flags the fake adds (e.g. loading for a deferred response).
    pub extra_flags: u64,
    pub interaction_metadata: Value,
    /// The deprecated `interaction` field (slash command responses only).
    pub legacy_interaction: Option<Value>,
}

/// Builds a message object from reply data; `next_id` gives snowflakes for attachments.
pub fn create(new: NewMessage<'_>, next_id: &mut dyn FnMut() -> u64) -> Result<Value, String> {
    let attachments: Vec<Value> =
        attachments(new.data, new.files, &[], next_id)?.unwrap_or_default();
    let flags = new.data["flags"].as_u64().unwrap_or(0) & CREATABLE_FLAGS | new.extra_flags;
    let mut message = json!({
        "id": new.id.to_string(),
        "channel_id": CHANNEL_ID.to_string(),
        "author": bot_user_json(),
        "content": new.data["content"].as_str().unwrap_or_default(),
        "timestamp": timestamp_now(),
        "edited_timestamp": null,
        "tts": new.data["tts"].as_bool().unwrap_or(false),
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": new.data["embeds"].as_array().cloned().unwrap_or_default(),
        "components": new.data["components"].as_array().cloned().unwrap_or_default(),
        "pinned": false,
        "type": new.kind,
        "flags": flags,
        "webhook_id": APPLICATION_ID.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "interaction_metadata": new.interaction_metadata,
    });
    if let Some(legacy) = new.legacy_interaction {
        message["interaction"] = legacy;
    }
    Ok(message)
}

/// A complete message from the bot with only this content, for tests that need a message to
/// press a button on without a bot having posted it.
pub fn bot_message(id: u64, content: &str, components: Value) -> Value {
    let data = json!({ "content": content, "components": components });
    let new = NewMessage {
        id,
        kind: 0,
        data: &data,
        files: &[],
        extra_flags: 0,
        interaction_metadata: Value::Null,
        legacy_interaction: None,
    };
    create(new, &mut || id).expect("a message without attachments always builds")
}

/// Applies an edit (a PATCH body or the data of an UPDATE_MESSAGE callback): fields present are
/// replaced (`null` clears), absent ones are kept; `attachments`, when given, lists what remains.
pub fn edit(
    message: &mut Value,
    data: &Value,
    files: &[UploadedFile],
    next_id: &mut dyn FnMut() -> u64,
) -> Result<(), String> {
    let existing = message["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if let Some(attachments) = attachments(data, files, &existing, next_id)? {
        message["attachments"] = json!(attachments);
    }
    if let Some(content) = data.get("content") {
        message["content"] = json!(content.as_str().unwrap_or_default());
    }
    for key in ["components", "embeds"] {
        if let Some(value) = data.get(key) {
            message[key] = json!(value.as_array().cloned().unwrap_or_default());
        }
    }
    let flags = message["flags"].as_u64().unwrap_or(0) & !LOADING_FLAG;
    message["flags"] = json!(flags);
    message["edited_timestamp"] = json!(timestamp_now());
    Ok(())
}

/// The attachments after a create or an edit, or `None` when they do not change.
fn attachments(
    data: &Value,
    files: &[UploadedFile],
    existing: &[Value],
    next_id: &mut dyn FnMut() -> u64,
) -> Result<Option<Vec<Value>>, String> {
    let Some(listed) = data["attachments"].as_array() else {
        if files.is_empty() {
            return Ok(None);
        }
        let mut all = existing.to_vec();
        all.extend(files.iter().map(|file| attachment(file, None, next_id())));
        return Ok(Some(all));
    };
    let mut result = Vec::with_capacity(listed.len());
    for (at, entry) in listed.iter().enumerate() {
        let id = snowflake(&entry["id"]).ok_or(format!("attachments[{at}].id: missing"))?;
        if let Some(kept) = existing
            .iter()
            .find(|old| snowflake(&old["id"]) == Some(id))
        {
            result.push(kept.clone());
        } else if let Some(file) = files.iter().find(|file| file.index == Some(id)) {
            result.push(attachment(file, Some(entry), next_id()));
        } else {
            return Err(format!(
                "attachments[{at}].id: {id} is neither an uploaded file nor kept"
            ));
        }
    }
    Ok(Some(result))
}

fn attachment(file: &UploadedFile, entry: Option<&Value>, id: u64) -> Value {
    let filename = entry
        .and_then(|entry| entry["filename"].as_str())
        .unwrap_or(&file.filename);
    let description = entry
        .and_then(|entry| entry["description"].as_str())
        .map(str::to_owned)
        .or_else(|| file.description.clone());
    let path = format!("attachments/{CHANNEL_ID}/{id}/{filename}");
    let mut attachment = json!({
        "id": id.to_string(),
        "filename": filename,
        "size": file.bytes.len(),
        "url": format!("https://cdn.discordapp.com/{path}"),
        "proxy_url": format!("https://media.discordapp.net/{path}"),
        "content_type": file.content_type,
    });
    if let Some(description) = description {
        attachment["description"] = json!(description);
    }
    if let Some((width, height)) = png_size(&file.bytes) {
        attachment["width"] = json!(width);
        attachment["height"] = json!(height);
    }
    attachment
}
