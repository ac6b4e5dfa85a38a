//! `tripeaks replay` as scripts call it: writes an animated GIF of the game along the actions
//! (a frame per action after the deal's), refuses bad input with one line on stderr, exit 2.

mod common;

use common::tripeaks;

#[test]
fn replays_a_code_with_actions_to_a_file() {
    let path = std::env::temp_dir().join(format!("tripeaks-replay-{}.gif", std::process::id()));
    let out = path.to_str().unwrap();
    // TP1-E-AAAAAAA: waste 7S, bottom row 10D 3D 6C JS 2S AH 3C 2H KH QD, stock 8D JC …
    let output = tripeaks(&[
        "replay",
        "TP1-E-AAAAAAA",
        "6C",
        "draw",
        "undo",
        "--out",
        out,
    ]);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("4 frames"), "{stdout}");
    let gif = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(gif.starts_with(b"GIF89a"));
    let to_stdout = tripeaks(&[
        "replay",
        "TP1-E-AAAAAAA",
        "6C",
        "draw",
        "undo",
        "--out",
        "-",
    ]);
    assert_eq!(to_stdout.stdout, gif, "the same game, the same bytes");
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_2() {
    for args in [
        vec!["replay", "TP1-E-AAAAAAA", "KC", "--out", "-"],
        vec!["replay", "TP1-X-AAAAAAA", "--out", "-"],
        vec!["replay", "TP1-E-AAAAAAA", "jump", "--out", "-"],
        vec!["replay", "TP1-E-AAAAAAA"],
    ] {
        let output = tripeaks(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}
