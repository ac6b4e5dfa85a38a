//! The end of a game as the board tells it (won, blocked, whether the deal could have been won,
//! the hints used) and the answers a player still gets when their stored game is corrupt or the
//! handling panics. Moved out of `mod.rs` as they were.

use super::*;

#[tokio::test]
async fn the_winning_tap_shows_the_final_score_and_new_game() {
    let bot = bot().await;
    let board = start(&bot, ALICE, nearly_won(), Locale::EnUs).await;
    let game = current(&bot, ALICE).await;
    let (_, last) = game.free_cards()[0];
    let reply = bot
        .press(
            &player(ALICE, Locale::EnUs),
            &card_button(&board, &game, last),
        )
        .await;
    let won = current(&bot, ALICE).await;
    assert_eq!(won.status(), Status::Won);
    assert!(
        reply.text.starts_with("Peak cleared! +100 points.\n"),
        "the last removal empties the last peak: {}",
        reply.text
    );
    assert!(
        reply.text.contains(&won.score().to_string()),
        "{}",
        reply.text
    );
    let ids = custom_ids(&reply);
    assert!(ids.iter().any(|a| matches!(a, ButtonAction::NewGame(..))));
    assert!(
        !ids.iter()
            .any(|a| matches!(a, ButtonAction::Card(..) | ButtonAction::Draw(_)))
    );
    assert!(reply.fits_discord());
}

#[tokio::test]
async fn a_blocked_game_says_so_and_offers_undo() {
    let bot = bot().await;
    // The first Classic deal that is blocked once the whole stock is drawn.
    let game = (0..)
        .map(|n| {
            let number = crate::game::DealNumber::new(n).unwrap();
            let mut game = Game::from_code(DealCode::new(number, Rule::Classic));
            for _ in 0..23 {
                game.apply(Action::Draw).unwrap();
            }
            game
        })
        .find(|game| game.status() == Status::Blocked)
        .unwrap();
    let reply = start(&bot, ALICE, game, Locale::Nl).await;
    assert!(
        reply.text.contains("Geen zetten meer mogelijk"),
        "{}",
        reply.text
    );
    let undo = button_for(&reply, |a| matches!(a, ButtonAction::Undo(_)));
    let after = bot.press(&player(ALICE, Locale::Nl), &undo).await;
    assert_eq!(after.delivery, Delivery::UpdateMessage);
    assert_eq!(current(&bot, ALICE).await.status(), Status::Playing);
}

#[tokio::test]
async fn a_corrupt_stored_game_gets_an_apology_and_a_new_game_still_starts() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("corrupt.db").display()
    );
    let bot = Bot::new(Store::connect(&url).await.unwrap());
    let board = start(&bot, ALICE, seeds_example(), Locale::Fr).await;
    let raw = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query("UPDATE current_games SET state = 'not a game' WHERE user_id = ?")
        .bind(ALICE as i64)
        .execute(&raw)
        .await
        .unwrap();
    let alice = player(ALICE, Locale::Fr);
    let draw = button_for(&board, |a| matches!(a, ButtonAction::Draw(_)));
    for reply in [
        bot.press(&alice, &draw).await,
        bot.execute(&alice, ShowBoard).await,
        bot.execute(&alice, ShareCode).await,
    ] {
        assert_eq!(reply.delivery, Delivery::Ephemeral);
        assert!(reply.text.contains("/tripeaks new"), "{}", reply.text);
    }
    let reply = bot.execute(&alice, NewGame::default()).await;
    assert_eq!(reply.delivery, Delivery::NewMessage);
    let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM corrupt_games WHERE user_id = ?")
        .bind(ALICE as i64)
        .fetch_one(&raw)
        .await
        .unwrap();
    assert_eq!(kept, 1, "the unreadable game is kept for the operator");
}

#[tokio::test]
async fn following_the_hints_wins_and_the_end_says_how_many_were_used() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    let mut board = bot
        .execute(
            &alice,
            NewGame {
                rule: Some(Rule::Classic),
                winnable: true,
                ..Default::default()
            },
        )
        .await;
    assert!(
        crate::game::solver::solve(&current(&bot, ALICE).await).winnable,
        "winnable:true deals a winnable deal"
    );
    let mut hints = 0;
    while current(&bot, ALICE).await.status() == Status::Playing {
        let hint = bot
            .press(
                &alice,
                &button_for(&board, |a| matches!(a, ButtonAction::Hint(_))),
            )
            .await;
        assert_eq!(hint.delivery, Delivery::Ephemeral);
        hints += 1;
        let game = current(&bot, ALICE).await;
        let id = if hint.text.contains("draw") {
            button_for(&board, |a| matches!(a, ButtonAction::Draw(_)))
        } else {
            let (_, card) = game
                .free_cards()
                .into_iter()
                .find(|&(_, c)| hint.text.contains(&i18n_label(c)))
                .unwrap_or_else(|| panic!("the hint names a free card: {}", hint.text));
            card_button(&board, &game, card)
        };
        board = bot.press(&alice, &id).await;
        assert_eq!(board.delivery, Delivery::UpdateMessage, "{}", board.text);
    }
    let won = current(&bot, ALICE).await;
    assert_eq!(won.status(), Status::Won);
    assert_eq!(won.hints_used(), hints);
    assert!(
        board.text.contains(&format!("You used {hints} hints")),
        "{}",
        board.text
    );
    assert_eq!(won.score() + won.moves(), 500 + 300, "hints cost no points");
}

/// Was: every press of Hint on the same turn solved the position again and wrote the game
/// again. Now the hint found is kept for its game and turn: a second press answers the same
/// words with no solve and no write (the stored version stays), and counts no second hint.
#[tokio::test]
async fn a_hint_pressed_again_on_the_same_turn_is_answered_without_a_solve_or_a_write() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    let board = start(&bot, ALICE, seeds_example(), Locale::EnUs).await;
    let hint_id = button_for(&board, |a| matches!(a, ButtonAction::Hint(_)));
    let first = bot.press(&alice, &hint_id).await;
    let after_first = stored(&bot, ALICE).await;
    assert_eq!(after_first.game.hints_used(), 1);
    let key = (ALICE, after_first.game_id, after_first.game.turn());
    assert!(bot.limits.hint(key).initialized(), "the hint is kept");
    let second = bot.press(&alice, &hint_id).await;
    assert_eq!(second.text, first.text);
    let after_second = stored(&bot, ALICE).await;
    assert_eq!(after_second.version, after_first.version, "no write");
    assert_eq!(after_second.game.hints_used(), 1, "one hint a turn");
}

fn i18n_label(card: Card) -> String {
    crate::i18n::card_label(Locale::EnUs, card)
}

#[tokio::test]
async fn a_blocked_game_tells_whether_the_deal_could_have_been_won() {
    let bot = bot().await;
    let mut game = Game::from_code("TP1-E-AAAAAAA".parse::<DealCode>().unwrap());
    for _ in 0..23 {
        game.apply(Action::Draw).unwrap();
    }
    assert_eq!(game.status(), Status::Blocked);
    let reply = start(&bot, ALICE, game, Locale::EnUs).await;
    let verdict = match crate::game::solver::best_score(&Game::from_code(
        "TP1-E-AAAAAAA".parse::<DealCode>().unwrap(),
    )) {
        Some((_, line)) => format!("This deal could have been won: {} moves", line.len()),
        None => "No one could have won this deal".to_string(),
    };
    assert!(reply.text.contains(&verdict), "{}", reply.text);
}

#[tokio::test]
async fn a_panic_while_handling_a_press_is_still_answered() {
    use crate::bot::game::bot::answer_even_on_panic;
    let answered = answer_even_on_panic(Locale::EsEs, async {
        if ALICE > 0 {
            panic!("a bug in a flow");
        }
        Reply::acknowledge()
    })
    .await;
    assert_eq!(answered.delivery, Delivery::Ephemeral);
    assert_eq!(
        answered.text,
        crate::i18n::Message::ErrorGeneric.text(Locale::EsEs)
    );
    let fine = answer_even_on_panic(Locale::EnUs, async { Reply::acknowledge() }).await;
    assert_eq!(fine, Reply::acknowledge());
}
