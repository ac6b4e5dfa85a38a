//! `/tripeaks history` and its Replay buttons, on an in-memory store: the list newest first in
//! each language, a replay as an animated GIF with a one-line alt text, another player's only
//! while public, and forged or unknown games answered politely.

use super::{ALICE, BOB, StartFree, bot, custom_ids, player};
use crate::bot::flows::ShowHistory;
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::declaration::Target;
use crate::bot::game::reply::Delivery;
use crate::game::{Action, DealCode, Game};
use crate::i18n::Locale;
use crate::store::{GameKind, Over, UserId};

/// `user` plays `draws` draws of `code` and abandons it for a fresh game of it.
async fn play_and_abandon(bot: &crate::bot::game::bot::Bot, user: u64, code: &str, draws: usize) {
    let code: DealCode = code.parse().unwrap();
    let store = bot.store();
    store
        .start_free(UserId(user), Game::from_code(code), None)
        .await
        .unwrap();
    for _ in 0..draws {
        store.apply(UserId(user), Action::Draw, None).await.unwrap();
    }
    store
        .start_free(UserId(user), Game::from_code(code), None)
        .await
        .unwrap();
}

#[tokio::test]
async fn the_history_lists_games_newest_first_with_replays() {
    let bot = bot().await;
    let none = bot
        .execute(&player(ALICE, Locale::EnUs), ShowHistory::default())
        .await;
    assert_eq!(none.delivery, Delivery::Ephemeral);
    play_and_abandon(&bot, ALICE, "TP1-E-AAAAAAA", 3).await;
    play_and_abandon(&bot, ALICE, "TP1-C-AAAAAAB", 1).await;
    let reply = bot
        .execute(&player(ALICE, Locale::EnUs), ShowHistory::default())
        .await;
    assert_eq!(reply.delivery, Delivery::NewMessage);
    let lines: Vec<&str> = reply.text.lines().collect();
    assert!(lines[1].starts_with("1. <t:"), "{}", reply.text);
    assert!(lines[1].contains("`TP1-C-AAAAAAB`"), "{}", reply.text);
    assert!(lines[2].contains("`TP1-E-AAAAAAA`") && lines[2].contains("497 points"));
    assert!(reply.rows[0][0].label == "Replay 1", "{:?}", reply.rows);
    assert!(reply.fits_discord());
    for locale in [Locale::EsEs, Locale::Nl, Locale::Fr, Locale::De] {
        let reply = bot
            .execute(&player(ALICE, locale), ShowHistory::default())
            .await;
        assert!(
            !reply.text.contains("points") || locale == Locale::Fr,
            "{locale:?}"
        );
        assert_ne!(reply.rows[0][0].label, "Replay 1", "{locale:?}");
    }
    let ids = custom_ids(&reply);
    let ButtonAction::Replay(owner, game_id) = ids[1] else {
        panic!("{ids:?}");
    };
    assert_eq!(owner, ALICE);
    let replay = bot
        .press(&player(BOB, Locale::EnUs), &ids[1].to_string())
        .await;
    assert_eq!(replay.delivery, Delivery::NewMessage);
    let picture = replay.picture.as_ref().expect("the animation");
    assert!(picture.png.starts_with(b"GIF89a"));
    assert_eq!(picture.alt.lines().count(), 1);
    assert!(picture.alt.contains("3 actions"), "{}", picture.alt);
    assert!(replay.text.contains("`TP1-E-AAAAAAA`"), "{}", replay.text);
    // Hidden: neither the list nor a replay for others.
    bot.store().set_public(UserId(ALICE), false).await.unwrap();
    let hidden = bot
        .press(&player(BOB, Locale::EnUs), &ids[1].to_string())
        .await;
    assert_eq!(hidden.delivery, Delivery::Ephemeral);
    assert!(hidden.picture.is_none());
    let whose = Some(Target {
        user: ALICE,
        name: "alice".into(),
        bot: false,
    });
    let list = bot
        .execute(&player(BOB, Locale::EnUs), ShowHistory { target: whose })
        .await;
    assert_eq!(list.delivery, Delivery::Ephemeral);
    assert!(list.rows.is_empty());
    // A game that is not in the history, or a forged id.
    let unknown = ButtonAction::Replay(ALICE, game_id + 100).to_string();
    for id in [unknown.as_str(), "tp:replay:111:x", "tp:replay:111:1:2"] {
        let reply = bot.press(&player(ALICE, Locale::EnUs), id).await;
        assert_eq!(reply.delivery, Delivery::Ephemeral, "{id}");
        assert!(reply.picture.is_none(), "{id}");
    }
}

#[tokio::test]
async fn todays_daily_is_replayed_privately_until_the_day_is_over() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};

    use crate::bot::game::bot::Bot;
    use crate::game::DailyNumber;
    use crate::store::Store;

    let day = DailyNumber::new(1).unwrap();
    let clock = Arc::new(AtomicI64::new(day.starts_at_millis() + 3_600_000));
    let reading = Arc::clone(&clock);
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let bot = Bot::with_clock(store, Arc::new(move || reading.load(Ordering::SeqCst)));
    let code: DealCode = "TP1-E-HFFTNKD".parse().unwrap();
    let started = bot
        .store()
        .start(
            UserId(ALICE),
            Game::from_code(code),
            None,
            GameKind::Daily(day),
            Over::Anything,
        )
        .await
        .unwrap()
        .expect("a daily starts over anything");
    bot.store()
        .apply(UserId(ALICE), Action::Draw, None)
        .await
        .unwrap();
    bot.store()
        .start_free(UserId(ALICE), Game::from_code(code), None)
        .await
        .unwrap();
    let id = ButtonAction::Replay(ALICE, started.game_id).to_string();
    let today = bot.press(&player(ALICE, Locale::EnUs), &id).await;
    assert_eq!(today.delivery, Delivery::Ephemeral);
    assert!(today.picture.is_some());
    clock.store(day.ends_at_millis(), Ordering::SeqCst);
    let tomorrow = bot.press(&player(ALICE, Locale::EnUs), &id).await;
    assert_eq!(tomorrow.delivery, Delivery::NewMessage);
}

/// Was: ten games with every mode named and their codes passed Discord's 2,000 characters (en-US
/// about 2,180 with AMPOWJT), and the whole history became the generic apology. The longest
/// case: ten games of each long mode set, a player's name of 40 characters to escape, and the
/// win times, in every language.
#[tokio::test]
async fn the_history_fits_discord_whatever_the_games() {
    for modes in ["AMPOWJT", "APOWJT", "AOWJT", "AMPOWT"] {
        let bot = bot().await;
        for n in 0..10u8 {
            let letter = char::from(b'A' + n);
            let code: DealCode = format!("TP1-C-AAAAAA{letter}-{modes}").parse().unwrap();
            // One action the rules take (under the traditional draw, a draw may be refused).
            let store = bot.store();
            let game = Game::from_code(code);
            let action = match crate::game::solver::hint(&game) {
                crate::game::solver::Hint::Win(action)
                | crate::game::solver::Hint::NoWin(Some(action)) => action,
                crate::game::solver::Hint::NoWin(None) => Action::Draw,
            };
            store
                .start_free(UserId(ALICE), game.clone(), None)
                .await
                .unwrap();
            store.apply(UserId(ALICE), action, None).await.unwrap();
            store.start_free(UserId(ALICE), game, None).await.unwrap();
        }
        for locale in Locale::ALL {
            let mut asking = player(ALICE, locale);
            asking.name = "_*`|~>".repeat(7).chars().take(40).collect();
            let reply = bot.execute(&asking, ShowHistory::default()).await;
            assert_eq!(reply.delivery, Delivery::NewMessage, "{modes} {locale:?}");
            assert!(
                reply.fits_discord(),
                "{modes} {locale:?}: {} characters",
                reply.text.chars().count()
            );
            let lines: Vec<&str> = reply.text.lines().collect();
            for n in 0..10u8 {
                let letter = char::from(b'A' + n);
                let code = format!("`TP1-C-AAAAAA{letter}-{modes}`");
                assert!(
                    lines.iter().any(|line| line.contains(&code)),
                    "{modes} {locale:?}: {code} missing from {}",
                    reply.text
                );
            }
            assert_eq!(reply.rows.iter().flatten().count(), 10);
        }
    }
}
