//! Finished games: what replacing a game files, and a win counted exactly once, on every
//! backend.

use tripeaks::game::{Action, DealCode, DealNumber, Game, Refusal, Rule, Status};
use tripeaks::store::{ApplyOutcome, GameTurn, Outcome, UserId};

use crate::games::code;
use crate::on_every_backend;
use crate::support::{StartFree, TestDb, winning_line};

on_every_backend!(
    replaced_games_are_filed_once,
    a_win_is_recorded_exactly_once
);

async fn replaced_games_are_filed_once(db: TestDb) {
    let store = db.store().await;
    let user = UserId(6);
    let guild = Some(77);
    let fresh = Game::from_code(code("TP1-E-AAAAAAB"));
    store.start_free(user, fresh.clone(), guild).await.unwrap();
    // Replacing an untouched game files nothing.
    let played = store.start_free(user, fresh.clone(), guild).await.unwrap();
    assert!(store.finished_games(user).await.unwrap().is_empty());

    store.apply(user, Action::Draw, None).await.unwrap();
    let blocked_game = blocked_deal();
    let blocked = store
        .start_free(user, blocked_game.clone(), None)
        .await
        .unwrap();
    let finished = store.finished_games(user).await.unwrap();
    assert_eq!(finished.len(), 1);
    let abandoned = &finished[0];
    assert_eq!(abandoned.game_id, played.game_id);
    assert_eq!(abandoned.outcome, Outcome::Abandoned);
    assert_eq!(abandoned.code, Some(code("TP1-E-AAAAAAB")));
    assert_eq!(
        (abandoned.rule, abandoned.moves, abandoned.score),
        (Rule::Easy, 1, 499)
    );
    assert_eq!(abandoned.guild_id, guild);
    assert_eq!(abandoned.user, user);

    for _ in 0..blocked_game.stock_len() {
        store.apply(user, Action::Draw, None).await.unwrap();
    }
    let now = store.current_game(user).await.unwrap().unwrap();
    assert_eq!(now.game.status(), Status::Blocked);
    store.start_free(user, fresh, None).await.unwrap();
    let finished = store.finished_games(user).await.unwrap();
    assert_eq!(finished.len(), 2);
    assert_eq!(finished[1].game_id, blocked.game_id);
    assert_eq!(finished[1].outcome, Outcome::Blocked);
    assert_eq!(finished[1].moves, 23);
    assert_eq!(finished[1].guild_id, None);
}

/// The first deal that is blocked after drawing the whole stock and removing nothing.
pub(crate) fn blocked_deal() -> Game {
    (1..)
        .map(|n| Game::from_code(DealCode::new(DealNumber::new(n).unwrap(), Rule::Classic)))
        .find(|game| {
            let mut game = game.clone();
            (0..game.stock_len()).for_each(|_| {
                game.apply(Action::Draw)
                    .expect("a draw while stock is left");
            });
            game.status() == Status::Blocked
        })
        .expect("some deal blocks")
}

async fn a_win_is_recorded_exactly_once(db: TestDb) {
    let store = db.store().await;
    let user = UserId(8);
    let (game, line) = (1..)
        .map(|n| Game::from_code(DealCode::new(DealNumber::new(n).unwrap(), Rule::Easy)))
        .find_map(|game| winning_line(&game, 20_000).map(|line| (game, line)))
        .expect("some deal is won");
    let started = store.start_free(user, game, Some(9)).await.unwrap();
    let mut last = None;
    for (turn, &action) in line.iter().enumerate() {
        let expected = Some(GameTurn {
            game_id: started.game_id,
            turn: turn as u32,
        });
        match store.apply(user, action, expected).await.unwrap() {
            ApplyOutcome::Applied { game, .. } => last = Some(game),
            other => panic!("{action} of the winning line: {other:?}"),
        }
    }
    let won = last.expect("a line of at least one action");
    assert_eq!(won.game.status(), Status::Won);
    let after_win = store.apply(user, Action::Draw, None).await.unwrap();
    assert_eq!(
        after_win,
        ApplyOutcome::Refused {
            game: won.clone(),
            refusal: Refusal::GameOver
        }
    );
    store
        .start_free(user, Game::from_code(code("TP1-E-AAAAAAB")), None)
        .await
        .unwrap();
    let finished = store.finished_games(user).await.unwrap();
    assert_eq!(finished.len(), 1, "{finished:?}");
    assert_eq!(finished[0].outcome, Outcome::Won);
    assert_eq!(finished[0].game_id, started.game_id);
    assert_eq!(finished[0].score, won.game.score());
    assert_eq!(finished[0].moves, line.len() as u32);
    assert_eq!(finished[0].guild_id, Some(9));
}
