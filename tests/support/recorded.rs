//! What the fake Discord saw, in the shape tests assert on: every REST request, every file
//! uploaded with its alt text, every reply to an interaction (callback, follow-up, edit), every
//! command registration. Plain data, cloned out of the fake's state.

use serde_json::Value;

/// One REST request as it reached the fake (and the status the fake answered).
#[derive(Clone, Debug)]
pub struct RecordedRequest {
    pub method: String,
    /// The full path, e.g. `/api/v10/interactions/12/tok/callback`.
    pub path: String,
    pub query: Option<String>,
    pub authorization: Option<String>,
    pub content_type: Option<String>,
    /// The JSON body, or `payload_json` of a multipart body.
    pub json: Option<Value>,
    /// A body that was neither JSON nor multipart, as text.
    pub raw_body: Option<String>,
    pub files: Vec<UploadedFile>,
    pub status: u16,
    /// The JSON the fake answered (a Discord error body for failures).
    pub answer: Option<Value>,
}

impl RecordedRequest {
    /// Whether the fake knew no route for this request (404 with code 0).
    pub fn is_unknown_route(&self) -> bool {
        self.status == 404
            && self
                .answer
                .as_ref()
                .is_some_and(|answer| answer["code"] == 0)
    }
}

/// A file part of a multipart request (`files[n]`), with the metadata Discord would attach to it.
#[derive(Clone, Debug)]
pub struct UploadedFile {
    /// The form field name, `files[0]`.
    pub field: String,
    /// `n` of `files[n]`: the `id` that `payload_json.attachments[]` uses for this file.
    pub index: Option<u64>,
    pub filename: String,
    pub content_type: Option<String>,
    /// The attachment `description` (alt text) given for this file in `payload_json`.
    pub description: Option<String>,
    pub bytes: Vec<u8>,
}

impl UploadedFile {
    /// Width and height when the bytes are a PNG (read from the IHDR chunk).
    pub fn png_size(&self) -> Option<(u32, u32)> {
        png_size(&self.bytes)
    }
}

/// Width and height of PNG bytes, from the IHDR chunk that must come first.
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || !bytes.starts_with(SIGNATURE) || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    Some((word(16), word(20)))
}

/// How the bot answered an interaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyAction {
    /// `POST /interactions/{id}/{token}/callback` with this response type (4 message,
    /// 5 deferred message, 6 deferred update, 7 update message, 8 autocomplete, 9 modal).
    Callback(u8),
    /// `POST /webhooks/{app}/{token}`: a follow-up message.
    FollowUp,
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    EditOriginal,
    /// `DELETE /webhooks/{app}/{token}/messages/@original`.
    DeleteOriginal,
    /// `PATCH /webhooks/{app}/{token}/messages/{id}`.
    EditMessage(u64),
    /// `DELETE /webhooks/{app}/{token}/messages/{id}`.
    DeleteMessage(u64),
}

/// One reply to one interaction, as recorded (also when the fake refused it).
#[derive(Clone, Debug)]
pub struct Reply {
    pub interaction_id: u64,
    pub action: ReplyAction,
    /// The request body (`payload_json` for multipart).
    pub json: Value,
    pub files: Vec<UploadedFile>,
    /// The status the fake answered (204 for an accepted callback).
    pub status: u16,
    /// The message created or changed by this reply, if any.
    pub message_id: Option<u64>,
}

impl Reply {
    /// The callback type, when this reply is a callback.
    pub fn callback_type(&self) -> Option<u8> {
        match self.action {
            ReplyAction::Callback(kind) => Some(kind),
            _ => None,
        }
    }

    /// The message part: `data` of a callback, the body itself for webhook calls.
    pub fn data(&self) -> &Value {
        match self.action {
            ReplyAction::Callback(_) => &self.json["data"],
            _ => &self.json,
        }
    }

    pub fn content(&self) -> Option<&str> {
        self.data()["content"].as_str()
    }

    pub fn flags(&self) -> u64 {
        self.data()["flags"].as_u64().unwrap_or(0)
    }

    /// Ephemeral = flag 64.
    pub fn is_ephemeral(&self) -> bool {
        self.flags() & 64 != 0
    }

    /// The buttons of the reply's components, row by row.
    pub fn buttons(&self) -> Vec<ButtonView> {
        buttons_of(self.data())
    }

    /// The uploaded files with their alt text.
    pub fn files(&self) -> &[UploadedFile] {
        &self.files
    }

    /// The `attachments` list of the body (new files by index, kept ones by id).
    pub fn attachments(&self) -> Vec<Value> {
        self.data()["attachments"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Autocomplete choices: (name, value).
    pub fn choices(&self) -> Vec<(String, Value)> {
        self.data()["choices"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|choice| {
                let name = choice["name"].as_str().unwrap_or_default().to_owned();
                (name, choice["value"].clone())
            })
            .collect()
    }
}

/// A button as a test looks at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonView {
    /// Action row, from 0.
    pub row: usize,
    pub custom_id: Option<String>,
    pub label: Option<String>,
    /// The emoji's name (the unicode character for unicode emoji).
    pub emoji: Option<String>,
    pub style: u64,
    pub disabled: bool,
}

/// The buttons (component type 2) of a message object or of reply data, row by row.
pub fn buttons_of(message: &Value) -> Vec<ButtonView> {
    let rows = message["components"].as_array().into_iter().flatten();
    rows.enumerate()
        .flat_map(|(row, action_row)| {
            let components = action_row["components"].as_array().into_iter().flatten();
            components
                .filter(|component| component["type"].as_u64() == Some(2))
                .map(move |button| ButtonView {
                    row,
                    custom_id: button["custom_id"].as_str().map(str::to_owned),
                    label: button["label"].as_str().map(str::to_owned),
                    emoji: button["emoji"]["name"].as_str().map(str::to_owned),
                    style: button["style"].as_u64().unwrap_or(0),
                    disabled: button["disabled"].as_bool().unwrap_or(false),
                })
        })
        .collect()
}

/// Where commands were registered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommandScope {
    Global,
    Guild(u64),
}

/// One command registration call (`PUT` bulk overwrite or `POST` single).
#[derive(Clone, Debug)]
pub struct CommandRegistration {
    pub scope: CommandScope,
    pub method: String,
    /// The commands as the bot sent them.
    pub sent: Vec<Value>,
    /// What the fake answered (the commands with ids, `application_id`, `version`, `type`).
    pub echoed: Vec<Value>,
}

impl CommandRegistration {
    /// The command with this name, as sent.
    pub fn command(&self, name: &str) -> Option<&Value> {
        self.sent.iter().find(|command| command["name"] == name)
    }
}
