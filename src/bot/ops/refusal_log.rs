//! Requests the interactions endpoint turns away, counted and logged so that a flood of junk
//! cannot fill a disk. Every refusal is counted (`tripeaks_endpoint_refusals_total`, by reason:
//! [`Refusal`]); the log says the first one in full, then stays quiet for [`LOG_EVERY`] and says
//! in one summary line how many of each reason it did not log meanwhile, at most one line per
//! [`LOG_EVERY`] for as long as the flood lasts. After a quiet spell the next refusal is logged
//! in full again.
//!
//! The times are tokio's, so the tests pause the clock rather than wait ten seconds. The
//! process has one log ([`refuse`]); the tests make their own ([`RefusalLog::new`]) and read the
//! lines it would write.

use std::fmt::Display;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use tokio::time::Instant;
use tracing::{info, warn};

use crate::bot::ops::metrics::{self, Refusal};

/// At most one line per this long while refusals keep coming.
pub const LOG_EVERY: Duration = Duration::from_secs(10);

/// A line of the refusal log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// One refusal in full: the first after a quiet spell.
    Refused { reason: Refusal, detail: String },
    /// The refusals counted and not logged since the last line, by reason (in the order of
    /// [`Refusal::ALL`], reasons with none left out).
    Suppressed(Vec<(Refusal, u64)>),
}

/// Where the lines go: the process's log, or a test's list.
type Emit = Box<dyn Fn(&Line) + Send + Sync>;

/// A log of refusals that writes at most one line per [`LOG_EVERY`].
pub struct RefusalLog {
    emit: Emit,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// Until when refusals are counted rather than logged: [`LOG_EVERY`] after the last line.
    quiet_until: Option<Instant>,
    /// The refusals counted since the last line, by reason (indexed as [`Refusal::ALL`]).
    suppressed: [u64; Refusal::ALL.len()],
    /// Whether a task waits to write the summary when the quiet spell ends.
    summary_due: bool,
}

/// The process's refusal log, writing to `tracing`.
static PROCESS_LOG: LazyLock<Arc<RefusalLog>> =
    LazyLock::new(|| Arc::new(RefusalLog::new(Box::new(write_to_tracing))));

/// Counts a refusal in the metrics and logs it through the process's refusal log. `detail` is
/// written only when this refusal is logged in full.
pub fn refuse(reason: Refusal, detail: impl Display) {
    metrics::refused(reason);
    PROCESS_LOG.note(reason, detail);
}

impl RefusalLog {
    pub fn new(emit: Emit) -> RefusalLog {
        RefusalLog {
            emit,
            state: Mutex::new(State::default()),
        }
    }

    /// Logs a refusal in full after a quiet spell; within one, counts it for the summary at
    /// the spell's end (written by a task started with the first refusal counted).
    pub fn note(self: &Arc<Self>, reason: Refusal, detail: impl Display) {
        let now = Instant::now();
        let mut state = self.state();
        let quiet_until = state.quiet_until.filter(|until| now < *until);
        // A summary under way (its spell just ended) takes this one too.
        if quiet_until.is_some() || state.summary_due {
            state.suppressed[reason as usize] += 1;
            if let Some(until) = quiet_until
                && !state.summary_due
                && let Ok(runtime) = tokio::runtime::Handle::try_current()
            {
                state.summary_due = true;
                let log = Arc::clone(self);
                runtime.spawn(async move {
                    tokio::time::sleep_until(until).await;
                    log.summarize();
                });
            }
            return;
        }
        state.quiet_until = Some(now + LOG_EVERY);
        drop(state);
        let detail = detail.to_string();
        (self.emit)(&Line::Refused { reason, detail });
    }

    /// Writes how many refusals were counted and not logged, if any; that line starts a quiet
    /// spell of its own.
    fn summarize(&self) {
        let mut state = self.state();
        state.summary_due = false;
        let counted = std::mem::take(&mut state.suppressed);
        let counts: Vec<(Refusal, u64)> = Refusal::ALL
            .into_iter()
            .zip(counted)
            .filter(|(_, count)| *count > 0)
            .collect();
        if counts.is_empty() {
            return;
        }
        state.quiet_until = Some(Instant::now() + LOG_EVERY);
        drop(state);
        (self.emit)(&Line::Suppressed(counts));
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The process's lines: a refusal a client may cause by mistake (a bad signature, which Discord
/// itself sends to check, a wrong path) as information, the others and the summaries as
/// warnings.
fn write_to_tracing(line: &Line) {
    let seconds = LOG_EVERY.as_secs();
    match line {
        Line::Refused { reason, detail } => match reason {
            Refusal::Signature | Refusal::NotFound => info!(
                reason = reason.name(),
                "a request refused at the interactions endpoint: {detail} (any more in the next {seconds} s are summed up)"
            ),
            _ => warn!(
                reason = reason.name(),
                "a request refused at the interactions endpoint: {detail} (any more in the next {seconds} s are summed up)"
            ),
        },
        Line::Suppressed(counts) => {
            let total: u64 = counts.iter().map(|(_, count)| count).sum();
            let each: Vec<String> = counts
                .iter()
                .map(|(reason, count)| format!("{} {count}", reason.name()))
                .collect();
            warn!(
                total,
                "more requests refused at the interactions endpoint, not logged one by one: {} (tripeaks_endpoint_refusals_total counts every one)",
                each.join(", ")
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A log whose lines the test reads, each with the time it was written.
    fn log_and_lines() -> (Arc<RefusalLog>, impl Fn() -> Vec<(Instant, Line)>) {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let written = Arc::clone(&lines);
        let emit = move |line: &Line| written.lock().unwrap().push((Instant::now(), line.clone()));
        let log = Arc::new(RefusalLog::new(Box::new(emit)));
        (log, move || lines.lock().unwrap().clone())
    }

    fn refused(reason: Refusal, detail: &str) -> Line {
        Line::Refused {
            reason,
            detail: detail.to_owned(),
        }
    }

    /// A burst is one line, then one summary at the end of the quiet spell with each reason's
    /// count; nothing more while nothing comes; the next refusal after that is logged in full.
    #[tokio::test(start_paused = true)]
    async fn a_burst_is_one_line_and_one_summary() {
        let (log, written) = log_and_lines();
        let lines = || -> Vec<Line> { written().into_iter().map(|(_, line)| line).collect() };
        for _ in 0..1000 {
            log.note(Refusal::Signature, "no signature headers");
        }
        log.note(Refusal::TooLarge, "a body past 262144 bytes");
        assert_eq!(
            lines(),
            [refused(Refusal::Signature, "no signature headers")]
        );
        tokio::time::sleep(LOG_EVERY - Duration::from_millis(1)).await;
        assert_eq!(lines().len(), 1, "quiet until the spell ends");
        tokio::time::sleep(Duration::from_millis(2)).await;
        let summary = Line::Suppressed(vec![(Refusal::Signature, 999), (Refusal::TooLarge, 1)]);
        assert_eq!(lines()[1..], [summary]);
        tokio::time::sleep(LOG_EVERY * 6).await;
        assert_eq!(lines().len(), 2, "nothing to sum up: no line");
        log.note(Refusal::Connections, "past 1024 connections");
        assert_eq!(
            lines()[2..],
            [refused(Refusal::Connections, "past 1024 connections")]
        );
    }

    /// A flood that goes on for a minute writes at most one line per ten seconds, and the lines
    /// account for every refusal.
    #[tokio::test(start_paused = true)]
    async fn a_minute_of_flood_is_at_most_one_line_per_ten_seconds() {
        let (log, written) = log_and_lines();
        for _ in 0..600 {
            for _ in 0..50 {
                log.note(Refusal::InFlight, "past 256 interactions in flight");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tokio::time::sleep(LOG_EVERY).await;
        let (times, lines): (Vec<Instant>, Vec<Line>) = written().into_iter().unzip();
        assert!(lines.len() <= 7, "{} lines: {lines:?}", lines.len());
        for pair in times.windows(2) {
            assert!(pair[1] - pair[0] >= LOG_EVERY, "{times:?}");
        }
        let summed: u64 = lines
            .iter()
            .map(|line| match line {
                Line::Refused { .. } => 1,
                Line::Suppressed(counts) => counts.iter().map(|(_, count)| count).sum(),
            })
            .sum();
        assert_eq!(summed, 600 * 50, "every refusal is in a line");
    }

    #[test]
    fn the_process_log_counts_every_refusal() {
        let series = "tripeaks_endpoint_refusals_total{reason=\"replayed\"}";
        let count = || {
            let text = metrics::render();
            let line = text.lines().find_map(|line| line.strip_prefix(series));
            line.map_or(0.0, |value| value.trim().parse::<f64>().unwrap())
        };
        let before = count();
        refuse(Refusal::Replayed, "interaction 1 had arrived before");
        refuse(Refusal::Replayed, "interaction 1 had arrived before");
        assert_eq!(count(), before + 2.0);
    }
}
