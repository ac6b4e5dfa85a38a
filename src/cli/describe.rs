//! `tripeaks describe CODE [ACTION…] --locale L`: the board description that becomes the
//! picture's alt text, in one language, for checking translations and screen-reader wording.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use super::{Source, parse_actions};
use crate::i18n::{Locale, describe_board};

#[derive(Debug, Args)]
pub struct DescribeArgs {
    /// A deal code (left out with --cards), then actions: a card such as KC or 10H, draw, undo.
    #[arg(value_name = "CODE] [ACTION")]
    pub words: Vec<String>,
    #[command(flatten)]
    pub source: Source,
    /// The language: en-US, es-ES (or es-419), nl, fr or de.
    #[arg(long, value_name = "LOCALE", default_value = "en-US")]
    pub locale: String,
}

/// Plays the actions (refused ones change nothing, as in `tripeaks play`) and prints the
/// description of the position reached.
pub fn run(args: DescribeArgs, out: &mut impl Write) -> Result<()> {
    // Parsed here rather than by clap so that a bad locale is one line on stderr, like every
    // other bad input (CONTRACTS.md).
    let locale: Locale = args.locale.parse()?;
    let (code, words) = args.source.split_words(&args.words);
    let mut game = args.source.game(code)?;
    for action in parse_actions(words)? {
        // A refusal leaves the game as it was; the description shows where play stands.
        let _ = game.apply(action);
    }
    writeln!(out, "{}", describe_board(locale, &game))?;
    Ok(())
}
