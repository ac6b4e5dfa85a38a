//! TriPeaks solitaire for Discord. See ARCHITECTURE.md for the map of the modules.

pub mod bot;
pub mod cli;
#[doc(hidden)]
pub mod fuzzing;
pub mod i18n;
pub mod progress;
pub mod render;
pub mod stats;
pub mod store;

/// The rules, from their own crate (`crates/game`), under the name the rest of the code uses.
pub use tripeaks_game as game;
