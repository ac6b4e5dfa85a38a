//! Sharing a deal: `/tripeaks code` and the "Share code" button post the current deal's code
//! with a "Play this deal" button that deals it to whoever presses it.

use crate::bot::game::bot::{Answer, Bot, NEW_COMMAND, Player, no_game};
use crate::bot::game::composer::{board, game_at};
use crate::bot::game::custom_id::{ButtonAction, PlayerTurn};
use crate::bot::game::declaration::{Options, Unreadable};
use crate::bot::game::kinds::{deal_secret, secret_reason};
use crate::bot::game::reply::{Button, ButtonStyle, Delivery, Reply};
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::game::DealCode;
use crate::i18n::{self, Message};

/// `/tripeaks code`: the current deal's code, with a button that deals it to whoever presses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShareCode;

impl SlashCommand for ShareCode {
    const NAME: &'static str = "code";
    const VISIBILITY: Visibility = Visibility::Public;

    fn parse(_: &Options) -> Result<ShareCode, Unreadable> {
        Ok(ShareCode)
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        let Some(current) = bot.store.current_game(p.id()).await? else {
            return Ok(no_game(p));
        };
        let Some(code) = current.game.code() else {
            return Ok(no_game(p));
        };
        if deal_secret(bot, current.kind).await? {
            return Ok(Reply::ephemeral(secret_reason(current.kind, p.locale)));
        }
        Ok(Reply {
            delivery: Delivery::NewMessage,
            text: i18n::code_share(p.locale, code, NEW_COMMAND),
            picture: None,
            rows: vec![vec![play_button(p, code)]],
            follow_up: None,
            announces: None,
            opens: None,
            posts_due: None,
        })
    }
}

/// "Share code" on a finished board: the board itself gains the code and a "Play this deal"
/// button in the place of "Share code", so a double tap changes nothing more and posts
/// nothing twice; an old board shows the current one instead.
pub(super) async fn share_pressed(bot: &Bot, p: &Player, for_turn: PlayerTurn) -> Answer {
    let current = match game_at(bot, p, for_turn).await? {
        Ok(current) => current,
        Err(instead) => return Ok(instead),
    };
    let Some(code) = current.game.code() else {
        return Ok(no_game(p));
    };
    if deal_secret(bot, current.kind).await? {
        return Ok(Reply::ephemeral(secret_reason(current.kind, p.locale)));
    }
    let mut shown = board(bot, p, &current, None, Delivery::UpdateMessage).await;
    shown.text = format!(
        "{}\n{}",
        shown.text,
        i18n::code_share(p.locale, code, NEW_COMMAND)
    );
    for button in shown.rows.iter_mut().flatten() {
        if button.action == ButtonAction::Share(for_turn) {
            *button = play_button(p, code);
        }
    }
    Ok(shown)
}

/// "Play this deal": deals `code` to whoever presses it.
fn play_button(p: &Player, code: DealCode) -> Button {
    Button {
        action: ButtonAction::PlayDeal(code),
        label: Message::ButtonPlayDeal.text(p.locale),
        style: ButtonStyle::Primary,
        disabled: false,
    }
}
