//! The soak run (`--soak MINUTES`): the players tap at a steady pace for a long time, and every
//! 10 s this samples what would show a leak or a slow decay: the bot's resident memory, its open
//! descriptors, the connections its pool holds on PostgreSQL, and that window's latency (the
//! round trip a player waits, and the bot's own handling time from its log). At the end it says
//! whether each stayed flat: a least-squares slope over the samples after the warm-up, and the
//! last minute's p99 against the first minute's after the warm-up.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use sqlx::Connection as _;
use tokio::sync::Mutex;

use super::BotProcess;
use crate::measure::{Percentiles, handling_millis, rss_kib};

/// How often a sample is taken.
pub const EVERY: Duration = Duration::from_secs(10);

/// Samples per minute, the window the latency verdict compares.
const PER_MINUTE: usize = 6;

/// What the players report to the sampler as they go: each tap's round trip in milliseconds,
/// and the interactions that failed.
#[derive(Default)]
pub struct Tally {
    round_trips: Mutex<Vec<f64>>,
    pub failed: AtomicUsize,
}

impl Tally {
    pub async fn tapped(&self, round_trip: Duration) {
        self.round_trips
            .lock()
            .await
            .push(round_trip.as_secs_f64() * 1000.0);
    }

    async fn take(&self) -> Vec<f64> {
        std::mem::take(&mut *self.round_trips.lock().await)
    }
}

/// Counts the connections to one PostgreSQL database, from the server's side.
pub struct PoolProbe {
    pub admin_url: String,
    pub database: String,
}

impl PoolProbe {
    async fn connections(&self) -> Option<i64> {
        let mut admin = sqlx::PgConnection::connect(&self.admin_url).await.ok()?;
        let count = sqlx::query_scalar::<_, i64>(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = $1",
        )
        .bind(&self.database)
        .fetch_one(&mut admin)
        .await
        .ok();
        let _ = admin.close().await;
        count
    }
}

/// One 10-second sample.
struct Sample {
    at: f64,
    rss_mib: f64,
    descriptors: usize,
    pool: Option<i64>,
    taps: usize,
    failed: usize,
    round_trips: Vec<f64>,
    handled: Vec<f64>,
}

/// Samples until `until`, printing a line per sample, then the verdict. Returns whether every
/// measure stayed flat and no interaction failed.
pub async fn run(
    bot: &BotProcess,
    tally: &Arc<Tally>,
    probe: Option<&PoolProbe>,
    until: Instant,
    warm_up: Duration,
) -> bool {
    let started = Instant::now();
    let mut samples = Vec::new();
    bot.take_lines();
    println!(
        "soak: a sample every {} s; warm-up {} s",
        EVERY.as_secs(),
        warm_up.as_secs()
    );
    println!("    s   RSS MiB   fds  pool   taps  failed  rt p50   rt p99  bot p99  (ms)");
    let mut failed_before = 0;
    while Instant::now() < until {
        tokio::time::sleep(EVERY.min(until - Instant::now())).await;
        let round_trips = tally.take().await;
        let failed_now = tally.failed.load(Ordering::Relaxed);
        let sample = Sample {
            at: started.elapsed().as_secs_f64(),
            rss_mib: rss_kib(bot.id()).unwrap_or(0) as f64 / 1024.0,
            descriptors: descriptors(bot.id()),
            pool: match probe {
                Some(probe) => probe.connections().await,
                None => None,
            },
            taps: round_trips.len(),
            failed: failed_now - failed_before,
            handled: handling_millis(&bot.take_lines()),
            round_trips,
        };
        failed_before = failed_now;
        let (rt, handled) = (
            Percentiles::of(sample.round_trips.clone()),
            Percentiles::of(sample.handled.clone()),
        );
        println!(
            "{:>5.0} {:>9.1} {:>5} {:>5} {:>6} {:>7} {:>7.2} {:>8.2} {:>8.2}",
            sample.at,
            sample.rss_mib,
            sample.descriptors,
            sample.pool.map_or("-".to_owned(), |n| n.to_string()),
            sample.taps,
            sample.failed,
            rt.p50,
            rt.p99,
            handled.p99,
        );
        samples.push(sample);
    }
    verdict(&samples, warm_up.as_secs_f64())
}

/// The descriptors a process holds open, from `/proc/<pid>/fd`.
fn descriptors(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, Iterator::count)
}

/// Prints whether each measure stayed flat after the warm-up; true when all did and nothing
/// failed.
fn verdict(samples: &[Sample], warm_up: f64) -> bool {
    let settled: Vec<&Sample> = samples.iter().filter(|s| s.at > warm_up).collect();
    if settled.len() < 2 * PER_MINUTE {
        println!("soak: too short to judge (needs two minutes after the warm-up)");
        return false;
    }
    let span_hours = (settled[settled.len() - 1].at - settled[0].at) / 3600.0;
    let mut flat = true;
    let mut judge = |name: &str, unit: &str, values: Vec<(f64, f64)>, slack: f64| {
        let (slope, mean) = slope_per_hour(&values);
        let growth = slope * span_hours;
        let ok = growth <= slack.max(mean * 0.05);
        flat &= ok;
        println!(
            "soak: {name} mean {mean:.1} {unit}, slope {slope:+.2} {unit}/h, {growth:+.2} {unit} over the {:.0} min after warm-up: {}",
            span_hours * 60.0,
            if ok { "flat" } else { "GROWING" }
        );
    };
    let series = |f: &dyn Fn(&Sample) -> Option<f64>| -> Vec<(f64, f64)> {
        settled
            .iter()
            .filter_map(|s| Some((s.at / 3600.0, f(s)?)))
            .collect()
    };
    judge("RSS", "MiB", series(&|s| Some(s.rss_mib)), 2.0);
    judge(
        "descriptors",
        "fds",
        series(&|s| Some(s.descriptors as f64)),
        2.0,
    );
    let pool = series(&|s| s.pool.map(|n| n as f64));
    if !pool.is_empty() {
        judge("pool connections", "conns", pool, 2.0);
    }
    let minute = |window: &[&Sample]| {
        Percentiles::of(
            window
                .iter()
                .flat_map(|s| s.round_trips.iter().copied())
                .collect(),
        )
    };
    let first = minute(&settled[..PER_MINUTE]);
    let last = minute(&settled[settled.len() - PER_MINUTE..]);
    let latency_ok = last.p99 <= (first.p99 * 1.5).max(first.p99 + 2.0);
    flat &= latency_ok;
    println!(
        "soak: round-trip p99 first minute after warm-up {:.2} ms ({} taps), last minute {:.2} ms ({} taps): {}",
        first.p99,
        first.count,
        last.p99,
        last.count,
        if latency_ok { "flat" } else { "SLOWER" }
    );
    let all = Percentiles::of(
        settled
            .iter()
            .flat_map(|s| s.handled.iter().copied())
            .collect(),
    );
    let failed: usize = samples.iter().map(|s| s.failed).sum();
    let taps: usize = samples.iter().map(|s| s.taps).sum();
    println!(
        "soak: {taps} taps, {failed} failed interactions; bot handling after warm-up p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        all.p50, all.p99, all.max
    );
    flat && failed == 0
}

/// The least-squares slope of (hours, value) points, per hour, and the values' mean.
fn slope_per_hour(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len() as f64;
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
    let (mut covariance, mut variance) = (0.0, 0.0);
    for (x, y) in points {
        covariance += (x - mean_x) * (y - mean_y);
        variance += (x - mean_x) * (x - mean_x);
    }
    let slope = if variance > 0.0 {
        covariance / variance
    } else {
        0.0
    };
    (slope, mean_y)
}
