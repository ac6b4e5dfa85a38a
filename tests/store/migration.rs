//! The upgrade to one kind column (migration 013), on every backend: a database at migration
//! 012 with games of each kind (current and finished; a daily, a challenge's board, a free game,
//! a row with both old columns, a daily number outside the calendar) reads back with the same
//! kinds through the store's one decode, without the old columns; the results over and not
//! posted become posts due to their players, a player without a game among them.

use sqlx::AnyPool;
use sqlx::migrate::Migrator;
use tripeaks::game::{DailyNumber, Game};
use tripeaks::store::{GameKind, Store, UserId};

use crate::games::code;
use crate::on_every_backend;
use crate::support::{Target, TestDb};

on_every_backend!(a_database_at_migration_12_keeps_every_kind_and_every_result_due);

/// The last migration before the kind column.
const BEFORE_KINDS: i64 = 20261202000012;

/// Each player's game at migration 012: (user, daily, challenge_id), and the kind it must read as.
fn games() -> Vec<(u64, Option<i64>, Option<i64>, GameKind)> {
    let daily = |n| GameKind::Daily(DailyNumber::new(n).unwrap());
    vec![
        (1, None, None, GameKind::Free),
        (2, Some(12), None, daily(12)),
        (3, None, Some(34), GameKind::Challenge(34)),
        // No row had both; had one, the challenge won, and still does.
        (4, Some(12), Some(35), GameKind::Challenge(35)),
        // A daily number outside the calendar read as no daily, and still does.
        (5, Some(0), None, GameKind::Free),
        (6, Some(2_912_110), None, GameKind::Free),
        (7, Some(2_912_109), None, daily(2_912_109)),
    ]
}

async fn at_migration_12(db: &TestDb) -> AnyPool {
    // A new file is created (the store's URL completion does the same).
    let url = match db.target {
        Target::SqliteFile => format!("{}?mode=rwc", db.url),
        Target::SqliteMemory | Target::Postgres => db.url.clone(),
    };
    sqlx::any::install_default_drivers();
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .unwrap();
    let backend = match db.target {
        Target::Postgres => "postgres",
        Target::SqliteMemory | Target::SqliteFile => "sqlite",
    };
    let migrations = format!("{}/migrations/{backend}", env!("CARGO_MANIFEST_DIR"));
    let migrator = Migrator::new(std::path::Path::new(&migrations))
        .await
        .unwrap();
    migrator.run_to(BEFORE_KINDS, &pool).await.unwrap();
    pool
}

async fn execute(pool: &AnyPool, sql: String) {
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.clone()))
        .execute(pool)
        .await
        .unwrap_or_else(|error| panic!("{sql}: {error}"));
}

async fn a_database_at_migration_12_keeps_every_kind_and_every_result_due(db: TestDb) {
    let old = at_migration_12(&db).await;
    let state = Game::from_code(code("TP1-E-AAAAAAB")).to_stored();
    let null = |value: Option<i64>| value.map_or("NULL".to_string(), |v| v.to_string());
    for (user, daily, challenge, _) in games() {
        let (daily, challenge) = (null(daily), null(challenge));
        execute(
            &old,
            format!(
                "INSERT INTO current_games (user_id, game_id, version, state, guild_id, \
                 created_at, updated_at, daily, challenge_id) \
                 VALUES ({user}, {user}, 1, '{state}', 900, 0, 0, {daily}, {challenge})"
            ),
        )
        .await;
        // Their finished game, of the same kind.
        execute(
            &old,
            format!(
                "INSERT INTO finished_games (game_id, user_id, code, rule, outcome, score, \
                 moves, finished_at, guild_id, history, daily, challenge_id) \
                 VALUES ({}, {user}, 'TP1-E-AAAAAAB', 'easy', 'blocked', 40, 20, 5, 900, \
                 '{state}', {daily}, {challenge})",
                100 + user
            ),
        )
        .await;
    }
    // Challenge 34 is over and not posted: due to Cy (user 3) and to Dee (8, who has no game),
    // not to a player who left; 35 was posted; 36 is still played.
    for (id, state, announced) in [
        (34, "over", "NULL"),
        (35, "over", "7"),
        (36, "playing", "NULL"),
    ] {
        execute(
            &old,
            format!(
                "INSERT INTO challenges (challenge_id, challenger_id, guild_id, channel_id, \
                 code, state, player_count, created_at, announced_at) \
                 VALUES ({id}, 3, 900, 901, 'TP1-C-AAAAAAC', '{state}', 3, 0, {announced})"
            ),
        )
        .await;
        for (seat, user) in [3_i64, 8, -(id * 16 + 3)].into_iter().enumerate() {
            execute(
                &old,
                format!(
                    "INSERT INTO challenge_players (challenge_id, user_id, name, seat, \
                     accepted_at, outcome, score, moves) \
                     VALUES ({id}, {user}, 'p', {seat}, 0, 'won', 1, 1)"
                ),
            )
            .await;
        }
    }
    // The database in memory lives as long as a connection to it: this one stays open.
    if db.target != Target::SqliteMemory {
        old.close().await;
    }

    let store = Store::connect(&db.url)
        .await
        .expect("the store migrates it");
    for (user, _, _, kind) in games() {
        let current = store.current_game(UserId(user)).await.unwrap().unwrap();
        assert_eq!(current.kind, kind, "user {user}'s game");
        let finished = store.finished_games(UserId(user)).await.unwrap();
        assert_eq!(finished.len(), 1);
        assert_eq!(finished[0].kind, kind, "user {user}'s finished game");
    }
    let due = |user: u64| {
        let store = store.clone();
        async move {
            let dues = store.posts_due(UserId(user)).await.unwrap();
            dues.iter().map(|due| due.kind()).collect::<Vec<_>>()
        }
    };
    assert_eq!(due(3).await, [GameKind::Challenge(34)]);
    assert_eq!(due(8).await, [GameKind::Challenge(34)], "without a game");
    assert!(due(1).await.is_empty());
    // Read with the game: what a tap learns for free.
    let flag = |user: u64| {
        let store = store.clone();
        async move {
            store
                .current_game(UserId(user))
                .await
                .unwrap()
                .unwrap()
                .posts_due
        }
    };
    assert!(flag(3).await && !flag(1).await);
    // One form only: the old columns are gone.
    let raw = db.raw().await;
    for table in ["current_games", "finished_games"] {
        for column in ["daily", "challenge_id"] {
            let sql = format!("SELECT {column} FROM {table}");
            let read = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(&raw).await;
            assert!(read.is_err(), "{table}.{column} is still there");
        }
    }
}
