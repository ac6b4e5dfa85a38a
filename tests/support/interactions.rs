//! Builders for the INTERACTION_CREATE payloads Discord sends: a slash command (`/tripeaks <sub>`
//! with typed options), its autocomplete, and a button press on a message as the fake stores it.
//! Every payload has the fields serenity 0.12.5 requires (`token`, `version`, `locale`,
//! `entitlements`, `attachment_size_limit`, …) and a fresh id and token.

use serde_json::{Value, json};

use super::payloads::{
    APPLICATION_ID, ATTACHMENT_SIZE_LIMIT, CHANNEL_ID, GUILD_ID, PERMISSIONS, Player,
};

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
        }
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
                "permissions": PERMISSIONS,
            },
            "member": self.player.member_json(),
            "token": token,
            "version": 1,
            "app_permissions": PERMISSIONS,
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
        InteractionPayload {
            id: self.id,
            token,
            json,
            refusal_expected: self.refusal_expected,
        }
    }
}
