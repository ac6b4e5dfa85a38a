//! What statistics read, on every backend: a blocked game counted from the moment it blocked,
//! the chain and hints of each game, and forgetting a player. Server boards: `boards.rs`.

use tripeaks::game::{Action, Game, Rule, Status};
use tripeaks::stats::{GameResult, Summary, Totals};
use tripeaks::store::{Forgotten, Outcome, Store, UserId};

use crate::finished::blocked_deal;
use crate::games::code;
use crate::on_every_backend;
use crate::support::{StartFree, TestDb};

on_every_backend!(
    a_blocked_game_counts_when_it_blocks_and_an_undo_takes_it_back,
    finished_games_keep_their_chain_and_hints_and_old_rows_read_as_unknown,
    forget_me_deletes_only_that_player_and_twice_is_safe,
    statistics_kept_as_totals_agree_with_the_games,
    each_mode_set_counts_its_own_games_and_knows_the_others
);

async fn a_blocked_game_counts_when_it_blocks_and_an_undo_takes_it_back(db: TestDb) {
    let store = db.store().await;
    let user = UserId(31);
    let game = blocked_deal();
    let started = store.start_free(user, game.clone(), Some(5)).await.unwrap();
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
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAB")), None)
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
    let started = store.start_free(user, game, None).await.unwrap();
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
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAB")), None)
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

async fn forget_me_deletes_only_that_player_and_twice_is_safe(db: TestDb) {
    let store = db.store().await;
    let (ann, bob) = (UserId(41), UserId(42));
    for user in [ann, bob] {
        store
            .start_free(user, Game::from_code(code("TP1-E-AAAAAAA")), Some(3))
            .await
            .unwrap();
        store.apply(user, Action::Draw, None).await.unwrap();
        store
            .start_free(user, Game::from_code(code("TP1-E-AAAAAAB")), Some(3))
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
            event_games: 0,
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

/// The player's statistics from their kept totals, as `Summary::of` says of their games.
async fn assert_stats_agree_with_the_games(store: &Store, user: UserId) {
    let games: Vec<GameResult> = store
        .finished_games(user)
        .await
        .unwrap()
        .iter()
        .filter(|g| g.modes.is_standard())
        .map(|g| g.result())
        .collect();
    for rule in [None, Some(Rule::Easy), Some(Rule::Classic)] {
        let games: Vec<GameResult> = games
            .iter()
            .filter(|g| rule.is_none_or(|rule| g.rule == rule))
            .cloned()
            .collect();
        let since = games.get(1).map_or(0, |g| g.finished_at);
        let stats = store.player_stats(user, "", rule, since, 3).await.unwrap();
        assert_eq!(stats.totals.summary(), Summary::of(&games), "{rule:?}");
        let recent: Vec<&GameResult> = games.iter().filter(|g| g.finished_at >= since).collect();
        let recent_won = recent.iter().filter(|g| g.outcome == Outcome::Won).count();
        assert_eq!(
            (stats.recent_played as usize, stats.recent_won as usize),
            (recent.len(), recent_won),
            "{rule:?}"
        );
        assert_eq!(
            stats.last_games,
            games[games.len().saturating_sub(3)..],
            "{rule:?}"
        );
    }
}

async fn statistics_kept_as_totals_agree_with_the_games(db: TestDb) {
    let store = db.store().await;
    let ann = UserId(71);
    assert_eq!(
        store
            .player_stats(ann, "", None, 0, 30)
            .await
            .unwrap()
            .totals
            .played,
        0
    );
    // Classic won, Easy blocked and taken back by an undo, then blocked again; Easy abandoned
    // (in direct messages); Classic won again; a game with modes, counted apart.
    let won = Game::from_code(code("TP1-C-AAAAAAC"));
    for round in 0..2 {
        store.start_free(ann, won.clone(), Some(5)).await.unwrap();
        for action in tripeaks::game::solver::solve(&won).line {
            store.apply(ann, action, None).await.unwrap();
        }
        if round == 0 {
            let blocked = crate::finished::blocked_deal();
            store
                .start_free(ann, blocked.clone(), Some(5))
                .await
                .unwrap();
            for _ in 0..blocked.stock_len() {
                store.apply(ann, Action::Draw, None).await.unwrap();
            }
            store.apply(ann, Action::Undo, None).await.unwrap();
            assert_stats_agree_with_the_games(&store, ann).await;
            store.apply(ann, Action::Draw, None).await.unwrap();
            let easy = Game::from_code(code("TP1-E-AAAAAAB"));
            store.start_free(ann, easy, None).await.unwrap();
            store.apply(ann, Action::Draw, None).await.unwrap();
        }
        assert_stats_agree_with_the_games(&store, ann).await;
    }
    let with_modes = Game::from_code(code("TP1-E-AAAAAAB-A"));
    store.start_free(ann, with_modes, None).await.unwrap();
    store.apply(ann, Action::Draw, None).await.unwrap();
    store
        .start_free(ann, Game::from_code(code("TP1-E-AAAAAAA")), None)
        .await
        .unwrap();
    assert_stats_agree_with_the_games(&store, ann).await;
    let standard = store.player_stats(ann, "", None, 0, 30).await.unwrap();
    assert_eq!(
        (
            standard.totals.played,
            standard.totals.won,
            standard.totals.best_streak
        ),
        (4, 2, 1)
    );
    let modes = store.player_stats(ann, "A", None, 0, 30).await.unwrap();
    assert_eq!((modes.totals.played, modes.totals.abandoned), (1, 1));
    store.forget(ann).await.unwrap();
    assert_eq!(
        store
            .player_stats(ann, "", None, 0, 30)
            .await
            .unwrap()
            .totals,
        Totals::default()
    );
}

/// Stats and boards read one mode set (issue 21): the wild card's and the traditional draw's
/// games count on their own, and the games the other mode sets hold are counted, for the stats
/// over the player's totals and for a board over the viewer's own rows.
async fn each_mode_set_counts_its_own_games_and_knows_the_others(db: TestDb) {
    use tripeaks::stats::Period;
    use tripeaks::store::BoardKey;
    let store = db.store().await;
    let user = UserId(36);
    // Abandoned after a draw each (filed when the next game replaces them): J, J, JT, standard.
    for letters in ["-J", "-J", "-JT", "", ""] {
        let code_text = format!("TP1-E-AAAAAAA{letters}");
        store
            .start_free(user, Game::from_code(code(&code_text)), Some(9))
            .await
            .unwrap();
        let drawn = if letters == "-JT" {
            // The traditional draw refuses a draw while the joker is free: play it instead.
            Action::Remove(tripeaks::game::Card::JOKER)
        } else {
            Action::Draw
        };
        store.apply(user, drawn, None).await.unwrap();
    }
    let now = i64::MAX / 4;
    let stats = |modes: &'static str| {
        let store = &store;
        async move { store.player_stats(user, modes, None, 0, 30).await.unwrap() }
    };
    let wild = stats("J").await;
    assert_eq!((wild.totals.played, wild.other_modes), (2, 2));
    assert_eq!(wild.last_games.len(), 2);
    let strict = stats("JT").await;
    assert_eq!((strict.totals.played, strict.other_modes), (1, 3));
    let standard = stats("").await;
    assert_eq!((standard.totals.played, standard.other_modes), (1, 3));
    let key = |modes: &'static str| BoardKey {
        guild: 9,
        modes,
        period: Period::All,
    };
    assert_eq!(
        store.games_in_other_modes(key("J"), now, 36).await.unwrap(),
        2
    );
    assert_eq!(
        store.games_in_other_modes(key(""), now, 36).await.unwrap(),
        3
    );
    assert_eq!(
        store.games_in_other_modes(key(""), now, 37).await.unwrap(),
        0
    );
    let board = store
        .board(key("J"), now, tripeaks::stats::Metric::Wins, 36, 10)
        .await
        .unwrap();
    assert_eq!(board.top[0].standing.games, 2);
}
