//! Crashes: a child process writes games as fast as it can and is killed with SIGKILL at a
//! random moment, several times over; after each kill the database must open, and every game in
//! it must load and follow the rules.
//!
//! The child is this very test binary, run again with `--ignored --exact` on
//! `crash::child_writes_until_killed` and the database URL in an environment variable: no extra
//! binary to build or ship, and the child uses the store exactly as the bot does. (An in-memory
//! database cannot outlive its process, so only the file and PostgreSQL are crash-tested.)

use std::process::Stdio;
use std::time::Duration;

use sqlx::Row;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Command;
use tripeaks::game::{Action, DealCode, DealNumber, Game, Rule};
use tripeaks::store::{GameTurn, Store, UserId};

use crate::support::{Rng, StartFree, Target, TestDb, run};

const CHILD_URL: &str = "TRIPEAKS_CRASH_CHILD_URL";
const CHILD_TEST: &str = "crash::child_writes_until_killed";
const USERS: u64 = 24;
const WRITERS: u64 = 4;
const ROUNDS: usize = 8;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_file() {
    run(
        Target::SqliteFile,
        "crash",
        killed_writers_leave_a_sound_database,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres() {
    run(
        Target::Postgres,
        "crash",
        killed_writers_leave_a_sound_database,
    )
    .await;
}

async fn killed_writers_leave_a_sound_database(db: TestDb) {
    let mut rng = Rng::from_entropy("crash");
    let mut progress = 0;
    for round in 0..ROUNDS {
        let mut child = Command::new(std::env::current_exe().expect("the test binary"))
            .args([
                CHILD_TEST,
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_URL, &db.url)
            .env("TRIPEAKS_TEST_SEED", rng.next().to_string())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("the child writer starts");
        // Every other round the kill may land while the child connects or migrates; the others
        // wait until it has written and then let it write on for a while.
        let waits_for_writes = round % 2 == 0;
        if waits_for_writes {
            let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
            let ready = async {
                while let Some(line) = lines.next_line().await.expect("the child's output") {
                    if line == "ready" {
                        return;
                    }
                }
                panic!("the child writer stopped before it wrote anything");
            };
            tokio::time::timeout(Duration::from_secs(60), ready)
                .await
                .expect("the child writer is ready within a minute");
        }
        let delay = if waits_for_writes {
            20 + rng.below(400)
        } else {
            rng.below(80)
        };
        tokio::time::sleep(Duration::from_millis(delay)).await;
        child.start_kill().expect("SIGKILL");
        let status = child.wait().await.expect("the killed child");
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(
            status.signal(),
            Some(9),
            "round {round}: the child ended by itself: {status}"
        );

        let versions = check_everything_loads(&db).await;
        println!("round {round}: killed after {delay} ms, {versions} game versions stored");
        if waits_for_writes {
            assert!(
                versions > progress,
                "round {round}: the child's writes were kept"
            );
        }
        assert!(versions >= progress, "round {round}: writes were lost");
        progress = versions;
    }
}

/// Opens the database, loads everything in it, and answers the sum of all game versions.
async fn check_everything_loads(db: &TestDb) -> i64 {
    let store = db.store().await;
    let mut versions = 0;
    for user in (1..=USERS).map(UserId) {
        if let Some(current) = store.current_game(user).await.expect("every game loads") {
            assert!(
                current.version > i64::from(current.game.turn()),
                "a version per change"
            );
            assert_eq!(
                Game::from_stored(&current.game.to_stored()).unwrap(),
                current.game
            );
            versions += current.version;
        }
        store
            .finished_games(user)
            .await
            .expect("finished games load");
        store.settings(user).await.expect("settings load");
    }
    store.close().await;
    let raw = db.raw().await;
    let corrupt: i64 = sqlx::query("SELECT COUNT(*) FROM corrupt_games")
        .fetch_one(&raw)
        .await
        .unwrap()
        .get(0);
    assert_eq!(corrupt, 0, "no game was found corrupt while replaced");
    if db.target == Target::SqliteFile {
        let check: String = sqlx::query("PRAGMA integrity_check")
            .fetch_one(&raw)
            .await
            .unwrap()
            .get(0);
        assert_eq!(check, "ok");
        let mode: String = sqlx::query("PRAGMA journal_mode")
            .fetch_one(&raw)
            .await
            .unwrap()
            .get(0);
        assert_eq!(mode, "wal");
    }
    raw.close().await;
    versions
}

/// The child: writes until killed. Only ever run by the crash tests, which set its database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the crash tests run it in a child process and kill it"]
async fn child_writes_until_killed() {
    let url = std::env::var(CHILD_URL).expect("run by the crash tests, which name a database");
    let store = Store::connect(&url)
        .await
        .expect("the child opens the database");
    let seed = Rng::from_entropy("crash child").next();
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::channel(WRITERS as usize);
    for writer in 0..WRITERS {
        let store = store.clone();
        let ready = ready_tx.clone();
        tokio::spawn(async move {
            let mut rng = Rng::new(seed ^ writer);
            let mut announced = false;
            loop {
                // Each writer has users of its own, so every write lands (no stale turns).
                let user = UserId(1 + writer + WRITERS * rng.below(USERS / WRITERS));
                write_once(&store, user, &mut rng).await;
                if !announced {
                    announced = true;
                    ready.send(()).await.unwrap();
                }
            }
        });
    }
    for _ in 0..WRITERS {
        ready_rx.recv().await.unwrap();
    }
    println!("ready");
    std::future::pending::<()>().await;
}

async fn write_once(store: &Store, user: UserId, rng: &mut Rng) {
    let current = store
        .current_game(user)
        .await
        .expect("the child loads a game");
    let roll = rng.below(100);
    let Some(current) = current.filter(|_| roll >= 5) else {
        let number = DealNumber::new(rng.below(1_000_000)).unwrap();
        let rule = if roll.is_multiple_of(2) {
            Rule::Easy
        } else {
            Rule::Classic
        };
        let game = Game::from_code(DealCode::new(number, rule));
        store
            .start_free(user, game, Some(roll))
            .await
            .expect("start");
        return;
    };
    if roll < 8 {
        store
            .update_settings(user, Some(roll.is_multiple_of(2)), None, None)
            .await
            .expect("settings");
        return;
    }
    let game = &current.game;
    let fitting: Vec<Action> = game
        .free_cards()
        .into_iter()
        .filter(|&(_, card)| game.fits(card))
        .map(|(_, card)| Action::Remove(card))
        .collect();
    let action = match (fitting.len(), roll % 10) {
        (_, 0) => Action::Undo,
        (0, _) => Action::Draw,
        (n, _) => fitting[rng.below(n as u64) as usize],
    };
    let expected = Some(GameTurn {
        game_id: current.game_id,
        turn: game.turn(),
    });
    store.apply(user, action, expected).await.expect("apply");
}
