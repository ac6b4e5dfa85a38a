//! The one parse of a slash command, for both transports: `/<top> <subcommand> [options]`
//! found by name in `flows::COMMANDS` and read by that command's own parse, through the
//! options it declares (`game/declaration.rs`). The gateway (through poise's dispatch) and the
//! HTTP endpoint both hand `answer/slash.rs` a command's data, which reads it here.
//!
//! A command that cannot be read (no subcommand, one the bot does not have, a declared option
//! of the wrong type, a required one missing) is [`Unreadable`]; an option that is not declared
//! is ignored, as poise ignores it.

use crate::bot::flows::COMMANDS;
use crate::bot::game::declaration::{CommandContext, Unreadable};
use crate::bot::game::declaration::{CommandData, OptionData, OptionDecl, OptionValue, Options};
use crate::bot::game::slash_command::{Declared, TopCommand};

/// The top-level command of `/tripeaks`.
pub const TOP: &str = "tripeaks";

/// The subcommand `data` names, and the options it was sent.
pub fn find(data: &CommandData) -> Result<(&'static Declared, Options<'_>), Unreadable> {
    let (top, name, options) = subcommand(data)?;
    let declared = top
        .subcommands
        .iter()
        .find(|declared| declared.name == name)
        .ok_or_else(|| Unreadable::UnknownSubcommand(name.to_owned()))?;
    let mut options = Options::new(options, &data.users);
    options.context = CommandContext {
        app_permissions: data.app_permissions,
        guild_locale: data.guild_locale.clone(),
    };
    Ok((declared, options))
}

/// The top-level command, the subcommand's name and its options, as sent: one of the bot's
/// top-level commands with exactly one subcommand.
fn subcommand(
    data: &CommandData,
) -> Result<(&'static TopCommand, &str, &[OptionData]), Unreadable> {
    let top = COMMANDS
        .iter()
        .find(|top| top.name == data.name)
        .ok_or_else(|| Unreadable::UnknownCommand(data.name.clone()))?;
    match data.options.as_slice() {
        [
            OptionData {
                name,
                value: OptionValue::SubCommand(options),
            },
        ] => Ok((top, name, options)),
        _ => Err(Unreadable::NoSubcommand),
    }
}

/// The subcommand's name, for the metrics' label (the caller keeps to the bot's names).
pub fn subcommand_name(data: &CommandData) -> &str {
    subcommand(data).map_or("", |(_, name, _)| name)
}

/// The option being typed in an autocomplete interaction: its declaration (one with a
/// completer), and what was typed so far.
pub fn focused(data: &CommandData) -> Result<(OptionDecl, &str), Unreadable> {
    let (declared, _) = find(data)?;
    let (_, _, options) = subcommand(data)?;
    let (name, typed) = options
        .iter()
        .find_map(|option| match &option.value {
            OptionValue::Focused(typed) => Some((option.name.as_str(), typed.as_str())),
            _ => None,
        })
        .ok_or_else(|| Unreadable::NothingToComplete(String::new()))?;
    let option = (declared.options)()
        .into_iter()
        .find(|option| option.name == name && option.completer.is_some())
        .ok_or_else(|| Unreadable::NothingToComplete(name.to_owned()))?;
    Ok((option, typed))
}

#[cfg(test)]
mod tests;
