//! The child-process side of the harness (output capture, kill on drop, the test database) and
//! the timestamps the fake writes.

use std::time::Duration;

use serde_json::json;
use serenity::model::Timestamp;

use super::WAIT;
use crate::support::{BotProcess, TestDatabase, strip_ansi, timestamp_now};

#[test]
fn a_child_process_is_captured_and_killed_on_drop_even_in_a_panic() {
    let mut deal = std::process::Command::new(env!("CARGO_BIN_EXE_tripeaks"));
    deal.args(["deal", "TP1-E-AAAAAAA"]);
    let expected = String::from_utf8(deal.output().unwrap().stdout).unwrap();
    let mut child = BotProcess::from_command(deal).unwrap();
    let deadline = std::time::Instant::now() + WAIT;
    while (child.is_running() || child.lines().len() < expected.lines().count())
        && std::time::Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(child.lines(), expected.lines().collect::<Vec<_>>());

    let mut sleep = std::process::Command::new("sleep");
    sleep.arg("30");
    let sleeper = BotProcess::from_command(sleep).unwrap();
    let proc_entry = format!("/proc/{}", sleeper.id());
    assert!(std::path::Path::new(&proc_entry).exists());
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
        let _owned = sleeper;
        panic!("a failing test");
    }));
    assert!(outcome.is_err());
    assert!(
        !std::path::Path::new(&proc_entry).exists(),
        "killed and reaped"
    );

    assert_eq!(
        strip_ansi("\u{1b}[2m12:00\u{1b}[0m \u{1b}[32m INFO\u{1b}[0m ready"),
        "12:00  INFO ready"
    );
    let database = TestDatabase::new().unwrap();
    let dir = database.dir().to_owned();
    assert_eq!(
        database.url(),
        format!("sqlite://{}?mode=rwc", dir.join("tripeaks.db").display())
    );
    drop(database);
    assert!(!dir.exists());
}

#[test]
fn timestamps_are_now_in_discord_format() {
    let written = timestamp_now();
    let parsed: Timestamp = serde_json::from_value(json!(written)).expect("serenity parses it");
    assert!(
        (parsed.unix_timestamp() - Timestamp::now().unix_timestamp()).abs() <= 2,
        "{written}"
    );
}
