//! TriPeaks solitaire for Discord. See ARCHITECTURE.md for the map of the modules.

pub mod cli;
pub mod game;
pub mod store;
