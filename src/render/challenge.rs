//! A challenge's result as a picture: the title and the deal, one row per player best first
//! (place, name, how their game ended, score, moves; the winner's row lit), and a few lines
//! under them (the winner or a tie, the head-to-head, par). Posted with the result, and the
//! picture of one in docs/players.md.
//!
//! Drawn like the stats card (full colour into an `image::RgbImage`, its text helpers), from
//! texts already in the player's language; names are drawn as they were written, never read as
//! markdown.

use image::RgbImage;

use super::palette::{FELT, FELT_DARK};
use super::raster::RoundedRect;
use super::stats::{
    ABANDONED, Anchor, BLOCKED, Mark, SOFT, WHITE, WON, draw_lines, draw_text, encode_rgb,
    fill_rounded,
};

pub const RESULT_WIDTH: u32 = 800;
const MARGIN: f32 = 28.0;
const ROW: f32 = 40.0;
const ROWS_TOP: f32 = 96.0;
const LINE: f32 = 28.0;

/// One player's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultRow {
    pub place: String,
    pub name: String,
    /// How their game ended, in words.
    pub outcome: String,
    pub mark: Mark,
    /// "610 points · 38 moves", in words.
    pub numbers: String,
    pub winner: bool,
}

/// Everything the picture shows, in the player's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultCard {
    pub title: String,
    /// The rule, the modes and the code.
    pub deal: String,
    /// At most 10 (a challenge's most players).
    pub rows: Vec<ResultRow>,
    /// At most three lines under the rows.
    pub lines: Vec<String>,
}

impl ResultCard {
    /// A made-up duel in English: the picture in docs/players.md.
    pub fn example() -> ResultCard {
        let row = |place: &str, name: &str, outcome: &str, mark, numbers: &str, winner| ResultRow {
            place: place.into(),
            name: name.into(),
            outcome: outcome.into(),
            mark,
            numbers: numbers.into(),
            winner,
        };
        ResultCard {
            title: "Challenge result".into(),
            deal: "Easy, standard game, deal TP1-E-KQHBXMA".into(),
            rows: vec![
                row("1", "ann", "won", Mark::Won, "612 points · 37 moves", true),
                row(
                    "2",
                    "ben",
                    "blocked",
                    Mark::Blocked,
                    "388 points · 41 moves",
                    false,
                ),
            ],
            lines: vec!["ann wins!".into(), "Head to head: ann leads ben 3–2".into()],
        }
    }

    /// The picture's height: the rows and lines it holds.
    pub fn height(&self) -> u32 {
        let rows = self.rows.len().min(10) as f32;
        let lines = self.lines.len().min(3) as f32;
        (ROWS_TOP + rows * ROW + 12.0 + lines * LINE + 20.0).ceil() as u32
    }
}

/// The card as PNG bytes.
pub fn render_result(card: &ResultCard) -> Vec<u8> {
    encode_rgb(&draw_result(card))
}

/// The card as pixels.
pub fn draw_result(card: &ResultCard) -> RgbImage {
    let mut image = RgbImage::from_pixel(RESULT_WIDTH, card.height(), image::Rgb(FELT));
    let right = RESULT_WIDTH as f32 - MARGIN;
    let width = right - MARGIN;
    draw_text(
        &mut image,
        &card.title,
        30.0,
        WHITE,
        Anchor::Left(MARGIN),
        22.0,
        width,
    );
    draw_text(
        &mut image,
        &card.deal,
        18.0,
        SOFT,
        Anchor::Left(MARGIN),
        62.0,
        width,
    );
    for (i, row) in card.rows.iter().take(10).enumerate() {
        let top = ROWS_TOP + i as f32 * ROW;
        let rect = RoundedRect {
            left: MARGIN,
            top,
            right,
            bottom: top + ROW - 6.0,
            radius: 8.0,
        };
        if row.winner {
            fill_rounded(&mut image, rect, FELT_DARK);
        }
        let colour = match row.mark {
            Mark::Won => WON,
            Mark::Blocked => BLOCKED,
            Mark::Abandoned => ABANDONED,
        };
        let dot = RoundedRect {
            left: MARGIN + 44.0,
            top: top + 10.0,
            right: MARGIN + 58.0,
            bottom: top + 24.0,
            radius: 7.0,
        };
        fill_rounded(&mut image, dot, colour);
        let text_top = top + 9.0;
        let place = Anchor::Left(MARGIN + 12.0);
        draw_text(&mut image, &row.place, 20.0, WHITE, place, text_top, 30.0);
        let name = Anchor::Left(MARGIN + 72.0);
        draw_text(&mut image, &row.name, 20.0, WHITE, name, text_top, 300.0);
        let outcome = Anchor::Left(MARGIN + 384.0);
        draw_text(
            &mut image,
            &row.outcome,
            18.0,
            SOFT,
            outcome,
            text_top + 1.0,
            120.0,
        );
        let numbers = Anchor::Right(right - 12.0);
        draw_text(
            &mut image,
            &row.numbers,
            18.0,
            WHITE,
            numbers,
            text_top + 1.0,
            230.0,
        );
    }
    let below = ROWS_TOP + card.rows.len().min(10) as f32 * ROW + 12.0;
    draw_lines(&mut image, &card.lines, (below, LINE), 19.0, MARGIN, width);
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_grows_with_its_players_and_draws_the_same_bytes() {
        let duel = ResultCard::example();
        let mut group = duel.clone();
        group.rows = (1..=10)
            .map(|n| ResultRow {
                place: n.to_string(),
                ..duel.rows[1].clone()
            })
            .collect();
        assert!(group.height() > duel.height());
        let image = draw_result(&group);
        assert_eq!(
            (image.width(), image.height()),
            (RESULT_WIDTH, group.height())
        );
        let png = render_result(&duel);
        assert_eq!(&png[1..4], b"PNG");
        assert_eq!(png, render_result(&duel), "deterministic");
        // The winner's row is lit: its background differs from the felt.
        let lit = draw_result(&duel);
        let y = (ROWS_TOP + 3.0) as u32;
        assert_ne!(lit.get_pixel(700, y).0, FELT);
        let y = (ROWS_TOP + ROW + 3.0) as u32;
        assert_eq!(lit.get_pixel(700, y).0, FELT);
    }
}
