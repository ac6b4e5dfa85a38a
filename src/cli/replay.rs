//! `tripeaks replay CODE [ACTION…] --out FILE.gif`: the animation of a game along the actions,
//! the same GIF the bot's Replay button posts.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;

use super::{Source, parse_actions};
use crate::render::{HEIGHT, WIDTH, replay};

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A deal code (left out with --cards), then actions: a card such as KC or 10H, draw, undo.
    #[arg(value_name = "CODE] [ACTION")]
    pub words: Vec<String>,
    #[command(flatten)]
    pub source: Source,
    /// Where to write the GIF; `-` writes it to standard output.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// Plays the actions (every one must be accepted, as for `render`), one frame per action after
/// the deal's, and writes the animation.
pub fn run(args: ReplayArgs, out: &mut impl Write) -> Result<()> {
    let (code, words) = args.source.split_words(&args.words);
    let mut game = args.source.game(code)?;
    let mut positions = vec![game.clone()];
    for (number, action) in parse_actions(words)?.into_iter().enumerate() {
        if let Err(refusal) = game.apply(action) {
            bail!(
                "action {} `{action}` was refused ({}): {refusal}",
                number + 1,
                refusal.code()
            );
        }
        positions.push(game.clone());
    }
    let gif = replay(&positions);
    if args.out.as_os_str() == "-" {
        out.write_all(&gif)?;
    } else {
        std::fs::write(&args.out, &gif)
            .with_context(|| format!("writing {}", args.out.display()))?;
        writeln!(
            out,
            "wrote {} ({WIDTH}×{HEIGHT}, {} frames, {} bytes)",
            args.out.display(),
            positions.len(),
            gif.len()
        )?;
    }
    Ok(())
}
