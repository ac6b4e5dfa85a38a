//! Builders for the INTERACTION_CREATE payloads Discord sends: a slash command (`/tripeaks <sub>`
//! with typed options, or a subcommand of another command), its autocomplete, and a button press
//! on a message as the fake stores it, in a guild or in the bot's DM. Every payload has the
//! fields serenity 0.12.5 requires (`token`, `version`, `locale`, `entitlements`,
//! `attachment_size_limit`, …), a fresh id and token, and what Discord sends about where and by
//! whom: `context`, the member's `permissions` (an ordinary member's by default), and the app's
//! `app_permissions` (the bot's in that channel, as the fake keeps them).

use serde_json::{Value, json};

use super::payloads::{APPLICATION_ID, ATTACHMENT_SIZE_LIMIT, CHANNEL_ID, GUILD_ID, Player};
use super::permissions::{BotPermissions, DM_APP_PERMISSIONS, MEMBER_PERMISSIONS};

/// An interaction ready to be sent with [`super::FakeDiscord::send_interaction`].
#[derive(Clone, Debug)]
pub struct InteractionPayload {
    pub id: u64,
    pub token: String,
    /// The `d` of INTERACTION_CREATE.
    pub json: Value,
    /// The test expects Discord to refuse the bot's reply (see
    /// [`InteractionBuilder::expecting_refusal`]); otherwise a refused reply fails the test.
    pub refusal_expected: bool,
}

enum Kind {
    Command {
        name: String,
        subcommand: Option<String>,
        options: Vec<Value>,
        /// `data.resolved` (users named by user options).
        resolved: Value,
        autocomplete: bool,
    },
    Button {
        message: Value,
        custom_id: String,
    },
}

/// Builds one interaction; get it from [`super::FakeDiscord::slash`], `command` or `button`.
pub struct InteractionBuilder {
    kind: Kind,
    id: u64,
    command_id: u64,
    /// Set when the command was registered in a guild (Discord then sends `data.guild_id`).
    command_guild: Option<u64>,
    /// The server the interaction happens in (default [`GUILD_ID`]).
    guild: u64,
    /// Its channel (default [`CHANNEL_ID`]).
    channel: u64,
    player: Player,
    locale: String,
    refusal_expected: bool,
    /// `member.permissions` (default [`MEMBER_PERMISSIONS`]).
    member_permissions: u64,
    /// `app_permissions` when the test sets it; else the bot's in the channel.
    app_permissions: Option<u64>,
    /// The bot's permissions as the fake kept them when the builder was made.
    bot_permissions: BotPermissions,
    /// In the bot's DM (context 1) rather than a guild.
    in_dm: bool,
}

impl InteractionBuilder {
    pub(crate) fn command(
        name: &str,
        subcommand: Option<&str>,
        id: u64,
        (command_id, command_guild): (u64, Option<u64>),
    ) -> Self {
        let kind = Kind::Command {
            name: name.to_owned(),
            subcommand: subcommand.map(str::to_owned),
            options: Vec::new(),
            resolved: json!({}),
            autocomplete: false,
        };
        let mut builder = InteractionBuilder::new(kind, id, command_id);
        builder.command_guild = command_guild;
        builder
    }

    pub(crate) fn button(message: &Value, custom_id: &str, id: u64) -> Self {
        let kind = Kind::Button {
            message: message.clone(),
            custom_id: custom_id.to_owned(),
        };
        InteractionBuilder::new(kind, id, 0)
    }

    fn new(kind: Kind, id: u64, command_id: u64) -> Self {
        InteractionBuilder {
            kind,
            id,
            command_id,
            command_guild: None,
            guild: GUILD_ID,
            channel: CHANNEL_ID,
            player: Player::alice(),
            locale: "en-US".to_owned(),
            refusal_expected: false,
            member_permissions: MEMBER_PERMISSIONS,
            app_permissions: None,
            bot_permissions: BotPermissions::default(),
            in_dm: false,
        }
    }

    /// The bot's permissions the default `app_permissions` come from.
    pub(crate) fn with_bot_permissions(mut self, permissions: BotPermissions) -> Self {
        self.bot_permissions = permissions;
        self
    }

    /// The member's permissions in the channel, sent as `member.permissions` (default
    /// [`MEMBER_PERMISSIONS`]: an ordinary member, without `MANAGE_GUILD` or `ADMINISTRATOR`).
    pub fn member_permissions(mut self, bits: u64) -> Self {
        self.member_permissions = bits;
        self
    }

    /// The interaction's `app_permissions` (default: the bot's permissions in the channel, see
    /// `FakeDiscord::set_bot_permissions`; in the bot's DM, [`DM_APP_PERMISSIONS`]).
    pub fn app_permissions(mut self, bits: u64) -> Self {
        self.app_permissions = Some(bits);
        self
    }

    /// In a direct message with the bot (context 1): no guild, no member, the user at the top
    /// level.
    pub fn in_dm(mut self) -> Self {
        self.in_dm = true;
        self
    }

    /// The opt-out of the harness's check that every reply is accepted: this interaction's
    /// replies may be refused (by the fake's limits, as Discord would) without failing the test.
    pub fn expecting_refusal(mut self) -> Self {
        self.refusal_expected = true;
        self
    }

    /// The server it happens in (default [`GUILD_ID`]); the gateway shard follows from it.
    pub fn in_guild(mut self, guild: u64) -> Self {
        self.guild = guild;
        self
    }

    /// The channel it happens in (default [`CHANNEL_ID`]).
    pub fn in_channel(mut self, channel: u64) -> Self {
        self.channel = channel;
        self
    }

    /// Who interacts (default: [`Player::alice`]).
    pub fn by(mut self, player: &Player) -> Self {
        self.player = player.clone();
        self
    }

    /// The user's client language (default `en-US`), e.g. `es-ES`, `nl`.
    pub fn locale(mut self, locale: &str) -> Self {
        self.locale = locale.to_owned();
        self
    }

    pub fn string(self, name: &str, value: &str) -> Self {
        self.option(json!({ "name": name, "type": 3, "value": value }))
    }

    pub fn boolean(self, name: &str, value: bool) -> Self {
        self.option(json!({ "name": name, "type": 5, "value": value }))
    }

    pub fn integer(self, name: &str, value: i64) -> Self {
        self.option(json!({ "name": name, "type": 4, "value": value }))
    }

    /// A user option naming `who`, resolved as Discord resolves it (user and member).
    pub fn user(mut self, name: &str, who: &Player) -> Self {
        if let Kind::Command { resolved, .. } = &mut self.kind {
            let id = who.id.to_string();
            resolved["users"][&id] = who.user_json();
            let mut member = who.member_json();
            if let Some(member) = member.as_object_mut() {
                member.remove("user");
            }
            resolved["members"][&id] = member;
        }
        self.option(json!({ "name": name, "type": 6, "value": who.id.to_string() }))
    }

    /// The string option being typed; makes this an autocomplete interaction (type 4).
    pub fn focused(self, name: &str, partial: &str) -> Self {
        let mut builder =
            self.option(json!({ "name": name, "type": 3, "value": partial, "focused": true }));
        if let Kind::Command { autocomplete, .. } = &mut builder.kind {
            *autocomplete = true;
        }
        builder
    }

    /// Any option object, as Discord would send it.
    pub fn option(mut self, option: Value) -> Self {
        if let Kind::Command { options, .. } = &mut self.kind {
            options.push(option);
        }
        self
    }

    pub fn build(self) -> InteractionPayload {
        let token = format!("fake-token-{}-{}", self.id, "x".repeat(16));
        let (kind, data, message) = match self.kind {
            Kind::Command {
                name,
                subcommand,
                options,
                resolved,
                autocomplete,
            } => {
                let options = match subcommand {
                    Some(sub) => vec![json!({ "name": sub, "type": 1, "options": options })],
                    None => options,
                };
                let mut data = json!({
                    "id": self.command_id.to_string(),
                    "name": name,
                    "type": 1,
                    "options": options,
                });
                if let Some(guild) = self.command_guild {
                    data["guild_id"] = json!(guild.to_string());
                }
                if resolved.as_object().is_some_and(|r| !r.is_empty()) {
                    data["resolved"] = resolved;
                }
                (if autocomplete { 4 } else { 2 }, data, None)
            }
            Kind::Button { message, custom_id } => {
                let data = json!({ "custom_id": custom_id, "component_type": 2 });
                (3, data, Some(message))
            }
        };
        let member_permissions = self.member_permissions.to_string();
        let mut member = self.player.member_json();
        member["permissions"] = json!(member_permissions);
        let app_permissions = self.app_permissions.unwrap_or(if self.in_dm {
            DM_APP_PERMISSIONS
        } else {
            self.bot_permissions.in_channel(self.channel)
        });
        let mut json = json!({
            "id": self.id.to_string(),
            "application_id": APPLICATION_ID.to_string(),
            "type": kind,
            "data": data,
            "guild_id": self.guild.to_string(),
            "channel_id": self.channel.to_string(),
            "channel": {
                "id": self.channel.to_string(),
                "type": 0,
                "name": "tripeaks",
                "guild_id": self.guild.to_string(),
                "permissions": member_permissions,
            },
            "member": member,
            "token": token,
            "version": 1,
            "app_permissions": app_permissions.to_string(),
            "locale": self.locale,
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": { "0": self.guild.to_string() },
            "context": 0,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        });
        if let Some(message) = message {
            json["message"] = message;
        }
        if self.in_dm {
            if let Some(object) = json.as_object_mut() {
                for field in ["guild_id", "member", "guild_locale"] {
                    object.remove(field);
                }
            }
            json["user"] = self.player.user_json();
            json["context"] = json!(1);
            json["channel"] = json!({ "id": self.channel.to_string(), "type": 1, "flags": 0 });
            // Installed to guilds, used in the bot's DM: the guild key says "0".
            json["authorizing_integration_owners"] = json!({ "0": "0" });
        }
        InteractionPayload {
            id: self.id,
            token,
            json,
            refusal_expected: self.refusal_expected,
        }
    }
}
