//! Chains and rounds: the cards removed in a row since the last draw (what Aisleriot scoring
//! pays for), the score a round started with, and, in progressive rounds, the next round dealt
//! when the board is clear.

use super::super::card::Card;
use super::super::deal::Deal;
use super::super::modes::{Modes, Scoring};
use super::{Game, Origin};

impl Game {
    /// The cards removed in a row since the last draw (or since the round's deal): the chain
    /// that Aisleriot scoring pays for. Undo takes cards out of it.
    pub fn chain(&self) -> u32 {
        self.played
            .iter()
            .rev()
            .take_while(|&&card| self.position_of(card).is_some())
            .count() as u32
    }

    /// The score at the start of this round (0 but in progressive rounds past the first).
    pub fn round_start_score(&self) -> u32 {
        match self.modes.scoring {
            Scoring::Standard => 0,
            Scoring::Aisleriot { .. } => self.points_before.first().copied().unwrap_or(self.points),
        }
    }

    /// Progressive rounds: the board is clear, so the next round is dealt at once. The score,
    /// the move counter and the turn carry on; the cleared round is final (nothing to undo).
    pub(super) fn deal_next_round(&mut self) {
        self.deal_round(self.round + 1);
    }

    /// Deals round `round` directly (its deal comes from the code and the round number alone,
    /// so no earlier round is dealt on the way).
    pub(super) fn deal_round(&mut self, round: u32) {
        self.round = round;
        if let Origin::Code(number) = self.origin {
            self.deal = number.deal_for(self.round, self.modes);
        }
        self.stock = round_stock(&self.deal, self.modes);
        self.played.clear();
        self.points_before.clear();
        self.removed = 0;
        self.drawn = 0;
        self.undo_available = 0;
    }
}

/// A round's stock, the first drawn first: the deal's 23 cards, or with an empty waste (W) the
/// deal's waste card on top of them.
pub(super) fn round_stock(deal: &Deal, modes: Modes) -> Vec<Card> {
    let mut stock = Vec::with_capacity(deal.stock.len() + 1);
    if modes.empty_waste {
        stock.push(deal.waste);
    }
    stock.extend_from_slice(&deal.stock);
    stock
}
