//! The board picture: a game position in, PNG bytes out, pure and deterministic.
//!
//! Each turn the bot uploads a new picture, so this is on the hot path of every tap. The card
//! faces, the back, the stock tops and the empty slot are painted once (anti-aliased, in full
//! colour, with the embedded DejaVu Sans Bold) and snapped to a fixed palette; a frame is then
//! only those sprites stamped onto felt and an indexed PNG encode. Text in the picture is
//! language-neutral (ranks, suit symbols, the stock count): words go in the message and alt text.
//!
//! - `geometry`: the image size and where every card sits.
//! - `palette`: the fixed colours and the index-to-index tables for rims and shadows.
//! - `raster`: the full-colour canvas and font used to paint sprites.
//! - `sprite`: indexed sprites and stamping them.
//! - `cards`: the card designs and the sprite cache.
//! - `board`: composing a position.
//! - `encode`: the PNG encoding (every option, for comparison); `bands`: the PNG `render` sends,
//!   made of cached, separately compressed bands of rows.
//! - `replay`: a game's positions as an animated GIF (a frame per action).
//! - `stats`: the stats card (a player's statistics), drawn per request with `image`.
//! - `challenge`: a challenge's result as a picture, drawn the same way.

mod bands;
mod cards;
mod challenge;
mod encode;
mod geometry;
mod palette;
mod position;
mod raster;
mod replay;
mod sprite;
mod stats;

#[cfg(test)]
mod tests;

pub use bands::{BAND_ROWS, encode_banded, encode_uncached, render_banded};
pub use challenge::{RESULT_WIDTH, ResultCard, ResultRow, draw_result, render_result};
pub use encode::{PNG_OPTIONS, PngOptions, encode};
pub use geometry::{
    CARD_HEIGHT, CARD_WIDTH, HEIGHT, Rect, WIDTH, card_rect, stock_layers_below, stock_rect,
    waste_rect,
};
pub use palette::Rgb;
pub use position::{Board, draw};
pub use replay::{REPLAY_OPTIONS, ReplayOptions, encode_frames, positions_of, replay, replay_with};
pub use stats::{
    Mark, STATS_HEIGHT, STATS_WIDTH, StatsCard, Tile, draw_stats, encode_rgb, render_stats,
};

use crate::game::Game;

/// The picture of `game`'s position as PNG bytes: the same position always gives the same bytes
/// (the bands a cache gives back are the ones compression would give again).
pub fn render(game: &Game) -> Vec<u8> {
    render_banded(game)
}

/// Builds the sprite cache now rather than on the first `render` (tens of milliseconds, once), e.g. at
/// bot start-up so the first player does not wait for it.
pub fn warm_up() {
    cards::Sprites::get();
}
