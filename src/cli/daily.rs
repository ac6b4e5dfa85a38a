//! `tripeaks daily`: the daily deal of a UTC date (today by default), its number and code, for
//! any day from daily #1 (2026-12-01) on, future days included. The shell around `game::daily`:
//! it reads the clock and the arguments and prints; the picking is pure.

use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result};
use clap::Args;
use serde_json::{Value, json};

use crate::game::{DailyNumber, DealCode, daily_code, date_of_unix_millis, parse_date};

#[derive(Debug, Args)]
pub struct DailyArgs {
    /// The UTC date, from 2026-12-01 (daily #1) on [default: today, UTC].
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub date: Option<String>,
    /// Print JSON instead of text for a person.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tripeaks daily`.
pub fn run(args: DailyArgs, out: &mut impl Write) -> Result<()> {
    let date = match &args.date {
        Some(text) => parse_date(text)?,
        None => today_utc()?,
    };
    let daily = DailyNumber::of_date(date)?;
    let code = daily_code(daily);
    if args.json {
        writeln!(out, "{}", daily_json(daily, code))?;
    } else {
        writeln!(out, "Daily #{daily} ({}): {code}", daily.date())?;
    }
    Ok(())
}

/// Today's date in UTC, from the system clock.
fn today_utc() -> Result<time::Date> {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .context("the system clock is before 1970")?;
    let millis = i64::try_from(now.as_millis()).context("the system clock is out of range")?;
    date_of_unix_millis(millis).context("the system clock is out of range")
}

/// `{"date","number","code"}`.
pub fn daily_json(daily: DailyNumber, code: DealCode) -> Value {
    json!({
        "date": daily.date().to_string(),
        "number": daily.get(),
        "code": code.to_string(),
    })
}
