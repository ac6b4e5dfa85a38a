//! The board's PNG made of cached bands: a tap changes a few cards, so most of the picture was
//! already compressed for the player's previous board (or for anyone's: the felt between the
//! peaks and the stock looks the same in every game).
//!
//! The image is cut into bands of `BAND_ROWS` rows. Each band's bytes (a filter byte and the
//! palette indices of each row, as PNG stores them) are deflated on their own, ending with a sync
//! flush on a byte boundary, so that any sequence of such pieces is one valid deflate stream; a
//! final empty block and the Adler-32 of the whole (combined from the bands' own) close the zlib
//! stream. A band's pixels are a function of the stamps that reach its rows (`Board::stamps`),
//! so the cache is keyed by the band's place and those stamps: an exact key, no pixel is hashed
//! or compared, and a band found in the cache is never wrong. The decoded image is the one
//! `encode` gives (`tests.rs` holds them equal over whole games); only the bytes differ.
//!
//! Measured in `benches/render.rs` (the figures: docs/performance.md, "Choices made by
//! measurement"): a tap costs a fraction of one stream's deflate, and a board already sent almost
//! nothing; the price is size, a board larger than one stream at level 4 (level 1 is deflate's fast
//! path with fixed codes).
//!
//! `render_banded`, what the bot calls, looks the bands up before composing anything and paints
//! only the stamps that reach a missed band, onto a buffer kept per thread (cheaper than drawing
//! the whole board first).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, LazyLock, Mutex};

use flate2::{Compress, Compression, FlushCompress};
use foldhash::fast::FixedState;

use super::cards::Sprites;
use super::geometry::{HEIGHT, WIDTH};
use super::position::{self, Board, Stamped};
use crate::game::Game;

/// How many rows a band holds: small enough that a tap leaves most bands as they were, large
/// enough that each band still finds its repeats (chosen by measurement, `benches/render.rs`).
pub const BAND_ROWS: u32 = 20;

/// How many bands the cache keeps (full, it adds about 15–20 MB to the bot's peak RSS under the
/// load generator, keys, compressed bytes and the map's room together):
/// a tap compresses about half of a board's 20 bands anew, so this holds the previous board of
/// some 400 players tapping in turn (the felt bands are shared by all).
const CACHE_BANDS: usize = 4096;

/// The deflate level of every band: 1, zlib-rs's fast path, a quarter of level 4's time for
/// half again the bytes (chosen by measurement: deflate was the largest part of a tap's CPU).
const LEVEL: u32 = 1;

const BANDS: usize = HEIGHT.div_ceil(BAND_ROWS) as usize;

/// A band's place and the stamps that reach it, in the order they were stamped.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct BandKey {
    band: u16,
    stamps: Box<[Stamped]>,
}

/// One band, compressed.
#[derive(Debug)]
struct Band {
    deflated: Vec<u8>,
    /// The Adler-32 of the band's uncompressed bytes.
    adler: u32,
}

/// The bands seen last, first in first out, by a hash of their stamps (SipHash, the standard
/// one, was a fortieth of a tap's CPU for some 20 keys a board).
struct Cache {
    bands: HashMap<BandKey, Arc<Band>, FixedState>,
    order: VecDeque<BandKey>,
}

static CACHE: LazyLock<Mutex<Cache>> = LazyLock::new(|| {
    Mutex::new(Cache {
        bands: HashMap::with_capacity_and_hasher(CACHE_BANDS, FixedState::default()),
        order: VecDeque::with_capacity(CACHE_BANDS),
    })
});

thread_local! {
    /// What compressing a band needs, kept per thread: a raw deflate stream (making one
    /// allocates its window and tables), the band's rows as PNG stores them, and room for the
    /// compressed bytes, of which a band keeps only its own size.
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch {
        deflate: Compress::new(Compression::new(LEVEL), false),
        raw: Vec::new(),
        out: Vec::new(),
    });
}

thread_local! {
    /// The board `render_banded` composes its missed bands on, kept per thread: only those
    /// bands are made felt again and painted, the other rows hold whatever an earlier board left.
    static PIXELS: std::cell::RefCell<Vec<u8>> =
        std::cell::RefCell::new(vec![0; (WIDTH * HEIGHT) as usize]);
}

struct Scratch {
    deflate: Compress,
    raw: Vec<u8>,
    out: Vec<u8>,
}

/// The PNG of `game`'s position from cached bands: only the bands the cache lacks are composed
/// (the stamps that reach them, onto a buffer kept per thread) and compressed.
pub fn render_banded(game: &Game) -> Vec<u8> {
    banded(&position::stamps_of(game), |missed| {
        PIXELS.with_borrow_mut(|pixels| {
            for &band in missed {
                pixels[pixel_range(BAND_ROWS, band)].fill(0);
            }
            let reaches_a_missed_band =
                |stamp_rows| missed.iter().any(|&band| reaches(stamp_rows, band));
            position::paint(game, pixels, &reaches_a_missed_band);
            missed
                .iter()
                .map(|&band| compress(pixels, BAND_ROWS, band))
                .collect()
        })
    })
}

/// Encodes a composed `board` as `render_banded` does its game: the same bytes.
pub fn encode_banded(board: &Board) -> Vec<u8> {
    banded(board.stamps(), |missed| {
        missed
            .iter()
            .map(|&band| compress(board.pixels(), BAND_ROWS, band))
            .collect()
    })
}

/// The PNG of a board made of these stamps: the bands the cache holds, and those it lacks from
/// `compress_missed` (given the missed bands in order, it gives them back compressed).
fn banded(stamps: &[Stamped], compress_missed: impl FnOnce(&[usize]) -> Vec<Band>) -> Vec<u8> {
    let keys: Vec<BandKey> = (0..BANDS).map(|band| key(stamps, band)).collect();
    let mut bands: Vec<Option<Arc<Band>>> = {
        let cache = CACHE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        keys.iter()
            .map(|key| cache.bands.get(key).cloned())
            .collect()
    };
    let missed: Vec<usize> = (0..BANDS).filter(|&band| bands[band].is_none()).collect();
    if !missed.is_empty() {
        let fresh = compress_missed(&missed);
        let mut cache = CACHE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        for (&band, compressed) in missed.iter().zip(fresh) {
            let compressed = Arc::new(compressed);
            if cache
                .bands
                .insert(keys[band].clone(), Arc::clone(&compressed))
                .is_none()
            {
                cache.order.push_back(keys[band].clone());
            }
            bands[band] = Some(compressed);
        }
        while cache.order.len() > CACHE_BANDS {
            if let Some(old) = cache.order.pop_front() {
                cache.bands.remove(&old);
            }
        }
    }
    let bands: Vec<Arc<Band>> = bands.into_iter().flatten().collect();
    debug_assert_eq!(bands.len(), BANDS);
    png(&bands, BAND_ROWS)
}

/// The same PNG with every band of `band_rows` rows compressed afresh, the cache neither read
/// nor written: what a cached band must equal (at `BAND_ROWS`), and the bench's comparison of
/// band heights.
pub fn encode_uncached(board: &Board, band_rows: u32) -> Vec<u8> {
    let bands: Vec<Arc<Band>> = (0..HEIGHT.div_ceil(band_rows) as usize)
        .map(|band| Arc::new(compress(board.pixels(), band_rows, band)))
        .collect();
    png(&bands, band_rows)
}

/// The rows `[first, end)` of band `band` when bands have `band_rows` rows.
fn rows(band_rows: u32, band: usize) -> (i32, i32) {
    let first = band as u32 * band_rows;
    (first as i32, (first + band_rows).min(HEIGHT) as i32)
}

/// Where the rows of band `band` lie in a board's pixels when bands have `band_rows` rows.
fn pixel_range(band_rows: u32, band: usize) -> std::ops::Range<usize> {
    let (first, end) = rows(band_rows, band);
    first as usize * WIDTH as usize..end as usize * WIDTH as usize
}

/// Whether a stamp that changes the rows `[first, end)` reaches band `band` (of `BAND_ROWS`).
fn reaches((first, end): (i32, i32), band: usize) -> bool {
    let (band_first, band_end) = rows(BAND_ROWS, band);
    first < band_end && band_first < end
}

fn key(stamps: &[Stamped], band: usize) -> BandKey {
    let stamps = stamps
        .iter()
        .filter(|stamp| reaches(stamp.rows, band))
        .copied()
        .collect();
    BandKey {
        band: band as u16,
        stamps,
    }
}

/// Deflates one band's rows of a board's `pixels` as PNG stores them (filter byte 0, then the
/// row's indices).
fn compress(pixels: &[u8], band_rows: u32, band: usize) -> Band {
    SCRATCH.with_borrow_mut(|Scratch { deflate, raw, out }| {
        raw.clear();
        for row in pixels[pixel_range(band_rows, band)].chunks_exact(WIDTH as usize) {
            raw.push(0);
            raw.extend_from_slice(row);
        }
        let adler = simd_adler32::adler32(&raw.as_slice());
        deflate.reset();
        out.clear();
        // Deflate never grows data by more than a few bytes per 16 KB block.
        out.reserve(raw.len() + raw.len() / 1000 + 64);
        loop {
            let read = deflate.total_in() as usize;
            deflate
                .compress_vec(&raw[read..], out, FlushCompress::Sync)
                .expect("deflating into memory cannot fail");
            if deflate.total_in() as usize == raw.len() && out.len() < out.capacity() {
                break;
            }
            out.reserve(4096);
        }
        // Kept in the cache: its own size, not the room it was compressed into.
        Band {
            deflated: out.as_slice().to_vec(),
            adler,
        }
    })
}

/// The PNG: signature, header, palette, one IDAT of the bands' zlib stream, end.
fn png(bands: &[Arc<Band>], band_rows: u32) -> Vec<u8> {
    let deflated: usize = bands.iter().map(|band| band.deflated.len()).sum();
    let mut zlib = Vec::with_capacity(deflated + 8);
    // CMF: deflate with a 32 KB window; FLG: no dictionary, the check bits of (CMF, FLG).
    zlib.extend_from_slice(&[0x78, 0x5E]);
    let mut adler = 1;
    let mut total = 0;
    for (band, piece) in bands.iter().enumerate() {
        zlib.extend_from_slice(&piece.deflated);
        let (first, end) = rows(band_rows, band);
        let length = (end - first) as u64 * (u64::from(WIDTH) + 1);
        adler = adler32_combine(adler, piece.adler, length);
        total += length;
    }
    debug_assert_eq!(total, u64::from(HEIGHT) * (u64::from(WIDTH) + 1));
    // A final, empty block with fixed codes: BFINAL = 1, BTYPE = 01, end of block.
    zlib.extend_from_slice(&[0x03, 0x00]);
    zlib.extend_from_slice(&adler.to_be_bytes());

    let palette = Sprites::get().palette.plte();
    let mut png = Vec::with_capacity(zlib.len() + palette.len() + 64);
    png.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&WIDTH.to_be_bytes());
    header.extend_from_slice(&HEIGHT.to_be_bytes());
    // 8 bits, indexed colour, deflate, adaptive filtering (each row says its filter), no
    // interlace.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"PLTE", &palette);
    chunk(&mut png, b"IDAT", &zlib);
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let length = u32::try_from(data.len()).expect("a chunk under 4 GB");
    png.extend_from_slice(&length.to_be_bytes());
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    png.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// The Adler-32 of two pieces one after the other, from each piece's own and the second's
/// length (zlib's `adler32_combine`).
fn adler32_combine(first: u32, second: u32, second_length: u64) -> u32 {
    const BASE: u32 = 65521;
    let rem = (second_length % u64::from(BASE)) as u32;
    let mut sum1 = first & 0xffff;
    let mut sum2 = (rem * sum1) % BASE;
    sum1 += (second & 0xffff) + BASE - 1;
    sum2 += (first >> 16) + (second >> 16) + BASE - rem;
    if sum1 >= BASE {
        sum1 -= BASE;
    }
    if sum1 >= BASE {
        sum1 -= BASE;
    }
    if sum2 >= BASE << 1 {
        sum2 -= BASE << 1;
    }
    if sum2 >= BASE {
        sum2 -= BASE;
    }
    sum1 | (sum2 << 16)
}

#[cfg(test)]
mod tests {
    use super::adler32_combine;

    #[test]
    fn adler_of_pieces_combines_into_the_adler_of_the_whole() {
        let data: Vec<u8> = (0..100_000u32).map(|i| (i * 7919 % 251) as u8).collect();
        for cut in [0, 1, 801, 16_020, 65_521, 99_999, 100_000] {
            let (a, b) = data.split_at(cut);
            assert_eq!(
                adler32_combine(
                    simd_adler32::adler32(&a),
                    simd_adler32::adler32(&b),
                    b.len() as u64
                ),
                simd_adler32::adler32(&data.as_slice()),
                "cut at {cut}"
            );
        }
    }
}
