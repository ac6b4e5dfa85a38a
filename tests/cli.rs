//! The `tripeaks` command line as scripts call it: arguments, JSON shape, exit status.

mod common;

use common::{json, tripeaks};

use std::process::Command;

use serde_json::Value;
use tripeaks::game::{Action, Card, DealCode, Game, Status};

#[test]
fn deal_json_matches_the_rules_md_vector() {
    let deal = json(&["deal", "TP1-E-AAAAAAA", "--json"]);
    assert_eq!(deal["code"], "TP1-E-AAAAAAA");
    assert_eq!(deal["rule"], "easy");
    assert_eq!(deal["waste"], "7S");
    assert_eq!(deal["tableau"].as_array().unwrap().len(), 28);
    assert_eq!(deal["tableau"][0], "3S");
    assert_eq!(deal["stock"].as_array().unwrap().len(), 23);
    assert_eq!(deal["stock"][0], "8D");
    assert_eq!(deal["stock"][22], "8S");
    let keys: Vec<&String> = deal.as_object().unwrap().keys().collect();
    // The first five are the contract's; later fields are added at the end.
    assert_eq!(keys, ["code", "rule", "tableau", "waste", "stock", "modes"]);
    assert_eq!(deal["modes"], "");
}

#[test]
fn every_command_takes_a_mode_suffix() {
    // An empty waste: the deal's waste card tops a 24-card stock, and the waste is null.
    let deal = json(&["deal", "TP1-E-AAAAAAA-W", "--json"]);
    assert_eq!(deal["code"], "TP1-E-AAAAAAA-W");
    assert_eq!(deal["modes"], "W");
    assert_eq!(deal["waste"], Value::Null);
    assert_eq!(deal["stock"].as_array().unwrap().len(), 24);
    assert_eq!(deal["stock"][0], "7S");
    // Aisleriot scoring: 6C on the 7S starts a chain (1 point), a draw ends it (-5, floored).
    let played = json(&["play", "tp1-e-aaaaaaa-a", "KC", "6C", "draw", "--json"]);
    assert_eq!(played["code"], "TP1-E-AAAAAAA-A");
    assert_eq!(played["modes"], "A");
    assert_eq!(played["results"][0]["reason"], "blocked");
    assert_eq!(played["results"][1]["ok"], true);
    assert_eq!(
        (played["score"].as_u64(), played["chain"].as_u64()),
        (Some(0), Some(0))
    );
    let chained = json(&["play", "TP1-E-AAAAAAA-AM", "6C", "--json"]);
    assert_eq!(
        (chained["score"].as_u64(), chained["chain"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(chained["round"], 1);
    // Open peaks: covered cards are shown, and refused as blocked.
    let open = json(&["play", "TP1-E-AAAAAAA-O", "3S", "--json"]);
    assert_eq!(open["rows"][0][0], "3S");
    assert_eq!(open["results"][0]["reason"], "blocked");
    let free: Vec<&str> = open["free"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(free.len(), 10);
    // The solver, the picture and the description take the suffix too.
    let solved = json(&["solve", "TP1-E-AAAAAAA-W", "--json"]);
    assert_eq!(solved["code"], "TP1-E-AAAAAAA-W");
    assert_eq!(solved["winnable"], true);
    let described = common::stdout(&["describe", "TP1-E-AAAAAAA-W", "--locale", "en-US"]);
    assert!(described.contains("waste: empty"), "{described}");
    // A bad letter is named, on one line of stderr.
    let output = tripeaks(&["deal", "TP1-E-AAAAAAA-AQ"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("`Q`"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}

#[test]
fn cards_and_rule_replace_the_code() {
    let by_code = json(&["deal", "TP1-E-ZZZZZZZ", "--json"]);
    let cards: Vec<String> = ["tableau", "waste", "stock"]
        .iter()
        .flat_map(|k| match &by_code[k] {
            Value::Array(items) => items
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect(),
            single => vec![single.as_str().unwrap().to_string()],
        })
        .collect();
    let layout = cards.join(" ");
    let by_cards = json(&["deal", "--cards", &layout, "--rule", "classic", "--json"]);
    assert_eq!(by_cards["code"], Value::Null);
    assert_eq!(by_cards["rule"], "classic");
    assert_eq!(by_cards["tableau"], by_code["tableau"]);
    let played = json(&["play", "--cards", &layout, "draw", "--json"]);
    assert_eq!(played["waste"], by_code["stock"][0]);
    assert_eq!(played["rule"], "easy");
}

#[test]
fn play_reports_every_result_and_the_final_state() {
    // 2S and AH are free at the start of TP1-E-AAAAAAA; 7S is on the waste.
    let state = json(&[
        "play",
        "TP1-E-AAAAAAA",
        "draw",
        "3S",
        "9C",
        "draw",
        "undo",
        "--json",
    ]);
    let results = state["results"].as_array().unwrap();
    let summary: Vec<(String, bool, Option<String>)> = results
        .iter()
        .map(|r| {
            (
                r["action"].as_str().unwrap().to_string(),
                r["ok"].as_bool().unwrap(),
                r.get("reason").map(|v| v.as_str().unwrap().to_string()),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("draw".into(), true, None),
            ("3S".into(), false, Some("blocked".into())),
            ("9C".into(), false, Some("not_on_board".into())),
            ("draw".into(), true, None),
            ("undo".into(), true, None),
        ]
    );
    assert_eq!(state["status"], "playing");
    assert_eq!(state["score"], 499);
    assert_eq!(state["moves"], 2);
    assert_eq!(state["waste"], "8D");
    assert_eq!(state["stock"], 22);
    assert_eq!(state["undo_available"], 1);
    let rows: Vec<usize> = state["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().len())
        .collect();
    assert_eq!(rows, [3, 6, 9, 10]);
    assert_eq!(state["rows"][0][0], "??");
    assert_eq!(state["rows"][3][0], "10D");
}

/// A long pseudo-random sequence, played by the CLI and, independently, by the library.
#[test]
fn a_long_random_sequence_agrees_with_the_library() {
    let code: DealCode = "TP1-E-QWERTYU".parse().unwrap();
    let mut game = Game::from_code(code);
    let mut words = Vec::new();
    let mut seed: u64 = 0x5eed;
    let mut accepted = 0;
    for _ in 0..300 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = (seed >> 33) % 70;
        let free: Vec<Card> = game.free_cards().into_iter().map(|(_, c)| c).collect();
        let action = match pick {
            0..=51 => Action::Remove(Card::from_index(pick as u8).unwrap()),
            52..=61 if !free.is_empty() => Action::Remove(free[pick as usize % free.len()]),
            62..=66 => Action::Draw,
            _ => Action::Undo,
        };
        if game.apply(action).is_ok() {
            accepted += 1;
        }
        words.push(action.to_string());
    }
    assert!(
        accepted > 40,
        "the sequence should do something: {accepted}"
    );
    let mut args = vec!["play", "TP1-E-QWERTYU"];
    args.extend(words.iter().map(String::as_str));
    args.push("--json");
    let state = json(&args);
    assert_eq!(state["results"].as_array().unwrap().len(), 300);
    let ok = state["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["ok"] == true)
        .count();
    assert_eq!(ok, accepted);
    assert_eq!(state["score"], game.score());
    assert_eq!(state["moves"], game.moves());
    assert_eq!(state["waste"], game.waste().unwrap().to_string());
    assert_eq!(state["stock"], game.stock_len());
    let expected_status = match game.status() {
        Status::Playing => "playing",
        Status::Won => "won",
        Status::Blocked => "blocked",
    };
    assert_eq!(state["status"], expected_status);
    let removed = state["rows"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .filter(|c| c.is_null())
        .count();
    assert_eq!(removed as u32, game.removed().count_ones());
}

#[test]
fn bad_input_is_one_line_on_stderr_and_a_failing_exit() {
    // Each bad input with a word of the line that says what is wrong.
    for (args, says) in [
        (vec!["deal", "TP1-E-AAAA"], "TP1-E-XXXXXXX"),
        (vec!["play", "TP1-E-AAAAAAA", "KX"], "`KX` is not a card"),
        (vec!["deal", "--cards", "AS KS"], "52"),
        (vec!["deal", "TP1-E-AAAAAAA", "--cards", "AS"], "not both"),
        (vec!["deal"], "give a deal code"),
        (
            vec!["deal", "TP1-E-AAAAAAA", "--rule", "hard"],
            "`hard` is not a rule",
        ),
        (vec!["deal", "TP1-E-AAAAAAA", "--bogus"], "--bogus"),
        (vec!["shuffle"], "shuffle"),
    ] {
        let output = tripeaks(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{args:?}: {stderr}");
        assert!(lines[0].starts_with("error: "), "{args:?}: {stderr}");
        assert!(lines[0].contains(says), "{args:?}: {stderr}");
    }
    // Help is not an error: it goes to stdout, with a success.
    let help = tripeaks(&["--help"]);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("deal"));
}

#[test]
fn text_output_draws_the_peaks() {
    let output = tripeaks(&["play", "TP1-E-AAAAAAA", "AH", "2S"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("refused"), "{text}");
    assert!(text.contains("score"), "{text}");
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("??")),
        "{text}"
    );
}

#[test]
fn the_bot_without_a_token_says_where_to_put_one() {
    let dir = std::env::temp_dir();
    let output = Command::new(env!("CARGO_BIN_EXE_tripeaks"))
        .current_dir(&dir)
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("the tripeaks binary runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(".env.example"), "{stderr}");
}
