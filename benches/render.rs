//! The board picture: time and size of render (compose + PNG encode) on a fixed list of
//! positions, and the PNG filter/compression choices compared on a mid-game board.
//!
//! Run with `cargo bench --bench render`. Before the criterion groups it prints one line per
//! position, `position  bytes  median µs`, so later changes can be compared at a glance.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use png::{DeflateCompression, Filter};
use tripeaks::game::{Action, DealCode, Game};
use tripeaks::render::{
    PNG_OPTIONS, PngOptions, StatsCard, draw, encode, render, render_stats, warm_up,
};

/// Plays `actions` steps of a simple greedy game: the first free card that fits, else draw.
fn greedy(code: &str, actions: usize) -> Game {
    let code: DealCode = code.parse().expect("a valid code");
    let mut game = Game::from_code(code);
    for _ in 0..actions {
        let fitting = game
            .free_cards()
            .into_iter()
            .find(|&(_, card)| game.fits(card));
        let action = fitting.map_or(Action::Draw, |(_, card)| Action::Remove(card));
        if game.apply(action).is_err() {
            break;
        }
    }
    game
}

/// The fixed list of positions: (name, code, greedy actions).
const POSITIONS: [(&str, &str, usize); 6] = [
    ("start A", "TP1-E-AAAAAAA", 0),
    ("mid A", "TP1-E-AAAAAAA", 15),
    ("late A", "TP1-E-AAAAAAA", 30),
    ("start Z", "TP1-C-ZZZZZZZ", 0),
    ("mid Z", "TP1-C-ZZZZZZZ", 15),
    ("end Z", "TP1-C-ZZZZZZZ", 60),
];

fn median_micros(mut run: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..101)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn print_table() {
    let start = Instant::now();
    warm_up();
    println!(
        "sprites built in {:.1} ms (once per process)\n",
        start.elapsed().as_secs_f64() * 1e3
    );
    println!(
        "{:<10} {:>6} {:>7} {:>9}",
        "position", "stock", "bytes", "median µs"
    );
    for (name, code, actions) in POSITIONS {
        let game = greedy(code, actions);
        let bytes = render(&game).len();
        let micros = median_micros(|| {
            black_box(render(black_box(&game)));
        });
        println!(
            "{name:<10} {:>6} {bytes:>7} {micros:>9.0}",
            game.stock_len()
        );
    }
    let mid = greedy("TP1-E-AAAAAAA", 15);
    let board = draw(&mid);
    println!("\nencoding of `mid A`: filter, compression, bytes, median µs");
    for filter in [Filter::NoFilter, Filter::Sub, Filter::Up, Filter::Adaptive] {
        for compression in [
            DeflateCompression::FdeflateUltraFast,
            DeflateCompression::Level(1),
            DeflateCompression::Level(2),
            DeflateCompression::Level(3),
            DeflateCompression::Level(4),
            DeflateCompression::Level(5),
            DeflateCompression::Level(6),
            DeflateCompression::Level(9),
        ] {
            let options = PngOptions {
                filter,
                compression,
            };
            let bytes = encode(&board, options).len();
            let micros = median_micros(|| {
                black_box(encode(black_box(&board), options));
            });
            println!("{filter:?} {compression:?} {bytes} {micros:.0}");
        }
    }
    println!();
}

fn benches(c: &mut Criterion) {
    print_table();
    let mid = greedy("TP1-E-AAAAAAA", 15);
    c.bench_function("render mid-game (draw + encode)", |b| {
        b.iter(|| render(black_box(&mid)))
    });
    c.bench_function("draw mid-game (compose only)", |b| {
        b.iter(|| draw(black_box(&mid)))
    });
    let board = draw(&mid);
    c.bench_function("encode mid-game", |b| {
        b.iter(|| encode(black_box(&board), PNG_OPTIONS))
    });
    // The modes' extras: veiled covered cards (open peaks), the round and chain tiles.
    let modes = greedy("TP1-E-AAAAAAA-APO", 15);
    println!(
        "modes board (A P O, 15 actions): {} bytes, standard: {} bytes",
        render(&modes).len(),
        render(&mid).len()
    );
    c.bench_function("render mid-game with modes A P O (draw + encode)", |b| {
        b.iter(|| render(black_box(&modes)))
    });
}

/// The stats card: drawn per request in full colour and encoded with `image` (≤ 3 ms).
fn stats_card(c: &mut Criterion) {
    let card = StatsCard::example();
    println!("stats card: {} bytes", render_stats(&card).len());
    c.bench_function("stats card: draw + PNG encode", |b| {
        b.iter(|| render_stats(black_box(&card)))
    });
}

criterion_group!(render_benches, benches, stats_card);
criterion_main!(render_benches);
