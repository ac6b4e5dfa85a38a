//! `/tripeaks rules`: how to play, in the player's language, for them only.

use crate::bot::game::bot::{Answer, Bot, NEW_COMMAND, Player};
use crate::bot::game::declaration::{Options, Unreadable};
use crate::bot::game::reply::Reply;
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::i18n::Message;

/// `/tripeaks rules`: the rules and the modes, from the texts alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowRules;

impl SlashCommand for ShowRules {
    const NAME: &'static str = "rules";
    const VISIBILITY: Visibility = Visibility::Ephemeral;

    fn parse(_: &Options) -> Result<ShowRules, Unreadable> {
        Ok(ShowRules)
    }

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
