//! Statistics and server boards, pure: what counts, streaks, time windows and rankings.
//!
//! Nothing here does I/O or reads a clock: the store hands in finished games (or a server's
//! per-player totals) and the time "now" as Unix milliseconds, and these functions say what the
//! player and the server see. So every counting rule of docs/players.md's "What counts" is a unit
//! test.
//!
//! - `record`: how a game ended, and one finished game as the statistics see it.
//! - `period`: weeks from Monday 00:00 UTC, calendar months, the last 30 days, time left.
//! - `summary`: a player's numbers (played, won, streaks, best score, …) from their games.
//! - `totals`: the same numbers kept one game at a time, so a store reads one row per player.
//! - `ranking`: a server board from per-player totals: order, ties, hidden players.
//! - `challenge_rules`: a challenge's time limits, its winner and two players' head-to-head record.
//! - `event_rules`: a server event's bounds, its duration option and the order of its standings.
//! - `event_schedule`: an event's local start in an IANA zone, and its weekly return.

mod challenge_rules;
mod event_rules;
mod event_schedule;
mod period;
mod ranking;
mod record;
mod summary;
mod totals;

#[cfg(test)]
mod tests;

pub use challenge_rules::{
    ANSWER_WITHIN_MS, ChallengeEntry, FINISH_WITHIN_MS, HeadToHead, JOIN_WITHIN_MS, MAX_PLAYERS,
    ranked, winner,
};
pub use event_rules::{
    DurationError, EVENT_BOARD_TOP, EventBoard, EventPlace, EventStanding, MAX_DEALS,
    MAX_DURATION_MS, MAX_OPEN_PER_SERVER, MIN_DURATION_MS, event_board_from_page, event_places,
    format_duration, parse_duration,
};
pub use event_schedule::{
    DEFAULT_ZONE, StartError, a_week_later, local_start, zone, zones_matching,
};
pub use period::{DAY_MS, Period, Window, last_days};
pub use ranking::{
    Board, BoardPage, Metric, Ranked, Standing, board_from_page, rank, ranks_before,
};
pub use record::{GameResult, Outcome};
pub use summary::{Known, Summary, daily_streak, streaks};
pub use totals::Totals;
