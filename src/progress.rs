//! Progress on long work (`solve --random N`, `backup`, a long migration), drawn on stderr only
//! when stderr is a terminal: a pipe, a log file, a container's log or a test sees nothing, so
//! JSON on stdout and log lines stay exactly as they were.
//!
//! A thin wrapper over indicatif so that its callers (the CLI, the store's migrations) say what
//! they count and nothing about drawing.

use std::borrow::Cow;
use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar (known length) or a spinner (unknown), or nothing at all off a terminal.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
}

/// Whether progress is drawn: stderr is a terminal and `TERM` is not `dumb`.
pub fn shown() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("TERM").is_none_or(|term| term != "dumb")
}

impl Progress {
    /// A bar counting `len` steps of `what` (e.g. "solving", "migrations").
    pub fn bar(len: u64, what: impl Into<Cow<'static, str>>) -> Progress {
        Progress::with_target(len, what, shown())
    }

    /// A spinner for work whose length is unknown, with the time it has taken.
    pub fn spinner(what: impl Into<Cow<'static, str>>) -> Progress {
        if !shown() {
            return Progress {
                bar: ProgressBar::hidden(),
            };
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.set_message(what);
        bar.enable_steady_tick(Duration::from_millis(120));
        Progress { bar }
    }

    fn with_target(len: u64, what: impl Into<Cow<'static, str>>, drawn: bool) -> Progress {
        if !drawn {
            let bar = ProgressBar::hidden();
            bar.set_length(len);
            return Progress { bar };
        }
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed} (eta {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.set_message(what);
        Progress { bar }
    }

    /// One more step done.
    pub fn step(&self) {
        self.bar.inc(1);
    }

    /// Steps done so far (also counted when nothing is drawn).
    pub fn position(&self) -> u64 {
        self.bar.position()
    }

    /// Removes the bar from the terminal (the caller prints its own result).
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        // A bar left behind by an error or an early return must not stay on the screen.
        if !self.bar.is_finished() {
            self.bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_a_terminal_nothing_is_drawn_and_steps_still_count() {
        let progress = Progress::with_target(3, "solving", false);
        assert!(progress.bar.is_hidden());
        progress.step();
        progress.step();
        assert_eq!(progress.position(), 2);
        assert_eq!(progress.bar.length(), Some(3));
    }
}
