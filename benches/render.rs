//! The board picture: time and size of render (compose + PNG encode) on a fixed list of
//! positions, the PNG filter/compression choices compared on a mid-game board, the band heights
//! of the banded PNG compared, and a tap: the next board of a game whose last board was sent.
//!
//! Run with `cargo bench --bench render`. Before the criterion groups it prints one line per
//! position, `position  bytes  median µs`, so later changes can be compared at a glance.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use png::{DeflateCompression, Filter};
use tripeaks::game::{Action, DealCode, Game};
use tripeaks::render::{
    BAND_ROWS, PNG_OPTIONS, PngOptions, StatsCard, draw, encode, encode_banded, encode_uncached,
    render, render_stats, warm_up,
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
        // Composed and every band compressed afresh (`render` itself would find them cached).
        let micros = median_micros(|| {
            black_box(encode_uncached(&draw(black_box(&game)), BAND_ROWS));
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
    band_heights();
    println!();
}

/// Every board of whole greedy games (the boards a player sees, one per tap), in order.
fn tapped_boards(games: u32) -> Vec<Game> {
    let mut boards = Vec::new();
    for n in 0..games {
        let code = format!(
            "TP1-E-AAAA{}{}{}",
            letter(n / 676),
            letter(n / 26),
            letter(n)
        );
        let mut game: Game = Game::from_code(code.parse().expect("a valid code"));
        boards.push(game.clone());
        for _ in 0..80 {
            let before = game.clone();
            game = greedy_step(game);
            if game.played() == before.played() {
                break;
            }
            boards.push(game.clone());
        }
    }
    boards
}

fn letter(n: u32) -> char {
    char::from(b'A' + (n % 26) as u8)
}

fn greedy_step(mut game: Game) -> Game {
    let fitting = game
        .free_cards()
        .into_iter()
        .find(|&(_, card)| game.fits(card));
    let action = fitting.map_or(Action::Draw, |(_, card)| Action::Remove(card));
    let _ = game.apply(action);
    game
}

/// Band heights compared over the boards of 20 whole games: the PNG's size against one stream,
/// the time to compress every band (a board never seen), and how many bands a tap changes.
fn band_heights() {
    let games = tapped_boards(20);
    let boards: Vec<_> = games.iter().map(draw).collect();
    let plain: usize = boards.iter().map(|b| encode(b, PNG_OPTIONS).len()).sum();
    println!(
        "\nbanded PNG over {} boards of 20 games (one stream: {} bytes a board)",
        boards.len(),
        plain / boards.len()
    );
    println!("band rows, bytes a board, size against one stream, µs a board all compressed");
    for rows in [8, 10, 16, 20, 25, 40, 50, 100] {
        let bytes: usize = boards.iter().map(|b| encode_uncached(b, rows).len()).sum();
        let micros = median_micros(|| {
            black_box(encode_uncached(black_box(&boards[boards.len() / 2]), rows));
        });
        println!(
            "{rows:>4} {:>7} {:>+6.1}% {micros:>7.0}",
            bytes / boards.len(),
            100.0 * (bytes as f64 / plain as f64 - 1.0)
        );
    }
    println!("(`render` uses {BAND_ROWS} rows)");
}

fn benches(c: &mut Criterion) {
    print_table();
    let mid = greedy("TP1-E-AAAAAAA", 15);
    c.bench_function(
        "render mid-game again (draw + encode from cached bands)",
        |b| b.iter(|| render(black_box(&mid))),
    );
    c.bench_function("draw mid-game (compose only)", |b| {
        b.iter(|| draw(black_box(&mid)))
    });
    let board = draw(&mid);
    c.bench_function("encode mid-game", |b| {
        b.iter(|| encode(black_box(&board), PNG_OPTIONS))
    });
    c.bench_function("encode mid-game, banded, every band compressed", |b| {
        b.iter(|| encode_uncached(black_box(&board), BAND_ROWS))
    });
    c.bench_function(
        "encode mid-game, banded, all bands cached (a stale or refused tap)",
        |b| b.iter(|| encode_banded(black_box(&board))),
    );
    // A tap: the next board of one of 400 games whose previous board was the last one sent, so
    // the cache holds the bands of that board (and whatever else fits) and not the new ones.
    let games = tapped_boards(400);
    let taps: Vec<_> = games.iter().map(draw).collect();
    println!("tap bench: {} boards of 400 games", taps.len());
    let mut next = 0;
    c.bench_function("encode a tap: the next board of a game, banded", |b| {
        b.iter(|| {
            next = (next + 1) % taps.len();
            encode_banded(black_box(&taps[next]))
        })
    });
    // The same taps as the bot makes them: only the bands the cache lacks are composed.
    let mut next = 0;
    c.bench_function(
        "render a tap: the next board of a game, missed bands composed and compressed",
        |b| {
            b.iter(|| {
                next = (next + 1) % games.len();
                render(black_box(&games[next]))
            })
        },
    );
    // The modes' extras: veiled covered cards (open peaks), the round and chain tiles.
    let modes = greedy("TP1-E-AAAAAAA-APO", 15);
    println!(
        "modes board (A P O, 15 actions): {} bytes, standard: {} bytes",
        render(&modes).len(),
        render(&mid).len()
    );
    c.bench_function(
        "render mid-game with modes A P O again (draw + cached bands)",
        |b| b.iter(|| render(black_box(&modes))),
    );
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
