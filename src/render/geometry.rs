//! Where everything sits in the picture: the image size, the card size, and the rectangle of
//! every tableau position, the stock and the waste.
//!
//! The picture is 800 × 400: Discord shows it about 400 px wide on a phone, on screens with two
//! or three device pixels per point, so it is drawn sharp at twice that and every letter is sized
//! to stay readable at half size. The peaks follow the usual layout: the bottom row of ten cards
//! side by side, each upper card centred over the two that cover it, each row half a card lower
//! than the one above so that it covers that row's lower half.

use crate::game::Position;

/// The width of the picture in pixels.
pub const WIDTH: u32 = 800;
/// The height of the picture in pixels.
pub const HEIGHT: u32 = 400;

/// The width of a card in pixels.
pub const CARD_WIDTH: u32 = 72;
/// The height of a card in pixels.
pub const CARD_HEIGHT: u32 = 100;
/// The radius of a card's rounded corners.
pub const CARD_RADIUS: f32 = 6.0;

/// From one bottom-row card to the next.
const PITCH: u32 = CARD_WIDTH + 6;
/// From one row to the next: half a card.
const ROW_STEP: u32 = CARD_HEIGHT / 2;
/// The left edge of the bottom row, which centres the ten cards.
const LEFT: u32 = (WIDTH - (9 * PITCH + CARD_WIDTH)) / 2;
/// The top edge of the peak tops.
const TOP: u32 = 12;
/// The top edge of the stock and waste, under the bottom row.
const PILE_TOP: u32 = TOP + 3 * ROW_STEP + CARD_HEIGHT + 14;
/// The space between the stock and the waste.
const PILE_GAP: u32 = 24;

/// How far apart, to the right and down, the cards under the top of the stock are drawn: far
/// enough down that each shows its edge line and a line of its white margin.
pub const STOCK_LAYER_STEP: (u32, u32) = (1, 2);
/// How many cards of the stock each visible layer stands for.
pub const CARDS_PER_STOCK_LAYER: usize = 3;

/// A rectangle of pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rect {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

impl Rect {
    fn card(x: u32, y: u32) -> Rect {
        Rect {
            x,
            y,
            width: CARD_WIDTH,
            height: CARD_HEIGHT,
        }
    }

    /// The pixel at (dx, dy) from the top-left corner.
    pub fn at(self, dx: u32, dy: u32) -> (u32, u32) {
        (self.x + dx, self.y + dy)
    }

    /// Whether the pixel (x, y) lies inside.
    pub fn contains(self, x: u32, y: u32) -> bool {
        (self.x..self.x + self.width).contains(&x) && (self.y..self.y + self.height).contains(&y)
    }
}

/// The rectangle a tableau card takes when it is there.
pub fn card_rect(position: Position) -> Rect {
    let column = position.column() as u32;
    let half = PITCH / 2;
    let x = match position.row() {
        0 => 3 * column * PITCH + PITCH + half,
        1 => (3 * (column / 2) + column % 2 + 1) * PITCH,
        2 => column * PITCH + half,
        _ => column * PITCH,
    };
    Rect::card(LEFT + x, TOP + position.row() as u32 * ROW_STEP)
}

/// The rectangle of the top card of the stock (or of the empty slot when it is used up).
pub fn stock_rect() -> Rect {
    Rect::card(WIDTH / 2 - PILE_GAP / 2 - CARD_WIDTH, PILE_TOP)
}

/// The rectangle of the waste card.
pub fn waste_rect() -> Rect {
    Rect::card(WIDTH / 2 + PILE_GAP / 2, PILE_TOP)
}

/// How many cards are drawn under the top of a stock of `count` cards, to show its thickness.
pub fn stock_layers_below(count: usize) -> usize {
    count.div_ceil(CARDS_PER_STOCK_LAYER).saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::STOCK_SIZE;

    fn pos(row: usize, column: usize) -> Position {
        Position::at(row, column).unwrap()
    }

    #[test]
    fn each_card_is_centred_over_the_two_that_cover_it() {
        for position in Position::all().filter(|p| p.row() < 3) {
            let rect = card_rect(position);
            let covers: Vec<Rect> = crate::game::positions_in(position.covered_by())
                .map(card_rect)
                .collect();
            assert_eq!(covers.len(), 2);
            assert_eq!(2 * rect.x, covers[0].x + covers[1].x, "{position:?}");
            assert_eq!(rect.y + CARD_HEIGHT / 2, covers[0].y);
        }
    }

    #[test]
    fn the_bottom_row_is_centred_and_everything_fits() {
        let first = card_rect(pos(3, 0));
        let last = card_rect(pos(3, 9));
        assert_eq!(first.x, WIDTH - (last.x + CARD_WIDTH));
        let layers = stock_layers_below(STOCK_SIZE) as u32;
        let stock = stock_rect();
        assert!(stock.y + CARD_HEIGHT + layers * STOCK_LAYER_STEP.1 + 4 < HEIGHT);
        assert!(stock.y > last.y + CARD_HEIGHT);
        assert!(waste_rect().x > stock.x + CARD_WIDTH + layers * STOCK_LAYER_STEP.0 + 4);
        for position in Position::all() {
            let rect = card_rect(position);
            assert!(rect.x + rect.width < WIDTH && rect.y + rect.height < HEIGHT);
        }
    }

    #[test]
    fn stock_thickness_follows_the_count() {
        assert_eq!(stock_layers_below(1), 0);
        assert_eq!(stock_layers_below(3), 0);
        assert_eq!(stock_layers_below(4), 1);
        assert_eq!(stock_layers_below(STOCK_SIZE), 7);
    }
}
