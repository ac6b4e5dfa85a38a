//! PNG encoding of a composed board: 8-bit indexed colour with the fixed palette.
//!
//! The filter and compression are chosen by measurement (`benches/render.rs` compares them): on
//! palette images the PNG row filters, which predict a byte from its neighbours, only scramble
//! the indices, and deflate's matches already find the repeated rows of felt and card backs.
//! Measured on the mid-game board (zlib-rs backend): no filter with level 4 gives 11.7 KB in
//! about 0.5 ms; level 6 saves 1.4 KB for twice the time, level 1 costs 6 KB, and every filter
//! makes the file 10–15 % larger at the same level.
//!
//! Why the `png` crate and not `image` (which draws the stats card): `image` 0.25 writes only
//! RGB(A) and grey PNGs, no indexed colour with a palette. Measured on a mid-game board (release
//! build): indexed here 13.0 KB; the same pixels as RGB through `image` are 138.8 KB at its fast
//! setting (1.1 ms), 21.2 KB at its default level (3.2 ms) and 16.1 KB at its best (8.2 ms). So
//! the board stays indexed, a third of the size in a sixth of the time.

use png::{BitDepth, ColorType, DeflateCompression, Encoder, Filter};

use super::board::Board;
use super::cards::Sprites;
use super::geometry::{HEIGHT, WIDTH};

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
