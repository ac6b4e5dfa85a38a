//! Server boards on every backend: each player's totals in one server and window, kept as games
//! are filed (and taken back by an undo), always equal to `stats::rank` over the games counted
//! the slow way; hidden players; the boards' use of their metric's index; and an older
//! database's upgrade to the same boards.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use sqlx::migrate::Migrator;
use tripeaks::game::{Action, Game, Status};
use tripeaks::stats::{GameResult, Metric, Period, Standing, Summary, Window, rank};
use tripeaks::store::{BoardKey, Outcome, Store, UserId, board_statements};

use crate::finished::blocked_deal;
use crate::games::code;
use crate::on_every_backend;
use crate::support::{StartFree, Target, TestDb, query_plan};

on_every_backend!(
    boards_total_each_players_games_in_one_server_and_window,
    boards_read_their_metric_index,
    all_time_totals_kept_per_player_agree_with_the_games,
    an_older_database_upgrades_to_boards_that_agree_with_its_games
);

/// A store whose clock the test sets (Unix milliseconds).
fn clocked(store: Store) -> (Store, Arc<AtomicI64>) {
    let now = Arc::new(AtomicI64::new(0));
    let clock = now.clone();
    (
        store.with_clock(Arc::new(move || clock.load(Ordering::SeqCst))),
        now,
    )
}

/// Blocks `user`'s game in `guild` (the blocked deal, every card drawn).
async fn block(store: &Store, user: UserId, guild: Option<u64>) {
    store.start_free(user, blocked_deal(), guild).await.unwrap();
    for _ in 0..blocked_deal().stock_len() {
        store.apply(user, Action::Draw, None).await.unwrap();
    }
}

/// Every player's standing in `guild`'s standard games in `window`, counted from their games
/// the slow way, for `rank`.
async fn counted(store: &Store, users: &[UserId], guild: u64, window: Window) -> Vec<Standing> {
    let mut standings = Vec::new();
    for &user in users {
        let games: Vec<GameResult> = store
            .finished_games(user)
            .await
            .unwrap()
            .iter()
            .filter(|g| g.guild_id == Some(guild) && g.modes.is_standard())
            .map(|g| g.result())
            .filter(|g| window.from <= g.finished_at && g.finished_at < window.to)
            .collect();
        if games.is_empty() {
            continue;
        }
        let summary = Summary::of(&games);
        standings.push(Standing {
            user: user.0,
            public: store.settings(user).await.unwrap().public,
            name: None,
            games: summary.played,
            wins: summary.won,
            best_score: summary.best_score.unwrap_or(0),
            best_streak: summary.best_streak,
            last_win_at: games
                .iter()
                .filter(|g| g.outcome == Outcome::Won)
                .map(|g| g.finished_at)
                .max(),
        });
    }
    standings
}

/// Sunday 29 November 2026, 23:00 UTC: the last hour of a week and of a month.
const SUNDAY_NIGHT: i64 = 1_795_993_200_000;
const HOUR: i64 = 3_600_000;

const EVERYTHING: Window = Window {
    from: i64::MIN,
    to: i64::MAX,
    resets_at: None,
};

async fn boards_total_each_players_games_in_one_server_and_window(db: TestDb) {
    let (store, clock) = clocked(db.store().await);
    let guild = 700;
    let (ann, bob, cy) = (UserId(1), UserId(2), UserId(3));
    let users = [ann, bob, cy];
    // Sunday night (last week, last month): Ann wins, Bob is blocked.
    clock.store(SUNDAY_NIGHT, Ordering::SeqCst);
    win(&store, ann, guild).await;
    block(&store, bob, Some(guild)).await;
    // Monday (this week, last month): Ann is blocked, Bob and Cy win.
    clock.store(SUNDAY_NIGHT + 2 * HOUR, Ordering::SeqCst);
    block(&store, ann, Some(guild)).await;
    win(&store, bob, guild).await;
    win(&store, cy, guild).await;
    // Tuesday 1 December (this week, this month): Ann wins twice; a win elsewhere and one in
    // direct messages, which this server's boards never see.
    clock.store(SUNDAY_NIGHT + 26 * HOUR, Ordering::SeqCst);
    win(&store, ann, guild).await;
    win(&store, ann, guild).await;
    win(&store, ann, 701).await;
    store.start_free(ann, blocked_deal(), None).await.unwrap();
    store.remember_name(ann, "**ann** <@123>").await.unwrap();
    store.set_public(bob, false).await.unwrap();
    let now = clock.load(Ordering::SeqCst);
    for period in [Period::Week, Period::Month, Period::All] {
        let window = match period {
            Period::All => EVERYTHING,
            period => period.window(now),
        };
        let all = counted(&store, &users, guild, window).await;
        for metric in [Metric::Wins, Metric::Best, Metric::Streak] {
            for viewer in [ann, bob, cy, UserId(9)] {
                for top in [1, 2, 10] {
                    let key = BoardKey {
                        guild,
                        modes: "",
                        period,
                    };
                    let mut board = store.board(key, now, metric, viewer.0, top).await.unwrap();
                    for place in board.top.iter_mut().chain(board.viewer.as_mut()) {
                        place.standing.name = None;
                    }
                    assert_eq!(
                        board,
                        rank(all.clone(), metric, viewer.0, top),
                        "{period:?} by {metric:?} for {viewer:?}, top {top}"
                    );
                }
            }
        }
    }
    // The week by wins as Ann sees it: Ann 2 of 3, Cy 1 of 1; Bob hidden.
    let week = BoardKey {
        guild,
        modes: "",
        period: Period::Week,
    };
    let board = store
        .board(week, now, Metric::Wins, ann.0, 10)
        .await
        .unwrap();
    let places: Vec<(u32, u64, u32, u32)> = board
        .top
        .iter()
        .map(|r| (r.rank, r.standing.user, r.standing.games, r.standing.wins))
        .collect();
    assert_eq!(places, [(1, 1, 3, 2), (2, 3, 1, 1)]);
    assert_eq!(
        board.top[0].standing.name.as_deref(),
        Some("**ann** <@123>"),
        "names are kept as written"
    );
    // All time by streak: Ann's best run is 2 (won, blocked, won, won).
    let all = BoardKey {
        period: Period::All,
        ..week
    };
    let board = store
        .board(all, now, Metric::Streak, bob.0, 10)
        .await
        .unwrap();
    assert_eq!(board.players, 3, "Bob sees himself");
    assert_eq!(board.top[0].standing.best_streak, 2);
    // Next Monday, the week's board is empty and the month's still counts.
    let next_week = SUNDAY_NIGHT + (7 * 24 + 2) * HOUR;
    let board = store
        .board(week, next_week, Metric::Wins, ann.0, 10)
        .await
        .unwrap();
    assert_eq!(board.players, 0);
    let month = BoardKey {
        period: Period::Month,
        ..week
    };
    let board = store
        .board(month, next_week, Metric::Wins, ann.0, 10)
        .await
        .unwrap();
    assert_eq!((board.players, board.top[0].standing.wins), (1, 2));
}

/// Wins TP1-C-AAAAAAC for `user` in `guild`, by the solver's line.
async fn win(store: &Store, user: UserId, guild: u64) {
    let game = Game::from_code(code("TP1-C-AAAAAAC"));
    let line = tripeaks::game::solver::solve(&game).line;
    store.start_free(user, game, Some(guild)).await.unwrap();
    for action in line {
        store.apply(user, action, None).await.unwrap();
    }
    let won = store.current_game(user).await.unwrap().unwrap();
    assert_eq!(won.game.status(), Status::Won);
}

async fn all_time_totals_kept_per_player_agree_with_the_games(db: TestDb) {
    let store = db.store().await;
    let (ann, guild) = (UserId(61), 800);
    let all = BoardKey {
        guild,
        modes: "",
        period: Period::All,
    };
    win(&store, ann, guild).await;
    win(&store, ann, guild).await;
    // Blocked, undone (taken back), blocked again, then replaced: counted once, as blocked.
    block(&store, ann, Some(guild)).await;
    store.apply(ann, Action::Undo, None).await.unwrap();
    let board = store
        .board(all, 0, Metric::Streak, ann.0, 10)
        .await
        .unwrap();
    let kept = &board.top[0].standing;
    assert_eq!(
        (kept.games, kept.wins, kept.best_streak),
        (2, 2, 2),
        "undo took it back"
    );
    store.apply(ann, Action::Draw, None).await.unwrap();
    win(&store, ann, guild).await;
    win(&store, UserId(62), guild).await;
    let users = [ann, UserId(62)];
    for metric in [Metric::Wins, Metric::Best, Metric::Streak] {
        let mut board = store.board(all, 0, metric, ann.0, 10).await.unwrap();
        for place in &mut board.top {
            place.standing.name = None;
        }
        let counted = counted(&store, &users, guild, EVERYTHING).await;
        assert_eq!(board, rank(counted, metric, ann.0, 10), "{metric:?}");
    }
    let board = store
        .board(all, 0, Metric::Streak, ann.0, 10)
        .await
        .unwrap();
    let kept = &board.top[0].standing;
    assert_eq!((kept.games, kept.wins, kept.best_streak), (4, 3, 2));
    store.forget(ann).await.unwrap();
    let board = store.board(all, 0, Metric::Wins, ann.0, 10).await.unwrap();
    assert_eq!(board.players, 1);
}

async fn boards_read_their_metric_index(db: TestDb) {
    let _store = db.store().await;
    for metric in [Metric::Wins, Metric::Best, Metric::Streak] {
        let index = format!("board_standings_by_{}", metric.name());
        let [first, viewer, players, ahead] = board_statements(metric);
        let literal = |sql: &str| {
            sql.replace("$1", "7")
                .replace("$2", "''")
                .replace("$3", "'week'")
                .replace("$4", "0")
                .replace("$5", "10")
                .replace("$6", "20")
                .replace("$7", "30")
        };
        // The first places in the order of their metric's index, without sorting.
        let plan = query_plan(&db, &literal(first)).await;
        assert!(plan.contains(&index), "{metric:?}: {first}\n{plan}");
        assert!(
            !plan.contains("TEMP B-TREE") && !plan.contains("Sort"),
            "in its index's order: {plan}"
        );
        // Counts over a range of an index (any of the board's: they share their prefix).
        for sql in [ahead, players] {
            let plan = query_plan(&db, &literal(sql)).await;
            assert!(plan.contains("board_standings_by_"), "{sql}\n{plan}");
            assert!(
                !plan.contains("Seq Scan") && !plan.contains("SCAN board_standings"),
                "{plan}"
            );
        }
        let plan = query_plan(&db, &literal(viewer)).await;
        assert!(plan.contains("board_standings"), "{viewer}\n{plan}");
        assert!(!plan.contains("Seq Scan"), "{plan}");
    }
}

/// Files a game straight into a table at the first migration, as the store filed it then.
async fn file_at_first_migration(raw: &sqlx::AnyPool, game: (i64, i64, &str, i64, i64, i64)) {
    let (game_id, user, outcome, score, at, guild) = game;
    sqlx::query(
        "INSERT INTO finished_games (game_id, user_id, code, rule, outcome, score, moves, \
         finished_at, guild_id) VALUES ($1, $2, NULL, 'easy', $3, $4, 40, $5, $6)",
    )
    .bind(game_id)
    .bind(user)
    .bind(outcome)
    .bind(score)
    .bind(at)
    .bind(guild)
    .execute(raw)
    .await
    .unwrap();
}

async fn an_older_database_upgrades_to_boards_that_agree_with_its_games(db: TestDb) {
    // A raw connection that may create the file (the store's own URL handling is not used, so
    // that no migration runs yet); kept open to the end, so an in-memory database lives on.
    let url = match db.target {
        Target::SqliteFile => format!("{}?mode=rwc", db.url),
        _ => db.url.clone(),
    };
    sqlx::any::install_default_drivers();
    let raw = sqlx::AnyPool::connect(&url).await.unwrap();
    let dir = match db.target {
        Target::Postgres => "postgres",
        _ => "sqlite",
    };
    let migrations = format!("{}/migrations/{dir}", env!("CARGO_MANIFEST_DIR"));
    let migrator = Migrator::new(std::path::Path::new(&migrations))
        .await
        .unwrap();
    let first = migrator.iter().next().unwrap().version;
    migrator.run_to(first, &raw).await.unwrap();
    // Three players in server 900 across two weeks and two months, a game in another server
    // and one in direct messages; player 3 hidden.
    let day = 24 * HOUR;
    let games = [
        (1, 1, "won", 700, SUNDAY_NIGHT - 3 * day, 900),
        (2, 1, "blocked", 420, SUNDAY_NIGHT, 900),
        (3, 1, "won", 772, SUNDAY_NIGHT + 2 * HOUR, 900),
        (4, 1, "won", 650, SUNDAY_NIGHT + 26 * HOUR, 900),
        (5, 2, "abandoned", 480, SUNDAY_NIGHT + 3 * HOUR, 900),
        (6, 2, "won", 600, SUNDAY_NIGHT + 27 * HOUR, 900),
        (7, 3, "won", 772, SUNDAY_NIGHT + 28 * HOUR, 900),
        (8, 2, "won", 772, SUNDAY_NIGHT + 28 * HOUR, 901),
    ];
    for game in games {
        file_at_first_migration(&raw, game).await;
    }
    file_at_first_migration(&raw, (9, 2, "won", 772, SUNDAY_NIGHT + 29 * HOUR, 0)).await;
    sqlx::query("UPDATE finished_games SET guild_id = NULL WHERE game_id = 9")
        .execute(&raw)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO player_settings (user_id, help_for_errors, default_rule, updated_at) \
         VALUES (3, 1, 'easy', 0)",
    )
    .execute(&raw)
    .await
    .unwrap();
    let store = db.store().await;
    store.set_public(UserId(3), false).await.unwrap();
    let users = [UserId(1), UserId(2), UserId(3)];
    // The statistics' totals, kept from the upgrade on, say what the games say.
    for user in users {
        let games: Vec<GameResult> = store
            .finished_games(user)
            .await
            .unwrap()
            .iter()
            .map(|g| g.result())
            .collect();
        let stats = store.player_stats(user, "", None, 0, 30).await.unwrap();
        assert_eq!(stats.totals.summary(), Summary::of(&games), "{user:?}");
    }
    let now = SUNDAY_NIGHT + 30 * HOUR;
    for period in [Period::Week, Period::Month, Period::All] {
        let window = match period {
            Period::All => EVERYTHING,
            period => period.window(now),
        };
        let all = counted(&store, &users, 900, window).await;
        assert!(!all.is_empty(), "{period:?}");
        for metric in [Metric::Wins, Metric::Best, Metric::Streak] {
            for viewer in [1, 2, 3] {
                let key = BoardKey {
                    guild: 900,
                    modes: "",
                    period,
                };
                let board = store.board(key, now, metric, viewer, 10).await.unwrap();
                assert_eq!(
                    board,
                    rank(all.clone(), metric, viewer, 10),
                    "{period:?} by {metric:?} for {viewer}"
                );
            }
        }
    }
}
