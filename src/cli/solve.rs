//! `tripeaks solve`: the solver from the command line, for one position or a batch of random
//! deals (win rate and time per deal). The shell around `game::solver`: it parses, times and
//! prints; the solver itself has no clock.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use clap::Args;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::{Value, json};

use super::{Source, code_json, parse_actions};
use crate::game::solver::{Verdict, par, solve};
use crate::game::{Action, DEAL_COUNT, DealCode, DealNumber, Game, Rule};

/// The most deals one `--random` run solves: its timings are kept in memory (16 bytes a deal),
/// and ten million deals take hours already.
pub const MAX_RANDOM_DEALS: u64 = 10_000_000;

/// The seed of `--random` when none is given, so that two runs solve the same deals.
pub const DEFAULT_SEED: u64 = 2024;

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// A deal code (left out with --cards), then actions to play before solving: a card such as
    /// KC or 10H, draw, undo.
    #[arg(value_name = "CODE] [ACTION")]
    pub words: Vec<String>,
    #[command(flatten)]
    pub source: Source,
    /// Solve N random deals instead (with --rule, default easy) and report the win rate and the
    /// time per deal.
    #[arg(long, value_name = "N")]
    pub random: Option<u64>,
    /// The seed that picks the random deals [default: 2024].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Print JSON instead of text for a person.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tripeaks solve`.
pub fn run(args: SolveArgs, out: &mut impl Write) -> Result<()> {
    if let Some(deals) = args.random {
        if deals == 0 || deals > MAX_RANDOM_DEALS {
            bail!("--random takes 1 to {MAX_RANDOM_DEALS} deals, not {deals}");
        }
        if !args.words.is_empty() || args.source.cards.is_some() {
            bail!("--random solves random deals: give no code, actions or --cards with it");
        }
        let rule = args.source.rule.unwrap_or_default();
        let seed = args.seed.unwrap_or(DEFAULT_SEED);
        let batch = solve_random(deals, rule, seed);
        if args.json {
            writeln!(out, "{}", batch.json())?;
        } else {
            write!(out, "{}", batch.text())?;
        }
        return Ok(());
    }
    if let Some(seed) = args.seed {
        bail!("--seed {seed} picks the deals of --random N: give --random too");
    }
    let (code, words) = args.source.split_words(&args.words);
    let mut game = args.source.game(code)?;
    for (n, action) in parse_actions(words)?.into_iter().enumerate() {
        if let Err(refusal) = game.apply(action) {
            bail!(
                "action {} ({action}) was refused: {refusal} ({})",
                n + 1,
                refusal.code()
            );
        }
    }
    let started = Instant::now();
    let verdict = solve(&game);
    let elapsed = started.elapsed();
    if args.json {
        writeln!(out, "{}", verdict_json(&game, &verdict, elapsed))?;
    } else {
        write!(out, "{}", verdict_text(&game, &verdict, elapsed))?;
    }
    Ok(())
}

fn millis(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 1e6).round() / 1e3
}

/// `{"code","rule","winnable","line","states","millis","par"}` (par: docs/RULES.md, "Par"; a number
/// or `null`).
pub fn verdict_json(game: &Game, verdict: &Verdict, elapsed: Duration) -> Value {
    let line: Vec<String> = verdict.line.iter().map(Action::to_string).collect();
    json!({
        "code": code_json(game),
        "rule": game.rule().name(),
        "winnable": verdict.winnable,
        "line": line,
        "states": verdict.states_searched,
        "millis": millis(elapsed),
        "par": par(game),
    })
}

fn verdict_text(game: &Game, verdict: &Verdict, elapsed: Duration) -> String {
    let name = game
        .code()
        .map_or_else(|| "custom layout".to_string(), |c| c.to_string());
    let mut text = format!("{name} ({}): ", game.rule());
    if verdict.winnable {
        let draws = verdict.line.iter().filter(|&&a| a == Action::Draw).count();
        let line: Vec<String> = verdict.line.iter().map(Action::to_string).collect();
        text += &format!(
            "can be won from here in {} actions ({draws} draws)\nline: {}\n",
            verdict.line.len(),
            line.join(" ")
        );
        if let Some(par) = par(game) {
            text += &format!("par {par} (the best final score from here)\n");
        }
    } else {
        text += "cannot be won from this position\n";
    }
    text += &format!(
        "{} states searched in {} ms\n",
        verdict.states_searched,
        millis(elapsed)
    );
    text
}

/// The deal numbers `--random N --seed S` solves: uniform over all TP1 deals, drawn from a
/// ChaCha8 stream seeded with S, so a run can be repeated exactly.
pub fn random_deals(count: u64, seed: u64) -> impl Iterator<Item = DealNumber> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Rejection sampling keeps the pick uniform: 2⁶⁴ is not a multiple of 26⁷.
    let limit = u64::MAX - u64::MAX % DEAL_COUNT;
    (0..count).map(move |_| {
        loop {
            let x = rng.next_u64();
            if x < limit {
                break DealNumber::new(x % DEAL_COUNT).expect("below 26⁷");
            }
        }
    })
}

/// The outcome of `--random`.
#[derive(Debug, Clone)]
pub struct Batch {
    pub rule: Rule,
    pub seed: u64,
    pub winnable: u64,
    /// The time of each solve, sorted.
    pub times: Vec<Duration>,
}

fn solve_random(count: u64, rule: Rule, seed: u64) -> Batch {
    let mut winnable = 0;
    let mut times = Vec::with_capacity(count as usize);
    let progress = crate::progress::Progress::bar(count, "solving");
    for number in random_deals(count, seed) {
        let game = Game::from_code(DealCode::new(number, rule));
        let started = Instant::now();
        let verdict = solve(&game);
        times.push(started.elapsed());
        winnable += u64::from(verdict.winnable);
        progress.step();
    }
    progress.finish();
    times.sort_unstable();
    Batch {
        rule,
        seed,
        winnable,
        times,
    }
}

/// The nearest-rank quantile `q` (0 < q ≤ 1) of sorted values; zero for none.
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted
        .get(rank.clamp(1, sorted.len().max(1)) - 1)
        .copied()
        .unwrap_or_default()
}

impl Batch {
    fn deals(&self) -> u64 {
        self.times.len() as u64
    }

    fn rate(&self) -> f64 {
        if self.times.is_empty() {
            0.0
        } else {
            self.winnable as f64 / self.deals() as f64
        }
    }

    /// `{"deals","winnable","rate","p50_ms","p99_ms","max_ms","rule","seed"}`.
    pub fn json(&self) -> Value {
        json!({
            "deals": self.deals(),
            "winnable": self.winnable,
            "rate": (self.rate() * 1e6).round() / 1e6,
            "p50_ms": millis(quantile(&self.times, 0.5)),
            "p99_ms": millis(quantile(&self.times, 0.99)),
            "max_ms": millis(quantile(&self.times, 1.0)),
            "rule": self.rule.name(),
            "seed": self.seed,
        })
    }

    fn text(&self) -> String {
        format!(
            "{deals} random {rule} deals (seed {seed}): {winnable} winnable ({percent:.2}%)\n\
             time per deal: p50 {p50} ms, p99 {p99} ms, max {max} ms\n",
            deals = self.deals(),
            rule = self.rule,
            seed = self.seed,
            winnable = self.winnable,
            percent = self.rate() * 100.0,
            p50 = millis(quantile(&self.times, 0.5)),
            p99 = millis(quantile(&self.times, 0.99)),
            max = millis(quantile(&self.times, 1.0)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_deals_repeat_for_a_seed_and_differ_between_seeds() {
        let first: Vec<DealNumber> = random_deals(50, 7).collect();
        assert_eq!(first, random_deals(50, 7).collect::<Vec<_>>());
        assert_ne!(first, random_deals(50, 8).collect::<Vec<_>>());
        let distinct: std::collections::HashSet<_> = first.iter().collect();
        assert_eq!(distinct.len(), 50);
    }

    #[test]
    fn quantiles_use_the_nearest_rank() {
        let times: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(quantile(&times, 0.5), Duration::from_millis(50));
        assert_eq!(quantile(&times, 0.99), Duration::from_millis(99));
        assert_eq!(quantile(&times, 1.0), Duration::from_millis(100));
        assert_eq!(quantile(&[], 0.5), Duration::ZERO);
    }
}
