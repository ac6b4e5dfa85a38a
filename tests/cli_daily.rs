//! `tripeaks daily` as scripts call it: the JSON keys in order, the number and code of a date
//! (checked against the library and won by `tripeaks solve`), today by default, future days, the
//! text form, and bad dates (exit 2, one line on stderr).

mod common;

use common::{json, stdout, tripeaks};

use std::time::{SystemTime, UNIX_EPOCH};

use tripeaks::game::{DailyNumber, daily_code, date_of_unix_millis, parse_date};

fn now_millis() -> i64 {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    i64::try_from(now.as_millis()).unwrap()
}

#[test]
fn daily_json_has_the_date_number_and_code_in_order() {
    let daily = json(&["daily", "--date", "2026-12-01", "--json"]);
    let keys: Vec<&String> = daily.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["date", "number", "code"]);
    assert_eq!(daily["date"], "2026-12-01");
    assert_eq!(daily["number"], 1);
    assert_eq!(daily["code"], daily_code(DailyNumber::FIRST).to_string());
    let code = daily["code"].as_str().unwrap();
    assert!(code.starts_with("TP1-E-") && code.len() == 13, "{code}");
    let verdict = json(&["solve", code, "--json"]);
    assert_eq!(verdict["winnable"], true);
    assert_eq!(verdict["rule"], "easy");
}

#[test]
fn any_day_from_daily_one_on_has_its_number() {
    for (date, number) in [
        ("2026-12-31", 31),
        ("2027-01-01", 32),
        ("2028-02-29", 456),
        ("2036-11-30", 3653),
        ("9999-12-31", 2_912_109),
    ] {
        let daily = json(&["daily", "--json", "--date", date]);
        assert_eq!(daily["date"], date);
        assert_eq!(daily["number"], number, "{date}");
        let expected = daily_code(DailyNumber::new(number).unwrap());
        assert_eq!(daily["code"], expected.to_string(), "{date}");
    }
}

#[test]
fn without_a_date_it_is_todays_utc_daily() {
    let before = date_of_unix_millis(now_millis()).unwrap();
    let output = tripeaks(&["daily", "--json"]);
    let after = date_of_unix_millis(now_millis()).unwrap();
    match DailyNumber::of_date(after) {
        Ok(_) => {
            assert!(output.status.success());
            let daily: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            let date = parse_date(daily["date"].as_str().unwrap()).unwrap();
            assert!(date == before || date == after, "{date}");
            let n = DailyNumber::of_date(date).unwrap();
            assert_eq!(daily["number"], n.get());
            assert_eq!(daily["code"], daily_code(n).to_string());
        }
        // A clock before daily #1: the command says so.
        Err(_) => assert_eq!(output.status.code(), Some(2)),
    }
}

#[test]
fn text_names_the_number_date_and_code() {
    let text = stdout(&["daily", "--date", "2027-01-01"]);
    let code = daily_code(DailyNumber::new(32).unwrap()).to_string();
    assert_eq!(text, format!("Daily #32 (2027-01-01): {code}\n"));
}

#[test]
fn bad_dates_are_one_line_on_stderr_and_exit_2() {
    for (date, hint) in [
        ("2026-11-30", "daily #1 is 2026-12-01"),
        ("1999-01-01", "daily #1 is 2026-12-01"),
        ("2026-12-1", "YYYY-MM-DD"),
        ("2026-13-01", "YYYY-MM-DD"),
        ("2027-02-29", "YYYY-MM-DD"),
        ("tomorrow", "YYYY-MM-DD"),
        ("", "YYYY-MM-DD"),
    ] {
        for json_flag in [false, true] {
            let mut args = vec!["daily", "--date", date];
            if json_flag {
                args.push("--json");
            }
            let output = tripeaks(&args);
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            assert!(output.stdout.is_empty(), "{args:?}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(stderr.contains(hint), "{args:?}: {stderr}");
        }
    }
}
