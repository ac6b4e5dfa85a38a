//! Composing one position: the felt, the peaks from the top row down (each row covering the lower
//! half of the one above), the stock pile and the waste card, all as stamps of cached sprites.

use super::cards::Sprites;
use super::geometry::{
    HEIGHT, Rect, STOCK_LAYER_STEP, WIDTH, card_rect, stock_layers_below, stock_rect, waste_rect,
};
use super::palette::Rgb;
use super::sprite::{Sprite, Surface};
use crate::game::{Game, Position, Slot};

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
    let mut stamp = |sprite: &Sprite, rect: Rect, (dx, dy): (u32, u32), shadow: bool| {
        let (left, top) = (rect.x + dx, rect.y + dy);
        surface.stamp(sprite, &sprites.tables, left as i32, top as i32, shadow);
    };
    // Row-major order is top row first, so each row lands over the one above.
    for position in Position::all() {
        match game.slot(position) {
            Slot::Empty => {}
            Slot::FaceDown => stamp(&sprites.back, card_rect(position), (0, 0), true),
            Slot::FaceUp(card) => stamp(sprites.face(card), card_rect(position), (0, 0), true),
        }
    }
    let count = game.stock_len();
    match sprites.stock_top(count) {
        None => stamp(&sprites.empty_slot, stock_rect(), (0, 0), false),
        Some(top) => {
            let below = stock_layers_below(count) as u32;
            for layer in (1..=below).rev() {
                stamp(
                    &sprites.back,
                    stock_rect(),
                    (layer * STOCK_LAYER_STEP.0, layer * STOCK_LAYER_STEP.1),
                    layer == below,
                );
            }
            stamp(top, stock_rect(), (0, 0), below == 0);
        }
    }
    stamp(sprites.face(game.waste()), waste_rect(), (0, 0), true);
    Board { pixels }
}
