//! Hints: the game counts the hints asked for, once per turn (a second ask, or a double tap,
//! shows the same hint and counts no more). Hints cost no points and change nothing on the board.

use super::Game;

impl Game {
    /// How many hints the player has asked for in this game.
    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }

    /// Counts one hint asked for, once per turn (a second ask, or a double tap, shows the same
    /// hint): whether it counted. Hints cost no points and change nothing on the board.
    pub fn use_hint(&mut self) -> bool {
        if self.hinted_turn == Some(self.turn) {
            return false;
        }
        self.hinted_turn = Some(self.turn);
        self.hints_used = self.hints_used.saturating_add(1);
        true
    }

    /// The turn of the last hint counted, if any.
    pub fn hinted_turn(&self) -> Option<u32> {
        self.hinted_turn
    }

    /// The game with its hint counter set, for reading a stored game.
    pub(crate) fn with_hints_used(mut self, hints_used: u32, hinted_turn: Option<u32>) -> Game {
        self.hints_used = hints_used;
        self.hinted_turn = hinted_turn.filter(|&turn| turn <= self.turn);
        self
    }
}
