//! The banded PNG `render` sends against the plain encoder: the same indices and colours at every
//! position of whole games in every mode, and a board made of cached bands byte for byte the one
//! compressed afresh (a cache hit is never a different picture).

use super::{decode, game, greedy_action};
use crate::game::Action;
use crate::render::{BAND_ROWS, PNG_OPTIONS, draw, encode, encode_banded, encode_uncached, render};

/// The palette indices of a PNG, undecoded to colours.
fn indices(png: &[u8]) -> Vec<u8> {
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("the PNG header decodes");
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader
        .next_frame(&mut pixels)
        .expect("the PNG data decodes");
    pixels.truncate(frame.buffer_size());
    pixels
}

#[test]
fn banded_boards_decode_to_the_composed_pixels_at_every_position() {
    for code in [
        "TP1-E-AAAAAAA",
        "TP1-C-ZZZZZZZ",
        "TP1-E-BCDEFGH-O",
        "TP1-C-QWERTYU-AMP",
        "TP1-E-KLMNOPQ-APOW",
    ] {
        let mut game = game(code);
        let mut positions = 0;
        loop {
            // First, while the cache lacks some of this position's bands: `render` composes
            // only those, on a buffer the previous positions left dirty, and caches them; the
            // checks below decode those cached bands against `draw`'s pixels.
            let rendered = render(&game);
            let board = draw(&game);
            let banded = encode_banded(&board);
            assert_eq!(
                rendered, banded,
                "{code} at {positions}: render composes what draw does"
            );
            assert_eq!(indices(&banded), board.pixels(), "{code} at {positions}");
            assert_eq!(
                decode(&banded),
                decode(&encode(&board, PNG_OPTIONS)),
                "{code} at {positions}: the same colours as the plain encoder"
            );
            assert_eq!(
                banded,
                encode_uncached(&board, BAND_ROWS),
                "{code} at {positions}: cached bands are the bands compressed again"
            );
            assert_eq!(
                encode_banded(&board),
                banded,
                "the same position, the same bytes"
            );
            positions += 1;
            let Some(action) = greedy_action(&game) else {
                break;
            };
            game.apply(action).unwrap();
            if positions % 5 == 0 && game.undo_available() > 0 {
                game.apply(Action::Undo).unwrap();
                assert_eq!(indices(&encode_banded(&draw(&game))), draw(&game).pixels());
                game.apply(action).unwrap();
            }
        }
        assert!(positions > 20, "{code}: {positions} positions");
    }
}
