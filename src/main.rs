//! The `tripeaks` binary: the command line, and (with no command) the bot.

use std::process::ExitCode;

use clap::Parser;
use tripeaks::bot::{self, Config};
use tripeaks::cli::{Cli, Failed, run};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version: printed as clap prints them, a success.
        Err(shown) if !shown.use_stderr() => {
            let _ = shown.print();
            return ExitCode::SUCCESS;
        }
        // Bad input is one line on stderr (clap adds a blank line and a pointer to --help).
        Err(error) => {
            let rendered = error.to_string();
            eprintln!(
                "{}",
                rendered.lines().next().unwrap_or("error: bad arguments")
            );
            return ExitCode::from(2);
        }
    };
    let Some(command) = cli.command else {
        return run_bot();
    };
    match run(command, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // The command ran and found something wrong: its lines are printed already.
        Err(error) if error.is::<Failed>() => {
            let message = error.to_string();
            if !message.is_empty() {
                eprintln!("{message}");
            }
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("error: {}", one_line(&error));
            ExitCode::from(2)
        }
    }
}

/// The most threads of tokio's blocking pool (docs/performance.md, "Bounds on expensive work").
const BLOCKING_THREADS: usize = 8;

/// The bot's async runtime: one thread answers Discord, unless `TOKIO_WORKER_THREADS` asks for
/// more. A tap is a few hundred microseconds of work spread over a dozen wake-ups (the gateway,
/// the database's thread, the HTTP call); with a second async thread most of those wake-ups
/// also wake that thread and put it back to sleep, which costs more CPU than it saves
/// (`examples/load`: 0.56 ms of CPU a tap on one thread against 0.64 ms on two, the same p99).
/// What takes longer runs beside it: the solver, the GIF and the stats card on tokio's blocking
/// pool, SQLite on its own threads.
fn bot_runtime() -> std::io::Result<tokio::runtime::Runtime> {
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    if std::env::var_os("TOKIO_WORKER_THREADS").is_none() {
        builder.worker_threads(1);
    }
    // The blocking pool runs the solver, the pictures drawn per request and the replays: a few
    // milliseconds each, CPU-bound. Tokio's default of 512 threads would let a crowd of them
    // hold hundreds of threads' stacks and fight over the cores; past this many, work queues.
    builder.max_blocking_threads(BLOCKING_THREADS);
    builder.enable_all().build()
}

/// Reads the configuration, starts logging and runs the bot until it is stopped.
fn run_bot() -> ExitCode {
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| {
        tracing_subscriber::EnvFilter::new("info,serenity=warn,tracing::span=warn")
    });
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .init();
    let runtime = match bot_runtime() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(bot::run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("{}", one_line(&error));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes on one line.
fn one_line(error: &anyhow::Error) -> String {
    error
        .chain()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(": ")
}
