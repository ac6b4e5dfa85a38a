//! A game of a server event's deal: what the store does for it. Its start needs the event still
//! scheduled and the deal among its deals (the flow checks the window: a game started a moment
//! before the end may be finished, and simply does not count); its end files the player's
//! counted game, once per deal (their first finished game of it: won, blocked, or abandoned
//! after a move, as the daily's), with their standing, in the move's transaction
//! (`events/event_standings.rs`); an undo out of a blocked end takes it back while the event runs;
//! forget-me takes the player out of the standings of events still open and leaves them
//! anonymous in the results of events that ended. An event's results post is not a post due to
//! its players: it comes at the event's end with nobody asking (`bot/event_clock.rs`).

use sqlx::AnyConnection;

use super::{KindRows, Playing};
use crate::store::convert::id_to_db;
use crate::store::events::event_counting::{
    forget_event_player, record_counted_game, take_back_counted,
};
use crate::store::events::event_model::CountedGame;
use crate::store::model::{EventDealRef, Forgotten, Outcome, UserId};
use crate::store::records::Finished;

/// A game of that deal of that event.
pub(super) struct EventGame(pub EventDealRef);

impl KindRows for EventGame {
    /// Only a deal the event has, while it is scheduled.
    async fn start(
        &self,
        connection: &mut AnyConnection,
        _user: UserId,
        _game_id: i64,
    ) -> Result<bool, sqlx::Error> {
        let deals: Option<String> = sqlx::query_scalar(
            "SELECT deals FROM events WHERE event_id = $1 AND state = 'scheduled'",
        )
        .bind(self.0.event)
        .fetch_optional(&mut *connection)
        .await?;
        Ok(deals.is_some_and(|deals| deals.split_whitespace().count() > usize::from(self.0.deal)))
    }

    /// The player's first finished game of the deal counts, under the name they were last
    /// seen with.
    async fn end(
        &self,
        connection: &mut AnyConnection,
        f: &Finished<'_>,
        filed: bool,
    ) -> Result<(), sqlx::Error> {
        if !filed {
            return Ok(());
        }
        let name: Option<String> =
            sqlx::query_scalar("SELECT name FROM player_names WHERE user_id = $1")
                .bind(id_to_db(f.user.0))
                .fetch_optional(&mut *connection)
                .await?;
        let counted = CountedGame {
            event: self.0.event,
            deal: usize::from(self.0.deal),
            user: f.user,
            game_id: f.game_id,
            score: f.game.score(),
            won: f.outcome == Outcome::Won,
            hints: f.game.hints_used(),
            finished_at: f.at,
        };
        record_counted_game(connection, &counted, name.as_deref().unwrap_or_default()).await?;
        Ok(())
    }

    async fn take_back(
        &self,
        connection: &mut AnyConnection,
        game_id: i64,
    ) -> Result<(), sqlx::Error> {
        take_back_counted(connection, self.0.event, game_id).await
    }

    async fn forget(
        connection: &mut AnyConnection,
        user: UserId,
        _playing: Option<&Playing<'_>>,
        _now: i64,
        forgotten: &mut Forgotten,
    ) -> Result<(), sqlx::Error> {
        forgotten.event_games = forget_event_player(connection, user).await?;
        Ok(())
    }
}
