//! The daily deal, deal boards and the share line, with an injected clock.

use crate::bot::flows::{NewGame, PlayDaily, ShowBoard, ShowLeaderboard};
use std::sync::atomic::Ordering;

use super::{ALICE, BOB, bot_at, button_for, custom_ids, player, stored};
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::reply::{Delivery, Reply};
use crate::game::daily_code;
use crate::game::{Action, DailyNumber, DealCode, Game, solver};
use crate::i18n::Locale;
use crate::store::{GameKind, UserId};

/// 2026-12-01 10:00 UTC: daily #1.
const DEC_1_10H: i64 = 1_796_083_200_000 + 10 * 3_600_000;
const HOUR: i64 = 3_600_000;

/// Plays the solver's winning line of the player's current game through the store; returns
/// the final board as the player sees it.
async fn play_to_the_end(bot: &Bot, p: &Player) -> Reply {
    let current = bot
        .store()
        .current_game(UserId(p.user))
        .await
        .unwrap()
        .unwrap();
    let line = solver::solve(&current.game).line;
    assert!(!line.is_empty(), "the daily can be won");
    let mut board = bot.execute(p, ShowBoard).await;
    for action in line {
        let game = bot
            .store()
            .current_game(UserId(p.user))
            .await
            .unwrap()
            .unwrap()
            .game;
        let id = match action {
            Action::Remove(card) => super::card_button(&board, &game, card),
            _ => button_for(&board, |a| matches!(a, ButtonAction::Draw(_))),
        };
        board = bot.press(p, &id).await;
    }
    board
}

/// Starts `code` for the player and draws once: a game in progress with a move.
async fn one_move_into(bot: &Bot, p: &Player, code: &str) {
    bot.execute(
        p,
        NewGame {
            code: Some(code.to_string()),
            ..Default::default()
        },
    )
    .await;
    bot.store()
        .apply(UserId(p.user), Action::Draw, None)
        .await
        .unwrap();
}

#[tokio::test]
async fn the_daily_is_the_same_deal_for_everyone_and_says_when_the_next_comes() {
    let (bot, _) = bot_at(DEC_1_10H).await;
    let alice = player(ALICE, Locale::EnUs);
    let reply = bot.execute(&alice, PlayDaily).await;
    assert_eq!(reply.delivery, Delivery::NewMessage);
    assert!(
        reply
            .text
            .starts_with("**TriPeaks daily #1** (2026-12-01): the same deal for everyone today."),
        "{}",
        reply.text
    );
    assert!(
        reply
            .text
            .contains("A new daily comes at 00:00 UTC, in 14 hours."),
        "{}",
        reply.text
    );
    let code = daily_code(DailyNumber::FIRST);
    let game = stored(&bot, ALICE).await;
    assert_eq!(game.game.code(), Some(code));
    assert_eq!(game.kind, GameKind::Daily(DailyNumber::FIRST));
    bot.execute(&player(BOB, Locale::Nl), PlayDaily).await;
    let bobs = stored(&bot, BOB).await;
    assert_eq!(bobs.game.code(), Some(code), "the same cards for everyone");
    // Asking again while playing it shows the game, it does not deal it again.
    let again = bot.execute(&alice, PlayDaily).await;
    let still = stored(&bot, ALICE).await;
    assert_eq!(still.game_id, game.game_id);
    assert!(again.picture.is_some());
}

#[tokio::test]
async fn a_game_in_progress_is_kept_until_the_player_confirms() {
    let (bot, _) = bot_at(DEC_1_10H).await;
    let alice = player(ALICE, Locale::EnUs);
    one_move_into(&bot, &alice, "TP1-E-AAAAAAA").await;
    let ask = bot.execute(&alice, PlayDaily).await;
    assert_eq!(ask.delivery, Delivery::Ephemeral);
    assert!(
        ask.text
            .starts_with("You have a game in progress (1 move)."),
        "{}",
        ask.text
    );
    let kept = stored(&bot, ALICE).await;
    assert_eq!(kept.kind, GameKind::Free);
    let confirm = button_for(
        &ask,
        |a| matches!(a, ButtonAction::StartDaily(d, n) if d.owner == ALICE && *n == DailyNumber::FIRST),
    );
    let not_yours = bot.press(&player(BOB, Locale::EnUs), &confirm).await;
    assert_eq!(not_yours.delivery, Delivery::Ephemeral);
    let started = bot.press(&alice, &confirm).await;
    assert_eq!(started.delivery, Delivery::NewMessage);
    let daily = stored(&bot, ALICE).await;
    assert_eq!(daily.kind, GameKind::Daily(DailyNumber::FIRST));
}

#[tokio::test]
async fn the_first_finished_daily_is_scored_a_replay_is_practice_and_the_streak_grows() {
    let (bot, clock) = bot_at(DEC_1_10H).await;
    let alice = player(ALICE, Locale::EnUs);
    bot.execute(&alice, PlayDaily).await;
    let end = play_to_the_end(&bot, &alice).await;
    assert!(end.text.contains("Daily #1 is scored:"), "{}", end.text);
    assert!(end.text.contains("Daily streak: 1 day."), "{}", end.text);
    let ids = custom_ids(&end);
    assert!(
        ids.iter()
            .any(|a| matches!(a, ButtonAction::ShareResult(_)))
    );
    assert!(ids.contains(&ButtonAction::DailyLeaderboard(DailyNumber::FIRST)));
    let replay = bot.execute(&alice, PlayDaily).await;
    assert!(
        replay.text.contains("this game is practice, not scored"),
        "{}",
        replay.text
    );
    let practice_end = play_to_the_end(&bot, &alice).await;
    assert!(
        practice_end
            .text
            .contains("Practice: daily #1 was already scored."),
        "{}",
        practice_end.text
    );

    // Day 2, started at 23:59:59 and finished after midnight: it counts for day 2.
    let day_2 = DEC_1_10H + 14 * HOUR + 24 * HOUR - 1_000;
    clock.store(day_2, Ordering::SeqCst);
    bot.execute(&alice, PlayDaily).await;
    clock.store(day_2 + 2_000, Ordering::SeqCst);
    let end = play_to_the_end(&bot, &alice).await;
    assert!(end.text.contains("Daily #2 is scored:"), "{}", end.text);
    assert!(end.text.contains("Daily streak: 2 days."), "{}", end.text);
    let two = DailyNumber::new(2).unwrap();
    assert!(
        bot.store()
            .daily_attempt(UserId(ALICE), two)
            .await
            .unwrap()
            .is_some()
    );
    assert_eq!(
        bot.store()
            .daily_attempt(UserId(ALICE), DailyNumber::new(3).unwrap())
            .await
            .unwrap(),
        None
    );
}

#[tokio::test]
async fn the_share_line_shows_no_card_and_the_daily_board_orders_players() {
    let (bot, _) = bot_at(DEC_1_10H).await;
    let alice = player(ALICE, Locale::EnUs);
    bot.execute(&alice, PlayDaily).await;
    let end = play_to_the_end(&bot, &alice).await;
    let share = button_for(&end, |a| matches!(a, ButtonAction::ShareResult(_)));
    let line = bot.press(&alice, &share).await;
    assert_eq!(line.delivery, Delivery::NewMessage);
    let game = stored(&bot, ALICE).await.game;
    // Daily #1's par is 758 (docs/RULES.md, "Par"): the line says how far below it, a number only.
    let behind = match 758 - game.score() {
        0 => "made".to_string(),
        behind => format!("−{behind}"),
    };
    let expected = format!(
        "player 111 · TriPeaks daily #1 · 28/28 · {} pts · 🟩🟩🟩 · 0 hints · par 758 ({behind})",
        game.score()
    );
    assert_eq!(line.text, expected);
    for suit in ['♣', '♦', '♥', '♠'] {
        assert!(!line.text.contains(suit));
    }

    // Bob blocks himself on purpose: draws the whole stock, and loses on the board.
    let bob = player(BOB, Locale::EnUs);
    bot.execute(&bob, PlayDaily).await;
    for _ in 0..23 {
        bot.store()
            .apply(UserId(BOB), Action::Draw, None)
            .await
            .unwrap();
    }
    let bob_game = stored(&bot, BOB).await.game;
    let board = bot
        .execute(&bob, ShowLeaderboard::Daily { date: None })
        .await;
    assert_eq!(board.delivery, Delivery::NewMessage);
    let lines: Vec<&str> = board.text.lines().collect();
    assert!(
        lines[0].starts_with("**TriPeaks daily #1** (2026-12-01)"),
        "{}",
        board.text
    );
    // The deal's par (docs/RULES.md, "Par": daily #1 is 758), then the places.
    assert_eq!(lines[1], "Par for this deal: 758.", "{}", board.text);
    assert!(
        lines[2].starts_with("#1 · player 111: won,"),
        "{}",
        board.text
    );
    if bob_game.status() == crate::game::Status::Blocked {
        assert!(
            lines[3].starts_with("#2 · player 222 (you): blocked,"),
            "{}",
            board.text
        );
    }
    let pressed = bot
        .press(
            &bob,
            &ButtonAction::DailyLeaderboard(DailyNumber::FIRST).to_string(),
        )
        .await;
    assert_eq!(pressed.delivery, Delivery::Ephemeral);
    assert_eq!(pressed.text, board.text);
}

#[tokio::test]
async fn daily_board_dates_that_have_no_daily_are_explained() {
    let (bot, _) = bot_at(DEC_1_10H).await;
    let alice = player(ALICE, Locale::EnUs);
    for (date, expected) in [
        (
            "yesterday",
            "“yesterday” is not a date: write it as YYYY-MM-DD",
        ),
        (
            "2026-11-30",
            "The first daily was on 2026-12-01: there is none for 2026-11-30.",
        ),
        ("2026-12-02", "There is no daily for 2026-12-02 yet"),
        ("2026-02-30", "is not a date"),
    ] {
        let reply = bot
            .execute(
                &alice,
                ShowLeaderboard::Daily {
                    date: Some(date.to_string()),
                },
            )
            .await;
        assert_eq!(reply.delivery, Delivery::Ephemeral, "{date}");
        assert!(reply.text.contains(expected), "{date}: {}", reply.text);
    }
    let empty = bot
        .execute(
            &alice,
            ShowLeaderboard::Daily {
                date: Some("2026-12-01".into()),
            },
        )
        .await;
    assert!(
        empty
            .text
            .starts_with("Nobody in this server has finished daily #1 yet."),
        "{}",
        empty.text
    );
    let spanish = bot
        .execute(
            &player(ALICE, Locale::EsEs),
            ShowLeaderboard::Daily {
                date: Some("ayer".into()),
            },
        )
        .await;
    assert!(!spanish.text.contains("is not a date"), "{}", spanish.text);
}

#[tokio::test]
async fn a_shared_deal_tells_the_player_their_place_among_the_others() {
    let (bot, clock) = bot_at(DEC_1_10H).await;
    let code: DealCode = "TP1-C-AAAAAAC".parse().unwrap();
    assert!(solver::solve(&Game::from_code(code)).winnable);
    let (alice, bob) = (player(ALICE, Locale::EnUs), player(BOB, Locale::EnUs));
    bot.execute(
        &bob,
        NewGame {
            code: Some("TP1-C-AAAAAAC".into()),
            ..Default::default()
        },
    )
    .await;
    let first = play_to_the_end(&bot, &bob).await;
    assert!(
        !custom_ids(&first)
            .iter()
            .any(|a| matches!(a, ButtonAction::DealLeaderboard(_))),
        "alone so far"
    );
    // Alice finishes an hour later: on equal results, the earlier finish ranks first (the store
    // files times by the bot's clock, so this does not depend on how fast the test runs).
    clock.fetch_add(HOUR, Ordering::SeqCst);
    bot.execute(
        &alice,
        NewGame {
            code: Some("TP1-C-AAAAAAC".into()),
            ..Default::default()
        },
    )
    .await;
    bot.store()
        .apply(UserId(ALICE), Action::Draw, None)
        .await
        .unwrap();
    let end = play_to_the_end(&bot, &alice).await;
    assert!(
        end.text
            .contains("1 other player played this deal in this server: you are #2 of 2."),
        "{}",
        end.text
    );
    let deal_board = button_for(
        &end,
        |a| matches!(a, ButtonAction::DealLeaderboard(c) if *c == code),
    );
    let shown = bot.press(&alice, &deal_board).await;
    assert!(
        shown
            .text
            .starts_with("**Deal TP1-C-AAAAAAC** in this server"),
        "{}",
        shown.text
    );
    assert!(
        shown.text.contains("#1 · player 222: won"),
        "{}",
        shown.text
    );
}

#[tokio::test]
async fn an_old_confirmation_never_replaces_a_newer_game_and_waits_for_the_day() {
    let (bot, clock) = bot_at(DEC_1_10H).await;
    let alice = player(ALICE, Locale::EnUs);
    one_move_into(&bot, &alice, "TP1-E-AAAAAAA").await;
    let ask = bot.execute(&alice, PlayDaily).await;
    let confirm = button_for(&ask, |a| matches!(a, ButtonAction::StartDaily(..)));
    // The player moves on: another game, with moves, then presses the old confirmation.
    one_move_into(&bot, &alice, "TP1-E-AAAAAAB").await;
    let newer = stored(&bot, ALICE).await;
    let pressed = bot.press(&alice, &confirm).await;
    assert_eq!(
        pressed.delivery,
        Delivery::UpdateMessage,
        "the current board"
    );
    assert_eq!(stored(&bot, ALICE).await, newer, "nothing replaced");
    // A confirmation from yesterday asks again for today's daily.
    let ask = bot.execute(&alice, PlayDaily).await;
    let confirm = button_for(&ask, |a| matches!(a, ButtonAction::StartDaily(..)));
    clock.store(DEC_1_10H + 24 * HOUR, Ordering::SeqCst);
    let again = bot.press(&alice, &confirm).await;
    assert!(again.text.contains("Start daily #2?"), "{}", again.text);
    assert_eq!(stored(&bot, ALICE).await, newer);
}

#[tokio::test]
async fn two_presses_of_new_game_start_one_game_and_a_result_is_shared_once() {
    let (bot, _) = bot_at(DEC_1_10H).await;
    let alice = player(ALICE, Locale::EnUs);
    bot.execute(&alice, PlayDaily).await;
    let end = play_to_the_end(&bot, &alice).await;
    let share = button_for(&end, |a| matches!(a, ButtonAction::ShareResult(_)));
    let (a, b) = tokio::join!(bot.press(&alice, &share), bot.press(&alice, &share));
    let posted = [&a, &b]
        .iter()
        .filter(|r| r.delivery == Delivery::NewMessage)
        .count();
    assert_eq!(posted, 1, "one line in the channel: {a:?} {b:?}");
    let won = stored(&bot, ALICE).await;
    let new_game = button_for(&end, |a| matches!(a, ButtonAction::NewGame(..)));
    let (a, b) = tokio::join!(bot.press(&alice, &new_game), bot.press(&alice, &new_game));
    let boards = [&a, &b]
        .iter()
        .filter(|r| r.delivery == Delivery::NewMessage)
        .count();
    assert_eq!(boards, 1, "one new game: {:?} {:?}", a.text, b.text);
    let now = stored(&bot, ALICE).await;
    assert_ne!(now.game_id, won.game_id);
    assert_eq!(now.game.moves(), 0);
}

/// Was: "Play this deal" under another player's code replaced a daily in progress at once and
/// filed it as abandoned: the day's scored attempt, and the streak broken. Now it asks, says
/// what is at stake, and changes nothing until confirmed; a confirmation made for an older turn
/// shows the board instead.
#[tokio::test]
async fn play_this_deal_over_a_daily_in_progress_asks_first() {
    let (bot, _) = bot_at(DEC_1_10H).await;
    let (alice, bob) = (player(ALICE, Locale::EnUs), player(BOB, Locale::EnUs));
    let started = bot.execute(&alice, PlayDaily).await;
    let draw = button_for(&started, |a| matches!(a, ButtonAction::Draw(_)));
    let after_draw = bot.press(&alice, &draw).await;
    bot.execute(
        &bob,
        NewGame {
            code: Some("TP1-E-AAAAAAB".into()),
            ..Default::default()
        },
    )
    .await;
    let shared = bot.execute(&bob, crate::bot::flows::ShareCode).await;
    let play = button_for(&shared, |a| matches!(a, ButtonAction::PlayDeal(_)));

    let ask = bot.press(&alice, &play).await;
    assert_eq!(ask.delivery, Delivery::Ephemeral);
    assert!(
        ask.text.starts_with("You are playing daily #1 (1 move)")
            && ask.text.contains("scored attempt"),
        "{}",
        ask.text
    );
    let daily = stored(&bot, ALICE).await;
    assert_eq!(daily.kind, GameKind::Daily(DailyNumber::FIRST));
    assert_eq!(daily.game.moves(), 1, "nothing changed by asking");
    assert!(
        bot.store()
            .finished_games(UserId(ALICE))
            .await
            .unwrap()
            .is_empty(),
        "nothing filed by asking"
    );

    // A move after the question: the confirmation is for an older turn and shows the board.
    let confirm = button_for(&ask, |a| matches!(a, ButtonAction::StartDeal(..)));
    let draw = button_for(&after_draw, |a| matches!(a, ButtonAction::Draw(_)));
    bot.press(&alice, &draw).await;
    let stale = bot.press(&alice, &confirm).await;
    assert_eq!(stale.delivery, Delivery::UpdateMessage);
    assert_eq!(
        stored(&bot, ALICE).await.kind,
        GameKind::Daily(DailyNumber::FIRST)
    );

    // Asked again and confirmed: the shared deal, the daily filed as abandoned.
    let ask = bot.press(&alice, &play).await;
    let confirm = button_for(&ask, |a| matches!(a, ButtonAction::StartDeal(..)));
    let board = bot.press(&alice, &confirm).await;
    assert_eq!(board.delivery, Delivery::NewMessage);
    let now = stored(&bot, ALICE).await;
    assert_eq!(now.game.code(), Some("TP1-E-AAAAAAB".parse().unwrap()));
    assert_eq!(now.kind, GameKind::Free);
    let finished = bot.store().finished_games(UserId(ALICE)).await.unwrap();
    assert_eq!(finished.len(), 1);
}

/// `/tripeaks new` over a game with moves asks too (with or without a code); over one without
/// moves, or a finished one, it starts at once.
#[tokio::test]
async fn a_new_game_over_one_with_moves_asks_first() {
    let (bot, _) = bot_at(DEC_1_10H).await;
    let alice = player(ALICE, Locale::Nl);
    let coded = |code: &str| NewGame {
        code: Some(code.into()),
        ..Default::default()
    };
    let first = bot.execute(&alice, coded("TP1-E-AAAAAAA")).await;
    assert_eq!(first.delivery, Delivery::NewMessage);
    let untouched = bot.execute(&alice, coded("TP1-E-AAAAAAB")).await;
    assert_eq!(
        untouched.delivery,
        Delivery::NewMessage,
        "no moves: no question"
    );
    let draw = button_for(&untouched, |a| matches!(a, ButtonAction::Draw(_)));
    bot.press(&alice, &draw).await;
    for command in [coded("TP1-E-AAAAAAC"), NewGame::default()] {
        let ask = bot.execute(&alice, command).await;
        assert_eq!(ask.delivery, Delivery::Ephemeral);
        assert!(
            ask.text.starts_with("Je hebt een spel bezig (1 zet)"),
            "{}",
            ask.text
        );
        let ids = custom_ids(&ask);
        assert!(matches!(ids[..], [ButtonAction::StartDeal(..)]), "{ids:?}");
        let kept = stored(&bot, ALICE).await;
        assert_eq!(kept.game.code(), Some("TP1-E-AAAAAAB".parse().unwrap()));
    }
}
