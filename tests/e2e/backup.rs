//! End-to-end: `tripeaks backup` while games are being played. Players keep finishing games
//! (each new deal over a game in progress files it) while the command copies the store; the
//! copy passes its integrity check, opens as a store, and holds every game finished before the
//! backup began.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use tripeaks::store::{Store, UserId};

use crate::Harness;
use crate::support::Player;

#[tokio::test(flavor = "multi_thread")]
async fn a_backup_taken_during_play_opens_and_holds_every_finished_game() {
    let h = Harness::start().await;
    let players = [Player::alice(), Player::bob()];
    let finished = Arc::new(AtomicUsize::new(0));
    let backup_done = Arc::new(AtomicBool::new(false));
    // Some games finished before the backup starts.
    for who in &players {
        h.abandon(who, "TP1-E-AAAAAAB").await;
        finished.fetch_add(1, Ordering::SeqCst);
    }

    let out = h.database.dir().join("backup.db");
    let play = async {
        // Until the backup is done, and one round after it.
        let mut rounds_after = 0;
        while rounds_after < 1 {
            if backup_done.load(Ordering::SeqCst) {
                rounds_after += 1;
            }
            for who in &players {
                h.abandon(who, "TP1-E-AAAAAAB").await;
                finished.fetch_add(1, Ordering::SeqCst);
            }
        }
    };
    let backup = async {
        let before = finished.load(Ordering::SeqCst);
        let output = tokio::process::Command::new(crate::support::bot_binary())
            .args(["backup", "--out"])
            .arg(&out)
            .args(["--database-url", &h.database.url()])
            .current_dir(h.database.dir())
            .output()
            .await
            .expect("tripeaks backup runs");
        backup_done.store(true, Ordering::SeqCst);
        (before, output)
    };
    let ((), (before, output)) = tokio::join!(play, backup);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("integrity ok"), "{stdout}");
    assert!(stdout.contains("migration 2026"), "{stdout}");

    let copy = Store::connect(&format!("sqlite://{}", out.display()))
        .await
        .expect("the copy opens as a store");
    let mut in_copy = 0;
    for who in &players {
        in_copy += copy.finished_games(UserId(who.id)).await.unwrap().len();
    }
    copy.close().await;
    let after = finished.load(Ordering::SeqCst);
    assert!(
        (before..=after).contains(&in_copy),
        "{before} games finished before the backup, {after} after it, {in_copy} in the copy"
    );
    assert!(
        stdout.contains(&format!("{in_copy} finished games")),
        "{stdout}"
    );

    // Never over an existing file.
    let again = std::process::Command::new(crate::support::bot_binary())
        .args(["backup", "--out"])
        .arg(&out)
        .args(["--database-url", &h.database.url()])
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));
}

#[test]
fn on_postgres_the_backup_says_to_use_pg_dump() {
    let output = std::process::Command::new(crate::support::bot_binary())
        .args(["backup", "--out", "never.db", "--database-url"])
        .arg("postgres://tripeaks@127.0.0.1:5432/tripeaks")
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("pg_dump") && stderr.contains("consistent snapshot"),
        "{stderr}"
    );
}
