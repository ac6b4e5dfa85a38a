//! The `tripeaks` binary: the command line, and (with no command) the bot.

use std::process::ExitCode;

use clap::Parser;
use tripeaks::cli::{Cli, run};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let Some(command) = cli.command else {
        eprintln!("the bot is not built yet: try `tripeaks --help`");
        return ExitCode::from(2);
    };
    match run(command, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", one_line(&error));
            ExitCode::from(2)
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
