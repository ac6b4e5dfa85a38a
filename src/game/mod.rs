//! The game of TriPeaks, pure: cards, deal codes and the TP1 generator, the tableau geometry,
//! game state, moves, undo and score (standard and Aisleriot), the modes, the solver, and the
//! daily deal.
//!
//! Nothing here does I/O, async, Discord or SQL, so every rule can be tested in microseconds.
//! `../shared/RULES.md` is the specification; the tests name the rule each one checks.

mod action;
pub mod card;
mod chain;
pub mod daily;
pub mod deal;
pub mod layout;
pub mod modes;
pub mod rule;
pub mod scoring;
pub mod solver;
pub mod state;
pub mod stored;

#[cfg(test)]
pub(crate) mod tests;

pub use card::{Card, ParseCardError, Rank, Suit};
pub use daily::{
    DailyDeal, DailyError, DailyNumber, daily_candidates, daily_code, daily_deal,
    date_of_unix_millis, millis_until_next_daily, parse_date,
};
pub use deal::{
    DEAL_COUNT, Deal, DealCode, DealNumber, ParseCodeError, ParseDealError, STOCK_SIZE,
};
pub use layout::{Position, PositionSet, TABLEAU_SIZE};
pub use modes::{
    ModeChoices, Modes, ParseModesError, ProgressiveNeedsAisleriot, Scoring, ScoringChoice,
};
pub use rule::Rule;
pub use solver::{Hint, Verdict, best_score, hint, solve};
pub use state::{Action, Effect, Game, Origin, Refusal, Slot, Status, UNDO_LIMIT};
pub use stored::StoredGameError;
