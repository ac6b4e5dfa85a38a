//! PNG encoding of a composed board: 8-bit indexed colour with the fixed palette.
//!
//! The filter and compression are chosen by measurement (`benches/render.rs` compares them): on
//! palette images the PNG row filters, which predict a byte from its neighbours, only scramble
//! the indices, and deflate's matches already find the repeated rows of felt and card backs. No
//! filter with level 4 is the balance of size and time; higher levels cost more time than they
//! save bytes, and every filter makes the file larger (the figures: docs/performance.md,
//! "Choices made by measurement").
//!
//! Why the `png` crate and not `image` (which draws the stats card): `image` 0.25 writes only
//! RGB(A) and grey PNGs, no indexed colour with a palette, and the same pixels as RGB came out
//! larger and slower at every level (measured, same table). So the board stays indexed.

use png::{BitDepth, ColorType, DeflateCompression, Encoder, Filter};

use super::cards::Sprites;
use super::geometry::{HEIGHT, WIDTH};
use super::position::Board;

/// How to encode: the PNG row filter and the deflate setting.
#[derive(Debug, Clone, Copy)]
pub struct PngOptions {
    pub filter: Filter,
    pub compression: DeflateCompression,
}

/// The options `render` uses, chosen by measurement.
pub const PNG_OPTIONS: PngOptions = PngOptions {
    filter: Filter::NoFilter,
    compression: DeflateCompression::Level(4),
};

/// Encodes `board` as a PNG.
pub fn encode(board: &Board, options: PngOptions) -> Vec<u8> {
    let sprites = Sprites::get();
    let mut bytes = Vec::with_capacity(24 * 1024);
    let mut encoder = Encoder::new(&mut bytes, WIDTH, HEIGHT);
    encoder.set_color(ColorType::Indexed);
    encoder.set_depth(BitDepth::Eight);
    encoder.set_palette(sprites.palette.plte());
    encoder.set_filter(options.filter);
    encoder.set_deflate_compression(options.compression);
    // Writing a well-formed image into memory cannot fail: the board always has WIDTH × HEIGHT
    // pixels and the palette at most 256 colours.
    let mut writer = encoder
        .write_header()
        .expect("a PNG header writes to memory");
    writer
        .write_image_data(board.pixels())
        .expect("the board has exactly WIDTH × HEIGHT pixels");
    writer.finish().expect("a PNG finishes in memory");
    bytes
}
