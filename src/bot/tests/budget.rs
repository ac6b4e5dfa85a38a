//! The budget for expensive work (`game/budget.rs`) as players meet it: a winnable search past
//! the allowance is refused before it runs, in the player's language, and leaves the game in
//! progress as it was; cheap answers are never refused; a challenge is reserved, across
//! processes, before its search.

use super::challenge::duel;
use super::{ALICE, BOB, WEDNESDAY_NOON, bot_at, button_for, player};
use crate::bot::flows::{NewGame, PlayDaily, ShowBoard};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::reply::Delivery;
use crate::game::{Game, Rule, solver};
use crate::i18n::Locale;
use crate::store::{GameKind, Outcome, Reservation};

fn winnable() -> NewGame {
    NewGame {
        winnable: true,
        ..Default::default()
    }
}

#[tokio::test]
async fn a_fourth_winnable_search_at_once_is_refused_before_it_runs() {
    let (bot, _) = bot_at(WEDNESDAY_NOON).await;
    let alice = player(ALICE, Locale::Nl);
    for _ in 0..3 {
        let board = bot.execute(&alice, winnable()).await;
        assert_eq!(board.delivery, Delivery::NewMessage, "{}", board.text);
    }
    let before = bot.store().current_game(alice.id()).await.unwrap().unwrap();
    let refused = bot.execute(&alice, winnable()).await;
    assert_eq!(refused.delivery, Delivery::Ephemeral);
    assert!(
        refused.text.contains("zware verzoeken"),
        "in Dutch: {}",
        refused.text
    );
    let after = bot.store().current_game(alice.id()).await.unwrap().unwrap();
    assert_eq!(
        after.game_id, before.game_id,
        "the game in progress is kept"
    );
    // Any deal, and the board, cost no search.
    let any = bot.execute(&alice, NewGame::default()).await;
    assert_eq!(any.delivery, Delivery::NewMessage, "{}", any.text);
    let board = bot.execute(&alice, ShowBoard).await;
    assert!(board.picture.is_some());
}

/// A challenge being made at another process (its reservation held there, its search running):
/// the player's second `/tripeaks challenge` is refused before its search and keeps nothing;
/// once the first is let go, a challenge is made.
#[tokio::test]
async fn a_challenge_reserved_elsewhere_is_refused_before_its_search() {
    let (bot, _) = bot_at(WEDNESDAY_NOON).await;
    let alice = player(ALICE, Locale::EnUs);
    let elsewhere = bot.store().clone();
    let lasting = std::time::Duration::from_secs(30);
    assert!(
        elsewhere
            .reserve(alice.id(), Reservation::Challenge, lasting)
            .await
            .unwrap()
    );
    let refused = bot.execute(&alice, duel(BOB)).await;
    assert_eq!(refused.delivery, Delivery::Ephemeral);
    assert!(
        refused.text.contains("already have a challenge"),
        "{}",
        refused.text
    );
    assert_eq!(
        bot.store().unanswered_challenge(alice.id()).await.unwrap(),
        None
    );
    elsewhere
        .release(alice.id(), Reservation::Challenge)
        .await
        .unwrap();
    let made = bot.execute(&alice, duel(BOB)).await;
    assert_eq!(made.delivery, Delivery::NewMessage, "{}", made.text);
    assert!(
        bot.store()
            .unanswered_challenge(alice.id())
            .await
            .unwrap()
            .is_some()
    );
}

/// `/tripeaks new winnable:true` over a game in progress asks first and searches only once the
/// player confirms: asking four times costs no search (a fourth search would be past the
/// allowance), the game stays as it was, and Start finds a deal the solver wins, of the rule
/// and modes asked, over that game.
#[tokio::test]
async fn a_winnable_deal_over_a_game_in_progress_is_searched_only_once_confirmed() {
    let (bot, _) = bot_at(WEDNESDAY_NOON).await;
    let alice = player(ALICE, Locale::EnUs);
    let any = NewGame {
        code: Some("TP1-E-AAAAAAB".into()),
        ..Default::default()
    };
    let board = bot.execute(&alice, any).await;
    let draw = button_for(&board, |a| matches!(a, ButtonAction::Draw(_)));
    bot.press(&alice, &draw).await;
    let before = bot.store().current_game(alice.id()).await.unwrap().unwrap();
    let classic = NewGame {
        rule: Some(Rule::Classic),
        winnable: true,
        ..Default::default()
    };
    let mut asked = None;
    for _ in 0..4 {
        let question = bot.execute(&alice, classic.clone()).await;
        assert_eq!(question.delivery, Delivery::Ephemeral);
        assert!(question.text.contains("can be won"), "{}", question.text);
        asked = Some(question);
    }
    let after = bot.store().current_game(alice.id()).await.unwrap().unwrap();
    assert_eq!(after.at(), before.at(), "nothing changed");
    let start = button_for(&asked.unwrap(), |a| {
        matches!(a, ButtonAction::StartWinnable(_, Rule::Classic, _))
    });
    let started = bot.press(&alice, &start).await;
    assert_eq!(started.delivery, Delivery::NewMessage, "{}", started.text);
    let new = bot.store().current_game(alice.id()).await.unwrap().unwrap();
    assert_ne!(new.game_id, before.game_id);
    let code = new.game.code().expect("a dealt code");
    assert_eq!(code.rule, Rule::Classic);
    assert!(solver::solve(&Game::from_code(code)).winnable);
    // An old question's Start, once the game moved on, starts nothing.
    let again = bot.press(&alice, &start).await;
    assert_ne!(again.delivery, Delivery::NewMessage, "{}", again.text);
}

/// The same over a daily in progress: the daily's own question (the streak at stake), asked
/// four times with no search, in Spanish; Start then replaces the daily with a winnable free
/// deal, and the daily is filed as the day's abandoned attempt.
#[tokio::test]
async fn a_winnable_deal_over_a_daily_in_progress_asks_before_any_search() {
    let (bot, _) = bot_at(WEDNESDAY_NOON).await;
    let alice = player(ALICE, Locale::EsEs);
    let daily = bot.execute(&alice, PlayDaily).await;
    let draw = button_for(&daily, |a| matches!(a, ButtonAction::Draw(_)));
    bot.press(&alice, &draw).await;
    let before = bot.store().current_game(alice.id()).await.unwrap().unwrap();
    assert!(matches!(before.kind, GameKind::Daily(_)));
    let mut asked = None;
    for _ in 0..4 {
        let question = bot.execute(&alice, winnable()).await;
        assert_eq!(question.delivery, Delivery::Ephemeral);
        assert!(
            question.text.contains("racha diaria") && question.text.contains("se pueda ganar"),
            "the daily's question, in Spanish: {}",
            question.text
        );
        asked = Some(question);
    }
    let after = bot.store().current_game(alice.id()).await.unwrap().unwrap();
    assert_eq!(after.at(), before.at(), "nothing changed");
    let start = button_for(&asked.unwrap(), |a| {
        matches!(a, ButtonAction::StartWinnable(..))
    });
    let started = bot.press(&alice, &start).await;
    assert_eq!(started.delivery, Delivery::NewMessage, "{}", started.text);
    let new = bot.store().current_game(alice.id()).await.unwrap().unwrap();
    assert_eq!(new.kind, GameKind::Free);
    assert!(solver::solve(&Game::from_code(new.game.code().unwrap())).winnable);
    let history = bot.store().finished_games(alice.id()).await.unwrap();
    assert!(
        history
            .iter()
            .any(|g| g.game_id == before.game_id && g.outcome == Outcome::Abandoned),
        "the daily is filed as abandoned: {history:?}"
    );
}
