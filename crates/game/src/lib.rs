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

// The public API is what other crates can reach, nothing more: a `pub` item in a private module
// that the root does not re-export is an error, so `pub` in this crate means "part of the API".
#![deny(unreachable_pub)]

mod action;
mod card;
mod chain;
mod daily;
mod deal;
mod layout;
mod modes;
mod rule;
mod scoring;
pub mod solver;
mod state;
mod stored;

#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
#[cfg(test)]
mod tests;

// The crate's API, one path per name: the root, and `solver` for the solver (its own
// namespace: `solver::solve`, `solver::par`, `solver::Hint`). Error types stand beside the
// values whose parsing or reading returns them.
pub use card::{Card, ParseCardError, Rank, Suit};
#[cfg(feature = "bench")]
pub use daily::{DailyDeal, daily_deal};
pub use daily::{
    DailyError, DailyNumber, FIRST_DAILY_DATE, daily_code, date_of_unix_millis,
    millis_until_next_daily, parse_date,
};
pub use deal::{
    DEAL_COUNT, Deal, DealCode, DealNumber, ParseCodeError, ParseDealError, STOCK_SIZE,
};
pub use layout::{Position, PositionSet, ROW_LENGTHS, ROW_STARTS, positions_in};
pub use modes::{
    ModeChoices, Modes, ParseModesError, ProgressiveNeedsAisleriot, Scoring, ScoringChoice,
};
pub use rule::Rule;
pub use scoring::{Removal, aisleriot_removal, next_chain_value};
pub use state::{Action, Effect, Game, Origin, Refusal, Slot, Status};
pub use stored::StoredGameError;
