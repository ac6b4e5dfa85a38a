//! `tripeaks check`: the bot's set-up checked line by line (`bot::check` does the looking), exit
//! 0 when all is well, 1 with what to do otherwise. Applies no migration and creates nothing.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use super::Failed;

#[derive(Debug, Args)]
pub struct CheckArgs {}

/// Runs the check on a runtime of its own and prints its lines.
pub fn run(_args: CheckArgs, out: &mut impl Write) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(crate::bot::ops::check::run());
    for line in report.lines() {
        writeln!(out, "{line}")?;
    }
    if report.passed() {
        Ok(())
    } else {
        let wrong = report.findings.iter().filter(|f| !f.ok).count();
        Err(Failed(format!(
            "{wrong} problem(s) found: see the FAIL lines above"
        ))
        .into())
    }
}
