//! A game of a server event's deal. Its boards are private; until the event is over its deal
//! stays hidden (no code, share line with the code, or public replay; no replay at all for a
//! player who has not finished that deal); its end says whether this game counted (the
//! player's first finished game of the deal) or was practice, or came after the end, and where
//! the player stands; and it offers the event's standings. The event's results are posted at
//! its end, with nobody asking (`game/event_clock.rs`), so this kind has no post due.

use super::{Ending, Kind, NewDeal, ReplaySeen, Shared, leaderboard_button};
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::custom_id::ButtonAction;
use crate::i18n::{Locale, Message};
use crate::store::{CurrentGame, EventDealRef, StoreError};

/// A game of that deal of that event.
pub(super) struct EventGame(pub EventDealRef);

impl Kind for EventGame {
    const PRIVATE: bool = true;

    /// Counted, practice or too late; the player's place; the Standings button.
    async fn ending(
        &self,
        bot: &Bot,
        p: &Player,
        current: &CurrentGame,
    ) -> Result<Ending, StoreError> {
        let deal = usize::from(self.0.deal) + 1;
        let mut lines = Vec::new();
        match bot.store.counted_game(self.0, p.id()).await? {
            Some(counted) if counted.game_id == current.game_id => lines.push(
                Message::EventCounted {
                    deal,
                    score: counted.score,
                }
                .text(p.locale),
            ),
            Some(_) => lines.push(Message::EventPracticeOver.text(p.locale)),
            None => lines.push(Message::EventTooLate.text(p.locale)),
        }
        let board = bot.store.event_board(self.0.event, p.id()).await?;
        if let Some(own) = board.place_of(p.user) {
            lines.push(
                Message::EventPlace {
                    place: own.place as usize,
                    count: board.players,
                    total: own.standing.total,
                }
                .text(p.locale),
            );
        }
        let buttons = vec![leaderboard_button(
            p.locale,
            ButtonAction::EventStandings(self.0.event),
            Message::ButtonEventStandings,
        )];
        Ok(Ending { lines, buttons })
    }

    /// Hidden until the event is over.
    async fn deal_secret(&self, bot: &Bot) -> Result<bool, StoreError> {
        Ok(bot
            .store
            .event(self.0.event)
            .await?
            .is_some_and(|event| !event.is_over()))
    }

    /// Until it is over: never to a player who has not finished the deal, privately to one who
    /// has.
    async fn replay_seen(&self, bot: &Bot, p: &Player) -> Result<ReplaySeen, StoreError> {
        let Some(event) = bot.store.event(self.0.event).await? else {
            return Ok(ReplaySeen::Public);
        };
        if event.is_over() {
            return Ok(ReplaySeen::Public);
        }
        Ok(match bot.store.counted_game(self.0, p.id()).await? {
            Some(_) => ReplaySeen::Privately,
            None => ReplaySeen::Refused,
        })
    }

    /// The event's name and the deal's number instead of its code: shared while others may
    /// still play it, it gives nothing of the deal away.
    fn share_line(&self, locale: Locale, shared: &Shared<'_>) -> String {
        let event = format!("#{}", self.0.event);
        Message::ShareLineEvent {
            name: shared.name,
            event: &event,
            deal: usize::from(self.0.deal) + 1,
            removed: shared.removed,
            score: shared.score,
            marks: shared.marks,
            hints: shared.hints,
        }
        .text(locale)
    }

    fn secret_reason(&self, locale: Locale) -> String {
        Message::EventCodeSecret.text(locale)
    }

    /// As the event's managers chose.
    async fn hints_allowed(&self, bot: &Bot) -> Result<bool, StoreError> {
        Ok(bot
            .store
            .event(self.0.event)
            .await?
            .is_none_or(|event| event.hints))
    }

    /// Over an event's game, its count for the event is at stake.
    fn replace_question(&self, locale: Locale, moves: u32, deal: NewDeal<'_>) -> String {
        match deal {
            NewDeal::Code(code) => Message::GameReplaceEventConfirm { moves, code }.text(locale),
            NewDeal::Winnable => Message::GameReplaceEventWinnable { moves }.text(locale),
        }
    }
}
