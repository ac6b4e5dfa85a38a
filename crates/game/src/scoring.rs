//! The two ways a game is scored (docs/RULES.md, "Score" and "Modes"), as plain arithmetic.
//!
//! Standard scoring is a function of the net moves and the emptied peaks, so undo needs nothing
//! more than the history. Aisleriot scoring depends on the order of the moves (chains) and is
//! floored at 0 at each draw, so the game keeps the score before every action and undo restores
//! it; this file says only what one action earns or costs.

use super::modes::Modes;

/// The score at the start of a standard game.
pub(crate) const START_SCORE: u32 = 500;
/// The points for emptying a whole peak in standard scoring.
pub(crate) const PEAK_BONUS: u32 = 100;

/// What a draw costs in Aisleriot scoring (nothing with the multiplier).
pub(crate) const AISLERIOT_DRAW_COST: u32 = 5;
/// Aisleriot's bonus for a peak top, and for the top that clears the board.
pub(crate) const AISLERIOT_TOP_BONUS: u32 = 15;
pub(crate) const AISLERIOT_CLEAR_BONUS: u32 = 30;
/// The same with the multiplier.
pub(crate) const MULTIPLIER_TOP_BONUS: u32 = 25;
pub(crate) const MULTIPLIER_CLEAR_BONUS: u32 = 50;

/// The standard score after `net_moves` removals and draws (not undone) with `emptied_peaks`
/// peaks empty: 500 − moves + 100 a peak, never below 0.
pub(crate) fn standard_score(net_moves: u32, emptied_peaks: u32) -> u32 {
    (START_SCORE + PEAK_BONUS * emptied_peaks).saturating_sub(net_moves)
}

/// What a removal is, for Aisleriot scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// A card below the tops.
    Plain,
    /// A peak top (row 1) that leaves another top on the board.
    Top,
    /// The last card on the board (always a top).
    Clearing,
}

/// The points the `chain`-th card of a chain (1, 2, …) earns, with its top bonus, in Aisleriot
/// scoring (`modes` must have it). The multiplier's 2^(k−1) saturates rather than overflows.
pub fn aisleriot_removal(modes: Modes, chain: u32, removal: Removal) -> u32 {
    let multiplier = modes.multiplier();
    let chain_points = if multiplier {
        1u32.checked_shl(chain.saturating_sub(1))
            .unwrap_or(u32::MAX)
    } else {
        chain
    };
    let bonus = match (removal, multiplier) {
        (Removal::Plain, _) => 0,
        (Removal::Top, false) => AISLERIOT_TOP_BONUS,
        (Removal::Clearing, false) => AISLERIOT_CLEAR_BONUS,
        (Removal::Top, true) => MULTIPLIER_TOP_BONUS,
        (Removal::Clearing, true) => MULTIPLIER_CLEAR_BONUS,
    };
    chain_points.saturating_add(bonus)
}

/// The Aisleriot score after a draw from `score`: −5 floored at 0, nothing with the multiplier.
pub(crate) fn aisleriot_after_draw(modes: Modes, score: u32) -> u32 {
    if modes.multiplier() {
        score
    } else {
        score.saturating_sub(AISLERIOT_DRAW_COST)
    }
}

/// What the next card of a chain now `chain` long would earn (without a top bonus): the
/// status line's "next" value.
pub fn next_chain_value(modes: Modes, chain: u32) -> u32 {
    aisleriot_removal(modes, chain.saturating_add(1), Removal::Plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn multiplier() -> Modes {
        "AM".parse().unwrap()
    }

    #[test]
    fn the_best_aisleriot_round_is_466() {
        let modes = Modes::AISLERIOT;
        let chain: u32 = (1..=28).sum();
        let bonuses = 2 * aisleriot_removal(modes, 0, Removal::Top)
            + aisleriot_removal(modes, 0, Removal::Clearing);
        assert_eq!(chain + bonuses, 466);
    }

    #[test]
    fn the_multiplier_doubles_and_draws_are_free() {
        let modes = multiplier();
        let five: u32 = (1..=5)
            .map(|k| aisleriot_removal(modes, k, Removal::Plain))
            .sum();
        assert_eq!(five, 31, "1, 2, 4, 8, 16");
        assert_eq!(aisleriot_removal(modes, 1, Removal::Top), 26);
        assert_eq!(aisleriot_removal(modes, 1, Removal::Clearing), 51);
        assert_eq!(aisleriot_after_draw(modes, 7), 7);
        assert_eq!(aisleriot_removal(modes, 40, Removal::Plain), u32::MAX);
        assert_eq!(next_chain_value(modes, 3), 8);
    }

    #[test]
    fn a_draw_costs_five_floored_at_zero() {
        let modes = Modes::AISLERIOT;
        assert_eq!(aisleriot_after_draw(modes, 12), 7);
        assert_eq!(aisleriot_after_draw(modes, 3), 0);
        assert_eq!(aisleriot_after_draw(modes, 0), 0);
        assert_eq!(next_chain_value(modes, 3), 4);
    }

    #[test]
    fn standard_scores_as_before() {
        assert_eq!(standard_score(28, 3), 772);
        assert_eq!(standard_score(0, 0), 500);
        assert_eq!(standard_score(600, 0), 0);
    }
}
