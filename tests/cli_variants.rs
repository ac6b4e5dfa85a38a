//! The wild card (J) and the traditional draw (T) through the command line: `JK` in every command's
//! text and JSON (input also `joker`), the test vector of docs/RULES.md, the refusal `must_play`
//! with the card that fits, `--cards` with 53 cards, and par in `solve --json`.

mod common;

use common::{json, tripeaks};

use serde_json::Value;

fn cards(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect()
}

#[test]
fn the_wild_vector_deals_jk_in_the_bottom_row_and_24_stock_cards() {
    let deal = json(&["deal", "TP1-E-AAAAAAA-J", "--json"]);
    assert_eq!(deal["modes"], "J");
    let tableau = cards(&deal["tableau"]);
    assert_eq!(tableau[18..].join(" "), "10D 3D 6C JS 2S AH 3C 2H JK KH");
    assert_eq!(deal["waste"], "QD");
    let stock = cards(&deal["stock"]);
    assert_eq!((stock.len(), &stock[..3]), (24, &["7S", "8D", "JC"][..]));
    // With an empty waste too: the QD tops a 25-card stock.
    let both = json(&["deal", "TP1-E-AAAAAAA-WJ", "--json"]);
    assert_eq!(both["waste"], Value::Null);
    assert_eq!(cards(&both["stock"]).len(), 25);
    let text = tripeaks(&["deal", "TP1-E-AAAAAAA-J"]);
    assert!(text.status.success());
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("row 4: 10D 3D 6C JS 2S AH 3C 2H JK KH"),
        "{text}"
    );
}

#[test]
fn the_joker_plays_by_jk_or_joker_and_takes_any_card() {
    let played = json(&["play", "TP1-C-AAAAAAA-J", "joker", "KH", "--json"]);
    assert_eq!(played["results"][0]["action"], "JK");
    assert_eq!(played["results"][0]["ok"], true);
    assert_eq!(played["results"][1]["ok"], true, "any card on the joker");
    assert_eq!(played["waste"], "KH");
    assert_eq!(played["rows"][3][8], Value::Null);
    assert_eq!(played["score"], 498);
    assert_eq!(played["stock"], 24);
    let on_top = json(&["play", "TP1-E-AAAAAAA-J", "--json"]);
    assert!(cards(&on_top["free"]).contains(&"JK"));
}

#[test]
fn a_traditional_draw_is_refused_with_must_play_and_the_card_that_fits() {
    let played = json(&["play", "TP1-E-AAAAAAA-T", "draw", "6C", "draw", "--json"]);
    let first = &played["results"][0];
    assert_eq!(
        (&first["ok"], &first["reason"], &first["fits"]),
        (
            &Value::Bool(false),
            &Value::from("must_play"),
            &Value::from("6C")
        )
    );
    assert_eq!(played["results"][1]["ok"], true);
    assert_eq!(played["results"][2]["ok"], true, "nothing fits the 6C");
    let text = tripeaks(&["play", "TP1-E-AAAAAAA-T", "draw"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("draw: refused, a card fits the waste (6C)"),
        "{text}"
    );
    assert!(text.contains("(must_play)"), "{text}");
}

#[test]
fn cards_take_53_with_the_joker() {
    let deal = json(&["deal", "TP1-E-AAAAAAA-J", "--json"]);
    let mut all = cards(&deal["tableau"]);
    all.push(deal["waste"].as_str().unwrap());
    all.extend(cards(&deal["stock"]));
    let layout = all.join(" ");
    let again = json(&["deal", "--cards", &layout, "--json"]);
    assert_eq!(again["tableau"], deal["tableau"]);
    assert_eq!(again["stock"], deal["stock"]);
    assert_eq!(again["modes"], "J");
    let without = all
        .iter()
        .filter(|&&c| c != "JK")
        .copied()
        .collect::<Vec<_>>();
    let mut doubled = without.clone();
    doubled.push("JK");
    doubled[40] = "JK";
    let refused = tripeaks(&["deal", "--cards", &doubled.join(" ")]);
    assert!(!refused.status.success());
    let error = String::from_utf8(refused.stderr).unwrap();
    assert!(error.contains("twice"), "{error}");
}

#[test]
fn solve_gives_par_and_obeys_the_variants() {
    for (code, par) in [
        ("TP1-E-AAAAAAA", Value::from(754)),
        ("TP1-E-HFFTNKD", Value::from(758)),
        ("TP1-C-AAAAAAD", Value::Null),
        ("TP1-E-AAAAAAA-A", Value::Null),
    ] {
        let verdict = json(&["solve", code, "--json"]);
        assert_eq!(verdict["par"], par, "{code}");
        let keys: Vec<&String> = verdict.as_object().unwrap().keys().collect();
        assert_eq!(keys.last().map(|k| k.as_str()), Some("par"));
    }
    for code in ["TP1-E-AAAAAAA-JT", "TP1-C-AAAAAAB-T", "TP1-E-AAAAAAC-WJ"] {
        let verdict = json(&["solve", code, "--json"]);
        if verdict["winnable"] != true {
            assert_eq!(verdict["par"], Value::Null, "{code}");
            continue;
        }
        let line: Vec<&str> = cards(&verdict["line"]);
        let mut args = vec!["play", code];
        args.extend(line.iter().copied());
        args.push("--json");
        let played = json(&args);
        assert_eq!(played["status"], "won", "{code}: the line obeys the rules");
        // The solver's line wins; par is the best a won game can score (fewest draws).
        let (score, par) = (played["score"].as_u64(), verdict["par"].as_u64());
        assert!(
            score <= par && score > Some(700),
            "{code}: {score:?} against par {par:?}"
        );
    }
}
