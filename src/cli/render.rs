//! `tripeaks render CODE [ACTION…] --out FILE`: the board picture of any position as a PNG.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;

use super::{Source, parse_actions};
use crate::render::{HEIGHT, WIDTH, render};

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// A deal code (left out with --cards), then actions: a card such as KC or 10H, draw, undo.
    #[arg(value_name = "CODE] [ACTION")]
    pub words: Vec<String>,
    #[command(flatten)]
    pub source: Source,
    /// Where to write the PNG; `-` writes it to standard output.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// Plays the actions (every one must be accepted: a refused one is an error, since the picture
/// would not show the position asked for) and writes the picture.
pub fn run(args: RenderArgs, out: &mut impl Write) -> Result<()> {
    let (code, words) = args.source.split_words(&args.words);
    let mut game = args.source.game(code)?;
    for (number, action) in parse_actions(words)?.into_iter().enumerate() {
        if let Err(refusal) = game.apply(action) {
            bail!(
                "action {} `{action}` was refused ({}): {refusal}",
                number + 1,
                refusal.code()
            );
        }
    }
    let png = render(&game);
    if args.out.as_os_str() == "-" {
        out.write_all(&png)?;
    } else {
        std::fs::write(&args.out, &png)
            .with_context(|| format!("writing {}", args.out.display()))?;
        writeln!(
            out,
            "wrote {} ({WIDTH}×{HEIGHT}, {} bytes)",
            args.out.display(),
            png.len()
        )?;
    }
    Ok(())
}
