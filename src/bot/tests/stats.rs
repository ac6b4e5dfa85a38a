//! Statistics, server boards, settings and forget-me, driven like the other flows.

use super::{
    ALICE, BOB, StartFree, bot, button_for, current, custom_ids, nearly_won, player, start, stored,
};
use crate::bot::flows::{ChangeSettings, ForgetMe, NewGame, ShowBoard, ShowLeaderboard, ShowStats};
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::declaration::Target;
use crate::bot::game::reply::{ButtonStyle, Delivery};
use crate::game::{Action, DealCode, Game, Rule};
use crate::i18n::Locale;
use crate::stats::{Metric, Period};
use crate::store::UserId;

const GUILD: u64 = 42;

/// Wins a game for `user` in `guild` (772 points: 28 removals, three peaks).
async fn win(bot: &Bot, user: u64, guild: Option<u64>) {
    let game = nearly_won();
    let (_, last) = game.free_cards()[0];
    let store = bot.store();
    store.start_free(UserId(user), game, guild).await.unwrap();
    store
        .apply(UserId(user), Action::Remove(last), None)
        .await
        .unwrap();
}

/// Abandons a game for `user` in `guild` after one draw (499 points).
async fn abandon(bot: &Bot, user: u64, guild: Option<u64>) {
    let store = bot.store();
    let code: DealCode = "TP1-E-AAAAAAA".parse().unwrap();
    store
        .start_free(UserId(user), Game::from_code(code), guild)
        .await
        .unwrap();
    store.apply(UserId(user), Action::Draw, None).await.unwrap();
    store
        .start_free(UserId(user), Game::from_code(code), guild)
        .await
        .unwrap();
}

fn named(user: u64, name: &str, locale: Locale) -> Player {
    Player {
        name: name.to_string(),
        ..player(user, locale)
    }
}

#[tokio::test]
async fn stats_show_a_card_an_alt_text_and_a_summary_in_each_language() {
    let bot = bot().await;
    win(&bot, ALICE, Some(GUILD)).await;
    abandon(&bot, ALICE, Some(GUILD)).await;
    win(&bot, ALICE, None).await;
    let reply = bot
        .execute(&player(ALICE, Locale::EnUs), ShowStats::default())
        .await;
    assert_eq!(reply.delivery, Delivery::NewMessage);
    // The times follow (the store's own clock: their value depends on the machine's speed).
    let lines: Vec<&str> = reply.text.lines().collect();
    let [summary, times, counted] = lines[..] else {
        panic!("a summary, its times and the modes counted: {}", reply.text);
    };
    assert_eq!(counted, "Counting games with: standard game.");
    assert_eq!(
        summary,
        "player 111: 3 played, 2 won (66 %), streak 1 (best 1), best score 772."
    );
    assert!(
        times.starts_with("Fastest win ") && times.contains("average winning time"),
        "{times}"
    );
    let picture = reply.picture.as_ref().expect("the stats card");
    assert_eq!(&picture.png[1..4], b"PNG");
    assert!(
        picture
            .alt
            .contains("3 games played, 2 won, 0 blocked, 1 abandoned"),
        "{}",
        picture.alt
    );
    assert!(
        picture.alt.contains("won 772, abandoned 499, won 772"),
        "{}",
        picture.alt
    );
    assert!(picture.alt.contains("longest chain 28"), "{}", picture.alt);
    assert!(picture.alt.contains(times), "{}", picture.alt);
    assert!(
        picture.alt.ends_with("Counting games with: standard game."),
        "{}",
        picture.alt
    );
    assert!(reply.fits_discord());
    for locale in [Locale::EsEs, Locale::Nl, Locale::De, Locale::Fr] {
        let reply = bot
            .execute(&player(ALICE, locale), ShowStats::default())
            .await;
        let alt = &reply.picture.as_ref().unwrap().alt;
        assert!(
            alt.contains("772") && alt.contains("499"),
            "{locale:?}: {alt}"
        );
        assert!(
            !reply.text.contains("played") && !alt.contains("played"),
            "{locale:?}"
        );
    }
    // Per rule: the nearly won layouts are Easy, the abandoned deal too; Classic has none.
    let classic = bot
        .execute(
            &player(ALICE, Locale::EnUs),
            ShowStats {
                rule: Some(Rule::Classic),
                ..Default::default()
            },
        )
        .await;
    assert_eq!(classic.delivery, Delivery::Ephemeral);
    assert_eq!(classic.text, "No finished Classic game yet.");
}

#[tokio::test]
async fn nobody_a_bot_or_a_hidden_player_get_a_private_line_and_no_numbers() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    let none = bot.execute(&alice, ShowStats::default()).await;
    assert_eq!(none.delivery, Delivery::Ephemeral);
    assert!(
        none.text.starts_with("You have not finished a game yet."),
        "{}",
        none.text
    );
    let robot = Target {
        user: 9,
        name: "Robot".into(),
        bot: true,
    };
    assert_eq!(
        bot.execute(
            &alice,
            ShowStats {
                target: Some(robot),
                ..Default::default()
            }
        )
        .await
        .text,
        "Bots do not play TriPeaks, so they have no statistics."
    );
    let bob = Target {
        user: BOB,
        name: "**bob**".into(),
        bot: false,
    };
    let nothing = bot
        .execute(
            &alice,
            ShowStats {
                target: Some(bob.clone()),
                ..Default::default()
            },
        )
        .await;
    assert_eq!(nothing.text, "\\*\\*bob\\*\\* has not finished a game yet.");
    win(&bot, BOB, Some(GUILD)).await;
    let shown = bot
        .execute(
            &alice,
            ShowStats {
                target: Some(bob.clone()),
                ..Default::default()
            },
        )
        .await;
    assert!(
        shown.picture.is_some() && shown.text.contains("772"),
        "{}",
        shown.text
    );
    bot.execute(
        &player(BOB, Locale::EnUs),
        ChangeSettings {
            public: Some(false),
            ..Default::default()
        },
    )
    .await;
    let hidden = bot
        .execute(
            &alice,
            ShowStats {
                target: Some(bob),
                ..Default::default()
            },
        )
        .await;
    assert_eq!(hidden.delivery, Delivery::Ephemeral);
    assert!(
        hidden.picture.is_none() && !hidden.text.contains("772"),
        "{}",
        hidden.text
    );
    assert!(
        hidden.text.contains("keeps their statistics private"),
        "{}",
        hidden.text
    );
    // Hidden players still see their own.
    assert!(
        bot.execute(&player(BOB, Locale::EnUs), ShowStats::default())
            .await
            .picture
            .is_some()
    );
}

#[tokio::test]
async fn the_server_board_ranks_by_wins_and_names_are_text() {
    let bot = bot().await;
    let (ann, bob) = (
        named(ALICE, "ann", Locale::EnUs),
        named(BOB, "**bob** @everyone <@1>", Locale::EnUs),
    );
    // Players' names are noted when they start a game or look at a board.
    bot.execute(
        &bob,
        ShowLeaderboard::Server {
            period: Period::Week,
            metric: Metric::Wins,
            modes: None,
        },
    )
    .await;
    win(&bot, ALICE, Some(GUILD)).await;
    win(&bot, ALICE, Some(GUILD)).await;
    win(&bot, BOB, Some(GUILD)).await;
    abandon(&bot, BOB, Some(GUILD)).await;
    win(&bot, BOB, Some(7)).await;
    win(&bot, BOB, None).await;
    let board = bot
        .execute(
            &ann,
            ShowLeaderboard::Server {
                period: Period::Week,
                metric: Metric::Wins,
                modes: None,
            },
        )
        .await;
    assert_eq!(board.delivery, Delivery::NewMessage);
    let lines: Vec<&str> = board.text.lines().collect();
    assert_eq!(lines[0], "**TriPeaks board** · this week · by wins");
    assert_eq!(lines[1], "Counting games with: standard game.");
    let lines = &lines[1..];
    assert_eq!(lines[1], "#1 · ann (you): 2 wins in 2 games");
    assert_eq!(
        lines[2],
        "#2 · \\*\\*bob\\*\\* \\@everyone \\<\\@1\\>: 1 win in 2 games"
    );
    assert_eq!(lines[3], "2 players ranked.");
    assert!(
        lines[4].starts_with("Weeks start on Monday at 00:00 UTC: this board resets in "),
        "{}",
        lines[4]
    );
    let streaks = bot
        .execute(
            &ann,
            ShowLeaderboard::Server {
                period: Period::All,
                metric: Metric::Streak,
                modes: None,
            },
        )
        .await;
    assert!(
        streaks.text.contains("#1 · ann (you): 2 wins in a row"),
        "{}",
        streaks.text
    );
    assert!(!streaks.text.contains("resets"), "all time never resets");
    let best = bot
        .execute(
            &ann,
            ShowLeaderboard::Server {
                period: Period::Month,
                metric: Metric::Best,
                modes: None,
            },
        )
        .await;
    assert!(
        best.text.contains("#1 · ann (you): 772 points"),
        "{}",
        best.text
    );
    assert!(
        best.text.contains("Months start on the 1st"),
        "{}",
        best.text
    );

    // Hidden: gone from everyone's board but their own.
    bot.execute(
        &bob,
        ChangeSettings {
            public: Some(false),
            ..Default::default()
        },
    )
    .await;
    let without = bot
        .execute(
            &ann,
            ShowLeaderboard::Server {
                period: Period::Week,
                metric: Metric::Wins,
                modes: None,
            },
        )
        .await;
    assert!(
        !without.text.contains("bob") && without.text.contains("1 player ranked."),
        "{}",
        without.text
    );
    let own = bot
        .execute(
            &bob,
            ShowLeaderboard::Server {
                period: Period::Week,
                metric: Metric::Wins,
                modes: None,
            },
        )
        .await;
    assert!(
        own.text
            .contains("#2 · a hidden player (you): 1 win in 2 games"),
        "{}",
        own.text
    );

    let spanish = bot
        .execute(
            &named(ALICE, "ann", Locale::EsEs),
            ShowLeaderboard::Server {
                period: Period::Week,
                metric: Metric::Wins,
                modes: None,
            },
        )
        .await;
    assert!(spanish.text.contains("#1 · ann"), "{}", spanish.text);
    assert_ne!(spanish.text.lines().next(), Some(lines[0]));
}

#[tokio::test]
async fn boards_in_direct_messages_show_only_your_own_results() {
    let bot = bot().await;
    win(&bot, ALICE, None).await;
    let dm = Player {
        guild: None,
        ..player(ALICE, Locale::EnUs)
    };
    let reply = bot
        .execute(
            &dm,
            ShowLeaderboard::Server {
                period: Period::All,
                metric: Metric::Wins,
                modes: None,
            },
        )
        .await;
    assert_eq!(reply.delivery, Delivery::Ephemeral);
    assert!(
        reply.text.starts_with("Boards are per server"),
        "{}",
        reply.text
    );
    assert!(reply.text.contains("1 played, 1 won"), "{}", reply.text);
    let empty = bot
        .execute(
            &player(BOB, Locale::EnUs),
            ShowLeaderboard::Server {
                period: Period::Week,
                metric: Metric::Wins,
                modes: None,
            },
        )
        .await;
    assert_eq!(empty.delivery, Delivery::Ephemeral);
    assert!(
        empty
            .text
            .starts_with("No game has been finished in this server this week yet"),
        "{}",
        empty.text
    );
}

#[tokio::test]
async fn forget_me_asks_first_then_deletes_once_and_only_for_its_owner() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    win(&bot, ALICE, Some(GUILD)).await;
    bot.execute(
        &alice,
        NewGame {
            code: Some("TP1-E-AAAAAAA".into()),
            ..Default::default()
        },
    )
    .await;
    let ask = bot.execute(&alice, ForgetMe).await;
    assert_eq!(ask.delivery, Delivery::Ephemeral);
    assert_eq!(ask.rows[0][0].style, ButtonStyle::Danger);
    let confirm = button_for(
        &ask,
        |a| matches!(a, ButtonAction::Forget(owner) if *owner == ALICE),
    );
    let by_bob = bot.press(&player(BOB, Locale::EnUs), &confirm).await;
    assert!(
        by_bob.text.contains("belongs to the player who asked"),
        "{}",
        by_bob.text
    );
    assert!(
        bot.store()
            .current_game(UserId(ALICE))
            .await
            .unwrap()
            .is_some()
    );
    let done = bot.press(&alice, &confirm).await;
    assert_eq!(done.delivery, Delivery::UpdateMessage);
    assert!(done.rows.is_empty());
    assert_eq!(
        done.text,
        "Deleted: your current game, 1 finished game, your name on the boards. TriPeaks keeps nothing more about you."
    );
    let again = bot.press(&alice, &confirm).await;
    assert_eq!(
        again.text,
        "There is nothing to delete: TriPeaks keeps no data about you."
    );
    assert!(
        bot.store()
            .finished_games(UserId(ALICE))
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn new_game_and_share_from_an_old_board_show_the_current_one() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    start(&bot, ALICE, nearly_won(), Locale::EnUs).await;
    let game = current(&bot, ALICE).await;
    let (_, last) = game.free_cards()[0];
    let won = bot
        .press(
            &alice,
            &super::card_button(&bot.execute(&alice, ShowBoard).await, &game, last),
        )
        .await;
    let new_game = button_for(&won, |a| matches!(a, ButtonAction::NewGame(..)));
    let first = bot.press(&alice, &new_game).await;
    assert_eq!(first.delivery, Delivery::NewMessage);
    let started = stored(&bot, ALICE).await;
    // The same button again (a double tap, or the old board later): the current board, no game.
    let second = bot.press(&alice, &new_game).await;
    assert_eq!(second.delivery, Delivery::UpdateMessage);
    let still = stored(&bot, ALICE).await;
    assert_eq!(still.game_id, started.game_id);
    assert_eq!(
        bot.store()
            .finished_games(UserId(ALICE))
            .await
            .unwrap()
            .len(),
        1
    );

    // Share code on the current finished board puts the code on the board itself, once.
    bot.store()
        .start_free(UserId(ALICE), nearly_won(), None)
        .await
        .unwrap();
    let coded: DealCode = "TP1-C-AAAAAAB".parse().unwrap();
    let command = NewGame {
        rule: Some(Rule::Classic),
        code: Some("TP1-C-AAAAAAB".into()),
        ..Default::default()
    };
    super::new_game_confirmed(&bot, &alice, command).await;
    let game = current(&bot, ALICE).await;
    assert_eq!(game.code(), Some(coded));
    let mut blocked_board = bot.execute(&alice, ShowBoard).await;
    for _ in 0..23 {
        let draw = button_for(&blocked_board, |a| matches!(a, ButtonAction::Draw(_)));
        blocked_board = bot.press(&alice, &draw).await;
        if custom_ids(&blocked_board)
            .iter()
            .any(|a| matches!(a, ButtonAction::Share(_)))
        {
            break;
        }
    }
    let Some(share) = custom_ids(&blocked_board)
        .into_iter()
        .find(|a| matches!(a, ButtonAction::Share(_)))
    else {
        return; // this deal did not block on draws alone; the New game half above is the test
    };
    let shared = bot.press(&alice, &share.to_string()).await;
    assert_eq!(shared.delivery, Delivery::UpdateMessage);
    assert!(
        shared.text.contains("Deal code: TP1-C-AAAAAAB"),
        "{}",
        shared.text
    );
    assert!(custom_ids(&shared).contains(&ButtonAction::PlayDeal(coded)));
    assert!(
        !custom_ids(&shared)
            .iter()
            .any(|a| matches!(a, ButtonAction::Share(_)))
    );
}

#[tokio::test]
async fn settings_show_and_change_whether_you_are_public() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    let shown = bot.execute(&alice, ChangeSettings::default()).await;
    assert!(
        shown
            .text
            .ends_with("shown on server boards.\nModes of your new games: standard game."),
        "{}",
        shown.text
    );
    let hidden = bot
        .execute(
            &alice,
            ChangeSettings {
                public: Some(false),
                ..Default::default()
            },
        )
        .await;
    assert!(hidden.text.starts_with("You are hidden"), "{}", hidden.text);
    assert!(
        hidden.text.contains("hidden from server boards.\n"),
        "{}",
        hidden.text
    );
    assert!(!bot.store().settings(UserId(ALICE)).await.unwrap().public);
}

#[tokio::test]
async fn a_double_tap_on_hint_counts_one_hint() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    let board = bot
        .execute(
            &alice,
            NewGame {
                code: Some("TP1-E-AAAAAAA".into()),
                ..Default::default()
            },
        )
        .await;
    let hint = button_for(&board, |a| matches!(a, ButtonAction::Hint(_)));
    let (a, b) = tokio::join!(bot.press(&alice, &hint), bot.press(&alice, &hint));
    assert_eq!(
        (a.delivery, b.delivery),
        (Delivery::Ephemeral, Delivery::Ephemeral)
    );
    assert_eq!(current(&bot, ALICE).await.hints_used(), 1);
}
