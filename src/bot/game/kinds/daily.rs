//! The daily: the same deal for everyone on one UTC day. Its end says whether this was the
//! day's scored attempt or practice, and the daily streak, and offers the share line (with the
//! deal's par: a number gives nothing of the deal away) and, in a server, the day's
//! leaderboard; its replay is shown to the presser only while the day lasts.

use super::{Ending, Kind, NewDeal, ReplaySeen, Shared, leaderboard_button, share_result_button};
use crate::bot::game::advice::deal_par;
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::custom_id::ButtonAction;
use crate::game::{DailyNumber, Game, daily_code};
use crate::i18n::{Locale, Message};
use crate::stats::daily_streak;
use crate::store::{CurrentGame, StoreError};

/// A game of the daily of that number.
pub(super) struct Daily(pub DailyNumber);

impl Kind for Daily {
    const PRIVATE: bool = false;

    /// Scored or practice, the daily streak; Share result and, in a server, the daily's board.
    async fn ending(
        &self,
        bot: &Bot,
        p: &Player,
        current: &CurrentGame,
    ) -> Result<Ending, StoreError> {
        let daily = self.0;
        let mut lines = Vec::new();
        match bot.store.daily_attempt(p.id(), daily).await? {
            Some(game_id) if game_id == current.game_id => lines.push(
                Message::DailyScored {
                    number: daily.get(),
                    score: current.game.score(),
                }
                .text(p.locale),
            ),
            Some(_) => lines.push(
                Message::DailyPracticeOver {
                    number: daily.get(),
                }
                .text(p.locale),
            ),
            None => {}
        }
        let today = DailyNumber::of_unix_millis(bot.now()).unwrap_or(daily);
        let days = bot.store.daily_days(p.id()).await?;
        lines.push(
            Message::DailyStreak {
                count: daily_streak(&days, today.get()),
            }
            .text(p.locale),
        );
        let mut buttons = vec![share_result_button(p.locale, current)];
        if current.guild_id.is_some() {
            buttons.push(leaderboard_button(
                p.locale,
                ButtonAction::DailyLeaderboard(daily),
                Message::ButtonDailyBoard,
            ));
        }
        Ok(Ending { lines, buttons })
    }

    async fn deal_secret(&self, _: &Bot) -> Result<bool, StoreError> {
        Ok(false)
    }

    /// Today's daily is replayed to the presser only: others may still be playing it.
    async fn replay_seen(&self, bot: &Bot, _: &Player) -> Result<ReplaySeen, StoreError> {
        Ok(
            match DailyNumber::of_unix_millis(bot.now()) == Some(self.0) {
                true => ReplaySeen::Privately,
                false => ReplaySeen::Public,
            },
        )
    }

    fn share_line(&self, locale: Locale, shared: &Shared<'_>) -> String {
        Message::ShareLineDaily {
            name: shared.name,
            number: self.0.get(),
            removed: shared.removed,
            score: shared.score,
            marks: shared.marks,
            hints: shared.hints,
        }
        .text(locale)
    }

    /// The deal's par, under the standard scoring (Aisleriot's points have none).
    async fn share_par(&self, game: &Game) -> Option<u32> {
        if game.modes().aisleriot() {
            return None;
        }
        let daily = self.0;
        deal_par(move || daily_code(daily)).await
    }

    /// Over a daily, the day's scored attempt and the streak are at stake.
    fn replace_question(&self, locale: Locale, moves: u32, deal: NewDeal<'_>) -> String {
        let number = self.0.get();
        match deal {
            NewDeal::Code(code) => Message::GameReplaceDailyConfirm {
                moves,
                number,
                code,
            },
            NewDeal::Winnable => Message::GameReplaceDailyWinnable { moves, number },
        }
        .text(locale)
    }
}
