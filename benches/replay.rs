//! The replay GIF (src/render/replay.rs): the time to compose and encode a 50-action game, and
//! its size. Targets (issue 23): ≤ 100 ms, ≤ 500 KB typical, never over 3 MB.
//!
//! Run with `cargo bench --bench replay`. Before the criterion group it prints one line per
//! game, `game  actions  frames  bytes  median ms`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use tripeaks::game::{Action, DealCode, Game};
use tripeaks::render::{replay, warm_up};

/// The positions of a simple greedy game of up to `actions` actions: the first free card that
/// fits, else draw.
fn greedy(code: &str, actions: usize) -> Vec<Game> {
    let code: DealCode = code.parse().expect("a valid code");
    let mut game = Game::from_code(code);
    let mut positions = vec![game.clone()];
    for _ in 0..actions {
        let fitting = game
            .free_cards()
            .into_iter()
            .find(|&(_, card)| game.fits(card));
        let action = fitting.map_or(Action::Draw, |(_, card)| Action::Remove(card));
        if game.apply(action).is_err() {
            break;
        }
        positions.push(game.clone());
    }
    positions
}

const GAMES: [(&str, &str); 3] = [
    ("A", "TP1-E-AAAAAAA"),
    ("Z", "TP1-C-ZZZZZZZ"),
    ("daily #1", "TP1-E-HFFTNKD"),
];

fn print_table() {
    warm_up();
    println!("game      actions  frames    bytes  median ms");
    for (name, code) in GAMES {
        let positions = greedy(code, 50);
        let gif = replay(&positions);
        let mut times: Vec<f64> = (0..21)
            .map(|_| {
                let start = Instant::now();
                black_box(replay(&positions));
                start.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!(
            "{name:<9} {:>7}  {:>6}  {:>7}  {:>9.1}",
            positions.len() - 1,
            positions.len(),
            gif.len(),
            times[times.len() / 2]
        );
    }
    println!();
}

fn bench(c: &mut Criterion) {
    print_table();
    let positions = greedy("TP1-E-AAAAAAA", 50);
    c.bench_function("replay/50 actions", |b| {
        b.iter(|| black_box(replay(black_box(&positions))))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
