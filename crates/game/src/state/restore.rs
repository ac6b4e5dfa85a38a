//! Reading a game back from its stored parts: the game at the start of its round (moved on to a
//! later round in progressive rounds) and the round's history, replayed through the rules, with
//! counters checked against it. A corrupt or forged record is an error, never a game in an
//! impossible state.

use thiserror::Error;

use super::super::card::Card;
use super::super::layout::TABLEAU_SIZE;
use super::{Action, Effect, Game, UNDO_LIMIT};

impl Game {
    /// Moves a new game on to the start of round `round` with `points` scored in the rounds
    /// before, for reading a stored progressive game that has made `moves` moves. The round is
    /// checked against the moves before anything is dealt: every cleared round took 28
    /// removals, so a forged `round` costs nothing.
    pub(crate) fn at_round(
        mut self,
        round: u32,
        points: u32,
        moves: u32,
    ) -> Result<Game, RestoreError> {
        let progressive = self.modes.progressive();
        if round == 0 || (round > 1 && !progressive) || (points > 0 && !self.modes.aisleriot()) {
            return Err(RestoreError::Rounds);
        }
        let least_moves = u64::from(round - 1) * TABLEAU_SIZE as u64;
        if least_moves > u64::from(moves.min(MAX_COUNTER)) {
            return Err(RestoreError::Rounds);
        }
        if round > 1 {
            self.deal_round(round);
        }
        self.points = points;
        Ok(self)
    }

    /// Rebuilds a game from its stored parts, checking every step against the rules: `game`
    /// is the game at the start of its current round, `played` that round's history.
    pub(crate) fn restore(
        mut game: Game,
        played: &[Card],
        moves: u32,
        turn: u32,
        undo_available: u8,
    ) -> Result<Game, RestoreError> {
        let rounds_before = game.round - 1;
        for &card in played {
            let action = match game.position_of(card) {
                Some(_) => Action::Remove(card),
                None if game.stock().first() == Some(&card) => Action::Draw,
                None => return Err(RestoreError::NotPlayable(card)),
            };
            let effect = game
                .apply(action)
                .map_err(|_| RestoreError::NotPlayable(card))?;
            if matches!(
                effect,
                Effect::Removed {
                    cleared_round: true,
                    ..
                }
            ) {
                // A stored round's history ends where the round was cleared.
                return Err(RestoreError::NotPlayable(card));
            }
        }
        // Every cleared round took at least its 28 removals.
        let played_len =
            (played.len() as u32).saturating_add(rounds_before.saturating_mul(TABLEAU_SIZE as u32));
        // Counters beyond any real game (a billion actions) are a forged or damaged record; they
        // would overflow on the next move.
        let absurd = turn > MAX_COUNTER || moves > MAX_COUNTER;
        if absurd || moves < played_len || turn < moves || undo_available > UNDO_LIMIT {
            return Err(RestoreError::Counters);
        }
        if usize::from(undo_available) > played.len() {
            return Err(RestoreError::Counters);
        }
        game.moves = moves;
        game.turn = turn;
        game.undo_available = undo_available;
        Ok(game)
    }
}

/// The largest move or turn counter a stored game may have: far beyond any real game, far below
/// where the counters would overflow.
pub(crate) const MAX_COUNTER: u32 = 1 << 30;

/// A stored game that does not follow the rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RestoreError {
    #[error("the stored history puts {0} on the waste where the rules do not allow it")]
    NotPlayable(Card),
    #[error("the stored move, turn or undo counters do not agree with the history")]
    Counters,
    #[error("the stored round or score does not agree with the game's modes")]
    Rounds,
}
