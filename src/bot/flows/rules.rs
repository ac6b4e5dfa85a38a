//! `/tripeaks rules`: how to play, in the player's language, for them only.

use crate::bot::answer::slash::answer;
use crate::bot::answer::wire::{Context, Error};
use crate::bot::game::bot::{Answer, Bot, NEW_COMMAND, Player};
use crate::bot::game::reply::Reply;
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::i18n::Message;

/// How to play.
#[poise::command(slash_command)]
pub(super) async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, ShowRules).await
}

/// `/tripeaks rules`: the rules and the modes, from the texts alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowRules;

impl SlashCommand for ShowRules {
    const VISIBILITY: Visibility = Visibility::Ephemeral;

    async fn run(self, _: &Bot, p: &Player) -> Answer {
        let modes = Message::RulesModes {
            command: NEW_COMMAND,
        };
        Ok(Reply::ephemeral(format!(
            "{}\n\n{}",
            Message::RulesSummary.text(p.locale),
            modes.text(p.locale)
        )))
    }
}
