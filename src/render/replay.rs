//! The replay: an animated GIF of a game's positions, from the deal to its end, one frame per
//! action and the last frame held.
//!
//! Every frame is a board composed as for the PNG (`position.rs`), so it is already indexed over
//! the fixed palette: the GIF's one global colour table is that palette, and no frame is ever
//! quantised. The first frame is the whole deal; each later one is only the rectangle that
//! changed since the frame before, drawn over it (disposal "keep"), with the pixels of that
//! rectangle that did not change written as the one transparent index, so the LZW codes of a
//! frame are mostly one long run. A frame costs a composition (memory copies) and the LZW of a
//! few card areas: `benches/replay.rs` measures a 50-action game.
//!
//! Why the `gif` crate's encoder and not `image`'s `GifEncoder` (the `image` crate's `gif`
//! feature is this same encoder underneath): `image` takes RGBA frames only and quantises each
//! one into a local palette of its own (NeuQuant), which costs the time of a colour count per
//! frame and gives whole-image frames. Writing the indexed frames straight to the encoder
//! keeps the palette fixed and the bytes the same on every machine.

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, Frame, Repeat};

use super::cards::Sprites;
use super::geometry::{HEIGHT, WIDTH};
use super::position::{Board, draw};
use crate::game::{Action, Game};

/// How a replay is timed and bounded.
#[derive(Debug, Clone, Copy)]
pub struct ReplayOptions {
    /// How long the deal is shown, in hundredths of a second.
    pub first_delay: u16,
    /// How long each action's frame is shown.
    pub delay: u16,
    /// How long the last frame is held before the animation starts again.
    pub last_delay: u16,
    /// The largest GIF written: over it, frames are left out (evenly, never the first or the
    /// last) until it fits.
    pub max_bytes: usize,
}

/// The options the bot and the CLI use.
pub const REPLAY_OPTIONS: ReplayOptions = ReplayOptions {
    first_delay: 100,
    delay: 45,
    last_delay: 400,
    max_bytes: 3 * 1024 * 1024,
};

/// The replay of `positions` (the deal first) as GIF bytes. No position gives one still frame.
pub fn replay(positions: &[Game]) -> Vec<u8> {
    replay_with(positions, REPLAY_OPTIONS)
}

/// [`replay`] with other options.
///
/// Drawn and encoded frame by frame: only the frame before and the one being encoded are held
/// (two boards of 320 KB), whatever the game's length, so the memory a replay takes is that and
/// its GIF (`limits.rs` bounds how many are made at once).
pub fn replay_with(positions: &[Game], options: ReplayOptions) -> Vec<u8> {
    let mut keep: Vec<usize> = (0..positions.len()).collect();
    loop {
        let bytes = encode_frames(keep.iter().map(|&i| draw(&positions[i])), options);
        if bytes.len() <= options.max_bytes || keep.len() <= 2 {
            return bytes;
        }
        // Every other frame between the first and the last goes.
        let last = keep.len() - 1;
        keep = keep
            .iter()
            .enumerate()
            .filter(|&(i, _)| i == 0 || i == last || i % 2 == 0)
            .map(|(_, &index)| index)
            .collect();
    }
}

/// Encodes `boards` as an animated GIF: the first whole, each later one as its changed
/// rectangle over the one before. The boards are taken one at a time (an exact-size iterator:
/// the last frame is held longer), so a caller may draw each as it is needed.
pub fn encode_frames<B>(boards: impl ExactSizeIterator<Item = B>, options: ReplayOptions) -> Vec<u8>
where
    B: std::borrow::Borrow<Board>,
{
    let sprites = Sprites::get();
    let palette = sprites.palette.plte();
    let colours = palette.len() / 3;
    // The first index no colour uses is the transparent one; a full palette has none, and then
    // unchanged pixels are written as they are.
    let transparent = u8::try_from(colours).ok();
    let mut table = palette;
    if transparent.is_some() {
        table.extend_from_slice(&[0, 0, 0]);
    }
    let mut bytes = Vec::with_capacity(64 * 1024);
    {
        let mut encoder = Encoder::new(&mut bytes, WIDTH as u16, HEIGHT as u16, &table)
            .expect("a GIF header writes to memory");
        encoder
            .set_repeat(Repeat::Infinite)
            .expect("a loop extension writes to memory");
        let last = boards.len().saturating_sub(1);
        let mut previous: Option<B> = None;
        for (i, board) in boards.enumerate() {
            let delay = match i {
                _ if i == last => options.last_delay,
                0 => options.first_delay,
                _ => options.delay,
            };
            let frame = match &previous {
                None => Frame {
                    width: WIDTH as u16,
                    height: HEIGHT as u16,
                    buffer: Cow::Borrowed(board.borrow().pixels()),
                    delay,
                    ..Frame::default()
                },
                Some(before) => changed_frame(before.borrow(), board.borrow(), transparent, delay),
            };
            encoder
                .write_frame(&frame)
                .expect("a frame within the image writes to memory");
            drop(frame);
            previous = Some(board);
        }
    }
    bytes
}

/// The smallest rectangle where `after` differs from `before`, as a frame drawn over it; one
/// transparent pixel when nothing changed (the frame still takes its time).
fn changed_frame(
    before: &Board,
    after: &Board,
    transparent: Option<u8>,
    delay: u16,
) -> Frame<'static> {
    let (old, new) = (before.pixels(), after.pixels());
    let width = WIDTH as usize;
    let (mut left, mut right, mut top, mut bottom) = (width, 0, HEIGHT as usize, 0);
    for (y, (old_row, new_row)) in old.chunks(width).zip(new.chunks(width)).enumerate() {
        if old_row == new_row {
            continue;
        }
        let first = old_row.iter().zip(new_row).position(|(a, b)| a != b);
        let last = old_row.iter().zip(new_row).rposition(|(a, b)| a != b);
        if let (Some(first), Some(last)) = (first, last) {
            left = left.min(first);
            right = right.max(last + 1);
            top = top.min(y);
            bottom = bottom.max(y + 1);
        }
    }
    if left >= right {
        // Nothing changed: one pixel, transparent when the palette has room for it.
        let pixel = transparent.unwrap_or(new[0]);
        return Frame {
            width: 1,
            height: 1,
            buffer: Cow::Owned(vec![pixel]),
            transparent,
            dispose: DisposalMethod::Keep,
            delay,
            ..Frame::default()
        };
    }
    let mut buffer = Vec::with_capacity((right - left) * (bottom - top));
    for y in top..bottom {
        let row = y * width;
        let (old_row, new_row) = (&old[row + left..row + right], &new[row + left..row + right]);
        match transparent {
            Some(clear) => buffer.extend(
                old_row
                    .iter()
                    .zip(new_row)
                    .map(|(a, &b)| if *a == b { clear } else { b }),
            ),
            None => buffer.extend_from_slice(new_row),
        }
    }
    Frame {
        left: left as u16,
        top: top as u16,
        width: (right - left) as u16,
        height: (bottom - top) as u16,
        buffer: Cow::Owned(buffer),
        transparent,
        dispose: DisposalMethod::Keep,
        delay,
        ..Frame::default()
    }
}

/// Every position of a game's replay: its round's deal, then the game after each card of its
/// history (a removal if the card is in the peaks then, else a draw; undone actions are not in
/// the history). A progressive game's replay is its last round.
pub fn positions_of(game: &Game) -> Vec<Game> {
    let mut positions = vec![round_start(game)];
    for &card in game.played() {
        let mut next = positions.last().expect("the deal is there").clone();
        let action = match next.position_of(card) {
            Some(_) => Action::Remove(card),
            None => Action::Draw,
        };
        if next.apply(action).is_err() {
            break; // a history always replays (it was checked on load)
        }
        positions.push(next);
    }
    positions
}

/// The game at the start of its round, through the stored form (its history emptied), so that
/// the round, the carried score and the modes are exactly the game's.
fn round_start(game: &Game) -> Game {
    let stored = game.to_stored();
    let mut value: serde_json::Value =
        serde_json::from_str(&stored).expect("a stored game is JSON");
    if let Some(fields) = value.as_object_mut() {
        fields.insert("played".into(), "".into());
        fields.insert("undo".into(), 0.into());
        fields.remove("hints");
        fields.remove("hinted");
        if !fields.contains_key("round") {
            // The first round: the counters start again too (later rounds keep theirs, which
            // must cover the rounds before).
            fields.insert("moves".into(), 0.into());
            fields.insert("turn".into(), 0.into());
        }
    }
    Game::from_stored(&value.to_string()).unwrap_or_else(|_| game.clone())
}
