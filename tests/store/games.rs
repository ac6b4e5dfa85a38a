//! Loading, starting, applying and replacing games, on every backend.

use tripeaks::game::{Action, DealCode, DealNumber, Effect, Game, Refusal, Rule, Slot};
use tripeaks::store::{ApplyOutcome, GameKind, GameTurn, Over, UserId};

use crate::on_every_backend;
use crate::support::{StartFree, TestDb};

pub fn code(text: &str) -> DealCode {
    text.parse().expect("a valid deal code")
}

/// A server id of today's size.
pub const GUILD: Option<u64> = Some(1_100_000_000_000_000_001);

/// A game and its turn, as a button names them.
pub fn at(game_id: i64, turn: u32) -> Option<GameTurn> {
    Some(GameTurn { game_id, turn })
}

on_every_backend!(
    a_new_player_has_nothing,
    a_started_game_loads_back_as_it_was,
    every_started_game_gets_a_new_id,
    applied_actions_are_saved,
    refused_actions_change_nothing,
    actions_for_another_turn_or_game_are_stale,
    snowflakes_of_every_size_are_kept_apart,
    a_new_game_replaces_only_the_game_it_was_asked_over,
);

async fn a_new_player_has_nothing(db: TestDb) {
    let store = db.store().await;
    let user = UserId(7);
    assert_eq!(store.current_game(user).await.unwrap(), None);
    assert!(store.finished_games(user).await.unwrap().is_empty());
    let outcome = store.apply(user, Action::Draw, None).await.unwrap();
    assert_eq!(outcome, ApplyOutcome::NoGame);
}

async fn a_started_game_loads_back_as_it_was(db: TestDb) {
    let store = db.store().await;
    let user = UserId(80_351_110_224_678_912);
    let game = Game::from_code(code("TP1-C-HELLOAB"));
    let started = store.start_free(user, game.clone(), GUILD).await.unwrap();
    assert_eq!(started.game, game);
    assert_eq!(started.user, user);
    assert_eq!(started.version, 1);
    assert_eq!(started.guild_id, GUILD);
    assert_eq!(started.created_at, started.updated_at);
    let loaded = store.current_game(user).await.unwrap().expect("a game");
    assert_eq!(loaded, started);

    // A game dealt from a layout (no code) round-trips too.
    let layout = Game::from_layout(game.deal().clone(), Rule::Easy);
    let replaced = store.start_free(user, layout.clone(), None).await.unwrap();
    assert_eq!(replaced.game, layout);
    let loaded = store.current_game(user).await.unwrap().expect("a game");
    assert_eq!(loaded.game, layout);
    assert_eq!(loaded.game.code(), None);
}

async fn every_started_game_gets_a_new_id(db: TestDb) {
    let store = db.store().await;
    let (ann, bob) = (UserId(1), UserId(2));
    let game = Game::from_code(code("TP1-E-AAAAAAB"));
    let first = store.start_free(ann, game.clone(), None).await.unwrap();
    let second = store.start_free(bob, game.clone(), None).await.unwrap();
    let third = store.start_free(ann, game.clone(), None).await.unwrap();
    assert!(first.game_id < second.game_id && second.game_id < third.game_id);
    // The version keeps counting across games, so an old version never comes back.
    assert_eq!((first.version, third.version), (1, 2));
    let loaded = store.current_game(ann).await.unwrap().unwrap();
    assert_eq!(loaded.game_id, third.game_id);
}

async fn applied_actions_are_saved(db: TestDb) {
    let store = db.store().await;
    let user = UserId(3);
    let game = Game::from_code(code("TP1-E-AAAAAAB"));
    let next_stock = game.stock()[0];
    let started = store.start_free(user, game, None).await.unwrap();
    let expected = at(started.game_id, 0);
    let ApplyOutcome::Applied { game, effect } =
        store.apply(user, Action::Draw, expected).await.unwrap()
    else {
        panic!("the draw was not applied");
    };
    assert_eq!(effect, Effect::Drew(next_stock));
    assert_eq!(
        (game.version, game.game.turn(), game.game.moves()),
        (2, 1, 1)
    );
    assert_eq!(game.game.waste(), Some(next_stock));
    assert!(game.updated_at >= started.updated_at);
    assert_eq!(store.current_game(user).await.unwrap().unwrap(), game);

    let undone = store.apply(user, Action::Undo, None).await.unwrap();
    let ApplyOutcome::Applied { game, effect } = undone else {
        panic!("the undo was not applied: {undone:?}");
    };
    assert_eq!(effect, Effect::Undid(Action::Draw));
    assert_eq!(
        (game.version, game.game.turn(), game.game.moves()),
        (3, 2, 1)
    );
}

async fn refused_actions_change_nothing(db: TestDb) {
    let store = db.store().await;
    let user = UserId(4);
    let game = Game::from_code(code("TP1-E-AAAAAAB"));
    let Slot::FaceDown = game.slot(tripeaks::game::Position::at(0, 0).unwrap()) else {
        panic!("the top of a peak starts face down");
    };
    let covered = game.deal().tableau[0];
    let started = store.start_free(user, game, None).await.unwrap();
    for (action, refusal) in [
        (Action::Remove(covered), Refusal::Blocked),
        (Action::Undo, Refusal::NothingToUndo),
    ] {
        let outcome = store.apply(user, action, None).await.unwrap();
        assert_eq!(
            outcome,
            ApplyOutcome::Refused {
                game: started.clone(),
                refusal
            }
        );
    }
    assert_eq!(store.current_game(user).await.unwrap().unwrap(), started);
}

async fn actions_for_another_turn_or_game_are_stale(db: TestDb) {
    let store = db.store().await;
    let user = UserId(5);
    let game = Game::from_code(code("TP1-E-AAAAAAB"));
    let started = store.start_free(user, game, None).await.unwrap();
    let id = started.game_id;
    for (game_id, turn) in [(id, 1), (id - 1, 0), (id + 1, 0)] {
        let outcome = store
            .apply(user, Action::Draw, at(game_id, turn))
            .await
            .unwrap();
        assert_eq!(
            outcome,
            ApplyOutcome::Stale {
                game: started.clone()
            }
        );
    }
    let first = store.apply(user, Action::Draw, at(id, 0)).await.unwrap();
    let ApplyOutcome::Applied { game: after, .. } = first else {
        panic!("the first tap was not applied: {first:?}");
    };
    // The same button tapped again: stale, and the game is as the first tap left it.
    let again = store.apply(user, Action::Draw, at(id, 0)).await.unwrap();
    assert_eq!(
        again,
        ApplyOutcome::Stale {
            game: after.clone()
        }
    );
    // A button of the previous game after a new game started: stale.
    let new = store
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAC")), None)
        .await
        .unwrap();
    let old_button = store.apply(user, Action::Draw, at(id, 1)).await.unwrap();
    assert_eq!(old_button, ApplyOutcome::Stale { game: new });
}

async fn snowflakes_of_every_size_are_kept_apart(db: TestDb) {
    let store = db.store().await;
    let users = [0, 1, i64::MAX as u64, 1 << 63, u64::MAX - 1, u64::MAX].map(UserId);
    for (i, &user) in users.iter().enumerate() {
        let game = Game::from_code(DealCode::new(
            DealNumber::new(i as u64).unwrap(),
            Rule::Easy,
        ));
        store.start_free(user, game, Some(user.0)).await.unwrap();
    }
    for (i, &user) in users.iter().enumerate() {
        let loaded = store.current_game(user).await.unwrap().unwrap();
        assert_eq!(loaded.game.code().unwrap().number.value(), i as u64);
        assert_eq!(loaded.guild_id, Some(user.0));
    }
}

/// Was: `/tripeaks new` and `/tripeaks daily` over a game without moves (or over none) replaced
/// whatever the player had when they wrote, so a tap landing between their read and their write
/// was filed as abandoned without the question the rules promise. Now every replacement names
/// the game and turn it saw (or none), and the store checks it in the transaction that writes.
async fn a_new_game_replaces_only_the_game_it_was_asked_over(db: TestDb) {
    let store = db.store().await;
    let user = UserId(4_242);
    let deal = || Game::from_code(code("TP1-E-AAAAAAD"));
    // Seen: no game. Meanwhile another press started one: it stays.
    let other = store.start_free(user, deal(), GUILD).await.unwrap();
    let started = store
        .start(user, deal(), GUILD, GameKind::Free, Over::Exactly(None))
        .await
        .unwrap();
    assert_eq!(
        started, None,
        "a game appeared since the read: not replaced"
    );
    assert_eq!(
        store.current_game(user).await.unwrap().unwrap().game_id,
        other.game_id
    );
    // Seen: that game at turn 0. Meanwhile a tap was saved: the tap's game stays, unfiled.
    let seen = at(other.game_id, 0);
    store.apply(user, Action::Draw, seen).await.unwrap();
    let daily = GameKind::Daily(tripeaks::game::DailyNumber::FIRST);
    let started = store
        .start(user, deal(), GUILD, daily, Over::Exactly(seen))
        .await
        .unwrap();
    assert_eq!(
        started, None,
        "the turn moved on since the read: not replaced"
    );
    let kept = store.current_game(user).await.unwrap().unwrap();
    assert_eq!((kept.game_id, kept.game.moves()), (other.game_id, 1));
    assert!(
        store.finished_games(user).await.unwrap().is_empty(),
        "nothing filed"
    );
    // Asked over the turn it is at: replaced, and the game with a move filed as abandoned.
    let now_at = at(kept.game_id, kept.game.turn());
    let started = store
        .start(user, deal(), GUILD, daily, Over::Exactly(now_at))
        .await
        .unwrap();
    assert!(started.is_some_and(|s| s.kind == daily));
    assert_eq!(store.finished_games(user).await.unwrap().len(), 1);
    // Seen: none, and none there: started.
    let fresh = UserId(4_243);
    let started = store
        .start(fresh, deal(), GUILD, GameKind::Free, Over::Exactly(None))
        .await
        .unwrap();
    assert!(started.is_some());
}
