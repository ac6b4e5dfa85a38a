//! How long the upgrade to one kind column takes on a big store (migration 013: the `kind`
//! column filled from `daily` and `challenge_id`, those dropped, `posts_due` filled from the
//! results over and not posted). It fills a database at migration 012 with 1,000,000 finished
//! games of 30,000 players in 100 servers (5% of them dailies, 1% boards of challenges, each with
//! the stored history a replay reads), every player's current game (10% a daily, 2% a challenge's
//! board), and 5,000 duels (4,900 over, 100 of those not posted yet), then lets the store
//! migrate it, timed, and checks a few kinds read back.
//!
//! With `--from-first`, the whole chain instead: the database of the boards bench's upgrade
//! (1,000,000 finished games at the first migration, 95% of them in one server of 20,000
//! players), migrated to the latest, every migration timed in the log.
//!
//! ```sh
//! cargo run --release --example kind_upgrade            # a SQLite file
//! cargo run --release --example kind_upgrade -- postgres://postgres@127.0.0.1:5432/test
//! cargo run --release --example kind_upgrade -- --from-first [postgres://…]
//! ```
//! On PostgreSQL it works in a schema of its own, created for the run and dropped after.

use std::time::Instant;

use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Connection};
use tripeaks::game::{Action, DailyNumber, Game};
use tripeaks::store::{GameKind, Store, UserId};

const GAMES: i64 = 1_000_000;
const PLAYERS: i64 = 30_000;
const SERVERS: i64 = 100;
const DUELS: i64 = 5_000;
/// The last migration before the kind column.
const BEFORE_KINDS: i64 = 20261202000012;

/// Which upgrade is timed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum From {
    /// Migration 012, with games of every kind: this change's own migration.
    BeforeKinds,
    /// The first migration: every migration since.
    First,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    sqlx::any::install_default_drivers();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let from = match args.iter().any(|arg| arg == "--from-first") {
        true => From::First,
        false => From::BeforeKinds,
    };
    match args.iter().find(|arg| !arg.starts_with("--")) {
        Some(url) => on_postgres(url, from).await,
        None => {
            let dir = tempfile::tempdir()?;
            let url = format!("sqlite://{}", dir.path().join("store.db").display());
            upgrade(&url, false, from).await
        }
    }
}

async fn on_postgres(url: &str, from: From) -> anyhow::Result<()> {
    let schema = format!("tripeaks_kind_upgrade_{}", std::process::id());
    let mut admin = sqlx::AnyConnection::connect(url).await?;
    let sql = format!("CREATE SCHEMA {schema}");
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
        .execute(&mut admin)
        .await?;
    let separator = if url.contains('?') { '&' } else { '?' };
    let url = format!("{url}{separator}options=-c%20search_path%3D{schema}");
    let result = upgrade(&url, true, from).await;
    let sql = format!("DROP SCHEMA {schema} CASCADE");
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
        .execute(&mut admin)
        .await?;
    result
}

/// A game as players leave it: some thirty cards played, its history kept.
fn stored_game() -> String {
    let mut game = Game::from_code("TP1-E-AAAAAAB".parse().expect("a deal code"));
    for _ in 0..60 {
        let fits = game
            .free_cards()
            .into_iter()
            .find(|&(_, card)| game.fits(card));
        let action = fits.map_or(Action::Draw, |(_, card)| Action::Remove(card));
        if game.apply(action).is_err() {
            break;
        }
    }
    game.to_stored()
}

async fn upgrade(url: &str, postgres: bool, from: From) -> anyhow::Result<()> {
    let backend = if postgres { "postgres" } else { "sqlite" };
    let fill_url = match postgres {
        true => url.to_string(),
        false => format!("{url}?mode=rwc"),
    };
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(&fill_url)
        .await?;
    let migrations = format!("{}/migrations/{backend}", env!("CARGO_MANIFEST_DIR"));
    let migrator = Migrator::new(std::path::Path::new(&migrations)).await?;
    let filling = Instant::now();
    if from == From::First {
        let first = migrator.iter().next().expect("a first migration").version;
        migrator.run_to(first, &pool).await?;
        fill_first(&pool, postgres).await?;
    } else {
        migrator.run_to(BEFORE_KINDS, &pool).await?;
        fill(&pool, postgres).await?;
    }
    pool.close().await;
    println!(
        "{backend}: filled in {:.1} s",
        filling.elapsed().as_secs_f64()
    );
    let started = Instant::now();
    let store = Store::connect(url).await?;
    let what = match from {
        From::BeforeKinds => "the upgrade to one kind column (migration 013)",
        From::First => "the upgrade from the first migration to the latest",
    };
    println!(
        "{backend}: {what}: {:.1} s",
        started.elapsed().as_secs_f64()
    );
    if from == From::BeforeKinds {
        check(&store).await?;
    }
    store.close().await;
    Ok(())
}

/// The number source of the generated rows: `i` counts from 0.
fn numbers(postgres: bool) -> String {
    match postgres {
        true => format!("generate_series(0::bigint, {}::bigint) AS g(i)", GAMES - 1),
        false => format!(
            "(WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {}) \
             SELECT i FROM n)",
            GAMES - 1
        ),
    }
}

/// The boards bench's database at the first migration: 1,000,000 finished games, 95% of them
/// in one server of 20,000 players, the rest in 100 servers of 100 players, over a year.
async fn fill_first(pool: &AnyPool, postgres: bool) -> anyhow::Result<()> {
    let rows = numbers(postgres);
    let outcome =
        "CASE WHEN i % 3 = 0 THEN 'blocked' WHEN i % 7 = 0 THEN 'abandoned' ELSE 'won' END";
    let (now, per, big) = (
        1_796_083_200_000_i64,
        365 * 86_400_000 / GAMES,
        GAMES * 95 / 100,
    );
    let sql = format!(
        "INSERT INTO finished_games (game_id, user_id, code, rule, outcome, score, moves, \
         finished_at, guild_id) \
         SELECT i + 1, CASE WHEN i < {big} THEN 10000 + i % 20000 + 1 ELSE i % 10000 + 1 END, \
         NULL, 'easy', {outcome}, 400 + (i * 7919) % 373, 30 + i % 23, {now} - i * {per}, \
         CASE WHEN i < {big} THEN 1000 ELSE (i % 10000) % 100 + 1 END FROM {rows} \
         WHERE i < {GAMES}"
    );
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
        .execute(pool)
        .await?;
    Ok(())
}

/// The rows at migration 012, generated by the database itself.
async fn fill(pool: &AnyPool, postgres: bool) -> anyhow::Result<()> {
    let rows = numbers(postgres);
    let state = stored_game();
    let outcome =
        "CASE WHEN i % 3 = 0 THEN 'blocked' WHEN i % 7 = 0 THEN 'abandoned' ELSE 'won' END";
    let now: i64 = 1_796_083_200_000;
    let statements = [
        // 5% dailies, 1% challenges' boards (a challenge's board is never a daily).
        format!(
            "INSERT INTO finished_games (game_id, user_id, code, rule, outcome, score, moves, \
             finished_at, guild_id, longest_chain, hints_used, modes, history, started_at, \
             ended_at, daily, challenge_id) \
             SELECT i + 1, i % {PLAYERS} + 1, 'TP1-E-AAAAAAB', 'easy', {outcome}, \
             400 + (i * 7919) % 373, 30 + i % 23, {now} - i * 30000, i % {SERVERS} + 1, \
             1 + i % 9, i % 3, '', '{state}', {now} - i * 30000 - 300000, {now} - i * 30000, \
             CASE WHEN i % 20 = 1 THEN 1 + i % 365 END, \
             CASE WHEN i % 100 = 2 THEN 1 + i % {DUELS} END FROM {rows} WHERE i < {GAMES}"
        ),
        format!(
            "INSERT INTO current_games (user_id, game_id, version, state, guild_id, created_at, \
             updated_at, daily, first_action_at, challenge_id) \
             SELECT i + 1, {GAMES} + i + 1, 5, '{state}', i % {SERVERS} + 1, {now}, {now}, \
             CASE WHEN i % 10 = 1 THEN 365 END, {now}, \
             CASE WHEN i % 50 = 2 THEN 1 + i % {DUELS} END FROM {rows} WHERE i < {PLAYERS}"
        ),
        format!(
            "INSERT INTO challenges (challenge_id, challenger_id, opponent_id, guild_id, \
             channel_id, code, state, player_count, created_at, accepted_at, finished_at, \
             winner_id, announced_at) \
             SELECT i + 1, 2 * i + 1, 2 * i + 2, i % {SERVERS} + 1, 7, 'TP1-C-AAAAAAC', \
             CASE WHEN i < {DUELS} - 100 THEN 'over' ELSE 'playing' END, 2, {now}, {now}, \
             {now}, 2 * i + 1, \
             CASE WHEN i < {DUELS} - 200 THEN {now} END FROM {rows} WHERE i < {DUELS}"
        ),
        format!(
            "INSERT INTO challenge_players (challenge_id, user_id, name, seat, accepted_at, \
             game_id, outcome, score, moves, finished_at) \
             SELECT i / 2 + 1, i + 1, 'player', i % 2, {now}, NULL, 'won', 400, 40, {now} \
             FROM {rows} WHERE i < 2 * {DUELS}"
        ),
    ];
    for sql in statements {
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
            .execute(pool)
            .await?;
    }
    Ok(())
}

/// A few kinds read back through the store's one decode, and the posts due.
async fn check(store: &Store) -> anyhow::Result<()> {
    let daily = GameKind::Daily(DailyNumber::new(365).expect("a daily"));
    for (user, kind) in [(1, GameKind::Free), (2, daily), (3, GameKind::Challenge(3))] {
        let current = store.current_game(UserId(user)).await?;
        let found = current.map(|game| game.kind);
        anyhow::ensure!(
            found == Some(kind),
            "player {user}: {found:?}, not {kind:?}"
        );
    }
    let finished = store.finished_games(UserId(3)).await?;
    let kinds = finished.iter().filter(|game| game.kind != GameKind::Free);
    anyhow::ensure!(kinds.count() > 0, "player 3's dailies and boards");
    // Duel 4,801 is over and not posted: due to both its players.
    let due = store.posts_due(UserId(2 * 4_800 + 2)).await?;
    anyhow::ensure!(
        due.iter()
            .any(|due| due.kind() == GameKind::Challenge(4_801)),
        "duel 4,801's result is due: {due:?}"
    );
    println!("checked: kinds read back, the results not posted are due");
    Ok(())
}
