//! History and replays (issue 23): a finished game keeps its actions and the times of its first
//! and last actions; the last ten come newest first; older rows have no replay.

use tripeaks::game::{Action, Game};
use tripeaks::store::UserId;

use crate::games::code;
use crate::on_every_backend;
use crate::support::{StartFree, TestDb};

on_every_backend!(
    a_finished_game_keeps_its_actions_and_times,
    the_history_is_newest_first_and_older_rows_have_no_replay,
    a_window_reads_its_own_games_and_one_game_by_id
);

async fn a_finished_game_keeps_its_actions_and_times(db: TestDb) {
    let store = db.store().await;
    let user = UserId(41);
    store
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAA")), Some(5))
        .await
        .unwrap();
    // A hint is no action: the first action is the draw.
    store.use_hint(user, None).await.unwrap();
    for action in [Action::Draw, Action::Draw, Action::Undo, Action::Draw] {
        store.apply(user, action, None).await.unwrap();
    }
    let played = store.current_game(user).await.unwrap().unwrap();
    let next = store
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAB")), None)
        .await
        .unwrap();
    let (finished, game) = store
        .finished_replay(user, played.game_id)
        .await
        .unwrap()
        .expect("filed");
    assert!(finished.replayable);
    let game = game.expect("its actions were kept");
    assert_eq!(game.played(), played.game.played());
    let positions = tripeaks::render::positions_of(&game);
    assert_eq!(positions.len(), 3, "the deal and two draws");
    assert_eq!(positions[0].played(), &[]);
    let duration = finished.duration_millis.expect("a time");
    assert!(duration < 60_000, "{duration}");
    assert_eq!(finished.result().duration_millis, Some(duration));
    // Another player's id, or a game not finished, is none.
    assert!(
        store
            .finished_replay(UserId(42), played.game_id)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        store
            .finished_replay(user, next.game_id)
            .await
            .unwrap()
            .is_none()
    );
    // The new game's first action starts its own clock.
    store.apply(user, Action::Draw, None).await.unwrap();
    store
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAC")), None)
        .await
        .unwrap();
    let (second, _) = store
        .finished_replay(user, next.game_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        second.duration_millis,
        Some(0),
        "one action: no time between first and last"
    );
}

async fn the_history_is_newest_first_and_older_rows_have_no_replay(db: TestDb) {
    let store = db.store().await;
    let user = UserId(43);
    let mut ids = Vec::new();
    for n in 0..12u32 {
        let code = code(&format!("TP1-E-AAAAAB{}", char::from(b'A' + n as u8)));
        let game = store
            .start_free(user, Game::from_code(code), None)
            .await
            .unwrap();
        store.apply(user, Action::Draw, None).await.unwrap();
        ids.push(game.game_id);
    }
    store
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAA")), None)
        .await
        .unwrap();
    let recent = store.recent_finished(user, 10).await.unwrap();
    let recent_ids: Vec<i64> = recent.iter().map(|g| g.game_id).collect();
    let expected: Vec<i64> = ids.iter().rev().take(10).copied().collect();
    assert_eq!(recent_ids, expected);
    // A row as filed before migration 007: no actions, no times.
    let pool = db.raw().await;
    sqlx::query(
        "UPDATE finished_games SET history = NULL, started_at = NULL, ended_at = NULL \
         WHERE game_id = $1",
    )
    .bind(ids[11])
    .execute(&pool)
    .await
    .unwrap();
    let (old, game) = store.finished_replay(user, ids[11]).await.unwrap().unwrap();
    assert!(!old.replayable && game.is_none() && old.duration_millis.is_none());
}

async fn a_window_reads_its_own_games_and_one_game_by_id(db: TestDb) {
    let store = db.store().await;
    let (user, other) = (UserId(44), UserId(45));
    let mut ids = Vec::new();
    for (n, player) in [user, user, user, other].into_iter().enumerate() {
        let deal = code(&format!("TP1-E-AAAAAC{}", char::from(b'A' + n as u8)));
        let game = store
            .start_free(player, Game::from_code(deal), None)
            .await
            .unwrap();
        store.apply(player, Action::Draw, None).await.unwrap();
        store
            .start_free(player, Game::from_code(code("TP1-E-AAAAAAA")), None)
            .await
            .unwrap();
        ids.push(game.game_id);
    }
    // Finish times 1000, 2000, 3000 for the player, 2000 for the other one.
    let pool = db.raw().await;
    for (id, at) in ids.iter().zip([1000i64, 2000, 3000, 2000]) {
        sqlx::query("UPDATE finished_games SET finished_at = $1 WHERE game_id = $2")
            .bind(at)
            .bind(*id)
            .execute(&pool)
            .await
            .unwrap();
    }
    let window: Vec<i64> = store
        .finished_between(user, 2000, 3000)
        .await
        .unwrap()
        .iter()
        .map(|g| g.game_id)
        .collect();
    assert_eq!(
        window,
        [ids[1]],
        "from is in the window, to is not; only the player's"
    );
    let all: Vec<i64> = store
        .finished_between(user, 0, i64::MAX)
        .await
        .unwrap()
        .iter()
        .map(|g| g.game_id)
        .collect();
    assert_eq!(all, ids[..3], "oldest first");
    let one = store
        .finished_game(user, ids[2])
        .await
        .unwrap()
        .expect("filed");
    assert_eq!(
        (one.game_id, one.finished_at),
        (
            ids[2],
            std::time::UNIX_EPOCH + std::time::Duration::from_millis(3000)
        )
    );
    assert!(
        store.finished_game(user, ids[3]).await.unwrap().is_none(),
        "not theirs"
    );
}
