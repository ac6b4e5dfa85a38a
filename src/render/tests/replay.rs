//! The replay GIF: one frame per position, each frame drawn over the one before gives exactly
//! the board of its position, the size stays bounded and fewer frames are kept past the cap.

use super::{game, play_greedy};
use crate::game::Game;
use crate::render::{REPLAY_OPTIONS, ReplayOptions, WIDTH, draw, replay, replay_with};

/// Every board the GIF shows, composed frame over frame as a viewer does (disposal "keep").
fn composed_frames(gif: &[u8]) -> Vec<(Vec<u8>, u16)> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(std::io::Cursor::new(gif)).unwrap();
    let (width, height) = (decoder.width() as usize, decoder.height() as usize);
    let mut canvas = vec![0u8; width * height];
    let mut shown = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        for y in 0..frame.height as usize {
            for x in 0..frame.width as usize {
                let pixel = frame.buffer[y * frame.width as usize + x];
                if Some(pixel) != frame.transparent {
                    let at = (frame.top as usize + y) * width + frame.left as usize + x;
                    canvas[at] = pixel;
                }
            }
        }
        shown.push((canvas.clone(), frame.delay));
    }
    shown
}

fn positions(code: &str, actions: usize) -> Vec<Game> {
    let mut game = game(code);
    let mut positions = vec![game.clone()];
    for _ in 0..actions {
        let before = game.turn();
        play_greedy(&mut game, 1);
        if game.turn() == before {
            break;
        }
        positions.push(game.clone());
    }
    positions
}

#[test]
fn each_frame_shows_its_position_and_the_last_is_held() {
    let positions = positions("TP1-E-AAAAAAA", 30);
    let gif = replay(&positions);
    assert!(gif.starts_with(b"GIF89a"));
    let frames = composed_frames(&gif);
    assert_eq!(frames.len(), positions.len());
    for ((pixels, _), game) in frames.iter().zip(&positions) {
        assert!(
            pixels == draw(game).pixels(),
            "a frame differs from its board"
        );
    }
    let delays: Vec<u16> = frames.iter().map(|&(_, delay)| delay).collect();
    assert_eq!(delays[0], REPLAY_OPTIONS.first_delay);
    assert_eq!(delays[1], REPLAY_OPTIONS.delay);
    assert_eq!(*delays.last().unwrap(), REPLAY_OPTIONS.last_delay);
    assert_eq!(replay(&positions), gif, "the same game, the same bytes");
}

#[test]
fn a_replay_is_small_and_fewer_frames_fit_a_tighter_cap() {
    let positions = positions("TP1-C-ZZZZZZZ", 60);
    let gif = replay(&positions);
    assert!(gif.len() < 500 * 1024, "{} bytes", gif.len());
    let cap = gif.len() / 2;
    let options = ReplayOptions {
        max_bytes: cap,
        ..REPLAY_OPTIONS
    };
    let smaller = replay_with(&positions, options);
    assert!(smaller.len() <= cap, "{} > {cap}", smaller.len());
    let frames = composed_frames(&smaller);
    assert!(frames.len() < positions.len());
    let last = draw(positions.last().unwrap());
    assert!(frames.last().unwrap().0 == last.pixels(), "the end is kept");
    assert_eq!(frames[0].0.len(), (WIDTH * 400) as usize);
}

#[test]
fn a_position_alone_is_one_frame() {
    let gif = replay(&positions("TP1-E-AAAAAAA", 0));
    assert_eq!(composed_frames(&gif).len(), 1);
}

#[test]
fn a_games_positions_start_at_its_deal_and_end_where_it_is() {
    let positions = positions("TP1-E-AAAAAAA", 25);
    let mut last = positions.last().unwrap().clone();
    last.apply(crate::game::Action::Undo).unwrap();
    let replayed = crate::render::positions_of(&last);
    assert_eq!(replayed[0], positions[0]);
    assert_eq!(replayed.len(), last.played().len() + 1);
    let end = replayed.last().unwrap();
    assert_eq!(
        (end.played(), end.removed()),
        (last.played(), last.removed())
    );
}
