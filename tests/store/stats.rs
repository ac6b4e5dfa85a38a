//! What statistics and boards read, on every backend: a blocked game counted from the moment
//! it blocked, the chain and hints of each game, a server's per-player totals in a window, the
//! boards' use of their index, and forgetting a player.

use tripeaks::game::{Action, Game, Status};
use tripeaks::stats::{Metric, Period, Window};
use tripeaks::store::{Forgotten, Outcome, STANDINGS_SQL, STREAKS_SQL, UserId};

use crate::finished::blocked_deal;
use crate::games::code;
use crate::on_every_backend;
use crate::support::{Target, TestDb, query_plan};

on_every_backend!(
    a_blocked_game_counts_when_it_blocks_and_an_undo_takes_it_back,
    finished_games_keep_their_chain_and_hints_and_old_rows_read_as_unknown,
    boards_total_each_players_games_in_one_server_and_window,
    boards_read_the_guild_index,
    all_time_totals_kept_per_player_agree_with_the_games,
    forget_me_deletes_only_that_player_and_twice_is_safe
);

async fn a_blocked_game_counts_when_it_blocks_and_an_undo_takes_it_back(db: TestDb) {
    let store = db.store().await;
    let user = UserId(31);
    let game = blocked_deal();
    let started = store.start_game(user, game.clone(), Some(5)).await.unwrap();
    for _ in 0..game.stock_len() {
        store.apply(user, Action::Draw, None).await.unwrap();
    }
    let finished = store.finished_games(user).await.unwrap();
    assert_eq!(finished.len(), 1, "counted as soon as it blocks");
    assert_eq!(finished[0].outcome, Outcome::Blocked);
    assert_eq!(finished[0].game_id, started.game_id);
    store.apply(user, Action::Undo, None).await.unwrap();
    assert!(
        store.finished_games(user).await.unwrap().is_empty(),
        "undo takes it out"
    );
    store.apply(user, Action::Draw, None).await.unwrap();
    let blocked_at = store.finished_games(user).await.unwrap()[0].finished_at;
    // A new game over the blocked one does not count it again, nor move its time.
    store
        .start_game(user, Game::from_code(code("TP1-E-AAAAAAB")), None)
        .await
        .unwrap();
    let finished = store.finished_games(user).await.unwrap();
    assert_eq!(finished.len(), 1);
    assert_eq!(finished[0].finished_at, blocked_at);
    assert_eq!(finished[0].guild_id, Some(5));
}

async fn finished_games_keep_their_chain_and_hints_and_old_rows_read_as_unknown(db: TestDb) {
    let store = db.store().await;
    let user = UserId(32);
    let game = Game::from_code(code("TP1-E-AAAAAAA"));
    let started = store.start_game(user, game, None).await.unwrap();
    store.use_hint(user, None).await.unwrap();
    // 6C fits the 7S on the waste (a chain of 1); two draws bring the JC, and QD, KH, AH, 2H,
    // 3C make a chain of 5.
    for action in ["6C", "draw", "draw", "QD", "KH", "AH", "2H", "3C"] {
        let outcome = store
            .apply(user, action.parse().unwrap(), None)
            .await
            .unwrap();
        assert!(
            matches!(outcome, tripeaks::store::ApplyOutcome::Applied { .. }),
            "{action}: {outcome:?}"
        );
    }
    store
        .start_game(user, Game::from_code(code("TP1-E-AAAAAAB")), None)
        .await
        .unwrap();
    let raw = db.raw().await;
    sqlx::query(
        "INSERT INTO finished_games (game_id, user_id, code, rule, outcome, score, moves, \
         finished_at, guild_id) VALUES (999999, $1, NULL, 'easy', 'won', 750, 50, 1, NULL)",
    )
    .bind(32i64)
    .execute(&raw)
    .await
    .unwrap();
    let finished = store.finished_games(user).await.unwrap();
    assert_eq!(finished.len(), 2);
    let old = &finished[0];
    assert_eq!((old.longest_chain, old.hints_used), (None, None));
    let new = &finished[1];
    assert_eq!(new.game_id, started.game_id);
    assert_eq!(new.outcome, Outcome::Abandoned);
    assert_eq!((new.longest_chain, new.hints_used), (Some(5), Some(1)));
}

/// Files a finished game straight into the table, as the store would have.
async fn file(
    raw: &sqlx::AnyPool,
    game_id: i64,
    user: i64,
    outcome: &str,
    score: i64,
    at: i64,
    guild: Option<i64>,
) {
    sqlx::query(
        "INSERT INTO finished_games (game_id, user_id, code, rule, outcome, score, moves, \
         finished_at, guild_id, longest_chain, hints_used) \
         VALUES ($1, $2, NULL, 'easy', $3, $4, 40, $5, $6, 10, 0)",
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

async fn boards_total_each_players_games_in_one_server_and_window(db: TestDb) {
    let store = db.store().await;
    let raw = db.raw().await;
    let guild = 700i64;
    // User 1: won, won, blocked, won, won, won (best streak 3) in the server; a win elsewhere
    // and one in DMs that the server's board must not see.
    let outcomes = ["won", "won", "blocked", "won", "won", "won"];
    for (i, outcome) in outcomes.iter().enumerate() {
        file(
            &raw,
            100 + i as i64,
            1,
            outcome,
            700 + i as i64,
            1_000 + i as i64,
            Some(guild),
        )
        .await;
    }
    file(&raw, 120, 1, "won", 771, 1_100, Some(701)).await;
    file(&raw, 121, 1, "won", 772, 1_101, None).await;
    // User 2: one blocked game at the start of the window, one abandoned after it.
    file(&raw, 200, 2, "blocked", 480, 1_000, Some(guild)).await;
    file(&raw, 201, 2, "abandoned", 499, 5_000, Some(guild)).await;
    store.set_public(UserId(2), false).await.unwrap();
    store
        .remember_name(UserId(1), "**ann** <@123>")
        .await
        .unwrap();

    let all = Window {
        from: 0,
        to: 10_000,
        resets_at: None,
    };
    let mut standings = store
        .standings(guild as u64, all, Metric::Streak)
        .await
        .unwrap();
    standings.sort_by_key(|s| s.user);
    assert_eq!(standings.len(), 2);
    let (one, two) = (&standings[0], &standings[1]);
    assert_eq!(
        (one.user, one.games, one.wins, one.best_score),
        (1, 6, 5, 705)
    );
    assert_eq!((one.best_streak, one.last_win_at), (3, Some(1_005)));
    assert_eq!(
        one.name.as_deref(),
        Some("**ann** <@123>"),
        "names are kept as written"
    );
    assert!(one.public);
    assert_eq!(
        (two.user, two.games, two.wins, two.best_score),
        (2, 2, 0, 499)
    );
    assert_eq!(
        (two.best_streak, two.last_win_at, two.public),
        (0, None, false)
    );
    assert_eq!(two.name, None);

    // The window is half-open: from is in, to is out.
    let early = Window {
        from: 1_000,
        to: 1_002,
        resets_at: None,
    };
    let standings = store
        .standings(guild as u64, early, Metric::Wins)
        .await
        .unwrap();
    let games: u32 = standings.iter().map(|s| s.games).sum();
    assert_eq!(games, 3, "{standings:?}");
    let none = store
        .standings(
            guild as u64,
            Window {
                from: 6_000,
                to: 7_000,
                resets_at: None,
            },
            Metric::Wins,
        )
        .await
        .unwrap();
    assert!(none.is_empty());
    // A real period works too (these games are from 1970: this week has none of them).
    let week = Period::Week.window(1_796_083_200_000);
    assert!(
        store
            .standings(guild as u64, week, Metric::Best)
            .await
            .unwrap()
            .is_empty()
    );
}

/// Wins TP1-C-AAAAAAC for `user` in `guild`, by the solver's line.
async fn win(store: &tripeaks::store::Store, user: UserId, guild: u64) {
    let game = Game::from_code(code("TP1-C-AAAAAAC"));
    let line = tripeaks::game::solver::solve(&game).line;
    store.start_game(user, game, Some(guild)).await.unwrap();
    for action in line {
        store.apply(user, action, None).await.unwrap();
    }
    let won = store.current_game(user).await.unwrap().unwrap();
    assert_eq!(won.game.status(), Status::Won);
}

async fn all_time_totals_kept_per_player_agree_with_the_games(db: TestDb) {
    let store = db.store().await;
    let (ann, guild) = (UserId(61), 800);
    win(&store, ann, guild).await;
    win(&store, ann, guild).await;
    // Blocked, undone (taken back), blocked again, then replaced: counted once, as blocked.
    store
        .start_game(ann, blocked_deal(), Some(guild))
        .await
        .unwrap();
    for _ in 0..blocked_deal().stock_len() {
        store.apply(ann, Action::Draw, None).await.unwrap();
    }
    store.apply(ann, Action::Undo, None).await.unwrap();
    let kept = store.all_time_standings(guild).await.unwrap();
    assert_eq!(
        (kept[0].games, kept[0].wins, kept[0].best_streak),
        (2, 2, 2),
        "undo took it back"
    );
    store.apply(ann, Action::Draw, None).await.unwrap();
    win(&store, ann, guild).await;
    win(&store, UserId(62), guild).await;
    let mut kept = store.all_time_standings(guild).await.unwrap();
    let mut counted = store
        .standings(
            guild,
            Window {
                from: i64::MIN,
                to: i64::MAX,
                resets_at: None,
            },
            Metric::Streak,
        )
        .await
        .unwrap();
    kept.sort_by_key(|s| s.user);
    counted.sort_by_key(|s| s.user);
    assert_eq!(kept, counted);
    assert_eq!(
        (kept[0].games, kept[0].wins, kept[0].best_streak),
        (4, 3, 2)
    );
    store.forget(ann).await.unwrap();
    assert_eq!(store.all_time_standings(guild).await.unwrap().len(), 1);
}

async fn boards_read_the_guild_index(db: TestDb) {
    let _store = db.store().await;
    for sql in [STANDINGS_SQL, STREAKS_SQL] {
        let literal = sql
            .replace("$1", "7")
            .replace("$2", "0")
            .replace("$3", "10");
        let plan = query_plan(&db, &literal).await;
        assert!(plan.contains("finished_games_by_guild"), "{sql}\n{plan}");
        if db.target != Target::Postgres {
            assert!(
                plan.contains("COVERING INDEX finished_games_by_guild"),
                "{plan}"
            );
        }
    }
}

async fn forget_me_deletes_only_that_player_and_twice_is_safe(db: TestDb) {
    let store = db.store().await;
    let (ann, bob) = (UserId(41), UserId(42));
    for user in [ann, bob] {
        store
            .start_game(user, Game::from_code(code("TP1-E-AAAAAAA")), Some(3))
            .await
            .unwrap();
        store.apply(user, Action::Draw, None).await.unwrap();
        store
            .start_game(user, Game::from_code(code("TP1-E-AAAAAAB")), Some(3))
            .await
            .unwrap();
        store.set_public(user, false).await.unwrap();
        store.remember_name(user, "someone").await.unwrap();
    }
    let forgotten = store.forget(ann).await.unwrap();
    assert_eq!(
        forgotten,
        Forgotten {
            current_game: true,
            finished_games: 1,
            settings: true,
            corrupt_games: 0,
            name: true,
            daily_results: 0,
        }
    );
    let raw = db.raw().await;
    for table in [
        "deal_results",
        "current_games",
        "finished_games",
        "player_settings",
        "player_names",
        "corrupt_games",
    ] {
        let count = |user: i64| {
            let sql = format!("SELECT COUNT(*) FROM {table} WHERE user_id = {user}");
            let raw = raw.clone();
            async move {
                sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql))
                    .fetch_one(&raw)
                    .await
                    .unwrap()
            }
        };
        assert_eq!(count(41).await, 0, "{table} still has ann");
        if table != "corrupt_games" {
            assert_eq!(count(42).await, 1, "{table} lost bob");
        }
    }
    assert_eq!(store.forget(ann).await.unwrap(), Forgotten::default());
    assert!(store.current_game(bob).await.unwrap().is_some());
    assert_eq!(
        store
            .current_game(ann)
            .await
            .unwrap()
            .map(|g| g.game.status()),
        None::<Status>
    );
}
