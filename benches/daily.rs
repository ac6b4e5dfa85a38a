//! How long picking a daily deal takes: the candidates of the day and an exact solve of each
//! until one can be won, for the slowest day of the first ten years and for a typical day.
//!
//! `cargo bench --bench daily`. The setup picks all 3,653 days from daily #1 (2026-12-01 to
//! 2036-11-30) once, times each (the fastest of three runs, to keep other load on the machine
//! out of the ranking), and prints how many days needed more than one candidate, the slowest
//! day and the median. Target: the slowest day <= 50 ms.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use tripeaks::game::{DailyNumber, daily_deal};

/// Ten years of days from daily #1: 2026-12-01 to 2036-11-30.
const DAYS: u32 = 3653;

/// One day's pick: its number, the chosen candidate (from 1) and the fastest of three runs.
struct Timed {
    daily: DailyNumber,
    candidate: u32,
    time: Duration,
}

fn time_every_day() -> Vec<Timed> {
    (1..=DAYS)
        .map(|n| {
            let daily = DailyNumber::new(n).expect("a daily number");
            let mut candidate = 0;
            let time = (0..3)
                .map(|_| {
                    let started = Instant::now();
                    candidate = daily_deal(black_box(daily)).candidate;
                    started.elapsed()
                })
                .min()
                .expect("three runs");
            Timed {
                daily,
                candidate,
                time,
            }
        })
        .collect()
}

fn bench_daily(c: &mut Criterion) {
    let mut days = time_every_day();
    let skipped = days.iter().filter(|d| d.candidate > 1).count();
    let most = days.iter().map(|d| d.candidate).max().unwrap_or(0);
    days.sort_by_key(|d| d.time);
    let worst = days.last().expect("some days");
    let typical = &days[days.len() / 2];
    println!(
        "\n{DAYS} days from daily #1: {skipped} needed more than one candidate (at most {most})\n\
         slowest day: #{} ({}, candidate {}) {:.3} ms; median day #{} {:.3} ms\n",
        worst.daily,
        worst.daily.date(),
        worst.candidate,
        worst.time.as_secs_f64() * 1e3,
        typical.daily,
        typical.time.as_secs_f64() * 1e3,
    );
    let (worst, typical) = (worst.daily, typical.daily);
    c.bench_function(&format!("daily_deal slowest day #{worst}"), |b| {
        b.iter(|| daily_deal(black_box(worst)))
    });
    c.bench_function(&format!("daily_deal typical day #{typical}"), |b| {
        b.iter(|| daily_deal(black_box(typical)))
    });
    c.bench_function("daily_deal #1 (2026-12-01)", |b| {
        b.iter(|| daily_deal(black_box(DailyNumber::FIRST)))
    });
}

criterion::criterion_group!(benches, bench_daily);
criterion::criterion_main!(benches);
