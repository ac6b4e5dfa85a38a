//! TriPeaks solitaire for Discord. See ARCHITECTURE.md for the map of the modules.

pub mod bot;
pub mod cli;
pub mod game;
pub mod i18n;
pub mod render;
pub mod stats;
pub mod store;
