//! The bot's commands as Discord sees them, built from the declarations of `flows::COMMANDS`
//! (`all`): `/tripeaks` for everyone and `/tripeaks-events` for a server's managers (servers
//! only, Manage Server by default), as poise's command trees, each subcommand with its options (type,
//! choices, required, autocomplete) as the command declares them, localised from the Fluent
//! bundles. poise registers it and dispatches the gateway's interactions through it, but every
//! command has the same action and every completed option the same callback: they hand the
//! interaction to `slash.rs`, the entry the HTTP endpoint uses too, so both transports parse
//! and answer a command the same way.
//!
//! Everything about the tree is read off that one list: the texts it needs (`text_ids`, which
//! the catalogue must hold exactly), the subcommand names that metrics count by
//! (`subcommand_names`), and the tests that hold names and descriptions to Discord's rules.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use poise::serenity_prelude as serenity;

use crate::bot::answer::first_response::Acknowledged;
use crate::bot::answer::interaction::Command;
use crate::bot::answer::slash;
use crate::bot::answer::wire::{Error, PoiseCommand};
use crate::bot::flows::COMMANDS;
use crate::bot::game::bot::Bot;
use crate::bot::game::declaration::{OptionDecl, OptionType};
use crate::bot::game::slash_command::{Audience, Declared, TopCommand};
use crate::bot::ops::metrics::Arrival;
use crate::i18n::{self, Locale};

type ApplicationContext<'a> = poise::ApplicationContext<'a, Arc<Bot>, Error>;
type Parameter = poise::CommandParameter<Arc<Bot>, Error>;
type Outcome<'a> = Result<(), poise::FrameworkError<'a, Arc<Bot>, Error>>;

/// Every command, localised: `/tripeaks`, `/tripeaks-events` and their subcommands.
pub fn all() -> Vec<PoiseCommand> {
    COMMANDS
        .iter()
        .map(|declared| {
            let mut top = top(declared);
            localise(&mut top, declared.name);
            top
        })
        .collect()
}

/// A top-level command over the list of its subcommands, before localisation, where its
/// audience may use it. poise runs the top command's action for an interaction with no
/// subcommand: the same action, which refuses it.
fn top(declared: &TopCommand) -> PoiseCommand {
    let (install_context, interaction_context, permissions) = match declared.audience {
        Audience::Everyone => (
            vec![
                serenity::InstallationContext::Guild,
                serenity::InstallationContext::User,
            ],
            vec![
                serenity::InteractionContext::Guild,
                serenity::InteractionContext::BotDm,
                serenity::InteractionContext::PrivateChannel,
            ],
            serenity::Permissions::empty(),
        ),
        Audience::ServerManagers => (
            vec![serenity::InstallationContext::Guild],
            vec![serenity::InteractionContext::Guild],
            serenity::Permissions::MANAGE_GUILD,
        ),
    };
    PoiseCommand {
        subcommands: declared.subcommands.iter().map(subcommand).collect(),
        subcommand_required: true,
        install_context: Some(install_context),
        interaction_context: Some(interaction_context),
        default_member_permissions: permissions,
        ..command(declared.name)
    }
}

/// A command named `name` whose action is the one entry of every command.
fn command(name: &'static str) -> PoiseCommand {
    PoiseCommand {
        name: name.into(),
        qualified_name: name.into(),
        identifying_name: name.into(),
        source_code_name: name.into(),
        slash_action: Some(run),
        ..PoiseCommand::default()
    }
}

fn subcommand(declared: &Declared) -> PoiseCommand {
    PoiseCommand {
        parameters: (declared.options)().iter().map(parameter).collect(),
        ..command(declared.name)
    }
}

/// The channels an event may be announced in: a server's text and announcement channels.
const CHANNEL_TYPES: &[serenity::ChannelType] =
    &[serenity::ChannelType::Text, serenity::ChannelType::News];

/// An option as poise registers it: the type as poise's own types set it (a choice as an
/// integer with its choices), required, completed as it is typed.
fn parameter(option: &OptionDecl) -> Parameter {
    type Setter = fn(serenity::CreateCommandOption) -> serenity::CreateCommandOption;
    let (type_setter, choices): (Setter, _) = match option.kind {
        OptionType::String => (|o| o.kind(serenity::CommandOptionType::String), None),
        OptionType::Boolean => (|o| o.kind(serenity::CommandOptionType::Boolean), None),
        OptionType::User => (|o| o.kind(serenity::CommandOptionType::User), None),
        OptionType::Channel => (|o| o.kind(serenity::CommandOptionType::Channel), None),
        OptionType::Integer { setter, .. } => (setter, None),
        OptionType::Choice(choices) => (
            |o| o.kind(serenity::CommandOptionType::Integer),
            Some(choices()),
        ),
    };
    Parameter {
        name: option.name.into(),
        name_localizations: Cow::Borrowed(&[]),
        description: None,
        description_localizations: Cow::Borrowed(&[]),
        required: option.required,
        channel_types: matches!(option.kind, OptionType::Channel)
            .then_some(Cow::Borrowed(CHANNEL_TYPES)),
        choices: choices.unwrap_or(Cow::Borrowed(&[])),
        type_setter: Some(type_setter),
        autocomplete_callback: option.completer.map(|_| complete as _),
        __non_exhaustive: (),
    }
}

/// The action of every command on the gateway: the interaction handed to `slash::answer`, as
/// the HTTP endpoint hands it. It always ends well: a command that cannot be read was answered
/// with an apology there.
fn run(ctx: ApplicationContext<'_>) -> poise::BoxFuture<'_, Outcome<'_>> {
    Box::pin(async move {
        let command = Command::from(ctx.interaction);
        let serenity = ctx.framework.serenity_context;
        let arrival = Arrival::gateway(serenity.shard_id.0);
        let bot = ctx.framework.user_data;
        let nobody = Acknowledged::nobody();
        slash::answer(bot, &serenity.http, &command, arrival, nobody).await;
        ctx.has_sent_initial_response.store(true, Ordering::SeqCst);
        Ok(())
    })
}

/// The autocomplete of every completed option on the gateway: `slash::complete`.
fn complete<'a>(
    ctx: ApplicationContext<'a>,
    _typed: &'a str,
) -> poise::BoxFuture<'a, serenity::CreateAutocompleteResponse> {
    Box::pin(async move {
        let command = Command::from(ctx.interaction);
        slash::suggestions(slash::complete(ctx.framework.user_data, &command).await)
    })
}

/// The names of the subcommands of every top-level command, in order (the English names
/// Discord is sent).
pub fn subcommand_names() -> &'static [&'static str] {
    static NAMES: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
        COMMANDS
            .iter()
            .flat_map(|top| top.subcommands.iter().map(|declared| declared.name))
            .collect()
    });
    &NAMES
}

/// Every text id the command tree uses: `cmd-<command>-name` / `-description` for `/tripeaks`
/// and each subcommand, `opt-<option>-name` / `-description` for each option, `choice-<value>`
/// for each choice. The catalogue test holds the `.ftl` files to exactly these.
pub fn text_ids() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for declared in COMMANDS {
        collect_ids(&top(declared), &mut ids);
    }
    ids
}

fn collect_ids(command: &PoiseCommand, ids: &mut BTreeSet<String>) {
    ids.insert(format!("cmd-{}-name", command.name));
    ids.insert(format!("cmd-{}-description", command.name));
    for parameter in &command.parameters {
        ids.insert(format!("opt-{}-name", parameter.name));
        ids.insert(format!("opt-{}-description", parameter.name));
        for choice in parameter.choices.iter() {
            ids.insert(format!("choice-{}", choice.name));
        }
    }
    for sub in &command.subcommands {
        collect_ids(sub, ids);
    }
}

type Localizations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

fn localizations(id: &str) -> Localizations {
    i18n::discord_localizations(id)
        .into_iter()
        .map(|(locale, text)| (locale.into(), text.into()))
        .collect::<Vec<_>>()
        .into()
}

/// Sets the English description and every translation of a command, its subcommands, options
/// and choices, from the ids of `text_ids` (`cmd-<sub>-…`, `opt-<option>-…`, `choice-<value>`).
fn localise<U, E>(command: &mut poise::Command<U, E>, id: &str) {
    command.name_localizations = localizations(&format!("cmd-{id}-name"));
    command.description = Some(english(&format!("cmd-{id}-description")).into());
    command.description_localizations = localizations(&format!("cmd-{id}-description"));
    for parameter in &mut command.parameters {
        let option = parameter.name.to_string();
        parameter.name_localizations = localizations(&format!("opt-{option}-name"));
        parameter.description = Some(english(&format!("opt-{option}-description")).into());
        parameter.description_localizations = localizations(&format!("opt-{option}-description"));
        for choice in parameter.choices.to_mut() {
            let id = format!("choice-{}", choice.name);
            choice.localizations = localizations(&id);
            choice.name = english(&id).into();
        }
    }
    for sub in &mut command.subcommands {
        let sub_id = sub.name.to_string();
        localise(sub, &sub_id);
    }
}

fn english(id: &str) -> String {
    i18n::text(Locale::EnUs, id, &[])
}

#[cfg(test)]
mod tests;
