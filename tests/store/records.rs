//! Settings, corrupt stored games, and reopening a database, on every backend.

use sqlx::Row;
use tripeaks::game::{Action, Game, Modes, Rule};
use tripeaks::store::{
    ApplyOutcome, GameKind, GameTurn, Over, Settings, Store, StoreError, StoreOptions, Unreadable,
    UserId,
};

use crate::games::code;
use crate::on_every_backend;
use crate::support::{StartFree, Target, TestDb};

on_every_backend!(
    settings_start_at_the_defaults_and_change_one_at_a_time,
    a_corrupt_game_is_reported_and_kept_when_replaced,
    a_game_of_an_unknown_kind_is_corrupt_never_a_panic,
    a_reopened_database_has_everything,
    a_store_that_flushes_every_commit_keeps_games_alike,
);

async fn settings_start_at_the_defaults_and_change_one_at_a_time(db: TestDb) {
    let store = db.store().await;
    let (ann, bob) = (UserId(21), UserId(22));
    let defaults = Settings {
        help_for_errors: true,
        default_rule: Rule::Easy,
        default_modes: Modes::STANDARD,
        public: true,
    };
    assert_eq!(store.settings(ann).await.unwrap(), defaults);
    assert_eq!(
        store.update_settings(ann, None, None, None).await.unwrap(),
        defaults
    );

    let quiet = Settings {
        help_for_errors: false,
        ..defaults
    };
    assert_eq!(
        store
            .update_settings(ann, Some(false), None, None)
            .await
            .unwrap(),
        quiet
    );
    let classic = Settings {
        default_rule: Rule::Classic,
        ..quiet
    };
    let updated = store
        .update_settings(ann, None, Some(Rule::Classic), None)
        .await
        .unwrap();
    assert_eq!(updated, classic);
    assert_eq!(store.settings(ann).await.unwrap(), classic);
    assert_eq!(
        store.update_settings(ann, None, None, None).await.unwrap(),
        classic
    );
    let back = store
        .update_settings(ann, Some(true), Some(Rule::Easy), None)
        .await
        .unwrap();
    assert_eq!(back, defaults);

    let bob_classic = Settings {
        default_rule: Rule::Classic,
        ..defaults
    };
    let updated = store
        .update_settings(bob, None, Some(Rule::Classic), None)
        .await
        .unwrap();
    assert_eq!(updated, bob_classic);
    assert_eq!(store.settings(ann).await.unwrap(), defaults);
}

async fn a_corrupt_game_is_reported_and_kept_when_replaced(db: TestDb) {
    let store = db.store().await;
    let raw = db.raw().await;
    let user = UserId(23);
    let damaged = [
        "not json at all",
        // Format version from the future.
        r#"{"v":99,"code":"TP1-E-AAAAAAB","played":"","moves":0,"turn":0,"undo":0}"#,
        // A history the rules do not allow: the same card played twice.
        r#"{"v":1,"code":"TP1-E-AAAAAAB","played":"KC KC","moves":2,"turn":2,"undo":2}"#,
    ];
    for state in damaged {
        let started = store
            .start_free(user, Game::from_code(code("TP1-E-AAAAAAB")), None)
            .await
            .unwrap();
        sqlx::query("UPDATE current_games SET state = $1 WHERE user_id = $2")
            .bind(state)
            .bind(user.0 as i64)
            .execute(&raw)
            .await
            .unwrap();
        let is_corrupt = |error: StoreError| {
            matches!(error, StoreError::Corrupt { user: u, game_id, .. }
                if u == user && game_id == started.game_id)
        };
        assert!(is_corrupt(store.current_game(user).await.unwrap_err()));
        assert!(is_corrupt(
            store.apply(user, Action::Draw, None).await.unwrap_err()
        ));
        // Still there, untouched, until the player starts a new game.
        let kept: String = sqlx::query("SELECT state FROM current_games WHERE user_id = $1")
            .bind(user.0 as i64)
            .fetch_one(&raw)
            .await
            .unwrap()
            .get(0);
        assert_eq!(kept, state);
        let fresh = store
            .start_free(user, Game::from_code(code("TP1-E-AAAAAAC")), None)
            .await
            .unwrap();
        assert_eq!(store.current_game(user).await.unwrap().unwrap(), fresh);
        let saved =
            sqlx::query("SELECT user_id, state, error FROM corrupt_games WHERE game_id = $1")
                .bind(started.game_id)
                .fetch_one(&raw)
                .await
                .unwrap();
        assert_eq!(saved.get::<i64, _>(0), user.0 as i64);
        assert_eq!(saved.get::<String, _>(1), state);
        assert!(!saved.get::<String, _>(2).is_empty());
    }
    // Corrupt games are not results.
    assert!(store.finished_games(user).await.unwrap().is_empty());
    raw.close().await;
}

/// A kind the store does not write (a later version's, or damage) reads as a corrupt game, as
/// an unreadable game does: reported, never a panic or a free game; a new game replaces it only
/// where the player is known to have no readable game, and keeps it in `corrupt_games`. A
/// finished game's is a corrupt record.
async fn a_game_of_an_unknown_kind_is_corrupt_never_a_panic(db: TestDb) {
    let store = db.store().await;
    let raw = db.raw().await;
    let user = UserId(25);
    let started = store
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAB")), None)
        .await
        .unwrap();
    sqlx::query("UPDATE current_games SET kind = 'tournament:3' WHERE user_id = $1")
        .bind(user.0 as i64)
        .execute(&raw)
        .await
        .unwrap();
    let unknown_kind = |error: StoreError| match error {
        StoreError::Corrupt {
            error: Unreadable::Kind(kind),
            game_id,
            ..
        } => game_id == started.game_id && kind.to_string().contains("`tournament:3`"),
        _ => false,
    };
    assert!(unknown_kind(store.current_game(user).await.unwrap_err()));
    assert!(unknown_kind(
        store.apply(user, Action::Draw, None).await.unwrap_err()
    ));
    let fresh = || Game::from_code(code("TP1-E-AAAAAAC"));
    let over_seen = Over::Exactly(Some(started.at()));
    let refused = store.start(user, fresh(), None, GameKind::Free, over_seen);
    assert_eq!(
        refused.await.unwrap(),
        None,
        "not the game it was asked over"
    );
    let replaced = store.start(user, fresh(), None, GameKind::Free, Over::Exactly(None));
    assert!(replaced.await.unwrap().is_some());
    let error: String = sqlx::query("SELECT error FROM corrupt_games WHERE game_id = $1")
        .bind(started.game_id)
        .fetch_one(&raw)
        .await
        .unwrap()
        .get(0);
    assert!(
        error.contains("unknown game kind `tournament:3`"),
        "{error}"
    );

    // A finished game of an unknown kind: a corrupt record, named.
    let won = store.start_free(user, Game::from_code(code("TP1-E-AAAAAAB")), None);
    let game_id = won.await.unwrap().game_id;
    store.start_free(user, fresh(), None).await.unwrap();
    sqlx::query(
        "INSERT INTO finished_games (game_id, user_id, code, rule, outcome, score, \
         moves, finished_at, kind) VALUES ($1, $2, 'TP1-E-AAAAAAB', 'easy', 'won', 1, 1, 1, \
         'daily:0')",
    )
    .bind(game_id)
    .bind(user.0 as i64)
    .execute(&raw)
    .await
    .unwrap();
    match store.finished_games(user).await.unwrap_err() {
        StoreError::CorruptRecord { user: u, detail } => {
            assert_eq!(u, user);
            assert!(detail.contains("unknown game kind `daily:0`"), "{detail}");
        }
        other => panic!("{other}"),
    }
    raw.close().await;
}

async fn a_reopened_database_has_everything(db: TestDb) {
    let user = UserId(24);
    let store = db.store().await;
    store
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAB")), Some(5))
        .await
        .unwrap();
    let ApplyOutcome::Applied { game, .. } = store.apply(user, Action::Draw, None).await.unwrap()
    else {
        panic!("the draw was not applied");
    };
    store
        .update_settings(user, Some(false), None, None)
        .await
        .unwrap();
    if db.target == Target::SqliteMemory {
        // An in-memory database ends with its last connection: nothing to reopen. Check that
        // a second store on it still migrates cleanly while the first keeps it alive.
        let again = db.store().await;
        assert_eq!(again.current_game(user).await.unwrap().unwrap(), game);
        return;
    }
    store.close().await;
    // Opening again runs the migrations again: a no-op that must keep every row.
    let store = db.store().await;
    assert_eq!(store.current_game(user).await.unwrap().unwrap(), game);
    assert!(!store.settings(user).await.unwrap().help_for_errors);
}

async fn a_store_that_flushes_every_commit_keeps_games_alike(db: TestDb) {
    let options = StoreOptions {
        max_connections: 2,
        flush_every_commit: true,
    };
    let store = Store::connect_with(&db.url, options).await.unwrap();
    assert!(
        store.flushes_every_commit().await.unwrap(),
        "the setting reached the connections"
    );
    let user = UserId(25);
    let started = store
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAB")), None)
        .await
        .unwrap();
    let expected = Some(GameTurn {
        game_id: started.game_id,
        turn: 0,
    });
    let outcome = store.apply(user, Action::Draw, expected).await.unwrap();
    let ApplyOutcome::Applied { game, .. } = outcome else {
        panic!("the draw was not applied: {outcome:?}");
    };
    assert_eq!(store.current_game(user).await.unwrap().unwrap(), game);
    store.close().await;
    let default = db.store().await;
    assert!(
        !default.flushes_every_commit().await.unwrap(),
        "by default commits are not flushed one by one"
    );
}
