//! How long the solver takes: a batch of random deals in each rule (most deals), a deal that
//! needs the full sweep, the best score, and a hint in a position that cannot be won.
//!
//! The per-deal distribution (p50, p99, max) over 10,000 deals comes from the batch command:
//! `tripeaks solve --random 10000 --rule classic --json` (release build).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tripeaks::game::solver::{best_score, hint, solve};
use tripeaks::game::{DealCode, DealNumber, Game, Rule};

/// 100 deals spread over the code space, the same every run.
fn deals(rule: Rule) -> Vec<Game> {
    (0..100u64)
        .map(|n| {
            let number = DealNumber::new(n * 80_318_101 % tripeaks::game::DEAL_COUNT).unwrap();
            Game::from_code(DealCode::new(number, rule))
        })
        .collect()
}

fn game(code: &str) -> Game {
    Game::from_code(code.parse().expect("a valid code"))
}

fn bench_solver(c: &mut Criterion) {
    for rule in [Rule::Easy, Rule::Classic] {
        let games = deals(rule);
        c.bench_function(&format!("solve 100 {rule} deals"), |b| {
            b.iter(|| {
                games
                    .iter()
                    .filter(|g| solve(black_box(g)).winnable)
                    .count()
            })
        });
    }
    // Cannot be won, and the depth-first search gives up on it: the sweep decides.
    let hard = game("TP1-E-FOLGENB");
    c.bench_function("solve TP1-E-FOLGENB (sweep)", |b| {
        b.iter(|| solve(black_box(&hard)))
    });
    let winnable = game("TP1-C-AAAAAAC");
    c.bench_function("best_score TP1-C-AAAAAAC", |b| {
        b.iter(|| best_score(black_box(&winnable)))
    });
    c.bench_function("hint TP1-E-FOLGENB (cannot be won)", |b| {
        b.iter(|| hint(black_box(&hard)))
    });
}

criterion_group!(benches, bench_solver);
criterion_main!(benches);
