//! `tripeaks solve` as scripts call it: the JSON shapes of CONTRACTS.md, lines that win when
//! played with `tripeaks play`, positions after actions, layouts, and bad input.

mod common;

use common::{json, tripeaks};

use serde_json::Value;

fn line_of(verdict: &Value) -> Vec<String> {
    verdict["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn solve_json_has_the_contract_keys_and_its_line_wins_in_play() {
    let verdict = json(&["solve", "TP1-C-AAAAAAC", "--json"]);
    let keys: Vec<&String> = verdict.as_object().unwrap().keys().collect();
    // The contract's keys, then par (added after them).
    assert_eq!(
        keys,
        [
            "code", "rule", "winnable", "line", "states", "millis", "par"
        ]
    );
    assert_eq!(verdict["code"], "TP1-C-AAAAAAC");
    assert_eq!(verdict["rule"], "classic");
    assert_eq!(verdict["winnable"], true);
    assert!(verdict["states"].as_u64().unwrap() > 0);
    assert!(verdict["millis"].as_f64().unwrap() >= 0.0);
    let line = line_of(&verdict);
    let mut args = vec!["play", "TP1-C-AAAAAAC"];
    args.extend(line.iter().map(String::as_str));
    args.push("--json");
    let played = json(&args);
    assert_eq!(played["status"], "won");
}

#[test]
fn solve_from_a_position_after_actions() {
    let start = json(&["solve", "TP1-E-AAAAAAA", "--json"]);
    let line = line_of(&start);
    // Two actions along the line, then solve from there: the rest wins.
    let mut args = vec!["solve", "TP1-E-AAAAAAA", line[0].as_str(), line[1].as_str()];
    args.push("--json");
    let rest = json(&args);
    assert_eq!(rest["winnable"], true);
    let mut play = vec!["play", "TP1-E-AAAAAAA", line[0].as_str(), line[1].as_str()];
    let rest_line = line_of(&rest);
    play.extend(rest_line.iter().map(String::as_str));
    play.push("--json");
    assert_eq!(json(&play)["status"], "won");
}

#[test]
fn solve_a_layout_given_card_by_card() {
    let deal = json(&["deal", "TP1-C-AAAAAAB", "--json"]);
    let mut cards: Vec<String> = Vec::new();
    for key in ["tableau", "waste", "stock"] {
        match &deal[key] {
            Value::Array(items) => cards.extend(items.iter().map(|c| c.as_str().unwrap().into())),
            single => cards.push(single.as_str().unwrap().into()),
        }
    }
    let layout = cards.join(" ");
    let by_cards = json(&["solve", "--cards", &layout, "--rule", "classic", "--json"]);
    let by_code = json(&["solve", "TP1-C-AAAAAAB", "--json"]);
    assert_eq!(by_cards["code"], Value::Null);
    assert_eq!(by_cards["winnable"], by_code["winnable"]);
    assert_eq!(by_cards["line"], by_code["line"]);
}

#[test]
fn solve_random_reports_a_reproducible_batch() {
    let args = [
        "solve", "--random", "40", "--rule", "classic", "--seed", "9", "--json",
    ];
    let batch = json(&args);
    for key in ["deals", "winnable", "rate", "p50_ms", "p99_ms", "max_ms"] {
        assert!(batch.get(key).is_some(), "{key} missing: {batch}");
    }
    assert_eq!(batch["deals"], 40);
    let winnable = batch["winnable"].as_u64().unwrap();
    assert!((1..40).contains(&winnable), "{batch}");
    assert_eq!(batch["rate"].as_f64().unwrap(), winnable as f64 / 40.0);
    assert!(batch["p50_ms"].as_f64().unwrap() <= batch["max_ms"].as_f64().unwrap());
    assert_eq!(
        json(&args)["winnable"],
        batch["winnable"],
        "same seed, same deals"
    );
    let text = tripeaks(&["solve", "--random", "5"]);
    assert!(text.status.success());
    assert!(String::from_utf8_lossy(&text.stdout).contains("winnable"));
}

#[test]
fn bad_input_is_one_line_on_stderr_and_a_failure() {
    for args in [
        vec!["solve", "TP1-E-AAAAAA"],
        vec!["solve", "TP1-E-AAAAAAA", "ZZ"],
        // 3S is covered at the start: a refused action is bad input here.
        vec!["solve", "TP1-E-AAAAAAA", "3S"],
        vec!["solve", "--random", "5", "TP1-E-AAAAAAA"],
        vec!["solve", "--seed", "5", "TP1-E-AAAAAAA"],
        vec!["solve"],
        // More deals than memory would hold (the run used to abort on allocating their
        // timings), and none at all.
        vec!["solve", "--random", "18446744073709551615"],
        vec!["solve", "--random", "0"],
    ] {
        let output = tripeaks(&args);
        assert!(!output.status.success(), "{args:?} succeeded");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    }
}
