//! The modes from a player's side: an Aisleriot game's status line (chain and next value), a
//! draw that resets it, a shared `-AP` code, default modes in the settings, refused mode letters
//! and options that do not go together, and boards that never mix modes.

use super::{ALICE, BOB, bot, button_for, card_button, current, player};
use crate::bot::flows::{ChangeSettings, NewGame, ShareCode, ShowLeaderboard};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::reply::Delivery;
use crate::game::{ModeChoices, Modes, ScoringChoice, Status};
use crate::i18n::Locale;
use crate::stats::{Metric, Period};

fn aisleriot() -> ModeChoices {
    ModeChoices {
        scoring: Some(ScoringChoice::Aisleriot),
        ..ModeChoices::default()
    }
}

#[tokio::test]
async fn an_aisleriot_game_shows_its_chain_and_a_draw_resets_it() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    // TP1-E-AAAAAAA: the 6♣ of the bottom row fits the 7♠ on the waste.
    let board = bot
        .execute(
            &alice,
            NewGame {
                code: Some("TP1-E-AAAAAAA".into()),
                modes: aisleriot(),
                ..Default::default()
            },
        )
        .await;
    assert_eq!(board.delivery, Delivery::NewMessage);
    assert!(board.text.contains("TP1-E-AAAAAAA-A"), "{}", board.text);
    assert!(
        board.text.contains("Modes: Aisleriot scoring."),
        "{}",
        board.text
    );
    assert!(
        board.text.contains("Score: 0 ·") && board.text.contains("Chain 0 (next card +1)"),
        "{}",
        board.text
    );
    let game = current(&bot, ALICE).await;
    let tapped = bot
        .press(&alice, &card_button(&board, &game, "6C".parse().unwrap()))
        .await;
    assert_eq!(tapped.delivery, Delivery::UpdateMessage);
    assert!(
        tapped.text.contains("Score: 1 ·") && tapped.text.contains("Chain 1 (next card +2)"),
        "{}",
        tapped.text
    );
    let draw = button_for(&tapped, |a| matches!(a, ButtonAction::Draw(_)));
    let drawn = bot.press(&alice, &draw).await;
    assert!(
        drawn.text.contains("Score: 0 ·") && drawn.text.contains("Chain 0 (next card +1)"),
        "a draw costs 5, floored at 0, and ends the chain: {}",
        drawn.text
    );
    let after = current(&bot, ALICE).await;
    assert_eq!((after.score(), after.chain()), (0, 0));
}

#[tokio::test]
async fn a_shared_progressive_code_plays_the_same_for_a_friend() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    bot.execute(
        &alice,
        NewGame {
            code: Some("tp1-c-abcdefg-pa".into()),
            ..Default::default()
        },
    )
    .await;
    let shared = bot.execute(&alice, ShareCode).await;
    assert!(shared.text.contains("TP1-C-ABCDEFG-AP"), "{}", shared.text);
    let play = button_for(&shared, |a| matches!(a, ButtonAction::PlayDeal(_)));
    let bob = player(BOB, Locale::Nl);
    let reply = bot.press(&bob, &play).await;
    assert_eq!(reply.delivery, Delivery::NewMessage);
    assert!(reply.text.contains("Ronde 1"), "{}", reply.text);
    let (a, b) = (current(&bot, ALICE).await, current(&bot, BOB).await);
    assert_eq!(a, b, "same deal, rule and modes, nothing played");
    assert_eq!(b.modes(), "AP".parse::<Modes>().unwrap());
}

#[tokio::test]
async fn default_modes_are_a_setting_and_a_code_keeps_its_own() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EsEs);
    let choices = ModeChoices {
        progressive: Some(true),
        empty_waste: Some(true),
        ..ModeChoices::default()
    };
    let reply = bot
        .execute(
            &alice,
            ChangeSettings {
                modes: choices,
                ..Default::default()
            },
        )
        .await;
    assert!(
        reply
            .text
            .contains("puntuación de Aisleriot, rondas progresivas, descarte vacío"),
        "{}",
        reply.text
    );
    bot.execute(&alice, NewGame::default()).await;
    let game = current(&bot, ALICE).await;
    assert_eq!(game.modes().letters(), "APW");
    assert_eq!(game.waste(), None);
    // A code is the game it names: the default modes do not apply to it.
    bot.execute(
        &alice,
        NewGame {
            code: Some("TP1-E-AAAAAAA".into()),
            ..Default::default()
        },
    )
    .await;
    assert!(current(&bot, ALICE).await.modes().is_standard());
}

#[tokio::test]
async fn bad_mode_letters_and_conflicting_options_are_explained() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EsEs);
    let reply = bot
        .execute(
            &alice,
            NewGame {
                code: Some("TP1-E-AAAAAAA-AZ".into()),
                ..Default::default()
            },
        )
        .await;
    assert_eq!(reply.delivery, Delivery::Ephemeral);
    assert!(
        reply
            .text
            .contains("tiene una letra de modo no válida, «Z»"),
        "{}",
        reply.text
    );
    let conflict = ModeChoices {
        scoring: Some(ScoringChoice::Standard),
        progressive: Some(true),
        ..ModeChoices::default()
    };
    let reply = bot
        .execute(
            &alice,
            NewGame {
                modes: conflict,
                ..Default::default()
            },
        )
        .await;
    assert_eq!(reply.delivery, Delivery::Ephemeral);
    assert!(
        reply
            .text
            .starts_with("Las rondas progresivas van con la puntuación de Aisleriot"),
        "{}",
        reply.text
    );
    assert!(
        bot.store()
            .current_game(crate::store::UserId(ALICE))
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn open_peaks_are_described_and_covered_cards_get_no_button() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    let board = bot
        .execute(
            &alice,
            NewGame {
                code: Some("TP1-E-AAAAAAA-O".into()),
                ..Default::default()
            },
        )
        .await;
    let picture = board.picture.as_ref().expect("a board picture");
    assert!(
        picture.alt.contains("3 of spades (covered)"),
        "{}",
        picture.alt
    );
    let cards = board
        .rows
        .iter()
        .flatten()
        .filter(|b| matches!(b.action, ButtonAction::Card(..)))
        .count();
    assert_eq!(cards, 10, "only the free cards are buttons");
}

#[tokio::test]
async fn mode_games_stay_off_the_standard_boards() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    // An Aisleriot game abandoned for a standard one, which is abandoned in turn (each after a
    // draw: a game nobody touched is not filed).
    for code in ["TP1-E-AAAAAAA-A", "TP1-E-AAAAAAB", "TP1-E-AAAAAAC"] {
        let command = NewGame {
            code: Some(code.to_string()),
            ..Default::default()
        };
        super::new_game_confirmed(&bot, &alice, command).await;
        bot.store()
            .apply(crate::store::UserId(ALICE), crate::game::Action::Draw, None)
            .await
            .unwrap();
    }
    let finished = bot
        .store()
        .finished_games(crate::store::UserId(ALICE))
        .await
        .unwrap();
    assert_eq!(finished.len(), 2);
    assert_eq!(finished[0].modes.letters(), "A");
    let all_time = crate::store::BoardKey {
        guild: 42,
        modes: "",
        period: Period::All,
    };
    let standard = bot
        .store()
        .board(all_time, 0, Metric::Wins, ALICE, 10)
        .await;
    let standard = standard.unwrap();
    assert_eq!(standard.players, 1);
    assert_eq!(
        standard.top[0].standing.games, 1,
        "only the standard game counts"
    );
    let board = bot
        .execute(
            &alice,
            ShowLeaderboard::Server {
                period: Period::Week,
                metric: Metric::Wins,
                modes: None,
            },
        )
        .await;
    assert!(board.text.contains("player 111"), "{}", board.text);
    assert_eq!(current(&bot, ALICE).await.status(), Status::Playing);
}
