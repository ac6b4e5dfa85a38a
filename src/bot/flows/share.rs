//! Sharing a deal: `/tripeaks code` and the "Share code" button post the current deal's code
//! with a "Play this deal" button that deals it to whoever presses it.

use super::{Bot, NEW_COMMAND, Player, no_game};
use crate::bot::custom_id::{ButtonAction, Drawn};
use crate::bot::reply::{Button, ButtonStyle, Delivery, Reply};
use crate::game::DealCode;
use crate::i18n::{self, Message};
use crate::store::StoreError;

impl Bot {
    /// `/tripeaks code`: the current deal's code, with a button that deals it to whoever presses.
    pub async fn share_code(&self, p: &Player) -> Reply {
        let result = self.try_share_code(p).await;
        self.or_apology(p, result)
    }

    /// "Share code" on a finished board: the board itself gains the code and a "Play this deal"
    /// button in the place of "Share code", so a double tap changes nothing more and posts
    /// nothing twice; an old board shows the current one instead.
    pub(super) async fn share_pressed(
        &self,
        p: &Player,
        drawn: Drawn,
    ) -> Result<Reply, StoreError> {
        if let Some(stale) = self.stale_board(p, drawn).await? {
            return Ok(stale);
        }
        let Some(current) = self.store.current_game(p.id()).await? else {
            return Ok(no_game(p));
        };
        let Some(code) = current.game.code() else {
            return Ok(no_game(p));
        };
        let mut board = self.board(p, &current, None, Delivery::UpdateMessage).await;
        board.text = format!(
            "{}\n{}",
            board.text,
            i18n::code_share(p.locale, code, NEW_COMMAND)
        );
        let share_id = ButtonAction::Share(drawn).to_string();
        for button in board.rows.iter_mut().flatten() {
            if button.custom_id == share_id {
                *button = play_button(p, code);
            }
        }
        Ok(board)
    }

    async fn try_share_code(&self, p: &Player) -> Result<Reply, StoreError> {
        let Some(current) = self.store.current_game(p.id()).await? else {
            return Ok(no_game(p));
        };
        let Some(code) = current.game.code() else {
            return Ok(no_game(p));
        };
        Ok(Reply {
            delivery: Delivery::NewMessage,
            text: i18n::code_share(p.locale, code, NEW_COMMAND),
            picture: None,
            rows: vec![vec![play_button(p, code)]],
        })
    }
}

/// "Play this deal": deals `code` to whoever presses it.
fn play_button(p: &Player, code: DealCode) -> Button {
    Button {
        custom_id: ButtonAction::PlayDeal(code).to_string(),
        label: Message::ButtonPlayDeal.text(p.locale),
        style: ButtonStyle::Primary,
        disabled: false,
    }
}
