//! The load generator's command line: its options with their defaults, read from `std::args`,
//! and the bounds that keep a run from being unbounded (the top of `main.rs` says what each
//! option does).

use anyhow::{Context as _, bail};

/// What to run.
#[derive(Debug, Clone)]
pub struct Options {
    pub players: usize,
    pub servers: usize,
    pub taps: usize,
    pub rate: Option<f64>,
    pub seconds: u64,
    pub prefill: usize,
    pub database: Option<String>,
    pub processes: u32,
    pub shard_count: Option<u32>,
    pub slowest: usize,
    pub over_http: bool,
    pub rolling_restart: Option<u64>,
    pub soak: Option<u64>,
}

pub fn options() -> anyhow::Result<Options> {
    let mut options = Options {
        players: 50,
        servers: 5,
        taps: 40,
        rate: None,
        seconds: 60,
        prefill: 0,
        database: None,
        processes: 1,
        shard_count: None,
        slowest: 0,
        over_http: false,
        rolling_restart: None,
        soak: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().with_context(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--players" => options.players = value()?.parse()?,
            "--servers" => options.servers = value()?.parse()?,
            "--taps" => options.taps = value()?.parse()?,
            "--rate" => options.rate = Some(value()?.parse()?),
            "--seconds" => options.seconds = value()?.parse()?,
            "--prefill" => options.prefill = value()?.parse()?,
            "--database" => options.database = Some(value()?),
            "--processes" => options.processes = value()?.parse()?,
            "--shard-count" => options.shard_count = Some(value()?.parse()?),
            "--slowest" => options.slowest = value()?.parse()?,
            "--transport" => {
                options.over_http = match value()?.as_str() {
                    "http" => true,
                    "gateway" => false,
                    other => bail!("--transport is http or gateway, not {other}"),
                }
            }
            "--rolling-restart" => options.rolling_restart = Some(value()?.parse()?),
            "--soak" => options.soak = Some(value()?.parse()?),
            other => bail!("unknown option {other} (see the top of examples/load/main.rs)"),
        }
    }
    anyhow::ensure!(
        (1..=10_000).contains(&options.players) && (1..=1_000).contains(&options.servers),
        "1 to 10,000 players in 1 to 1,000 servers"
    );
    if let Some(minutes) = options.soak {
        anyhow::ensure!(
            (1..=24 * 60).contains(&minutes)
                && options.processes == 1
                && options.rolling_restart.is_none(),
            "--soak is 1 to 1,440 minutes of one process, without --rolling-restart"
        );
        options.seconds = minutes * 60;
        options.taps = usize::MAX;
        options.rate.get_or_insert(100.0);
    }
    anyhow::ensure!(
        options.soak.is_some() || (options.taps <= 10_000 && options.seconds <= 3_600),
        "bounded runs only"
    );
    let shards = options.shard_count.unwrap_or(options.processes);
    anyhow::ensure!(
        (1..=16).contains(&options.processes) && shards.is_multiple_of(options.processes),
        "1 to 16 processes, each with an equal share of the shards"
    );
    anyhow::ensure!(
        options.rolling_restart.is_none() || options.over_http,
        "--rolling-restart is for --transport http"
    );
    let sharded = options.processes > 1 || options.shard_count.is_some();
    anyhow::ensure!(
        !sharded
            || options
                .database
                .as_deref()
                .is_some_and(|u| u.starts_with("postgres")),
        "several processes (or a shard count) need --database postgres://…"
    );
    Ok(options)
}
