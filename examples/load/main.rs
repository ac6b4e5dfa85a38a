//! The load generator: drives the real `tripeaks` binary through the fake Discord of the tests,
//! all on 127.0.0.1. N players in M servers each start a game and tap along a winning line the
//! solver gives (so every tap is a real move: a card or a draw, a picture back), bounded in taps
//! and in time. It reports taps per second, the bot's handling time (from its own log lines),
//! the bot's CPU time per tap and its peak RSS, and the generator's own CPU beside them.
//!
//! ```sh
//! cargo build --release && cargo run --release --example load -- --players 50 --servers 5
//! cargo run --release --example load -- --database postgres://postgres@127.0.0.1:5432/test
//! ```
//! Options: `--players N` (50), `--servers M` (5), `--taps T` per player (40), `--rate R` taps/s
//! in all (unpaced by default: each player taps as soon as its board is back), `--seconds S`
//! (60, a bound on the tapping), `--prefill G` stored games before the bot starts (0),
//! `--database URL` (a temporary SQLite file; for PostgreSQL a database of its own is created on
//! that server and dropped after), `--processes P` bot processes (1; more need PostgreSQL) over
//! `--shard-count S` gateway shards (P), split into equal ranges (`SHARD_COUNT`, `SHARDS`),
//! `--slowest K` prints the bot's log lines of the K slowest presses (0), to see what the p99 is.
//! `--transport http|gateway` (gateway): over HTTP each process takes interactions on an
//! endpoint of its own (`INTERACTIONS_ADDR`), the fake signs and POSTs them and takes turns
//! between the processes as a load balancer would; `--rolling-restart S` (HTTP only) replaces
//! the processes one at a time every S seconds while the players tap (SIGTERM, then a new one
//! on the same database), and the failed interactions are counted. `--soak MINUTES` (one
//! process, 100 taps/s unless `--rate` says otherwise) taps for that long, the players replaying
//! their deals, and samples memory, descriptors, pool connections and latency every 10 s, then
//! says whether they stayed flat (`soak.rs`):
//! `cargo run --release --example load -- --transport http --database postgres://… --soak 60`.

#[path = "../../tests/support/mod.rs"]
mod support;

mod measure;
mod options;
mod soak;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use serde_json::{Value, json};
use support::{BotProcess, FakeDiscord, InteractionPayload, Player, TestDatabase, buttons_of};
use tokio::sync::Mutex;
use tripeaks::game::{Action, DealCode, DealNumber, Game, Rule, solver};
use tripeaks::i18n::{self, Locale};

use measure::{Percentiles, cpu_seconds, handling_millis, peak_rss_kib, rss_kib};
use options::{Options, options};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = options()?;
    let binary = support::bot_binary();
    anyhow::ensure!(
        binary.exists(),
        "no bot binary at {}: run `cargo build --release` first (or set TRIPEAKS_BIN)",
        binary.display()
    );
    support::echo_bot_output(false);
    let sqlite = TestDatabase::new()?;
    let postgres = match &options.database {
        Some(url) if url.starts_with("postgres") => Some(measure::Scratch::create(url).await?),
        _ => None,
    };
    let url = postgres
        .as_ref()
        .map_or_else(|| sqlite.url(), |db| db.url.clone());
    if options.prefill > 0 {
        let started = Instant::now();
        measure::prefill(&url, options.prefill).await?;
        println!(
            "prefilled {} stored games in {:.1} s",
            options.prefill,
            started.elapsed().as_secs_f64()
        );
    }
    let fake = Arc::new(FakeDiscord::start().await);
    // The bot's own default filter (the tests ask for `info`, which turns on serenity's spans,
    // whose fields cost a tenth of the CPU of a tap).
    let shard_count = options.shard_count.unwrap_or(options.processes);
    let per_process = shard_count / options.processes;
    let mut bots = Vec::new();
    for process in 0..options.processes {
        let (first, last) = (process * per_process, (process + 1) * per_process - 1);
        let (count, range) = (shard_count.to_string(), format!("{first}-{last}"));
        let mut env = vec![
            ("DATABASE_URL", url.as_str()),
            ("RUST_LOG", "info,serenity=warn,tracing::span=warn"),
        ];
        if options.over_http {
            bots.push(BotProcess::start_over_http(&fake, &sqlite, &env).await?);
            continue;
        }
        if options.processes > 1 || options.shard_count.is_some() {
            env.extend([("SHARD_COUNT", count.as_str()), ("SHARDS", range.as_str())]);
        }
        bots.push(BotProcess::start_with(&fake, &sqlite, &env).await?);
    }
    if !options.over_http {
        let every_shard: Vec<u64> = (0..u64::from(shard_count)).collect();
        fake.wait_for_shards(
            &every_shard,
            Duration::from_secs(30 + 10 * u64::from(shard_count)),
        )
        .await?;
    }
    if let Some(every) = options.rolling_restart {
        let replaced = Arc::new(AtomicUsize::new(0));
        let restarts = rolling_restarts(&fake, &sqlite, &url, bots, every, Arc::clone(&replaced));
        let result = tokio::select! {
            result = run(&options, &fake, &[], None) => result,
            failed = restarts => failed,
        };
        println!(
            "rolling restart every {every} s: {} process(es) replaced",
            replaced.load(Ordering::Relaxed)
        );
        if let Some(postgres) = postgres {
            postgres.drop_database().await?;
        }
        return result;
    }
    let probe = postgres.as_ref().map(|db| soak::PoolProbe {
        admin_url: db.admin_url.clone(),
        database: db.name.clone(),
    });
    let result = run(&options, &fake, &bots, probe.as_ref()).await;
    drop(bots);
    if let Some(postgres) = postgres {
        postgres.drop_database().await?;
    }
    result
}

async fn run(
    options: &Options,
    fake: &Arc<FakeDiscord>,
    bots: &[BotProcess],
    probe: Option<&soak::PoolProbe>,
) -> anyhow::Result<()> {
    let backend = if options
        .database
        .as_deref()
        .is_some_and(|u| u.starts_with("postgres"))
    {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    // A soak replays each player's deals over and over: a few games' worth of lines is enough.
    let solved = if options.soak.is_some() {
        400
    } else {
        options.taps
    };
    let lines: Vec<Vec<(DealCode, Vec<Action>)>> = (0..options.players)
        .map(|player| winning_lines(player, solved))
        .collect();
    let idle_rss: u64 = bots
        .iter()
        .filter_map(|bot| rss_kib(bot.id()))
        .max()
        .unwrap_or(0);
    let bots_cpu =
        || -> anyhow::Result<f64> { bots.iter().map(|bot| cpu_seconds(Some(bot.id()))).sum() };
    let (bot_cpu_before, me_before) = (bots_cpu()?, cpu_seconds(None)?);
    let logs_before: Vec<usize> = bots.iter().map(|bot| bot.lines().len()).collect();
    let started = Instant::now();
    let deadline = started + Duration::from_secs(options.seconds);
    let taps = Arc::new(AtomicUsize::new(0));
    let errors = Arc::new(AtomicUsize::new(0));
    let tally = Arc::new(soak::Tally::default());
    let pace = options.rate.map(|rate| {
        let mut ticker = tokio::time::interval(Duration::from_secs_f64(1.0 / rate.max(0.001)));
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Arc::new(Mutex::new(ticker))
    });
    let mut players = tokio::task::JoinSet::new();
    for (index, games) in lines.into_iter().enumerate() {
        let player = Player::new(
            1_300_000_000_000_000_000 + index as u64,
            &format!("p{index}"),
        );
        // Servers one shard apart, so that every shard (and every process) gets players.
        let guild = 1_400_000_000_000_000_000 + (((index % options.servers) as u64) << 22);
        let fake = Arc::clone(fake);
        let (taps, errors, pace) = (Arc::clone(&taps), Arc::clone(&errors), pace.clone());
        let tally = Arc::clone(&tally);
        let (budget, rounds) = (
            options.taps,
            if options.soak.is_some() {
                usize::MAX
            } else {
                1
            },
        );
        players.spawn(async move {
            let mut left = budget;
            for (code, line) in std::iter::repeat_n(games, rounds).flatten() {
                if left == 0 || Instant::now() > deadline {
                    break;
                }
                let played = play(
                    &fake,
                    (&player, guild),
                    code,
                    &line[..left.min(line.len())],
                    pace.as_ref(),
                    deadline,
                    &tally,
                )
                .await;
                match played {
                    Ok(count) => {
                        taps.fetch_add(count, Ordering::Relaxed);
                        left -= count.min(left);
                    }
                    Err(error) => {
                        eprintln!("player {index}: {error:#}");
                        errors.fetch_add(1, Ordering::Relaxed);
                        tally.failed.fetch_add(1, Ordering::Relaxed);
                        break;
                    }
                }
            }
        });
    }
    let forgetting = {
        let fake = Arc::clone(fake);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(500)).await;
                fake.forget_history();
            }
        })
    };
    let soaked = async {
        match (options.soak, bots) {
            (Some(minutes), [bot]) => {
                let warm_up = Duration::from_secs((minutes * 10).clamp(10, 600));
                Some(soak::run(bot, &tally, probe, deadline, warm_up).await)
            }
            _ => None,
        }
    };
    let ((), soaked) = tokio::join!(
        async { while players.join_next().await.is_some() {} },
        soaked
    );
    forgetting.abort();
    let elapsed = started.elapsed().as_secs_f64();
    let taps = taps.load(Ordering::Relaxed);
    let bot_cpu = bots_cpu()? - bot_cpu_before;
    let me = cpu_seconds(None)? - me_before;
    let lines: Vec<String> = bots
        .iter()
        .zip(&logs_before)
        // (A soak took its lines as it went: nothing is left past `before`.)
        .flat_map(|(bot, &before)| bot.lines().get(before..).map(<[String]>::to_vec))
        .flatten()
        .collect();
    let handled = Percentiles::of(handling_millis(&lines));
    for line in measure::slowest(&lines, options.slowest) {
        println!("slow: {line}");
    }
    let peak_rss: u64 = bots
        .iter()
        .filter_map(|bot| peak_rss_kib(bot.id()))
        .max()
        .unwrap_or(0);
    println!(
        "{backend}: {} players in {} servers, {taps} taps ({} errors) in {elapsed:.2} s = {:.0} taps/s{}",
        options.players,
        options.servers,
        errors.load(Ordering::Relaxed),
        taps as f64 / elapsed,
        options
            .rate
            .map_or(String::new(), |r| format!(" (paced at {r} taps/s)")),
    );
    println!(
        "replies Discord would have refused: {}",
        fake.refusals().len()
    );
    if bots.is_empty() {
        return Ok(());
    }
    if let Some(flat) = soaked {
        println!(
            "bot CPU {bot_cpu:.2} s = {:.2} ms per tap all-in; generator CPU {me:.2} s",
            bot_cpu * 1000.0 / taps.max(1) as f64
        );
        anyhow::ensure!(flat, "the soak did not stay flat (see above)");
        return Ok(());
    }
    println!(
        "handling (bot log, {} button presses): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        handled.count, handled.p50, handled.p99, handled.max
    );
    println!(
        "bot CPU ({} process(es)) {bot_cpu:.2} s = {:.2} ms per tap all-in; RSS per process idle {:.1} MB, peak {:.1} MB",
        bots.len(),
        bot_cpu * 1000.0 / taps.max(1) as f64,
        idle_rss as f64 / 1024.0,
        peak_rss as f64 / 1024.0,
    );
    println!(
        "generator CPU (fake Discord + players) {me:.2} s = {:.2} ms per tap",
        me * 1000.0 / taps.max(1) as f64
    );
    Ok(())
}

/// Replaces the processes one at a time, every `every` seconds, as a rolling deploy does: a new
/// process first (it serves once it has registered), then SIGTERM to the oldest, which stops
/// taking connections and answers what it took before it exits. Ends only on an error.
async fn rolling_restarts(
    fake: &FakeDiscord,
    database: &TestDatabase,
    url: &str,
    mut bots: Vec<BotProcess>,
    every: u64,
    replaced: Arc<AtomicUsize>,
) -> anyhow::Result<()> {
    let env = [
        ("DATABASE_URL", url),
        ("RUST_LOG", "info,serenity=warn,tracing::span=warn"),
    ];
    loop {
        tokio::time::sleep(Duration::from_secs(every)).await;
        bots.push(BotProcess::start_over_http(fake, database, &env).await?);
        let mut oldest = bots.remove(0);
        let status = oldest.terminate(Duration::from_secs(40)).await?;
        if let Some(address) = oldest.endpoint() {
            fake.remove_endpoint(address);
        }
        anyhow::ensure!(status.success(), "a replaced process exited with {status}");
        replaced.fetch_add(1, Ordering::Relaxed);
    }
}

/// Winning lines for one player, enough for `taps` taps: deals from a number of the player's
/// own, the first ones the solver wins.
fn winning_lines(player: usize, taps: usize) -> Vec<(DealCode, Vec<Action>)> {
    let mut lines = Vec::new();
    let (mut number, mut total) = (player as u64 * 7_919 + 1, 0);
    while total < taps {
        let code = DealCode::new(
            DealNumber::new(number % 1_000_000_000).expect("a deal number"),
            Rule::Easy,
        );
        number += 1;
        let verdict = solver::solve(&Game::from_code(code));
        if verdict.winnable && !verdict.line.is_empty() {
            total += verdict.line.len();
            lines.push((code, verdict.line));
        }
    }
    lines
}

/// `/tripeaks new code:<code>`, then a tap per action; the number of taps answered.
async fn play(
    fake: &FakeDiscord,
    (player, guild): (&Player, u64),
    code: DealCode,
    line: &[Action],
    pace: Option<&Arc<Mutex<tokio::time::Interval>>>,
    deadline: Instant,
    tally: &soak::Tally,
) -> anyhow::Result<usize> {
    let new = fake
        .slash("new")
        .by(player)
        .string("code", &code.to_string())
        .build();
    let mut board = answer(fake, in_server(new, guild)).await?;
    let mut tapped = 0;
    for action in line {
        if Instant::now() > deadline {
            break;
        }
        if let Some(pace) = pace {
            pace.lock().await.tick().await;
        }
        let buttons = buttons_of(&board);
        let wanted = match action {
            Action::Remove(card) => {
                let label = i18n::card_label(Locale::EnUs, *card);
                buttons
                    .iter()
                    .find(|b| b.label.as_deref() == Some(label.as_str()))
            }
            _ => buttons.iter().find(|b| {
                b.custom_id
                    .as_deref()
                    .is_some_and(|id| id.starts_with("tp:draw:"))
            }),
        };
        let id = wanted
            .and_then(|b| b.custom_id.clone())
            .with_context(|| format!("no button for {action} on the board of {code}"))?;
        let press = fake.button(&board, &id).by(player).build();
        let sent = Instant::now();
        board = answer(fake, in_server(press, guild)).await?;
        tally.tapped(sent.elapsed()).await;
        tapped += 1;
    }
    Ok(tapped)
}

/// The interaction as sent in another server.
fn in_server(mut interaction: InteractionPayload, guild: u64) -> InteractionPayload {
    let guild = json!(guild.to_string());
    interaction.json["guild_id"] = guild.clone();
    interaction.json["channel"]["guild_id"] = guild.clone();
    interaction.json["authorizing_integration_owners"]["0"] = guild;
    interaction
}

/// Sends the interaction and waits for the message its callback created or updated (after a
/// deferred update, the board once it was edited). The wait looks the interaction up by id, so
/// it costs the same however many replies came before.
async fn answer(fake: &FakeDiscord, interaction: InteractionPayload) -> anyhow::Result<Value> {
    fake.send_interaction(&interaction).await?;
    let what = format!("the answer to interaction {}", interaction.id);
    fake.wait_until(support::REPLY_TIMEOUT, &what, |state| {
        let stored = state.interactions.get(&interaction.id)?;
        let message = stored.original_message.filter(|_| stored.acknowledged)?;
        let deferred_update = stored.callback_type == 6;
        if deferred_update && stored.edits == 0 {
            return None;
        }
        state.message(message).cloned()
    })
    .await
}
