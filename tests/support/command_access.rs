//! Which command interactions Discord delivers at all. A user only sees, and so can only use, a
//! registered command where its registration lets them: a guild command in its guild; a global
//! command in the interaction contexts its `contexts` lists (0 guild, 1 the bot's DM, 2 other
//! private channels; the deprecated `dm_permission: false` keeps it out of the bot's DM); and,
//! in a guild, only by a member whose permissions hold every bit of its
//! `default_member_permissions` (`"0"`: administrators only; `ADMINISTRATOR` passes everything).
//! The fake checks this before delivering an interaction a test built, so that a test cannot
//! reach the bot with a command no user could have sent; what it refuses is recorded.
//!
//! Interactions of commands the fake does not know as registered (a test's unregistered
//! `fake.command("other")`, or one built before the bot registered) are delivered unchecked.

use anyhow::bail;
use serde_json::Value;

use super::fake_discord::FakeDiscord;
use super::interactions::InteractionPayload;
use super::payloads::snowflake;
use super::permissions::ADMINISTRATOR;
use super::recorded::CommandScope;
use super::state::FakeState;
use super::stored_interaction::StoredInteraction;

/// An interaction of a registered command that Discord would not have delivered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedCommand {
    pub interaction_id: u64,
    /// The command's full name, e.g. `tripeaks-events start`.
    pub name: String,
    /// Why Discord would not have delivered it.
    pub reason: String,
}

impl FakeDiscord {
    /// Every interaction the fake refused to deliver (see [`FakeDiscord::send_interaction`]),
    /// in order.
    pub fn refused_commands(&self) -> Vec<RefusedCommand> {
        self.read(|state| state.refused_commands.clone())
    }

    /// `Err` (and recorded) when Discord would not deliver this interaction.
    pub(super) fn admit(&self, interaction: &InteractionPayload) -> anyhow::Result<()> {
        let refused = self.shared.update(|state| {
            let reason = refusal(state, &interaction.json)?;
            let name = StoredInteraction::from_payload(&interaction.json)
                .and_then(|stored| stored.name)
                .unwrap_or_default();
            state.refused_commands.push(RefusedCommand {
                interaction_id: interaction.id,
                name,
                reason: reason.clone(),
            });
            Some(reason)
        });
        match refused {
            Some(reason) => bail!(
                "Discord would not deliver interaction {}: {reason}",
                interaction.id
            ),
            None => Ok(()),
        }
    }
}

/// Why Discord would not deliver this interaction payload, or `None` when it would.
pub(crate) fn refusal(state: &FakeState, payload: &Value) -> Option<String> {
    // Commands and their autocomplete; a component belongs to a message already delivered.
    if !matches!(payload["type"].as_u64(), Some(2 | 4)) {
        return None;
    }
    let id = snowflake(&payload["data"]["id"])?;
    let (scope, command) = state.commands.iter().find_map(|(scope, commands)| {
        let command = commands
            .iter()
            .find(|command| snowflake(&command["id"]) == Some(id))?;
        Some((*scope, command))
    })?;
    let guild = snowflake(&payload["guild_id"]);
    let context = payload["context"]
        .as_u64()
        .unwrap_or(if guild.is_some() { 0 } else { 1 });
    match scope {
        CommandScope::Guild(registered) if guild != Some(registered) => {
            let used = guild.map_or("outside any guild".to_owned(), |g| format!("in guild {g}"));
            return Some(format!(
                "the command is registered in guild {registered} only, and was used {used}"
            ));
        }
        CommandScope::Guild(_) => {}
        CommandScope::Global => {
            if let Some(contexts) = command["contexts"].as_array() {
                if !contexts
                    .iter()
                    .any(|listed| listed.as_u64() == Some(context))
                {
                    return Some(format!(
                        "its contexts {} do not include the interaction's context {context}",
                        Value::from(contexts.clone())
                    ));
                }
            } else if context == 1 && command["dm_permission"] == Value::Bool(false) {
                return Some("its dm_permission is false, and it was used in the bot's DM".into());
            }
        }
    }
    let required = command["default_member_permissions"].as_str();
    if let (Some(_), Some(required)) = (guild, required) {
        let required: u64 = required.parse().ok()?;
        let held = payload["member"]["permissions"]
            .as_str()
            .and_then(|held| held.parse::<u64>().ok())
            .unwrap_or(0);
        let passes = held & ADMINISTRATOR != 0 || (required != 0 && held & required == required);
        if !passes {
            return Some(format!(
                "its default_member_permissions \"{required}\" need bits the member's \
                 permissions {held} lack ({})",
                if required == 0 {
                    "\"0\": administrators only".to_owned()
                } else {
                    format!("missing {}", required & !held)
                }
            ));
        }
    }
    None
}
