//! A free game: a deal of the player's choosing (`/tripeaks new`, a code, "Play this deal").
//! Its end offers the share line and, when others in the server played the same deal, the
//! player's place and that deal's leaderboard; nothing about it is hidden.

use super::{Ending, Kind, NewDeal, ReplaySeen, leaderboard_button, share_result_button};
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::custom_id::ButtonAction;
use crate::i18n::{Locale, Message};
use crate::store::{CurrentGame, Results, StoreError};

/// A free game.
pub(super) struct Free;

impl Kind for Free {
    const PRIVATE: bool = false;

    async fn ending(
        &self,
        bot: &Bot,
        p: &Player,
        current: &CurrentGame,
    ) -> Result<Ending, StoreError> {
        let mut ending = Ending {
            lines: Vec::new(),
            buttons: vec![share_result_button(p.locale, current)],
        };
        let (Some(code), Some(guild)) = (current.game.code(), current.guild_id) else {
            return Ok(ending);
        };
        let board = bot
            .store
            .results_leaderboard(Results::Deal(code), guild, p.id(), 0)
            .await?;
        if board.total > 1
            && let Some((place, _)) = board.viewer
        {
            ending.lines.push(
                Message::DealBoardNote {
                    others: board.total as usize - 1,
                    place,
                    total: board.total as usize,
                }
                .text(p.locale),
            );
            ending.buttons.push(leaderboard_button(
                p.locale,
                ButtonAction::DealLeaderboard(code),
                Message::ButtonDealBoard,
            ));
        }
        Ok(ending)
    }

    async fn deal_secret(&self, _: &Bot) -> Result<bool, StoreError> {
        Ok(false)
    }

    async fn replay_seen(&self, _: &Bot, _: &Player) -> Result<ReplaySeen, StoreError> {
        Ok(ReplaySeen::Public)
    }

    fn replace_question(&self, locale: Locale, moves: u32, deal: NewDeal<'_>) -> String {
        match deal {
            NewDeal::Code(code) => Message::GameReplaceConfirm { moves, code }.text(locale),
            NewDeal::Winnable => Message::GameReplaceWinnable { moves }.text(locale),
        }
    }
}
