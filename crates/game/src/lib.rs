//! The game of TriPeaks, pure: cards, deal codes and the TP1 generator, the tableau geometry,
//! game state, moves, undo and score (standard and Aisleriot), the modes, the solver, and the
//! daily deal.
//!
//! Nothing here does I/O, async, Discord or SQL, so every rule can be tested in microseconds,
//! and the engine (with its exact solver) can be used by anyone building TriPeaks elsewhere. This
//! is a crate of its own so that the compiler keeps it so: its dependencies are the ChaCha8
//! stream of the frozen TP1 generator, the OS randomness of a random deal, serde for the stored
//! form, `time` for the daily's calendar and thiserror. `docs/RULES.md`, at the repository's
//! root, states the rules as this crate implements them, section by section, with the test
//! vectors; the tests name the rule each one checks.

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

#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
#[cfg(test)]
mod tests;

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
pub use solver::{Hint, Verdict, best_score, hint, par, solve};
pub use state::{Action, Effect, Game, Origin, Refusal, Slot, Status, UNDO_LIMIT};
pub use stored::StoredGameError;
