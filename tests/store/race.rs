//! Racing taps: many tasks act on one player's game at once, through a pool of several
//! connections, on every backend.

use std::sync::Arc;

use tokio::sync::Barrier;
use tripeaks::game::{Action, Game};
use tripeaks::store::{ApplyOutcome, GameTurn, Store, UserId};

use crate::games::code;
use crate::on_every_backend;
use crate::support::{Rng, StartFree, Target, TestDb};

on_every_backend!(
    racing_actions_are_applied_one_after_the_other,
    a_double_tap_is_applied_once,
    racing_new_games_each_take_their_turn,
    a_store_that_saw_an_older_turn_answers_from_the_database,
);

/// Starts `tasks` tasks at the same moment, each running `act(store, i)`, and collects results.
async fn all_at_once<T, F, Fut>(store: &Store, tasks: usize, act: F) -> Vec<T>
where
    T: Send + 'static,
    F: Fn(Store, usize) -> Fut,
    Fut: Future<Output = T> + Send + 'static,
{
    let barrier = Arc::new(Barrier::new(tasks));
    let handles: Vec<_> = (0..tasks)
        .map(|i| {
            let barrier = barrier.clone();
            let work = act(store.clone(), i);
            tokio::spawn(async move {
                barrier.wait().await;
                work.await
            })
        })
        .collect();
    let mut results = Vec::with_capacity(tasks);
    for handle in handles {
        results.push(handle.await.expect("a racing task"));
    }
    results
}

async fn racing_actions_are_applied_one_after_the_other(db: TestDb) {
    let store = db.store().await;
    let user = UserId(31);
    let start = Game::from_code(code("TP1-E-RACEAAA"));
    store.start_free(user, start.clone(), None).await.unwrap();
    // Draws, undos and removals of every tableau card, shuffled: many will be refused, and which
    // ones depends on the order the store applies them in.
    let mut rng = Rng::from_entropy("racing_actions");
    let mut actions: Vec<Action> = start
        .deal()
        .tableau
        .iter()
        .map(|&c| Action::Remove(c))
        .collect();
    actions.extend([Action::Draw; 14]);
    actions.extend([Action::Undo; 6]);
    for i in (1..actions.len()).rev() {
        actions.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let actions = Arc::new(actions);
    let outcomes = all_at_once(&store, actions.len(), |store, i| {
        let actions = actions.clone();
        async move {
            (
                actions[i],
                store.apply(user, actions[i], None).await.unwrap(),
            )
        }
    })
    .await;

    let mut accepted: Vec<(u32, Action)> = outcomes
        .iter()
        .filter_map(|(action, outcome)| match outcome {
            ApplyOutcome::Applied { game, .. } => Some((game.game.turn(), *action)),
            ApplyOutcome::Refused { .. } => None,
            other => panic!("{action} without an expected turn: {other:?}"),
        })
        .collect();
    accepted.sort_by_key(|&(turn, _)| turn);
    let turns: Vec<u32> = accepted.iter().map(|&(turn, _)| turn).collect();
    assert_eq!(
        turns,
        (1..=accepted.len() as u32).collect::<Vec<_>>(),
        "one action per turn"
    );
    assert!(accepted.len() >= 14, "every draw fits: {accepted:?}");

    let stored = store.current_game(user).await.unwrap().unwrap();
    let mut replay = start;
    for &(_, action) in &accepted {
        replay
            .apply(action)
            .expect("the accepted actions replay in turn order");
    }
    assert_eq!(stored.game, replay);
    assert_eq!(stored.game.turn() as usize, accepted.len());
    let moves = accepted.iter().filter(|(_, a)| *a != Action::Undo).count();
    assert_eq!(stored.game.moves() as usize, moves);
    assert_eq!(stored.version, 1 + accepted.len() as i64);
}

async fn a_double_tap_is_applied_once(db: TestDb) {
    let store = db.store().await;
    let user = UserId(32);
    let started = store
        .start_free(user, Game::from_code(code("TP1-E-DOUBLEA")), None)
        .await
        .unwrap();
    for turn in 0..10u32 {
        let expected = Some(GameTurn {
            game_id: started.game_id,
            turn,
        });
        let outcomes = all_at_once(&store, 8, |store, _| async move {
            store.apply(user, Action::Draw, expected).await.unwrap()
        })
        .await;
        let applied = outcomes
            .iter()
            .filter(|o| matches!(o, ApplyOutcome::Applied { .. }))
            .count();
        let stale = outcomes
            .iter()
            .filter(|o| matches!(o, ApplyOutcome::Stale { .. }))
            .count();
        assert_eq!((applied, stale), (1, 7), "turn {turn}: {outcomes:?}");
    }
    let game = store.current_game(user).await.unwrap().unwrap().game;
    assert_eq!((game.turn(), game.moves()), (10, 10));
}

async fn racing_new_games_each_take_their_turn(db: TestDb) {
    let store = db.store().await;
    let user = UserId(33);
    let codes = [
        "TP1-E-NEWAAAA",
        "TP1-E-NEWAAAB",
        "TP1-E-NEWAAAC",
        "TP1-C-NEWAAAD",
    ];
    store
        .start_free(user, Game::from_code(code(codes[0])), None)
        .await
        .unwrap();
    store.apply(user, Action::Draw, None).await.unwrap();
    let started = all_at_once(&store, 12, |store, i| async move {
        let game = Game::from_code(code(codes[i % codes.len()]));
        let started = store.start_free(user, game, None).await.unwrap();
        // Every new game is played once, so each one replaced must be filed as abandoned.
        let applied = store.apply(user, Action::Draw, None).await.unwrap();
        (started, applied)
    })
    .await;
    let mut ids: Vec<i64> = started.iter().map(|(s, _)| s.game_id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 12, "every start got its own game id");
    let current = store.current_game(user).await.unwrap().unwrap();
    assert!(ids.contains(&current.game_id));
    let finished = store.finished_games(user).await.unwrap();
    // Each game that was replaced after its draw is abandoned; one replaced before its draw
    // (the draw then went to its successor) is not filed at all. Never filed twice.
    let mut filed: Vec<i64> = finished.iter().map(|f| f.game_id).collect();
    filed.sort();
    let count = filed.len();
    filed.dedup();
    assert_eq!(filed.len(), count);
    assert!(!filed.contains(&current.game_id));
    // No draw lost, none doubled: 1 before the race and 12 during it, wherever they went.
    for (_, applied) in &started {
        assert!(
            matches!(applied, ApplyOutcome::Applied { .. }),
            "{applied:?}"
        );
    }
    let filed_moves: u32 = finished.iter().map(|f| f.moves).sum();
    assert_eq!(filed_moves + current.game.moves(), 13, "{finished:?}");
    let versions: Vec<i64> = started.iter().map(|(s, _)| s.version).collect();
    let mut unique = versions.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        versions.len(),
        "no two starts saw the same version"
    );
}

/// Two bot processes on one database, each keeping the games it saw last (`store/recent.rs`):
/// a move from what one of them kept is saved only if the row still holds exactly that game, so
/// the other's moves and hints, and a row edited behind both their backs, are never written over.
async fn a_store_that_saw_an_older_turn_answers_from_the_database(db: TestDb) {
    if db.target == Target::SqliteMemory {
        // Every connection to `:memory:` is a database of its own: there is no second process.
        return;
    }
    let (first, second) = (db.store().await, db.store().await);
    let user = UserId(34);
    let deal = Game::from_code(code("TP1-E-TWOPROC"));
    let started = first.start_free(user, deal.clone(), None).await.unwrap();
    let at = |turn| {
        Some(GameTurn {
            game_id: started.game_id,
            turn,
        })
    };
    let applied = |outcome: ApplyOutcome| match outcome {
        ApplyOutcome::Applied { game, .. } => game,
        other => panic!("not applied: {other:?}"),
    };
    // The second process moves the game on; the first still keeps it at turn 0.
    applied(second.apply(user, Action::Draw, at(0)).await.unwrap());
    match first.apply(user, Action::Draw, at(0)).await.unwrap() {
        ApplyOutcome::Stale { game } => assert_eq!(game.game.turn(), 1),
        other => panic!("a press of turn 0 after the other process's move: {other:?}"),
    }
    // A hint there (a new version at the same turn), then a move from the first process, which
    // kept turn 1 without the hint: saved on top of the hint.
    let hinted = second.use_hint(user, at(1)).await.unwrap();
    assert_eq!(hinted.expect("a hint at turn 1").game.hints_used(), 1);
    let moved = applied(first.apply(user, Action::Draw, at(1)).await.unwrap());
    assert_eq!((moved.game.turn(), moved.game.hints_used()), (2, 1));
    // An operator puts the deal back at its start, version untouched: the first process, which
    // kept turn 2, reads the row instead of saving over it.
    sqlx::query("UPDATE current_games SET state = $1 WHERE user_id = $2")
        .bind(deal.to_stored())
        .bind(user.0 as i64)
        .execute(&db.raw().await)
        .await
        .unwrap();
    match first.apply(user, Action::Draw, at(2)).await.unwrap() {
        ApplyOutcome::Stale { game } => assert_eq!(game.game, deal),
        other => panic!("a press of turn 2 over a row put back to turn 0: {other:?}"),
    }
    let stored = second.current_game(user).await.unwrap().unwrap();
    assert_eq!((stored.game, stored.version), (deal, moved.version));
}

/// Was: on a SQLite file every move waited for the one connection kept for moves with no
/// bound, so behind a writer holding the file (an operator's shell, a backup) the k-th queued
/// tap waited about k busy timeouts. Now the wait for that connection has the pool's bound: a
/// move queued behind one stuck on the database is told the store is busy while the stuck one
/// still waits. Tokio's clock is paused (the queued wait runs on it); SQLite's busy wait runs on
/// its own thread, in real time, so the queued move's answer comes first only with the bound.
#[tokio::test(flavor = "current_thread")]
async fn a_move_queued_behind_a_held_database_is_told_the_store_is_busy() {
    use sqlx::Connection;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let store = Store::connect(&url).await.unwrap();
    let (stuck, queued) = (UserId(1), UserId(2));
    for user in [stuck, queued] {
        let game = Game::from_code(code("TP1-E-AAAAAAA"));
        store.start_free(user, game, None).await.unwrap();
    }
    sqlx::any::install_default_drivers();
    let mut shell = sqlx::AnyConnection::connect(&url).await.unwrap();
    sqlx::raw_sql("BEGIN IMMEDIATE")
        .execute(&mut shell)
        .await
        .unwrap();
    tokio::time::pause();
    let first = {
        let store = store.clone();
        tokio::spawn(async move { store.apply(stuck, Action::Draw, None).await })
    };
    // The first move takes the kept connection and waits on the database.
    tokio::task::yield_now().await;
    let second = store.apply(queued, Action::Draw, None).await;
    let error = second.expect_err("the queued move cannot be made");
    assert!(error.is_unavailable(), "{error}");
    assert!(
        !first.is_finished(),
        "told before the stuck move's own wait ended"
    );
    // The shell lets go: the stuck move goes through, and so does the queued one, asked again.
    sqlx::raw_sql("ROLLBACK").execute(&mut shell).await.unwrap();
    tokio::time::resume();
    let first = first.await.expect("the stuck move's task");
    assert!(
        matches!(first, Ok(ApplyOutcome::Applied { .. })),
        "{first:?}"
    );
    let again = store.apply(queued, Action::Draw, None).await.unwrap();
    assert!(matches!(again, ApplyOutcome::Applied { .. }), "{again:?}");
}
