//! The stats card: a player's key numbers large, a few lines of detail, and their last games as
//! a strip of bars (height = score, colour = won, blocked or abandoned), on the board's felt.
//!
//! Pure like the board: the texts arrive already in the player's language, and the same card
//! gives the same bytes. Unlike the board it is drawn per request in full colour straight into
//! an `image::RgbImage` (no sprite cache: every card has other words) and encoded with
//! `image`'s PNG encoder at its fast setting (see `encode_rgb`); `benches/render.rs` times it.

use std::sync::LazyLock;

use ab_glyph::{FontRef, PxScale};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbImage};

use super::palette::{FELT, FELT_DARK, INK_RED, Rgb};
use super::raster::{RoundedRect, Text, font};

pub const STATS_WIDTH: u32 = 800;
pub const STATS_HEIGHT: u32 = 400;

const MARGIN: f32 = 28.0;
pub(super) const WHITE: Rgb = [0xff, 0xff, 0xff];
pub(super) const SOFT: Rgb = [0xc9, 0xe4, 0xd1];
pub(super) const WON: Rgb = [0x5c, 0xd6, 0x7d];
pub(super) const BLOCKED: Rgb = INK_RED;
pub(super) const ABANDONED: Rgb = [0x9a, 0xa5, 0x9e];

static FONT: LazyLock<FontRef<'static>> = LazyLock::new(font);

/// How a game on the strip ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Won,
    Blocked,
    Abandoned,
}

/// One big number with its label, and an optional line under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tile {
    pub value: String,
    pub label: String,
    pub note: Option<String>,
}

/// Everything the card shows, in the player's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsCard {
    pub title: String,
    /// What the numbers cover ("all rules", "Classic rule").
    pub scope: String,
    pub tiles: [Tile; 4],
    /// Up to three lines of smaller text.
    pub lines: Vec<String>,
    pub strip_label: String,
    /// The winning times ("Fastest win 2:41 · average winning time 4:05"), drawn at the right
    /// of the strip's label; `None` when no won game kept its time.
    pub times: Option<String>,
    /// The last games, oldest first (at most 30 are drawn): how each ended and its score.
    pub strip: Vec<(Mark, u32)>,
}

impl StatsCard {
    /// A made-up player's card in English: the picture in docs/players.md, and what the bench
    /// draws.
    pub fn example() -> StatsCard {
        let tile = |value: &str, label: &str, note: Option<&str>| Tile {
            value: value.into(),
            label: label.into(),
            note: note.map(Into::into),
        };
        let strip = (0..30u32)
            .map(|i| match i % 7 {
                2 => (Mark::Blocked, 420 + i * 3),
                5 => (Mark::Abandoned, 488),
                _ => (Mark::Won, 700 + (i * 37) % 72),
            })
            .collect();
        StatsCard {
            title: "ann · TriPeaks".into(),
            scope: "all rules".into(),
            tiles: [
                tile("30", "Played", None),
                tile("70 %", "Win rate", None),
                tile("3", "Streak", Some("best 5")),
                tile("771", "Best score", None),
            ],
            lines: vec![
                "21 won · 5 blocked · 4 abandoned".into(),
                "Average win 736 · Fewest moves 31 · Longest chain 19 · Hints 4".into(),
                "Last 30 days: 30 played, 21 won · Daily streak 2".into(),
            ],
            strip_label: "Last 30 games".into(),
            times: Some("Fastest win 2:41 · average winning time 4:05".into()),
            strip,
        }
    }
}

/// The card as PNG bytes.
pub fn render_stats(card: &StatsCard) -> Vec<u8> {
    encode_rgb(&draw_stats(card))
}

/// The card as pixels.
pub fn draw_stats(card: &StatsCard) -> RgbImage {
    let mut image = RgbImage::from_pixel(STATS_WIDTH, STATS_HEIGHT, image::Rgb(FELT));
    let right = STATS_WIDTH as f32 - MARGIN;
    draw_text(
        &mut image,
        &card.title,
        30.0,
        WHITE,
        Anchor::Left(MARGIN),
        24.0,
        560.0,
    );
    draw_text(
        &mut image,
        &card.scope,
        20.0,
        SOFT,
        Anchor::Right(right),
        30.0,
        180.0,
    );

    let gap = 16.0;
    let tile_width = (right - MARGIN - 3.0 * gap) / 4.0;
    for (i, tile) in card.tiles.iter().enumerate() {
        let left = MARGIN + i as f32 * (tile_width + gap);
        let rect = RoundedRect {
            left,
            top: 72.0,
            right: left + tile_width,
            bottom: 196.0,
            radius: 12.0,
        };
        fill_rounded(&mut image, rect, FELT_DARK);
        let centre = Anchor::Centre(left + tile_width / 2.0);
        let width = tile_width - 12.0;
        draw_text(&mut image, &tile.value, 48.0, WHITE, centre, 84.0, width);
        draw_text(&mut image, &tile.label, 18.0, SOFT, centre, 146.0, width);
        if let Some(note) = &tile.note {
            draw_text(&mut image, note, 15.0, SOFT, centre, 172.0, width);
        }
    }

    let width = right - MARGIN;
    draw_lines(&mut image, &card.lines, (214.0, 28.0), 19.0, MARGIN, width);

    draw_text(
        &mut image,
        &card.strip_label,
        16.0,
        SOFT,
        Anchor::Left(MARGIN),
        298.0,
        400.0,
    );
    if let Some(times) = &card.times {
        draw_text(
            &mut image,
            times,
            16.0,
            SOFT,
            Anchor::Right(right),
            298.0,
            320.0,
        );
    }
    let shown = &card.strip[card.strip.len().saturating_sub(30)..];
    let (bar, bar_gap, floor, tallest) = (20.0, 4.8, 386.0, 40.0);
    // Heights on one scale for every card (a perfect standard game scores 772), so bars can be
    // compared between players; the score is written over each bar.
    for (i, &(mark, score)) in shown.iter().enumerate() {
        let left = MARGIN + i as f32 * (bar + bar_gap);
        let height = 4.0 + (tallest - 4.0) * (score.min(772) as f32 / 772.0);
        let above = floor - height - 13.0;
        let centre = Anchor::Centre(left + bar / 2.0);
        draw_text(
            &mut image,
            &score.to_string(),
            11.0,
            SOFT,
            centre,
            above,
            bar + bar_gap,
        );
        let colour = match mark {
            Mark::Won => WON,
            Mark::Blocked => BLOCKED,
            Mark::Abandoned => ABANDONED,
        };
        let rect = RoundedRect {
            left,
            top: floor - height,
            right: left + bar,
            bottom: floor,
            radius: 3.0,
        };
        fill_rounded(&mut image, rect, colour);
    }
    image
}

/// Where a line of text sits horizontally.
#[derive(Debug, Clone, Copy)]
pub(super) enum Anchor {
    Left(f32),
    Centre(f32),
    Right(f32),
}

/// Up to three lines of white text from `left`, the first's top and the step between them in
/// `rows`.
pub(super) fn draw_lines(
    image: &mut RgbImage,
    lines: &[String],
    rows: (f32, f32),
    size: f32,
    left: f32,
    max_width: f32,
) {
    for (i, line) in lines.iter().take(3).enumerate() {
        let top = rows.0 + i as f32 * rows.1;
        draw_text(image, line, size, WHITE, Anchor::Left(left), top, max_width);
    }
}

/// Draws one line of text with its ink's top at `top`, shrunk to fit `max_width` if needed.
pub(super) fn draw_text(
    image: &mut RgbImage,
    text: &str,
    size: f32,
    colour: Rgb,
    anchor: Anchor,
    top: f32,
    max_width: f32,
) {
    if text.is_empty() {
        return;
    }
    let mut laid = Text::new(&FONT, text, PxScale::from(size), 0.0);
    if laid.width() > max_width {
        let fitted = size * max_width / laid.width();
        laid = Text::new(&FONT, text, PxScale::from(fitted.max(8.0)), 0.0);
    }
    let left = match anchor {
        Anchor::Left(x) => x,
        Anchor::Centre(x) => x - laid.width() / 2.0,
        Anchor::Right(x) => x - laid.width(),
    };
    let dx = (left - laid.bounds[0]).round() as i32;
    let dy = (top - laid.bounds[1]).round() as i32;
    for glyph in &laid.glyphs {
        let bounds = glyph.px_bounds();
        let (x0, y0) = (bounds.min.x as i32 + dx, bounds.min.y as i32 + dy);
        glyph.draw(|x, y, coverage| blend(image, x0 + x as i32, y0 + y as i32, colour, coverage));
    }
}

/// Fills a rounded rectangle, anti-aliased, visiting only its bounding box. Coverage (a signed
/// distance per pixel) is worked out only on the rim and in the corners; the inside is a plain
/// fill, which is most of the pixels and most of the time saved.
pub(super) fn fill_rounded(image: &mut RgbImage, rect: RoundedRect, colour: Rgb) {
    let (x0, y0) = (rect.left.floor() as i32, rect.top.floor() as i32);
    let (x1, y1) = (rect.right.ceil() as i32, rect.bottom.ceil() as i32);
    let bend = rect.radius + 1.0;
    for y in y0..y1 {
        let fy = y as f32 + 0.5;
        let rim_y = fy < rect.top + 1.0 || fy > rect.bottom - 1.0;
        let corner_y = fy < rect.top + bend || fy > rect.bottom - bend;
        for x in x0..x1 {
            let fx = x as f32 + 0.5;
            let rim = rim_y || fx < rect.left + 1.0 || fx > rect.right - 1.0;
            let corner = corner_y && (fx < rect.left + bend || fx > rect.right - bend);
            if rim || corner {
                blend(image, x, y, colour, rect.coverage(fx, fy));
            } else if x >= 0 && y >= 0 && (x as u32) < image.width() && (y as u32) < image.height()
            {
                image.put_pixel(x as u32, y as u32, image::Rgb(colour));
            }
        }
    }
}

fn blend(image: &mut RgbImage, x: i32, y: i32, colour: Rgb, coverage: f32) {
    if coverage <= 0.0 || x < 0 || y < 0 || x as u32 >= image.width() || y as u32 >= image.height()
    {
        return;
    }
    if coverage >= 1.0 {
        image.put_pixel(x as u32, y as u32, image::Rgb(colour));
        return;
    }
    let pixel = &mut image.get_pixel_mut(x as u32, y as u32).0;
    for channel in 0..3 {
        let (from, to) = (f32::from(pixel[channel]), f32::from(colour[channel]));
        pixel[channel] = (from + (to - from) * coverage).round() as u8;
    }
}

/// A full-colour PNG: `image`'s fast deflate with adaptive row filters.
///
/// Chosen by measurement (docs/performance.md, "Choices made by measurement"): the smallest file
/// among the fast settings, where the slower levels cost several times the time for little. The
/// anti-aliased text is what costs bytes. The whole card, drawn and encoded, stays inside its
/// budget (docs/performance.md, "Speed and size").
pub fn encode_rgb(image: &RgbImage) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(64 * 1024);
    let encoder =
        PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Adaptive);
    // Encoding a well-formed in-memory image into a Vec cannot fail.
    encoder
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("an in-memory RGB image encodes");
    bytes
}
