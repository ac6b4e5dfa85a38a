//! The `tripeaks` command line: deal, play, render, replay, describe and solve any
//! position from a deal code or a 52-card layout, and name the daily deal of a date; for
//! operators, check a set-up, back up the store and ask a running bot's health. Its
//! arguments and JSON are a contract (`CONTRACTS.md`): extend them, never rename or remove.

mod backup;
mod check;
mod daily;
mod describe;
mod health;
mod render;
mod replay;
mod solve;
mod text;

use std::io::Write;

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};
use serde_json::{Value, json};

use crate::game::{Action, Card, Deal, DealCode, Game, ROW_STARTS, Rule, Slot};

/// TriPeaks solitaire for Discord. With no command, runs the bot.
#[derive(Debug, Parser)]
#[command(name = "tripeaks", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show the cards a deal code deals: the peaks, the waste card and the stock.
    Deal(DealArgs),
    /// Play actions (cards, `draw`, `undo`) on a deal and show the position after them.
    Play(PlayArgs),
    /// Describe the board in words, as the picture's alt text, in one language.
    Describe(describe::DescribeArgs),
    /// Draw the board of a position as a PNG picture.
    Render(render::RenderArgs),
    /// Write the animation of a game along the actions (a frame per action) as a GIF.
    Replay(replay::ReplayArgs),
    /// Whether a deal (or a position after some actions) can be won, with a winning line; or,
    /// with --random N, the win rate and solving time over N random deals.
    Solve(solve::SolveArgs),
    /// The daily deal of a UTC date (today by default): its number and deal code.
    Daily(daily::DailyArgs),
    /// Check the bot's set-up (token, database, metrics address, shards) without starting it:
    /// one line per finding and the invite link; exit 1 when something is wrong.
    Check(check::CheckArgs),
    /// Copy the SQLite store while the bot runs, checked (PostgreSQL: use pg_dump).
    Backup(backup::BackupArgs),
    /// Ask a running bot's /healthz (METRICS_ADDR); exit 0 when healthy. For health checks.
    Health(health::HealthArgs),
}

/// A command that ran and found something wrong (a check that failed, an unhealthy bot): the
/// binary exits 1 and prints this message, if any, on stderr.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Failed(pub String);

/// Where a position starts: a deal code, or a layout given card by card.
#[derive(Debug, Args)]
pub struct Source {
    /// 52 cards instead of a code: 28 peak cards row by row, the waste card, 23 stock cards from
    /// the top (e.g. "3S 9D 5C …"); 53 with the joker JK of the wild card (24 stock cards).
    #[arg(long, value_name = "52 CARDS")]
    pub cards: Option<String>,
    /// The King–Ace rule: easy (K and A adjacent) or classic. Overrides a code's letter.
    #[arg(long, value_name = "easy|classic")]
    pub rule: Option<Rule>,
}

#[derive(Debug, Args)]
pub struct DealArgs {
    /// A deal code such as TP1-E-AAAAAAB (not with --cards).
    pub code: Option<String>,
    #[command(flatten)]
    pub source: Source,
    /// Print JSON instead of text for a person.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// A deal code (left out with --cards), then actions: a card such as KC or 10H, draw, undo.
    #[arg(value_name = "CODE] [ACTION")]
    pub words: Vec<String>,
    #[command(flatten)]
    pub source: Source,
    /// Print JSON instead of text for a person.
    #[arg(long)]
    pub json: bool,
}

impl Source {
    /// The starting game: from `--cards`, or from the code.
    pub fn game(&self, code: Option<&str>) -> Result<Game> {
        match (&self.cards, code) {
            (Some(_), Some(code)) => {
                bail!("give either a code ({code}) or --cards, not both")
            }
            (Some(cards), None) => {
                let deal: Deal = cards.parse().context("--cards")?;
                Ok(Game::from_layout(deal, self.rule.unwrap_or_default()))
            }
            (None, Some(code)) => {
                let mut code: DealCode = code.parse()?;
                if let Some(rule) = self.rule {
                    code.rule = rule;
                }
                Ok(Game::from_code(code))
            }
            (None, None) => {
                bail!("give a deal code such as TP1-E-AAAAAAB, or --cards \"<52 cards>\"")
            }
        }
    }

    /// Splits positional words into the code (unless `--cards` is given) and the actions.
    pub fn split_words<'a>(&self, words: &'a [String]) -> (Option<&'a str>, &'a [String]) {
        match (&self.cards, words.split_first()) {
            (None, Some((code, actions))) => (Some(code.as_str()), actions),
            _ => (None, words),
        }
    }
}

/// Parses actions strictly: one bad word is an error before anything is played.
pub fn parse_actions(words: &[String]) -> Result<Vec<Action>> {
    words
        .iter()
        .map(|word| {
            word.parse::<Action>().with_context(|| {
                format!("`{word}` is not an action: use a card such as KC, draw or undo")
            })
        })
        .collect()
}

/// Runs one command, writing its output to `out`.
pub fn run(command: Command, out: &mut impl Write) -> Result<()> {
    match command {
        Command::Deal(args) => {
            let game = args.source.game(args.code.as_deref())?;
            if args.json {
                writeln!(out, "{}", deal_json(&game))?;
            } else {
                write!(out, "{}", text::deal(&game))?;
            }
        }
        Command::Play(args) => {
            let (code, words) = args.source.split_words(&args.words);
            let mut game = args.source.game(code)?;
            let actions = parse_actions(words)?;
            let results: Vec<_> = actions.iter().map(|&a| (a, game.apply(a))).collect();
            if args.json {
                writeln!(out, "{}", play_json(&game, &results))?;
            } else {
                write!(out, "{}", text::play(&game, &results))?;
            }
        }
        Command::Describe(args) => describe::run(args, out)?,
        Command::Render(args) => render::run(args, out)?,
        Command::Replay(args) => replay::run(args, out)?,
        Command::Solve(args) => solve::run(args, out)?,
        Command::Daily(args) => daily::run(args, out)?,
        Command::Check(args) => check::run(args, out)?,
        Command::Backup(args) => backup::run(args, out)?,
        Command::Health(args) => health::run(args, out)?,
    }
    Ok(())
}

fn code_json(game: &Game) -> Value {
    game.code()
        .map_or(Value::Null, |code| json!(code.to_string()))
}

fn cards_json(cards: &[Card]) -> Vec<String> {
    cards.iter().map(Card::to_string).collect()
}

fn waste_json(game: &Game) -> Value {
    game.waste()
        .map_or(Value::Null, |card| json!(card.to_string()))
}

/// `{"code","rule","tableau":[28],"waste","stock":[23],"modes"}`; with an empty waste (W) the
/// waste is `null` and the stock has 24 cards.
pub fn deal_json(game: &Game) -> Value {
    let deal = game.deal();
    json!({
        "code": code_json(game),
        "rule": game.rule().name(),
        "tableau": cards_json(&deal.tableau),
        "waste": waste_json(game),
        "stock": cards_json(game.round_stock()),
        "modes": game.modes().letters(),
    })
}

/// The position as `tripeaks play --json` prints it.
pub fn play_json(
    game: &Game,
    results: &[(Action, Result<crate::game::Effect, crate::game::Refusal>)],
) -> Value {
    let rows: Vec<Vec<Value>> = (0..4)
        .map(|row| {
            let length = crate::game::ROW_LENGTHS[row];
            (ROW_STARTS[row]..ROW_STARTS[row] + length)
                .map(|index| {
                    match game.slot(crate::game::Position::new(index).expect("index < 28")) {
                        Slot::Empty => Value::Null,
                        Slot::FaceDown => json!("??"),
                        Slot::FaceUp(card) | Slot::Covered(card) => json!(card.to_string()),
                    }
                })
                .collect()
        })
        .collect();
    let results: Vec<Value> = results
        .iter()
        .map(|(action, result)| match result {
            Ok(_) => json!({"action": action.to_string(), "ok": true}),
            Err(crate::game::Refusal::MustPlay(fits)) => json!({
                "action": action.to_string(),
                "ok": false,
                "reason": "must_play",
                "fits": fits.to_string(),
            }),
            Err(refusal) => {
                json!({"action": action.to_string(), "ok": false, "reason": refusal.code()})
            }
        })
        .collect();
    json!({
        "code": code_json(game),
        "rule": game.rule().name(),
        "status": game.status().name(),
        "score": game.score(),
        "moves": game.moves(),
        "waste": waste_json(game),
        "stock": game.stock_len(),
        "undo_available": game.undo_available(),
        "rows": rows,
        "results": results,
        "modes": game.modes().letters(),
        "chain": game.chain(),
        "round": game.round(),
        "free": game.free_cards().iter().map(|(_, card)| card.to_string()).collect::<Vec<_>>(),
    })
}
