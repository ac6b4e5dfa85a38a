//! The `/tripeaks` command as Discord sees it: the top command over the subcommands that
//! `flows::subcommands` lists, localised from the Fluent bundles when the list is built (`all`).
//!
//! Everything about the tree is read off that one list: the texts it needs (`text_ids`, which
//! the catalogue must hold exactly), the subcommand names that metrics count by
//! (`subcommand_names`), and the tests that hold names and descriptions to Discord's rules.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::LazyLock;

use crate::bot::answer::slash::reply_in_time;
use crate::bot::answer::wire::{Context, Error, PoiseCommand};
use crate::bot::flows;
use crate::bot::game::reply::Reply;
use crate::bot::game::slash_command::Visibility;
use crate::bot::ops::metrics::{self, Handled};
use crate::i18n::{self, Locale};

/// TriPeaks solitaire.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn tripeaks(ctx: Context<'_>) -> Result<(), Error> {
    // Discord always sends a subcommand; poise runs this only for an interaction without one.
    metrics::note(Handled::Invalid);
    let locale = Locale::negotiate(ctx.locale().unwrap_or_default());
    let apology = Reply::ephemeral(i18n::Message::ErrorGeneric.text(locale));
    reply_in_time(ctx, Visibility::Ephemeral, async { apology }).await
}

/// Every command, localised: `/tripeaks` and its subcommands.
pub fn all() -> Vec<PoiseCommand> {
    let mut top = top();
    localise(&mut top, "tripeaks");
    vec![top]
}

/// `/tripeaks` over the list of its subcommands, before localisation.
fn top() -> PoiseCommand {
    let mut top = tripeaks();
    top.subcommands = flows::subcommands();
    top.subcommand_required = true;
    top
}

/// The names of the subcommands, in order (the English names Discord is sent).
pub fn subcommand_names() -> &'static [&'static str] {
    static NAMES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
        flows::subcommands()
            .into_iter()
            .map(|command| match command.name {
                Cow::Borrowed(name) => name,
                Cow::Owned(name) => name.leak(),
            })
            .collect()
    });
    &NAMES
}

/// Every text id the command tree uses: `cmd-<command>-name` / `-description` for `/tripeaks`
/// and each subcommand, `opt-<option>-name` / `-description` for each option, `choice-<value>`
/// for each choice. The catalogue test holds the `.ftl` files to exactly these.
pub fn text_ids() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    collect_ids(&top(), &mut ids);
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
