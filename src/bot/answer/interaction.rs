//! What the bot reads of an interaction, and only that: where its answers go (id and token), who
//! sent it (id, name, language, server, channel), and a press's custom_id and component type or
//! a command's name, options and the users they name. Both transports hand the answering this
//! form: the HTTP endpoint parses Discord's POST straight into it ([`Interaction::from_json`]:
//! a press's `message`, with its components and attachments, is skipped unread, where
//! serenity's `Interaction` would build all of it), the gateway converts what serenity already
//! parsed (`From` the serenity types).

use std::collections::HashMap;

use poise::serenity_prelude as serenity;
use serde::Deserialize;

use crate::bot::game::bot::Player;
use crate::bot::game::declaration::{CommandData, OptionData, OptionValue, Target};
use crate::i18n::Locale;

/// Where an interaction's answers go: the callback takes its id and token, the webhooks (edits,
/// follow-ups) its token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    pub id: serenity::InteractionId,
    pub token: String,
}

/// A component interaction: a button's press, or a component this bot never made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Press {
    pub address: Address,
    pub who: Player,
    pub custom_id: String,
    /// Whether it is a button (component type 2); only buttons are this bot's.
    pub is_button: bool,
}

/// A slash command, or the autocomplete of one of its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub address: Address,
    pub who: Player,
    pub data: CommandData,
}

impl Command {
    /// Whether an option is being typed: an autocomplete interaction (serenity gives both kinds
    /// the same type).
    pub fn is_autocomplete(&self) -> bool {
        fn typing(options: &[OptionData]) -> bool {
            options.iter().any(|option| match &option.value {
                OptionValue::Focused(_) => true,
                OptionValue::SubCommand(options) => typing(options),
                _ => false,
            })
        }
        typing(&self.data.options)
    }
}

/// An interaction, by its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Interaction {
    Ping,
    Command(Command),
    Autocomplete(Command),
    Press(Press),
    /// A type this bot never asks for (a modal's submission), by its number.
    Other(u8),
}

/// Why a signed body is not an interaction this bot can read.
#[derive(Debug, thiserror::Error)]
pub enum NotAnInteraction {
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    #[error("an interaction without {0}")]
    Missing(&'static str),
}

impl Interaction {
    /// Reads Discord's JSON: the fields the bot uses, every other one skipped unread.
    pub fn from_json(body: &[u8]) -> Result<Interaction, NotAnInteraction> {
        let raw: Raw = serde_json::from_slice(body)?;
        raw.into_interaction()
    }
}

/// The interaction object, as far as the bot reads it.
#[derive(Deserialize)]
struct Raw {
    id: serenity::InteractionId,
    #[serde(rename = "type")]
    kind: u8,
    #[serde(default)]
    token: String,
    #[serde(default)]
    data: Option<RawData>,
    #[serde(default)]
    guild_id: Option<serenity::GuildId>,
    #[serde(default)]
    channel_id: Option<serenity::ChannelId>,
    /// In a server: the member, with their user.
    #[serde(default)]
    member: Option<RawMember>,
    /// Elsewhere (direct messages): the user.
    #[serde(default)]
    user: Option<RawUser>,
    #[serde(default)]
    locale: Option<String>,
    #[serde(default)]
    guild_locale: Option<String>,
    /// What the bot may do in the channel: a decimal string of permission bits.
    #[serde(default)]
    app_permissions: Option<String>,
}

#[derive(Deserialize)]
struct RawMember {
    user: RawUser,
}

#[derive(Deserialize)]
struct RawUser {
    id: serenity::UserId,
    username: String,
    #[serde(default)]
    global_name: Option<String>,
    #[serde(default)]
    bot: bool,
}

/// A command's data or a component's: the fields of both, each as the other leaves it out.
#[derive(Deserialize)]
struct RawData {
    #[serde(default)]
    name: String,
    #[serde(default)]
    options: Vec<RawOption>,
    #[serde(default)]
    resolved: RawResolved,
    #[serde(default)]
    custom_id: String,
    #[serde(default)]
    component_type: u8,
}

#[derive(Deserialize, Default)]
struct RawResolved {
    #[serde(default)]
    users: HashMap<String, RawUser>,
}

#[derive(Deserialize)]
struct RawOption {
    name: String,
    #[serde(rename = "type")]
    kind: u8,
    #[serde(default)]
    value: Option<RawValue>,
    #[serde(default)]
    options: Vec<RawOption>,
    #[serde(default)]
    focused: bool,
}

/// An option's value; one of no type the bot declares (a number, an object) is skipped.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawValue {
    Boolean(bool),
    Integer(i64),
    String(String),
    Other(serde::de::IgnoredAny),
}

/// Discord's interaction types.
const PING: u8 = 1;
const APPLICATION_COMMAND: u8 = 2;
const MESSAGE_COMPONENT: u8 = 3;
const AUTOCOMPLETE: u8 = 4;
/// Discord's option types the bot declares or reads.
const SUB_COMMAND: u8 = 1;
const STRING: u8 = 3;
const INTEGER: u8 = 4;
const BOOLEAN: u8 = 5;
const USER: u8 = 6;
const CHANNEL: u8 = 7;
/// The component type of a button.
const BUTTON: u8 = 2;

impl Raw {
    fn into_interaction(self) -> Result<Interaction, NotAnInteraction> {
        if self.kind == PING {
            return Ok(Interaction::Ping);
        }
        if ![APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE].contains(&self.kind) {
            return Ok(Interaction::Other(self.kind));
        }
        if self.token.is_empty() {
            return Err(NotAnInteraction::Missing("a token"));
        }
        let user = match (self.member, self.user) {
            (Some(member), _) => member.user,
            (None, Some(user)) => user,
            (None, None) => return Err(NotAnInteraction::Missing("a user")),
        };
        let channel = self
            .channel_id
            .ok_or(NotAnInteraction::Missing("a channel"))?;
        let locale = self.locale.unwrap_or_default();
        let who = Player {
            user: user.id.get(),
            name: user.global_name.unwrap_or(user.username),
            locale: Locale::negotiate(&locale),
            guild: self.guild_id.map(serenity::GuildId::get),
            channel: channel.get(),
        };
        let address = Address {
            id: self.id,
            token: self.token,
        };
        let data = self.data.ok_or(NotAnInteraction::Missing("its data"))?;
        if self.kind == MESSAGE_COMPONENT {
            return Ok(Interaction::Press(Press {
                address,
                who,
                custom_id: data.custom_id,
                is_button: data.component_type == BUTTON,
            }));
        }
        let users = data
            .resolved
            .users
            .into_values()
            .map(|user| {
                let name = user.global_name.unwrap_or(user.username);
                let target = Target {
                    user: user.id.get(),
                    name,
                    bot: user.bot,
                };
                (target.user, target)
            })
            .collect();
        let command = Command {
            address,
            who,
            data: CommandData {
                name: data.name,
                options: data.options.into_iter().map(RawOption::read).collect(),
                users,
                app_permissions: self.app_permissions.and_then(|bits| bits.parse().ok()),
                guild_locale: self.guild_locale,
            },
        };
        Ok(match self.kind {
            AUTOCOMPLETE => Interaction::Autocomplete(command),
            _ => Interaction::Command(command),
        })
    }
}

impl RawOption {
    /// The option's value by its type; a value that does not match its type is `Other`.
    fn read(self) -> OptionData {
        let value = match (self.kind, self.focused, self.value) {
            (SUB_COMMAND, _, _) => {
                OptionValue::SubCommand(self.options.into_iter().map(RawOption::read).collect())
            }
            (_, true, Some(RawValue::String(typed))) => OptionValue::Focused(typed),
            (STRING, false, Some(RawValue::String(text))) => OptionValue::String(text),
            (INTEGER, false, Some(RawValue::Integer(number))) => OptionValue::Integer(number),
            (BOOLEAN, false, Some(RawValue::Boolean(on))) => OptionValue::Boolean(on),
            (USER, false, Some(RawValue::String(id))) => {
                id.parse().map_or(OptionValue::Other, OptionValue::User)
            }
            (CHANNEL, false, Some(RawValue::String(id))) => {
                id.parse().map_or(OptionValue::Other, OptionValue::Channel)
            }
            _ => OptionValue::Other,
        };
        OptionData {
            name: self.name,
            value,
        }
    }
}

/// The player behind an interaction. Their name is the one they chose for all of Discord
/// (display name, else user name), never a server nickname: leaderboards of other servers
/// show it.
pub fn player(
    user: &serenity::User,
    locale: &str,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
) -> Player {
    Player {
        user: user.id.get(),
        name: shown_name(user),
        locale: Locale::negotiate(locale),
        guild: guild.map(serenity::GuildId::get),
        channel: channel.get(),
    }
}

fn shown_name(user: &serenity::User) -> String {
    user.global_name
        .clone()
        .unwrap_or_else(|| user.name.clone())
}

impl From<&serenity::ComponentInteraction> for Press {
    fn from(press: &serenity::ComponentInteraction) -> Press {
        Press {
            address: Address {
                id: press.id,
                token: press.token.clone(),
            },
            who: player(&press.user, &press.locale, press.guild_id, press.channel_id),
            custom_id: press.data.custom_id.clone(),
            is_button: matches!(
                press.data.kind,
                serenity::ComponentInteractionDataKind::Button
            ),
        }
    }
}

impl From<&serenity::CommandInteraction> for Command {
    fn from(command: &serenity::CommandInteraction) -> Command {
        let users = command
            .data
            .resolved
            .users
            .values()
            .map(|user| {
                let target = Target {
                    user: user.id.get(),
                    name: shown_name(user),
                    bot: user.bot,
                };
                (target.user, target)
            })
            .collect();
        Command {
            address: Address {
                id: command.id,
                token: command.token.clone(),
            },
            who: player(
                &command.user,
                &command.locale,
                command.guild_id,
                command.channel_id,
            ),
            data: CommandData {
                name: command.data.name.clone(),
                options: command.data.options.iter().map(option_of).collect(),
                users,
                app_permissions: command.app_permissions.map(|bits| bits.bits()),
                guild_locale: command.guild_locale.clone(),
            },
        }
    }
}

fn option_of(option: &serenity::CommandDataOption) -> OptionData {
    use serenity::CommandDataOptionValue as Value;
    let value = match &option.value {
        Value::String(text) => OptionValue::String(text.clone()),
        Value::Integer(number) => OptionValue::Integer(*number),
        Value::Boolean(on) => OptionValue::Boolean(*on),
        Value::User(id) => OptionValue::User(id.get()),
        Value::Channel(id) => OptionValue::Channel(id.get()),
        Value::SubCommand(options) => {
            OptionValue::SubCommand(options.iter().map(option_of).collect())
        }
        Value::Autocomplete { value, .. } => OptionValue::Focused(value.clone()),
        _ => OptionValue::Other,
    };
    OptionData {
        name: option.name.clone(),
        value,
    }
}

#[cfg(test)]
mod tests;
