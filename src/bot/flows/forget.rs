//! `/tripeaks forget-me`: deletes everything the bot keeps about the player, after a
//! confirmation button that only they can press.
//!
//! The button carries only the user id (`tp:forget:<user>`), so it works after a restart; a
//! second press, or a press after the data is gone, finds nothing and says so.

use tracing::info;

use crate::bot::game::bot::{Answer, Bot, Player, private};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::declaration::{Options, Unreadable};
use crate::bot::game::reply::{Button, ButtonStyle, Delivery, Reply};
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::i18n::Message;
use crate::store::Forgotten;

/// How texts name this command.
pub(super) const FORGET_COMMAND: &str = "/tripeaks forget-me";

/// `/tripeaks forget-me`: what will be deleted, and the button that confirms it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForgetMe;

impl SlashCommand for ForgetMe {
    const NAME: &'static str = "forget-me";
    const VISIBILITY: Visibility = Visibility::Ephemeral;

    fn parse(_: &Options) -> Result<ForgetMe, Unreadable> {
        Ok(ForgetMe)
    }

    async fn run(self, _: &Bot, p: &Player) -> Answer {
        let mut reply = private(p.locale, Message::ForgetConfirm);
        reply.rows = vec![vec![Button {
            action: ButtonAction::Forget(p.user),
            label: Message::ButtonForget.text(p.locale),
            style: ButtonStyle::Danger,
            disabled: false,
        }]];
        Ok(reply)
    }
}

/// The confirmation was pressed (by the player: `press` checked the owner).
pub(super) async fn forget_confirmed(bot: &Bot, p: &Player) -> Answer {
    let forgotten = bot.store.forget(p.id()).await?;
    info!(
        user = p.user,
        ?forgotten,
        "forgot a player at their request"
    );
    // Replaces the confirmation (and its button) with what was deleted.
    Ok(Reply::ephemeral(forgotten_text(p, forgotten)).delivered(Delivery::UpdateMessage))
}

fn forgotten_text(p: &Player, f: Forgotten) -> String {
    if !f.anything() {
        return Message::ForgetNothing.text(p.locale);
    }
    let mut parts = Vec::new();
    if f.current_game {
        parts.push(Message::ForgetPartCurrent.text(p.locale));
    }
    if f.finished_games > 0 {
        parts.push(
            Message::ForgetPartFinished {
                count: f.finished_games,
            }
            .text(p.locale),
        );
    }
    if f.settings {
        parts.push(Message::ForgetPartSettings.text(p.locale));
    }
    if f.corrupt_games > 0 {
        parts.push(
            Message::ForgetPartCorrupt {
                count: f.corrupt_games,
            }
            .text(p.locale),
        );
    }
    if f.name {
        parts.push(Message::ForgetPartName.text(p.locale));
    }
    Message::ForgetDone {
        parts: &parts.join(", "),
    }
    .text(p.locale)
}
