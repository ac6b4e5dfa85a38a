//! Composing one position: the felt, the peaks from the top row down (each row covering the lower
//! half of the one above), the stock pile and the waste card, all as stamps of cached sprites.
//! The modes add: covered cards face up but veiled (open peaks), an empty waste slot (empty
//! waste), the round at the top left (`#3`, progressive rounds) and, beside the waste, what the
//! next card of the chain earns (`+6`, Aisleriot scoring).

use super::cards::{Sprites, TILE_HEIGHT, TILE_WIDTH};
use super::geometry::{
    HEIGHT, Rect, STOCK_LAYER_STEP, WIDTH, card_rect, stock_layers_below, stock_rect, waste_rect,
};
use super::palette::Rgb;
use super::sprite::{Sprite, Surface};
use crate::game::{Game, Position, Slot, Status, scoring};

/// How dark a covered card of open peaks is veiled (of `SHADOW_LEVELS`).
const COVERED_VEIL: usize = 2;
/// Where the round's tiles start, at the top left.
const ROUND_AT: (u32, u32) = (12, 12);
/// How far right of the waste card the chain's tiles start.
const CHAIN_GAP: u32 = 14;

/// A composed picture: one palette index per pixel, row-major, `WIDTH × HEIGHT`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pixels: Vec<u8>,
}

impl Board {
    /// The palette indices, row by row.
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// The colour of the pixel at (x, y).
    pub fn colour_at(&self, x: u32, y: u32) -> Rgb {
        let index = self.pixels[(y * WIDTH + x) as usize];
        Sprites::get().palette.colour(index)
    }
}

/// Composes the picture of `game`'s position.
pub fn draw(game: &Game) -> Board {
    let sprites = Sprites::get();
    // The felt is palette index 0.
    let mut pixels = vec![0; (WIDTH * HEIGHT) as usize];
    let mut surface = Surface {
        pixels: &mut pixels,
        width: WIDTH as usize,
        height: HEIGHT as usize,
    };
    let stamp =
        |surface: &mut Surface, sprite: &Sprite, rect: Rect, (dx, dy): (u32, u32), shadow: bool| {
            let (left, top) = (rect.x + dx, rect.y + dy);
            surface.stamp(sprite, &sprites.tables, left as i32, top as i32, shadow);
        };
    // Row-major order is top row first, so each row lands over the one above.
    for position in Position::all() {
        match game.slot(position) {
            Slot::Empty => {}
            Slot::FaceDown => stamp(
                &mut surface,
                &sprites.back,
                card_rect(position),
                (0, 0),
                true,
            ),
            Slot::FaceUp(card) => stamp(
                &mut surface,
                sprites.face(card),
                card_rect(position),
                (0, 0),
                true,
            ),
            Slot::Covered(card) => {
                let rect = card_rect(position);
                stamp(&mut surface, sprites.face(card), rect, (0, 0), true);
                surface.veil(
                    sprites.face(card),
                    &sprites.tables,
                    rect.x as i32,
                    rect.y as i32,
                    COVERED_VEIL,
                );
            }
        }
    }
    let count = game.stock_len();
    match sprites.stock_top(count) {
        None => stamp(
            &mut surface,
            &sprites.empty_slot,
            stock_rect(),
            (0, 0),
            false,
        ),
        Some(top) => {
            let below = stock_layers_below(count) as u32;
            for layer in (1..=below).rev() {
                stamp(
                    &mut surface,
                    &sprites.back,
                    stock_rect(),
                    (layer * STOCK_LAYER_STEP.0, layer * STOCK_LAYER_STEP.1),
                    layer == below,
                );
            }
            stamp(&mut surface, top, stock_rect(), (0, 0), below == 0);
        }
    }
    match game.waste() {
        Some(card) => stamp(&mut surface, sprites.face(card), waste_rect(), (0, 0), true),
        None => stamp(
            &mut surface,
            &sprites.empty_slot,
            waste_rect(),
            (0, 0),
            false,
        ),
    }
    let modes = game.modes();
    if modes.progressive() {
        let text = format!("#{}", game.round());
        tiles(&mut surface, sprites, &text, ROUND_AT);
    }
    if modes.aisleriot() && game.status() == Status::Playing {
        let next = scoring::next_chain_value(modes, game.chain());
        let waste = waste_rect();
        let at = (
            waste.x + waste.width + CHAIN_GAP,
            waste.y + (waste.height - TILE_HEIGHT) / 2,
        );
        tiles(&mut surface, sprites, &format!("+{next}"), at);
    }
    Board { pixels }
}

/// Stamps `text` as a row of tiles from `(x, y)`; characters without a tile are skipped.
fn tiles(surface: &mut Surface, sprites: &Sprites, text: &str, (x, y): (u32, u32)) {
    for (i, character) in text.chars().enumerate() {
        if let Some(tile) = sprites.tile(character) {
            let left = x + i as u32 * (TILE_WIDTH + 1);
            surface.stamp(tile, &sprites.tables, left as i32, y as i32, false);
        }
    }
}
