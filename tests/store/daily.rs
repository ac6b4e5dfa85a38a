//! The daily deal and deal boards in the store, on every backend: one scored attempt per
//! player and day whatever races, practice after it, an undo out of a blocked daily taking it
//! back, and boards in board order with hidden players left out.

use tripeaks::game::{Action, DailyNumber, Game, Status};
use tripeaks::store::{
    ApplyOutcome, CurrentGame, DAILY_LEADERBOARD_SQL, DEAL_LEADERBOARD_SQL, GameKind, Over,
    Results, Store, StoreError, UserId,
};

use crate::finished::blocked_deal;
use crate::games::code;
use crate::on_every_backend;
use crate::support::{StartFree, TestDb, query_plan};

on_every_backend!(
    the_first_finished_daily_is_scored_once_whatever_races,
    an_abandoned_daily_counts_and_an_undone_block_does_not,
    board_sizes_follow_every_result_added_or_taken_back,
    deal_boards_follow_board_order_and_leave_hidden_players_out,
    results_boards_read_their_index
);

fn day(n: u32) -> DailyNumber {
    DailyNumber::new(n).unwrap()
}

/// Daily `daily` started over whatever the player has.
async fn start_daily(
    store: &Store,
    user: UserId,
    game: Game,
    guild: Option<u64>,
    daily: DailyNumber,
) -> Result<CurrentGame, StoreError> {
    let kind = GameKind::Daily(daily);
    let started = store.start(user, game, guild, kind, Over::Anything).await?;
    Ok(started.expect("a daily starts over anything"))
}

/// Draws the whole stock of the player's current (blocked) deal, from two "devices" at once
/// for the last draw.
async fn block(store: &Store, user: UserId) {
    let current = store.current_game(user).await.unwrap().unwrap();
    for _ in 1..current.game.stock_len() {
        store.apply(user, Action::Draw, None).await.unwrap();
    }
    let now = store.current_game(user).await.unwrap().unwrap();
    let expected = Some(now.at());
    let (a, b) = tokio::join!(
        store.apply(user, Action::Draw, expected),
        store.apply(user, Action::Draw, expected)
    );
    let applied = [a.unwrap(), b.unwrap()]
        .iter()
        .filter(|o| matches!(o, ApplyOutcome::Applied { .. }))
        .count();
    assert_eq!(applied, 1, "the last draw from two devices is applied once");
}

async fn the_first_finished_daily_is_scored_once_whatever_races(db: TestDb) {
    let store = db.store().await;
    let user = UserId(51);
    let game = blocked_deal();
    // Two presses of "start the daily" at once: one game stands, the other is replaced unplayed.
    let (a, b) = tokio::join!(
        start_daily(&store, user, game.clone(), Some(9), day(12)),
        start_daily(&store, user, game.clone(), Some(9), day(12))
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    let current = store.current_game(user).await.unwrap().unwrap();
    assert!(current.game_id == a.game_id || current.game_id == b.game_id);
    assert_eq!(current.kind, GameKind::Daily(day(12)));
    assert_eq!(store.daily_attempt(user, day(12)).await.unwrap(), None);
    block(&store, user).await;
    let scored = store.daily_attempt(user, day(12)).await.unwrap();
    assert_eq!(scored, Some(current.game_id));
    // Played again: practice, and the scored attempt stays the first.
    let again = start_daily(&store, user, game, Some(9), day(12))
        .await
        .unwrap();
    block(&store, user).await;
    assert_ne!(again.game_id, current.game_id);
    assert_eq!(store.daily_attempt(user, day(12)).await.unwrap(), scored);
    assert_eq!(store.daily_days(user).await.unwrap(), vec![(12, false)]);
    // A daily started on day 12 counts for day 12 whenever it ends: the number is the game's.
    let board = store
        .results_leaderboard(Results::Daily(day(12)), 9, user, 10)
        .await
        .unwrap();
    assert_eq!(board.total, 1);
    assert_eq!(board.top[0].1.user, 51);
}

async fn an_abandoned_daily_counts_and_an_undone_block_does_not(db: TestDb) {
    let store = db.store().await;
    let user = UserId(52);
    start_daily(&store, user, blocked_deal(), None, day(3))
        .await
        .unwrap();
    for _ in 0..blocked_deal().stock_len() {
        store.apply(user, Action::Draw, None).await.unwrap();
    }
    assert!(store.daily_attempt(user, day(3)).await.unwrap().is_some());
    store.apply(user, Action::Undo, None).await.unwrap();
    assert_eq!(
        store.daily_attempt(user, day(3)).await.unwrap(),
        None,
        "undo takes it back"
    );
    // Replaced after moves: abandoned, and that is the scored attempt.
    let next = store
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAA")), None)
        .await
        .unwrap();
    assert_eq!(next.kind, GameKind::Free);
    assert_eq!(store.daily_days(user).await.unwrap(), vec![(3, false)]);
    let finished = store.finished_games(user).await.unwrap();
    assert_eq!(finished[0].outcome, tripeaks::store::Outcome::Abandoned);
    assert_eq!(next.game.status(), Status::Playing);
}

async fn board_sizes_follow_every_result_added_or_taken_back(db: TestDb) {
    let store = db.store().await;
    let (user, guild) = (UserId(53), 77);
    let game = blocked_deal();
    let deal = Results::Deal(game.code().unwrap());
    let daily = Results::Daily(day(4));
    let total = |results| {
        let store = store.clone();
        async move {
            store
                .results_leaderboard(results, guild, UserId(1), 10)
                .await
                .unwrap()
                .total
        }
    };
    start_daily(&store, user, game.clone(), Some(guild), day(4))
        .await
        .unwrap();
    for _ in 0..game.stock_len() {
        store.apply(user, Action::Draw, None).await.unwrap();
    }
    assert_eq!((total(deal).await, total(daily).await), (1, 1));
    store.apply(user, Action::Undo, None).await.unwrap();
    assert_eq!(
        (total(deal).await, total(daily).await),
        (0, 0),
        "the undo takes both back"
    );
    store.apply(user, Action::Draw, None).await.unwrap();
    assert_eq!((total(deal).await, total(daily).await), (1, 1));
    let board = store
        .results_leaderboard(deal, guild, user, 10)
        .await
        .unwrap();
    assert_eq!(board.top.len(), 1);
    store.forget(user).await.unwrap();
    assert_eq!(
        (total(deal).await, total(daily).await),
        (0, 0),
        "forget-me empties them"
    );
}

/// Files a result straight into `deal_results` (and its board's bucket, as the store keeps it).
async fn result(
    raw: &sqlx::AnyPool,
    user: i64,
    won: bool,
    score: i64,
    moves: i64,
    hints: i64,
    at: i64,
) {
    sqlx::query(
        "INSERT INTO deal_results (code, guild_id, user_id, game_id, won, outcome, score, moves, \
         hints_used, finished_at) VALUES ('TP1-E-AAAAAAA', 5, $1, $1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(user)
    .bind(i64::from(won))
    .bind(if won { "won" } else { "blocked" })
    .bind(score)
    .bind(moves)
    .bind(hints)
    .bind(at)
    .execute(raw)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO board_buckets (board, guild_id, won, score, players) \
         VALUES ('TP1-E-AAAAAAA', 5, $1, $2, 1) ON CONFLICT (board, guild_id, won, score) \
         DO UPDATE SET players = board_buckets.players + 1",
    )
    .bind(i64::from(won))
    .bind(score)
    .execute(raw)
    .await
    .unwrap();
}

async fn deal_boards_follow_board_order_and_leave_hidden_players_out(db: TestDb) {
    let store = db.store().await;
    let raw = db.raw().await;
    // Not won but the highest score; won with fewer moves; equal but more hints; later finish.
    result(&raw, 1, false, 790, 30, 0, 10).await;
    result(&raw, 2, true, 750, 40, 0, 10).await;
    result(&raw, 3, true, 750, 39, 0, 10).await;
    result(&raw, 4, true, 750, 39, 1, 10).await;
    result(&raw, 5, true, 750, 39, 1, 11).await;
    result(&raw, 6, true, 760, 50, 5, 12).await;
    for user in 7..20 {
        result(&raw, user, false, 400 - user, 60, 0, 20).await;
    }
    store.set_public(UserId(6), false).await.unwrap();
    store.remember_name(UserId(3), "cat").await.unwrap();
    let deal = Results::Deal(code("TP1-E-AAAAAAA"));
    let board = store
        .results_leaderboard(deal, 5, UserId(19), 10)
        .await
        .unwrap();
    let order: Vec<u64> = board.top.iter().map(|(_, r)| r.user).collect();
    assert_eq!(order, vec![3, 4, 5, 2, 1, 7, 8, 9, 10, 11], "6 is hidden");
    assert_eq!(board.top[0].1.name.as_deref(), Some("cat"));
    assert_eq!(board.total, 18);
    let (place, me) = board.viewer.clone().expect("19's own place");
    assert_eq!((place, me.user), (18, 19));
    // The hidden player sees themselves, first.
    let own = store
        .results_leaderboard(deal, 5, UserId(6), 3)
        .await
        .unwrap();
    assert_eq!(own.top[0].1.user, 6);
    assert_eq!(own.total, 19);
    // Place only (top 0), as the end of a game asks.
    let place = store
        .results_leaderboard(deal, 5, UserId(2), 0)
        .await
        .unwrap();
    assert_eq!(place.viewer.map(|(p, _)| p), Some(4));
    assert!(
        store
            .results_leaderboard(deal, 6, UserId(2), 10)
            .await
            .unwrap()
            .top
            .is_empty()
    );
}

async fn results_boards_read_their_index(db: TestDb) {
    let _store = db.store().await;
    for (sql, index, key) in [
        (DAILY_LEADERBOARD_SQL, "daily_results_board", "3"),
        (
            DEAL_LEADERBOARD_SQL,
            "deal_results_board",
            "'TP1-E-AAAAAAA'",
        ),
    ] {
        let literal = sql
            .replace("$1", key)
            .replace("$2", "5")
            .replace("$3", "7")
            .replace("$4", "10");
        let plan = query_plan(&db, &literal).await;
        assert!(plan.contains(index), "{plan}");
        assert!(
            !plan.contains("TEMP B-TREE"),
            "sorted by the index, not afterwards: {plan}"
        );
    }
}
