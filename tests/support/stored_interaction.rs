//! An interaction as the fake remembers it after sending it: its token, who sent it, the message
//! a button sat on, and what the bot's replies made of it (acknowledged, original message,
//! follow-ups). From it come the `interaction_metadata` of the messages the bot creates.

use serde_json::{Value, json};

use super::payloads::{GUILD_ID, snowflake};

/// An interaction the test sent, as the REST side needs to know it.
#[derive(Clone, Debug)]
pub(crate) struct StoredInteraction {
    pub id: u64,
    pub token: String,
    /// Interaction type: 2 command, 3 component, 4 autocomplete.
    pub kind: u64,
    pub user: Value,
    /// The command's full name (`tripeaks new`) for commands.
    pub name: Option<String>,
    /// The message a component sits on.
    pub source_message: Option<u64>,
    pub original_message: Option<u64>,
    pub followups: Vec<u64>,
    pub acknowledged: bool,
    /// The type of the callback Discord took (6: a deferred update), 0 before.
    pub callback_type: u64,
    /// Edits of the original message Discord took.
    pub edits: u32,
}

impl StoredInteraction {
    pub(crate) fn from_payload(payload: &Value) -> Option<StoredInteraction> {
        let data = &payload["data"];
        let mut name = data["name"].as_str().map(str::to_owned);
        let mut options = data["options"].as_array();
        while let (Some(full), Some([first, ..])) = (name.as_mut(), options.map(Vec::as_slice)) {
            if !matches!(first["type"].as_u64(), Some(1 | 2)) {
                break;
            }
            full.push(' ');
            full.push_str(first["name"].as_str().unwrap_or_default());
            options = first["options"].as_array();
        }
        let user = match payload["member"]["user"].is_object() {
            true => payload["member"]["user"].clone(),
            false => payload["user"].clone(),
        };
        Some(StoredInteraction {
            id: snowflake(&payload["id"])?,
            token: payload["token"].as_str()?.to_owned(),
            kind: payload["type"].as_u64()?,
            user,
            name,
            source_message: snowflake(&payload["message"]["id"]),
            original_message: None,
            followups: Vec::new(),
            acknowledged: false,
            callback_type: 0,
            edits: 0,
        })
    }

    /// `interaction_metadata` of the messages this interaction creates.
    pub fn metadata(&self) -> Value {
        let mut metadata = json!({
            "id": self.id.to_string(),
            "type": self.kind,
            "user": self.user,
            "authorizing_integration_owners": { "0": GUILD_ID.to_string() },
        });
        if let Some(name) = &self.name {
            metadata["name"] = json!(name);
            metadata["command_type"] = json!(1);
        }
        if let Some(source) = self.source_message {
            metadata["interacted_message_id"] = json!(source.to_string());
        }
        metadata
    }

    /// The deprecated `interaction` field, which Discord still sends for command responses.
    pub fn legacy(&self) -> Option<Value> {
        let name = self.name.as_ref()?;
        Some(
            json!({ "id": self.id.to_string(), "type": self.kind, "name": name, "user": self.user }),
        )
    }
}
