//! `tripeaks render` as scripts call it: writes a PNG of the position, refuses bad input with
//! one line on stderr and a non-zero exit.

mod common;

use std::path::PathBuf;

use common::tripeaks;

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

fn temp_png(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tripeaks-render-{}-{name}.png", std::process::id()))
}

#[test]
fn renders_a_code_with_actions_to_a_file() {
    let path = temp_png("code");
    let out = path.to_str().unwrap();
    // TP1-E-AAAAAAA: waste 7S, bottom row 10D 3D 6C JS 2S AH 3C 2H KH QD, stock 8D JC …
    let output = tripeaks(&["render", "TP1-E-AAAAAAA", "6C", "draw", "--out", out]);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("800×400"), "{stdout}");
    let png = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(png.starts_with(PNG_SIGNATURE));
    let start = tripeaks(&["render", "TP1-E-AAAAAAA", "--out", "-"]);
    assert!(start.status.success());
    assert!(start.stdout.starts_with(PNG_SIGNATURE));
    assert_ne!(start.stdout, png, "the actions change the picture");
}

#[test]
fn renders_a_layout_given_card_by_card_to_stdout() {
    let cards = "3S 9D 5C QH QC AS KD 8H 10S 8C 6D AD 4H KC 6H 9H 9S JD 10D 3D 6C JS 2S AH \
                 3C 2H KH QD 7S 8D JC 4S 9C JH 6S 2D 2C 5H 5S 5D 7H 10H QS KS 4C 7C 4D 3H \
                 7D 10C AC 8S";
    let from_cards = tripeaks(&["render", "--cards", cards, "--rule", "easy", "--out", "-"]);
    let from_code = tripeaks(&["render", "TP1-E-AAAAAAA", "--out", "-"]);
    assert!(from_cards.status.success(), "{from_cards:?}");
    assert_eq!(
        from_cards.stdout, from_code.stdout,
        "the same cards, the same picture"
    );
}

#[test]
fn bad_input_is_one_line_on_stderr() {
    for args in [
        vec!["render", "TP1-E-AAAAAAA", "KC", "--out", "-"],
        vec!["render", "TP1-X-AAAAAAA", "--out", "-"],
        vec!["render", "TP1-E-AAAAAAA", "jump", "--out", "-"],
    ] {
        let output = tripeaks(&args);
        assert!(!output.status.success(), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    let refused = tripeaks(&["render", "TP1-E-AAAAAAA", "KC", "--out", "-"]);
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(
        stderr.contains("not_on_board") || stderr.contains("blocked"),
        "{stderr}"
    );
}
