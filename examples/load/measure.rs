//! What the load generator measures and sets up: CPU time and memory of a process from `/proc`,
//! handling times from the bot's log lines, percentiles, a scratch PostgreSQL database, and
//! stored games filled in before the bot starts.

use std::time::Duration;

use anyhow::Context as _;
use sqlx::Connection as _;
use tripeaks::game::{DealCode, DealNumber, Game, Rule};
use tripeaks::store::{GameKind, Over, Store, UserId};

/// User time + system time of a process (`None`: this one), in seconds, from `/proc/<pid>/stat`.
pub fn cpu_seconds(pid: Option<u32>) -> anyhow::Result<f64> {
    let path = pid.map_or_else(
        || "/proc/self/stat".to_owned(),
        |pid| format!("/proc/{pid}/stat"),
    );
    let stat = std::fs::read_to_string(&path).with_context(|| format!("reading {path}"))?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let after = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest)
        .context("a stat line")?;
    let fields: Vec<&str> = after.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12th and 13th after the name.
    let ticks: u64 = fields.get(11).context("utime")?.parse::<u64>()?
        + fields.get(12).context("stime")?.parse::<u64>()?;
    Ok(ticks as f64 / clock_ticks_per_second())
}

fn clock_ticks_per_second() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(100.0)
}

/// A line of `/proc/<pid>/status` in KiB (`VmRSS`, `VmHWM`).
fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Resident memory now.
pub fn rss_kib(pid: u32) -> Option<u64> {
    status_kib(pid, "VmRSS:")
}

/// The most resident memory the process ever had (high-water mark).
pub fn peak_rss_kib(pid: u32) -> Option<u64> {
    status_kib(pid, "VmHWM:")
}

/// The `millis=` of every "button handled" line.
pub fn handling_millis(lines: &[String]) -> Vec<f64> {
    lines
        .iter()
        .filter(|line| line.contains("button handled"))
        .filter_map(|line| {
            let value = line.split("millis=").nth(1)?.split_whitespace().next()?;
            value.parse().ok()
        })
        .collect()
}

/// The log lines of the `count` slowest presses, slowest first.
pub fn slowest(lines: &[String], count: usize) -> Vec<&str> {
    let mut timed: Vec<(f64, &str)> = lines
        .iter()
        .filter_map(|line| {
            Some((
                handling_millis(std::slice::from_ref(line)).pop()?,
                line.as_str(),
            ))
        })
        .collect();
    timed.sort_by(|a, b| b.0.total_cmp(&a.0));
    timed
        .into_iter()
        .take(count)
        .map(|(_, line)| line)
        .collect()
}

/// p50, p99 and the maximum of some values (nearest rank).
pub struct Percentiles {
    pub count: usize,
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

impl Percentiles {
    pub fn of(mut values: Vec<f64>) -> Percentiles {
        values.sort_by(f64::total_cmp);
        let rank = |q: f64| {
            let at = ((q * values.len() as f64).ceil() as usize).clamp(1, values.len().max(1));
            values.get(at - 1).copied().unwrap_or(f64::NAN)
        };
        Percentiles {
            count: values.len(),
            p50: rank(0.50),
            p99: rank(0.99),
            max: values.last().copied().unwrap_or(f64::NAN),
        }
    }
}

/// A PostgreSQL database of the run's own, created on the server of a given URL.
pub struct Scratch {
    pub url: String,
    pub admin_url: String,
    pub name: String,
}

impl Scratch {
    pub async fn create(admin_url: &str) -> anyhow::Result<Scratch> {
        let name = format!("tripeaks_load_{}", std::process::id());
        let (base, query) = match admin_url.split_once('?') {
            Some((base, query)) => (base, format!("?{query}")),
            None => (admin_url, String::new()),
        };
        let server = base.rsplit_once('/').map_or(base, |(server, _)| server);
        let mut admin = sqlx::PgConnection::connect(admin_url).await?;
        // The name is made of letters, an underscore and the process id: nothing to escape.
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut admin)
            .await?;
        admin.close().await?;
        Ok(Scratch {
            url: format!("{server}/{name}{query}"),
            admin_url: admin_url.to_owned(),
            name,
        })
    }

    pub async fn drop_database(self) -> anyhow::Result<()> {
        let mut admin = sqlx::PgConnection::connect(&self.admin_url).await?;
        let drop = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        sqlx::raw_sql(sqlx::AssertSqlSafe(drop))
            .execute(&mut admin)
            .await?;
        Ok(())
    }
}

/// `count` players with a game in progress each, stored before the bot starts (so that its
/// memory is measured over a full store), four writers at a time.
pub async fn prefill(url: &str, count: usize) -> anyhow::Result<()> {
    let store = Store::connect(url).await?;
    let mut writers = tokio::task::JoinSet::new();
    for writer in 0..4 {
        let store = store.clone();
        writers.spawn(async move {
            for n in (writer..count).step_by(4) {
                let code = DealCode::new(
                    DealNumber::new(n as u64 % 1_000_000).expect("a deal number"),
                    Rule::Easy,
                );
                let user = UserId(1_500_000_000_000_000_000 + n as u64);
                let game = Game::from_code(code);
                store
                    .start(user, game, None, GameKind::Free, Over::Anything)
                    .await?;
            }
            anyhow::Ok(())
        });
    }
    while let Some(done) = writers.join_next().await {
        done??;
    }
    store.close().await;
    tokio::time::sleep(Duration::from_millis(10)).await;
    Ok(())
}
