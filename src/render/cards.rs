//! The card designs, painted once: the 52 faces and the joker, the back, the top of the stock with its count,
//! the empty stock slot, and the small tiles that spell the modes' numbers (the round, the
//! chain's next value) one character each. `Sprites::get()` builds them on first use and keeps them for the
//! life of the process.
//!
//! Faces follow the "large index" style of phone solitaire apps, because a card is only about
//! 36 points wide on a phone: a big rank in the top-left corner, the suit beside it, and one large
//! suit pip below (framed in gold on the court cards J, Q, K, which have no room for figures).
//! The joker of the wild card keeps that grammar so that it reads at the same size: "JK" in the
//! corner where a rank goes (squeezed like "10"), and one large red star in a gold court frame,
//! a shape no other card has (no suit symbol anywhere, so it cannot be taken for a Jack).

use std::sync::LazyLock;

use ab_glyph::{FontRef, PxScale};

use super::geometry::{CARD_HEIGHT, CARD_RADIUS, CARD_WIDTH};
use super::palette::{
    BACK, BACK_LINE, BADGE, BADGE_TEXT, CARD_EDGE, COURT_FRAME, COURT_TINT, FACE, FELT_DARK,
    INK_BLACK, INK_RED, Palette, Rgb, SLOT_LINE,
};
use super::raster::{Canvas, RoundedRect, Text, font};
use super::sprite::{Shadow, Sprite, Tables};
use crate::game::{Card, STOCK_SIZE, Suit};

/// The height of a rank's capital letters and digits, in pixels.
const RANK_CAP_HEIGHT: f32 = 27.0;
/// The height of the suit beside the rank.
const CORNER_SUIT_HEIGHT: f32 = 21.0;
/// The height of the large pip.
const PIP_HEIGHT: f32 = 42.0;
/// The height of the digits of the stock count.
const COUNT_HEIGHT: f32 = 20.0;
/// A tile of the modes' numbers: its size, and the height of its digits.
pub const TILE_WIDTH: u32 = 15;
pub const TILE_HEIGHT: u32 = 22;
const TILE_DIGIT_HEIGHT: f32 = 13.0;
/// The characters there are tiles for.
const TILE_CHARACTERS: &str = "0123456789+#";
/// The longest stock: 23 cards, one more with an empty waste, one more with the joker.
const LONGEST_STOCK: usize = STOCK_SIZE + 2;

/// Every sprite the board is composed of, with the palette and tables they index.
pub struct Sprites {
    pub palette: Palette,
    pub tables: Tables,
    /// Indexed by `Card::index()` (the joker last).
    pub faces: Vec<Sprite>,
    pub back: Sprite,
    /// The top of the stock for each count 1..=25, the count on a badge.
    pub stock_tops: Vec<Sprite>,
    pub empty_slot: Sprite,
    /// One tile per character of `TILE_CHARACTERS`, in that order.
    pub tiles: Vec<Sprite>,
}

static SPRITES: LazyLock<Sprites> = LazyLock::new(Sprites::build);

impl Sprites {
    /// The sprites, built on first use.
    pub fn get() -> &'static Sprites {
        &SPRITES
    }

    fn build() -> Sprites {
        let font = font();
        let mut palette = Palette::new();
        let mut tables = Tables::new(&mut palette);
        let mut sprite = |canvas: &Canvas, shape: RoundedRect, shadow: Option<Shadow>| {
            Sprite::new(
                canvas,
                |x, y| shape.coverage(x, y),
                shadow,
                &mut palette,
                &mut tables,
            )
        };
        let outline = card_outline();
        let shadow = Some(Shadow {
            shape: outline,
            dx: 1.0,
            dy: 2.0,
            blur: 1.5,
            strength: 3,
        });
        let faces = Card::all()
            .map(|card| paint_face(&font, card))
            .chain([paint_joker(&font)])
            .map(|canvas| sprite(&canvas, outline, shadow))
            .collect();
        let back_canvas = paint_back();
        let back = sprite(&back_canvas, outline, shadow);
        let stock_tops = (1..=LONGEST_STOCK)
            .map(|count| {
                sprite(
                    &paint_stock_top(&font, &back_canvas, count),
                    outline,
                    shadow,
                )
            })
            .collect();
        let empty_slot = sprite(&paint_empty_slot(), outline, None);
        let tile_shape = RoundedRect {
            left: 0.0,
            top: 0.0,
            right: TILE_WIDTH as f32,
            bottom: TILE_HEIGHT as f32,
            radius: 3.0,
        };
        let tiles = TILE_CHARACTERS
            .chars()
            .map(|c| sprite(&paint_tile(&font, c), tile_shape, None))
            .collect();
        Sprites {
            palette,
            tables,
            faces,
            back,
            stock_tops,
            empty_slot,
            tiles,
        }
    }

    pub fn face(&self, card: Card) -> &Sprite {
        &self.faces[usize::from(card.index())]
    }

    /// The tile of a character, if there is one.
    pub fn tile(&self, character: char) -> Option<&Sprite> {
        TILE_CHARACTERS
            .chars()
            .position(|c| c == character)
            .map(|i| &self.tiles[i])
    }

    /// The top of a stock of `count` cards (1..=25), with the count on it.
    pub fn stock_top(&self, count: usize) -> Option<&Sprite> {
        count.checked_sub(1).and_then(|i| self.stock_tops.get(i))
    }
}

fn card_outline() -> RoundedRect {
    RoundedRect {
        left: 0.0,
        top: 0.0,
        right: CARD_WIDTH as f32,
        bottom: CARD_HEIGHT as f32,
        radius: CARD_RADIUS,
    }
}

/// A canvas the size of a card, filled with its edge colour (what anti-aliased rims mix in).
fn card_canvas(edge: Rgb) -> Canvas {
    Canvas::new(CARD_WIDTH as usize, CARD_HEIGHT as usize, edge)
}

/// The pixel scale at which the font's capital "H" (or `sample`) is `height` pixels tall.
fn scale_for_height(font: &FontRef<'static>, sample: &str, height: f32) -> f32 {
    let probe = Text::new(font, sample, PxScale::from(100.0), 0.0);
    100.0 * height / probe.height()
}

fn ink(suit: Suit) -> Rgb {
    if suit.is_red() { INK_RED } else { INK_BLACK }
}

/// The rank text in the corner, squeezed a little when it has two characters ("10", "JK") so
/// that it fits beside the suit like one letter does.
fn corner_text(font: &FontRef<'static>, text: &str) -> Text {
    let size = scale_for_height(font, "H", RANK_CAP_HEIGHT);
    let (squeeze, tracking) = if text.len() > 1 {
        (0.78, -1.5)
    } else {
        (1.0, 0.0)
    };
    Text::new(
        font,
        text,
        PxScale {
            x: size * squeeze,
            y: size,
        },
        tracking,
    )
}

/// The gold frame of the court cards (and the joker) around the pip.
fn court_frame(canvas: &mut Canvas) {
    let frame = RoundedRect {
        left: 10.0,
        top: 42.0,
        right: CARD_WIDTH as f32 - 10.0,
        bottom: CARD_HEIGHT as f32 - 8.0,
        radius: 4.0,
    };
    canvas.fill(COURT_FRAME, |x, y| frame.coverage(x, y));
    canvas.fill(COURT_TINT, |x, y| frame.inset(2.0).coverage(x, y));
}

/// The joker: "JK" in the corner, a large five-pointed star in the court frame.
fn paint_joker(font: &FontRef<'static>) -> Canvas {
    let mut canvas = card_canvas(CARD_EDGE);
    canvas.fill(FACE, |x, y| card_outline().inset(1.2).coverage(x, y));
    corner_text(font, "JK").draw_at(&mut canvas, INK_BLACK, 5.0, 7.0);
    court_frame(&mut canvas);
    let star = Star::new(CARD_WIDTH as f32 / 2.0, 68.0, 19.0);
    canvas.fill(INK_RED, |x, y| star.coverage(x, y));
    canvas
}

/// A five-pointed star, point up, as a polygon of 10 corners.
struct Star {
    corners: [(f32, f32); 10],
}

impl Star {
    fn new(x: f32, y: f32, radius: f32) -> Star {
        let corners = std::array::from_fn(|i| {
            let r = if i % 2 == 0 { radius } else { radius * 0.42 };
            let angle = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
            (x + r * angle.cos(), y + r * angle.sin())
        });
        Star { corners }
    }

    fn contains(&self, x: f32, y: f32) -> bool {
        let mut inside = false;
        for i in 0..10 {
            let (x1, y1) = self.corners[i];
            let (x2, y2) = self.corners[(i + 9) % 10];
            if (y1 > y) != (y2 > y) && x < x1 + (y - y1) * (x2 - x1) / (y2 - y1) {
                inside = !inside;
            }
        }
        inside
    }

    /// How much of the pixel at (`x`, `y`) the star covers, by 4 × 4 samples.
    fn coverage(&self, x: f32, y: f32) -> f32 {
        let hits = (0..16)
            .filter(|k| {
                let (dx, dy) = ((k % 4) as f32 + 0.5, (k / 4) as f32 + 0.5);
                self.contains(x + dx / 4.0 - 0.5, y + dy / 4.0 - 0.5)
            })
            .count();
        hits as f32 / 16.0
    }
}

fn paint_face(font: &FontRef<'static>, card: Card) -> Canvas {
    let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else {
        return paint_joker(font);
    };
    let mut canvas = card_canvas(CARD_EDGE);
    canvas.fill(FACE, |x, y| card_outline().inset(1.2).coverage(x, y));
    let colour = ink(suit);
    let rank = rank.text();
    let rank_text = corner_text(font, rank);
    rank_text.draw_at(&mut canvas, colour, 5.0, 7.0);
    let court = card.rank().is_some_and(|rank| rank.value() > 10);
    let suit = suit.symbol().to_string();
    let corner_suit = Text::new(
        font,
        &suit,
        PxScale::from(scale_for_height(font, &suit, CORNER_SUIT_HEIGHT)),
        0.0,
    );
    let rank_middle = 7.0 + rank_text.height() / 2.0;
    let suit_right = CARD_WIDTH as f32 - 5.0;
    corner_suit.draw_centred(
        &mut canvas,
        colour,
        suit_right - corner_suit.width() / 2.0,
        rank_middle,
    );
    let pip_height = if court { PIP_HEIGHT - 10.0 } else { PIP_HEIGHT };
    let pip = Text::new(
        font,
        &suit,
        PxScale::from(scale_for_height(font, &suit, pip_height)),
        0.0,
    );
    let (pip_x, pip_y) = (CARD_WIDTH as f32 / 2.0, 66.0);
    if court {
        court_frame(&mut canvas);
    }
    pip.draw_centred(&mut canvas, colour, pip_x, pip_y);
    canvas
}

fn paint_back() -> Canvas {
    let mut canvas = card_canvas(CARD_EDGE);
    canvas.fill(FACE, |x, y| card_outline().inset(1.2).coverage(x, y));
    let panel = card_outline().inset(4.5);
    canvas.fill(BACK, |x, y| panel.coverage(x, y));
    // A diagonal lattice, clipped to the panel less a plain border.
    let lattice = panel.inset(3.0);
    let period = 9.0;
    let half_width = 0.7;
    canvas.fill(BACK_LINE, |x, y| {
        let inside = lattice.coverage(x, y);
        if inside == 0.0 {
            return 0.0;
        }
        let line = |t: f32| {
            let along = (t - (t / period).round() * period).abs();
            (half_width + 0.5 - along / std::f32::consts::SQRT_2).clamp(0.0, 1.0)
        };
        inside * line(x + y).max(line(x - y))
    });
    canvas
}

fn paint_stock_top(font: &FontRef<'static>, back: &Canvas, count: usize) -> Canvas {
    let mut canvas = back.clone();
    let digits = count.to_string();
    let size = scale_for_height(font, "0", COUNT_HEIGHT);
    let text = Text::new(font, &digits, PxScale::from(size), 0.0);
    let (x, y) = (CARD_WIDTH as f32 / 2.0, CARD_HEIGHT as f32 / 2.0);
    let half_width = (text.width() / 2.0 + 8.0).max(17.0);
    let half_height = COUNT_HEIGHT / 2.0 + 7.0;
    let badge = RoundedRect {
        left: x - half_width,
        top: y - half_height,
        right: x + half_width,
        bottom: y + half_height,
        radius: half_height,
    };
    canvas.fill(BADGE, |px, py| badge.coverage(px, py));
    text.draw_centred(&mut canvas, BADGE_TEXT, x, y);
    canvas
}

fn paint_tile(font: &FontRef<'static>, character: char) -> Canvas {
    let mut canvas = Canvas::new(TILE_WIDTH as usize, TILE_HEIGHT as usize, BADGE);
    let text = character.to_string();
    let size = scale_for_height(font, "0", TILE_DIGIT_HEIGHT);
    Text::new(font, &text, PxScale::from(size), 0.0).draw_centred(
        &mut canvas,
        BADGE_TEXT,
        TILE_WIDTH as f32 / 2.0,
        TILE_HEIGHT as f32 / 2.0,
    );
    canvas
}

fn paint_empty_slot() -> Canvas {
    let mut canvas = card_canvas(SLOT_LINE);
    canvas.fill(FELT_DARK, |x, y| card_outline().inset(2.5).coverage(x, y));
    canvas
}

#[cfg(test)]
mod tests {
    use super::*;
    use ab_glyph::Font;

    #[test]
    fn the_font_measures_as_expected() {
        let font = font();
        let size = scale_for_height(&font, "H", RANK_CAP_HEIGHT);
        let text = Text::new(&font, "H", PxScale::from(size), 0.0);
        assert!((text.height() - RANK_CAP_HEIGHT).abs() < 0.5);
        assert!(font.glyph_id('♠').0 != 0);
    }
}
