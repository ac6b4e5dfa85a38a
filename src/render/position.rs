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
use crate::game::{Game, Position, Slot, Status, next_chain_value};

/// How dark a covered card of open peaks is veiled (of `SHADOW_LEVELS`).
const COVERED_VEIL: usize = 2;
/// Where the round's tiles start, at the top left.
const ROUND_AT: (u32, u32) = (12, 12);
/// How far right of the waste card the chain's tiles start.
const CHAIN_GAP: u32 = 14;

/// A composed picture: one palette index per pixel, row-major, `WIDTH × HEIGHT`, and the
/// stamps that made it, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pixels: Vec<u8>,
    stamps: Vec<Stamped>,
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

    /// What was stamped onto the felt, in order: the pixels of any band of rows are a function
    /// of the stamps that reach it (`Stamped::rows`), which is what `bands` keys its cache by.
    pub(super) fn stamps(&self) -> &[Stamped] {
        &self.stamps
    }
}

/// One sprite stamped onto the board: which one (its address in the sprite cache, which lives
/// as long as the program), where, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Stamped {
    sprite: usize,
    left: i32,
    top: i32,
    effect: Effect,
    /// The rows `[first, end)` it can change (its shadow included).
    pub rows: (i32, i32),
}

/// How a sprite was put on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Effect {
    Plain,
    WithShadow,
    /// What the sprite covers darkened by this many shadow levels (a covered card).
    Veiled(usize),
}

/// The surface being composed (if any: without one, only the log is made) and the log of what
/// was stamped on it. `paints` says, by the rows a stamp reaches, which stamps are painted.
struct Composer<'a> {
    surface: Option<Surface<'a>>,
    paints: &'a dyn Fn((i32, i32)) -> bool,
    sprites: &'static Sprites,
    stamps: Vec<Stamped>,
}

impl Composer<'_> {
    fn stamp(&mut self, sprite: &Sprite, left: u32, top: u32, shadow: bool) {
        let (left, top) = (left as i32, top as i32);
        let effect = if shadow {
            Effect::WithShadow
        } else {
            Effect::Plain
        };
        let rows = self.log(sprite, left, top, effect);
        let paints = self.paints;
        if let Some(surface) = self.surface.as_mut().filter(|_| paints(rows)) {
            surface.stamp(sprite, &self.sprites.tables, left, top, shadow);
        }
    }

    fn veil(&mut self, sprite: &Sprite, left: u32, top: u32, level: usize) {
        let (left, top) = (left as i32, top as i32);
        let rows = self.log(sprite, left, top, Effect::Veiled(level));
        let paints = self.paints;
        if let Some(surface) = self.surface.as_mut().filter(|_| paints(rows)) {
            surface.veil(sprite, &self.sprites.tables, left, top, level);
        }
    }

    /// Logs a stamp; the rows it reaches.
    fn log(&mut self, sprite: &Sprite, left: i32, top: i32, effect: Effect) -> (i32, i32) {
        let rows = sprite.rows_at(top);
        self.stamps.push(Stamped {
            sprite: std::ptr::from_ref(sprite) as usize,
            left,
            top,
            effect,
            rows,
        });
        rows
    }
}

/// Composes the picture of `game`'s position.
pub fn draw(game: &Game) -> Board {
    // The felt is palette index 0.
    let mut pixels = vec![0; (WIDTH * HEIGHT) as usize];
    let stamps = compose(game, Some(&mut pixels), &|_| true);
    Board { pixels, stamps }
}

/// The stamps `draw` would make, in order, without painting any.
pub(super) fn stamps_of(game: &Game) -> Vec<Stamped> {
    compose(game, None, &|_| false)
}

/// Paints onto `pixels` (a whole board's, `WIDTH × HEIGHT`) the stamps of `draw` that reach the
/// rows `paints` is true for, in `draw`'s order: a band of rows whose pixels were felt before
/// is then exactly `draw`'s, whatever the other rows hold (`bands.rs` composes only the bands
/// its cache lacks this way).
pub(super) fn paint(game: &Game, pixels: &mut [u8], paints: &dyn Fn((i32, i32)) -> bool) {
    compose(game, Some(pixels), paints);
}

fn compose(
    game: &Game,
    pixels: Option<&mut [u8]>,
    paints: &dyn Fn((i32, i32)) -> bool,
) -> Vec<Stamped> {
    let sprites = Sprites::get();
    let mut composer = Composer {
        surface: pixels.map(|pixels| Surface {
            pixels,
            width: WIDTH as usize,
            height: HEIGHT as usize,
        }),
        paints,
        sprites,
        stamps: Vec::with_capacity(48),
    };
    let surface = &mut composer;
    let stamp = |surface: &mut Composer,
                 sprite: &Sprite,
                 rect: Rect,
                 (dx, dy): (u32, u32),
                 shadow: bool| {
        surface.stamp(sprite, rect.x + dx, rect.y + dy, shadow);
    };
    // Row-major order is top row first, so each row lands over the one above.
    for position in Position::all() {
        match game.slot(position) {
            Slot::Empty => {}
            Slot::FaceDown => stamp(surface, &sprites.back, card_rect(position), (0, 0), true),
            Slot::FaceUp(card) => stamp(
                surface,
                sprites.face(card),
                card_rect(position),
                (0, 0),
                true,
            ),
            Slot::Covered(card) => {
                let rect = card_rect(position);
                stamp(surface, sprites.face(card), rect, (0, 0), true);
                surface.veil(sprites.face(card), rect.x, rect.y, COVERED_VEIL);
            }
        }
    }
    let count = game.stock_len();
    match sprites.stock_top(count) {
        None => stamp(surface, &sprites.empty_slot, stock_rect(), (0, 0), false),
        Some(top) => {
            let below = stock_layers_below(count) as u32;
            for layer in (1..=below).rev() {
                stamp(
                    surface,
                    &sprites.back,
                    stock_rect(),
                    (layer * STOCK_LAYER_STEP.0, layer * STOCK_LAYER_STEP.1),
                    layer == below,
                );
            }
            stamp(surface, top, stock_rect(), (0, 0), below == 0);
        }
    }
    match game.waste() {
        Some(card) => stamp(surface, sprites.face(card), waste_rect(), (0, 0), true),
        None => stamp(surface, &sprites.empty_slot, waste_rect(), (0, 0), false),
    }
    let modes = game.modes();
    if modes.progressive() {
        let text = format!("#{}", game.round());
        tiles(surface, sprites, &text, ROUND_AT);
    }
    if modes.aisleriot() && game.status() == Status::Playing {
        let next = next_chain_value(modes, game.chain());
        let waste = waste_rect();
        let at = (
            waste.x + waste.width + CHAIN_GAP,
            waste.y + (waste.height - TILE_HEIGHT) / 2,
        );
        tiles(surface, sprites, &format!("+{next}"), at);
    }
    composer.stamps
}

/// Stamps `text` as a row of tiles from `(x, y)`; characters without a tile are skipped.
fn tiles(surface: &mut Composer, sprites: &Sprites, text: &str, (x, y): (u32, u32)) {
    for (i, character) in text.chars().enumerate() {
        if let Some(tile) = sprites.tile(character) {
            let left = x + i as u32 * (TILE_WIDTH + 1);
            surface.stamp(tile, left, y, false);
        }
    }
}
