//! The wild card, the traditional draw, par and the statistics of every mode from a player's
//! side: the end of a game says the par and how far from it, a refused traditional draw says
//! why in the player's language (or is only acknowledged with help for errors off), the new
//! options set default modes, and stats and boards count the mode set asked for (the player's
//! default one when left out) and say what other mode sets hold.

use super::{ALICE, bot, button_for, card_button, current, new_game_confirmed, player};
use crate::bot::flows::{ChangeSettings, NewGame, ShowLeaderboard, ShowStats};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::reply::Delivery;
use crate::game::solver::best_score;
use crate::game::{Action, ModeChoices, ScoringChoice, Status};
use crate::i18n::Locale;
use crate::stats::{Metric, Period};
use crate::store::UserId;

fn code(code: &str) -> NewGame {
    NewGame {
        code: Some(code.to_string()),
        ..Default::default()
    }
}

/// Plays `line` but its last action through the store, then taps the last card: the final
/// board as the player sees it.
async fn finish_along(
    bot: &crate::bot::game::bot::Bot,
    line: &[Action],
) -> crate::bot::game::reply::Reply {
    let alice = player(ALICE, Locale::EnUs);
    let (last, before) = line.split_last().expect("a line");
    for &action in before {
        bot.store()
            .apply(UserId(ALICE), action, None)
            .await
            .unwrap();
    }
    let board = bot.execute(&alice, crate::bot::flows::ShowBoard).await;
    let game = current(bot, ALICE).await;
    let Action::Remove(card) = *last else {
        panic!("a winning line ends with a removal");
    };
    bot.press(&alice, &card_button(&board, &game, card)).await
}

#[tokio::test]
async fn the_end_of_a_game_says_the_par_and_how_far_from_it() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    // Daily #1's deal, par 758 (docs/RULES.md, "Par"): the fewest-draws line makes par.
    bot.execute(&alice, code("TP1-E-HFFTNKD")).await;
    let (_, line) = best_score(&current(&bot, ALICE).await).unwrap();
    let won = finish_along(&bot, &line).await;
    assert_eq!(current(&bot, ALICE).await.status(), Status::Won);
    assert!(
        won.text.contains("Par for this deal: 758. You made par!"),
        "{}",
        won.text
    );
    // A wild-card deal won along the solver's first line (not the fewest draws): below par.
    new_game_confirmed(&bot, &alice, code("TP1-E-AAAAAAC-WJ")).await;
    let start = current(&bot, ALICE).await;
    let par = best_score(&start).unwrap().0;
    let line = crate::game::solver::solve(&start).line;
    let won = finish_along(&bot, &line).await;
    let score = current(&bot, ALICE).await.score();
    assert!(score < par, "{score} against {par}");
    let expected = format!(
        "Par for this deal: {par}. You finished {} below it.",
        par - score
    );
    assert!(won.text.contains(&expected), "{}", won.text);
    assert!(
        won.text.contains("Modes: empty waste, wild card."),
        "the final message names the modes: {}",
        won.text
    );
    // Aisleriot scoring has no par, and says nothing of it.
    new_game_confirmed(&bot, &alice, code("TP1-E-HFFTNKD-A")).await;
    let (_, line) = best_score(&current(&bot, ALICE).await).unwrap();
    let won = finish_along(&bot, &line).await;
    assert!(!won.text.contains("Par"), "{}", won.text);
}

#[tokio::test]
async fn a_traditional_draw_is_explained_or_only_acknowledged() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::Nl);
    let board = bot.execute(&alice, code("TP1-E-AAAAAAA-T")).await;
    assert!(
        board.text.contains("traditioneel trekken"),
        "the status line names it: {}",
        board.text
    );
    let draw = button_for(&board, |a| matches!(a, ButtonAction::Draw(_)));
    let refused = bot.press(&alice, &draw).await;
    assert_eq!(refused.delivery, Delivery::Ephemeral);
    assert!(
        refused
            .text
            .starts_with("Er past een kaart op de aflegstapel")
            && refused.text.contains("klaveren 6 (6♣)"),
        "{}",
        refused.text
    );
    assert_eq!(current(&bot, ALICE).await.moves(), 0, "nothing was played");
    bot.execute(
        &alice,
        ChangeSettings {
            errors: Some(false),
            ..Default::default()
        },
    )
    .await;
    let quiet = bot.press(&alice, &draw).await;
    assert_eq!(quiet.delivery, Delivery::Acknowledge);
}

#[tokio::test]
async fn the_variants_options_set_the_default_modes_of_new_games() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EsEs);
    let changed = bot
        .execute(
            &alice,
            ChangeSettings {
                modes: ModeChoices {
                    wild_card: Some(true),
                    traditional_draw: Some(true),
                    ..ModeChoices::default()
                },
                ..Default::default()
            },
        )
        .await;
    assert!(
        changed.text.contains("comodín, robo tradicional"),
        "{}",
        changed.text
    );
    let board = bot.execute(&alice, NewGame::default()).await;
    let game = current(&bot, ALICE).await;
    assert!(game.modes().wild_card && game.modes().traditional_draw);
    assert_eq!(game.stock_len(), 24);
    assert!(board.text.contains("-JT"), "{}", board.text);
    let draw = board
        .rows
        .iter()
        .flatten()
        .find(|b| matches!(b.action, ButtonAction::Draw(_)))
        .unwrap();
    assert!(draw.label.contains("24"), "{}", draw.label);
}

/// `/tripeaks stats modes:<modes>` by Alice.
async fn stats_of(bot: &crate::bot::game::bot::Bot, modes: &str) -> crate::bot::game::reply::Reply {
    let command = ShowStats {
        modes: Some(modes.to_string()),
        ..Default::default()
    };
    bot.execute(&player(ALICE, Locale::EnUs), command).await
}

/// Abandons a game of `code` after one draw (a game nobody touched is not filed).
async fn abandon(bot: &crate::bot::game::bot::Bot, code_text: &str) {
    let alice = player(ALICE, Locale::EnUs);
    new_game_confirmed(bot, &alice, code(code_text)).await;
    bot.store()
        .apply(UserId(ALICE), Action::Draw, None)
        .await
        .unwrap();
}

#[tokio::test]
async fn stats_and_boards_count_the_modes_asked_for_and_say_what_others_hold() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    bot.execute(
        &alice,
        ChangeSettings {
            modes: ModeChoices {
                scoring: Some(ScoringChoice::Aisleriot),
                ..ModeChoices::default()
            },
            ..Default::default()
        },
    )
    .await;
    for code_text in [
        "TP1-E-AAAAAAA-A",
        "TP1-E-AAAAAAB-A",
        "TP1-E-AAAAAAC",
        "TP1-E-AAAAAAD",
    ] {
        abandon(&bot, code_text).await;
    }
    // Filed: two Aisleriot games and one standard one (the last is still being played).
    let stats = bot.execute(&alice, ShowStats::default()).await;
    assert_eq!(stats.delivery, Delivery::NewMessage, "{}", stats.text);
    assert!(stats.text.contains("2 played"), "{}", stats.text);
    assert!(
        stats.text.contains(
            "Counting games with: Aisleriot scoring.\n1 game in other modes is not counted here"
        ),
        "{}",
        stats.text
    );
    let alt = &stats.picture.as_ref().unwrap().alt;
    assert!(alt.contains("all rules · Aisleriot scoring"), "{alt}");
    let standard = stats_of(&bot, "standard").await;
    assert!(standard.text.contains("1 played"), "{}", standard.text);
    assert!(
        standard
            .text
            .contains("2 games in other modes are not counted here"),
        "{}",
        standard.text
    );
    let none = stats_of(&bot, "j").await;
    assert_eq!(none.delivery, Delivery::Ephemeral);
    assert_eq!(
        none.text,
        "No finished game with wild card yet; 3 games in other modes: the modes option shows them."
    );
    let bad = stats_of(&bot, "JJ").await;
    assert_eq!(bad.delivery, Delivery::Ephemeral);
    assert!(
        bad.text.starts_with("“JJ” is not a set of modes"),
        "{}",
        bad.text
    );
    // The server board of the default modes, and of the standard game.
    for (modes, counted, others) in [
        (None, "Aisleriot scoring", 1),
        (Some("standard"), "standard game", 2),
    ] {
        let board = bot
            .execute(
                &alice,
                ShowLeaderboard::Server {
                    period: Period::Week,
                    metric: Metric::Wins,
                    modes: modes.map(String::from),
                },
            )
            .await;
        let lines: Vec<&str> = board.text.lines().collect();
        assert_eq!(
            lines[1],
            format!("Counting games with: {counted}."),
            "{}",
            board.text
        );
        assert!(
            board.text.contains(&format!(
                "Your {others} game{} in other modes in this period",
                if others == 1 { "" } else { "s" }
            )),
            "{}",
            board.text
        );
    }
}
