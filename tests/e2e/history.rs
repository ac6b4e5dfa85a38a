//! End-to-end: `/tripeaks history` and its Replay buttons as a Discord client sees them, through
//! the real binary: the list newest first with times, a replay posted as an animated GIF with a
//! one-line alt text, another player's replay while they are public, the times in the stats.

use tripeaks::game::{Action, Game, solver};
use tripeaks::i18n::{self, Locale};

use crate::support::{Player, buttons_of};
use crate::{Harness, custom_id, draw_id};

/// `who` wins `code` by tapping the solver's line on its board; the line.
async fn win_along_the_solvers_line(h: &Harness, who: &Player, code: &str) -> Vec<Action> {
    let (_, mut board) = h.new_game(who, "en-US", code).await;
    let line = solver::solve(&Game::from_code(code.parse().unwrap())).line;
    for action in &line {
        let buttons = buttons_of(&board);
        let id = match action {
            Action::Remove(card) => custom_id(&buttons, &i18n::card_label(Locale::EnUs, *card)),
            _ => draw_id(&buttons),
        };
        let reply = h.press(who, "en-US", &board, &id).await;
        board = reply.message;
    }
    line
}

/// `/tripeaks history` by `who`: its message and the Replay button of their newest game.
async fn newest_replay(h: &Harness, who: &Player) -> (serde_json::Value, String) {
    let history = h
        .fake
        .final_answer(&h.fake.slash("history").by(who).build())
        .await
        .unwrap();
    let message = history.message;
    let replay = custom_id(&buttons_of(&message), "Replay 1");
    (message, replay)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_lists_their_games_and_anyone_replays_one() {
    let h = Harness::start().await;
    let ann = Player::new(1_100_000_000_000_023_001, "ann");
    let bob = Player::new(1_100_000_000_000_023_002, "bob");
    // Ann wins TP1-C-AAAAAAC by tapping the solver's line, then abandons TP1-E-AAAAAAA.
    let line = win_along_the_solvers_line(&h, &ann, "TP1-C-AAAAAAC").await;
    h.abandon(&ann, "TP1-E-AAAAAAA").await;

    let history = h
        .fake
        .final_answer(&h.fake.slash("history").by(&ann).build())
        .await
        .unwrap();
    assert!(!history.is_ephemeral());
    let text = history.content().unwrap().to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Last finished games of ann:", "{text}");
    assert!(
        lines[1].starts_with("1. <t:") && lines[1].contains("`TP1-E-AAAAAAA`"),
        "{text}"
    );
    assert!(
        lines[2].contains("Classic") && lines[2].contains("`TP1-C-AAAAAAC`"),
        "{text}"
    );
    assert!(
        lines[2].contains("772 points") || lines[2].contains("points"),
        "{text}"
    );
    assert!(lines[3].starts_with("Fastest win "), "{text}");
    let message = history.message.clone();
    let buttons = buttons_of(&message);
    let replay_win = custom_id(&buttons, "Replay 2");

    for who in [&ann, &bob] {
        let replay = h.press(who, "en-US", &message, &replay_win).await;
        assert!(
            !replay.is_ephemeral(),
            "a finished game that is no daily is public"
        );
        assert!(
            replay.content().unwrap().contains("`TP1-C-AAAAAAC`"),
            "{:?}",
            replay.content()
        );
        let files = replay.files();
        assert_eq!(files.len(), 1);
        assert!(files[0].filename.ends_with(".gif"), "{}", files[0].filename);
        assert!(files[0].bytes.starts_with(b"GIF89a"));
        assert!(
            files[0].bytes.len() < 500 * 1024,
            "{}",
            files[0].bytes.len()
        );
        let alt = files[0].description.clone().unwrap();
        assert_eq!(alt.lines().count(), 1, "{alt}");
        assert!(alt.contains(&format!("{} actions", line.len())), "{alt}");
    }

    // The times are in the statistics too.
    let stats = h
        .fake
        .final_answer(&h.fake.slash("stats").by(&ann).build())
        .await
        .unwrap();
    assert!(
        stats.content().unwrap().contains("Fastest win "),
        "{:?}",
        stats.content()
    );
}

/// The replay flood of issue 30: forty players in forty channels press Replay on one long game
/// at the same moment. Was: every press drew every frame before encoding (some 16 MB a long
/// game) and nothing bounded how many at once. Now a few are drawn at a time, frame by frame;
/// the others are told to try again in a moment. Every press is answered within Discord's 3 s
/// (the fake refuses a late answer) and the bot's peak memory stays under 100 MB.
#[tokio::test(flavor = "multi_thread")]
async fn a_replay_flood_is_answered_on_time_within_a_memory_bound() {
    const PRESSES: u64 = 40;
    let h = Harness::start().await;
    let ann = Player::new(1_100_000_000_000_023_101, "ann");
    let line = win_along_the_solvers_line(&h, &ann, "TP1-C-AAAAAAC").await;
    assert!(line.len() >= 50, "a long game: {} actions", line.len());
    let (message, replay) = newest_replay(&h, &ann).await;
    let before = h.bot_peak_rss();
    let presses: Vec<_> = (0..PRESSES)
        .map(|i| {
            let who = Player::new(1_100_000_000_000_023_200 + i, "watcher");
            h.fake
                .button(&message, &replay)
                .by(&who)
                .in_channel(1_100_000_000_000_023_300 + i)
                .build()
        })
        .collect();
    for press in &presses {
        h.fake.send_interaction(press).await.unwrap();
    }
    let (mut posted, mut busy) = (0, 0);
    for press in &presses {
        // A deferral is an answer too: its follow-up then carries the replay.
        let last = h
            .fake
            .wait_for_final_answer(press, crate::WAIT)
            .await
            .unwrap_or_else(|e| panic!("{e}\n{}", h.output()));
        match last.files().first() {
            Some(gif) => {
                assert!(gif.bytes.starts_with(b"GIF89a"));
                posted += 1;
            }
            None => {
                let text = last.content().unwrap_or_default();
                assert!(
                    last.is_ephemeral() && text.to_lowercase().contains("try again in a moment"),
                    "{last:?}"
                );
                busy += 1;
            }
        }
    }
    let peak = h.bot_peak_rss().expect("the bot's /proc status");
    eprintln!(
        "replay flood: {PRESSES} presses, {posted} replays posted, {busy} told to try again; \
         peak RSS {:.1} MB (before the flood {:.1} MB)",
        peak as f64 / 1e6,
        before.unwrap_or(0) as f64 / 1e6
    );
    assert!(posted >= 1, "at least the first replays are drawn");
    assert_eq!(posted + busy, PRESSES);
    assert!(peak < 100_000_000, "peak RSS {peak} bytes");
}

/// Was: a replay of another player's game whose stored record no longer reads told the presser
/// that *their own* game was damaged (start a new one), with the presser logged as its owner.
/// Now whoever presses is told this game's record is damaged and cannot be replayed, and the
/// log names the owner, the game and the presser; nothing of anyone's current game changes.
#[tokio::test(flavor = "multi_thread")]
async fn a_damaged_record_is_told_as_that_games_not_the_pressers() {
    let h = Harness::start().await;
    let ann = Player::new(1_100_000_000_000_023_401, "ann");
    let bob = Player::new(1_100_000_000_000_023_402, "bob");
    win_along_the_solvers_line(&h, &ann, "TP1-C-AAAAAAC").await;
    let (message, replay) = newest_replay(&h, &ann).await;
    sqlx::any::install_default_drivers();
    let db = sqlx::AnyPool::connect(&h.database.url()).await.unwrap();
    sqlx::query("UPDATE finished_games SET history = 'not a game' WHERE user_id = $1")
        .bind(i64::from_ne_bytes(ann.id.to_ne_bytes()))
        .execute(&db)
        .await
        .unwrap();
    db.close().await;
    let (_, bob_board) = h.new_game(&bob, "en-US", "TP1-E-AAAAAAA").await;
    let answer = h.press(&bob, "en-US", &message, &replay).await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    let text = answer.content().unwrap();
    assert!(
        text.starts_with("The record of this game is damaged, so it cannot be replayed."),
        "{text}"
    );
    let logged = h.output();
    assert!(
        logged.contains("a replay of a damaged record")
            && logged.contains(&format!("player={}", ann.id))
            && logged.contains(&format!("user={}", bob.id)),
        "{logged}"
    );
    // Bob's own game is untouched: his board answers as before.
    let draw = h
        .press(&bob, "en-US", &bob_board, &draw_id(&buttons_of(&bob_board)))
        .await;
    assert!(draw.updated, "{draw:?}");
}
