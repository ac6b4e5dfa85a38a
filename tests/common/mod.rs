//! Running the `tripeaks` binary from integration tests, as scripts do.
#![allow(dead_code)]

use std::process::{Command, Output};

use serde_json::Value;

/// Runs `tripeaks` with these arguments.
pub fn tripeaks(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tripeaks"))
        .args(args)
        .output()
        .expect("the tripeaks binary runs")
}

/// Runs `tripeaks`, which must succeed, and returns its standard output.
pub fn stdout(args: &[&str]) -> String {
    let output = tripeaks(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Runs `tripeaks`, which must succeed and print JSON.
pub fn json(args: &[&str]) -> Value {
    serde_json::from_str(&stdout(args)).expect("JSON on stdout")
}
