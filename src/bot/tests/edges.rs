//! Property tests at the edges: arbitrary custom_ids and option strings thrown at the flows. Every
//! answer fits Discord's limits, nothing panics, and input that is not the bot's own changes no
//! game.

use crate::bot::flows::{NewGame, PlayCard, ShowLeaderboard};
use proptest::prelude::*;

use super::{ALICE, bot, card_button, current, player, seeds_example, start};
use crate::bot::game::bot::Bot;
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::reply::Delivery;
use crate::i18n::{Locale, Message};

/// One runtime and one bot (in-memory store, Alice's game in progress) for all the cases of a
/// property: the cases run one after another on it.
fn bot_with_a_game() -> (tokio::runtime::Runtime, Bot) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let bot = runtime.block_on(async {
        let bot = bot().await;
        start(&bot, ALICE, seeds_example(), Locale::Fr).await;
        bot
    });
    (runtime, bot)
}

/// Strings shaped like the bot's custom_ids (prefix, verbs, numbers, codes), damaged at random,
/// and anything at all.
fn custom_id() -> impl Strategy<Value = String> {
    let verb = prop::sample::select(vec![
        "card", "draw", "undo", "hint", "new", "share", "play", "forget", "daily", "result",
        "board", "dboard", "", "CARD", "tp",
    ]);
    let part = prop_oneof![
        "[0-9]{1,20}",
        Just("111".to_owned()),
        Just("0".to_owned()),
        Just("-1".to_owned()),
        "TP1-[ECN]-[A-Z]{7}",
        "[ec]",
        any::<String>(),
    ];
    let shaped = (verb, prop::collection::vec(part, 0..6)).prop_map(|(verb, parts)| {
        let mut id = format!("tp:{verb}");
        for part in parts {
            id.push(':');
            id.push_str(&part);
        }
        id
    });
    prop_oneof![shaped, any::<String>(), "[\\x00-\\x7f]{0,120}"]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_custom_id_is_answered_within_discords_limits(id in custom_id()) {
        let (runtime, bot) = bot_with_a_game();
        runtime.block_on(async {
            let alice = player(ALICE, Locale::Fr);
            let before = current(&bot, ALICE).await;
            let reply = bot.press(&alice, &id).await;
            prop_assert!(reply.fits_discord(), "{id:?}: {reply:?}");
            if ButtonAction::parse(&id).is_err() {
                prop_assert_eq!(reply.delivery, Delivery::Ephemeral);
                prop_assert_eq!(&reply.text, &Message::ErrorGeneric.text(Locale::Fr));
                prop_assert_eq!(current(&bot, ALICE).await, before);
            }
            Ok(())
        })?;
    }

    #[test]
    fn any_option_text_is_answered_within_discords_limits(text in any::<String>()) {
        let (runtime, bot) = bot_with_a_game();
        runtime.block_on(async {
            let alice = player(ALICE, Locale::Fr);
            let before = current(&bot, ALICE).await;
            let reply = bot.execute(&alice, PlayCard { card: text.to_string() }).await;
            prop_assert!(reply.fits_discord(), "play {text:?}: {reply:?}");
            let choices = crate::bot::flows::card_choices(&bot, &alice, &text).await;
            prop_assert!(choices.len() <= 25);
            for (name, value) in &choices {
                let (name_chars, value_chars) = (name.chars().count(), value.chars().count());
                prop_assert!((1..=100).contains(&name_chars) && (1..=100).contains(&value_chars));
            }
            let reply = bot.execute(&alice, ShowLeaderboard::Daily { date: Some(text.to_string()) }).await;
            prop_assert!(reply.fits_discord(), "daily board {text:?}: {reply:?}");
            let reply = bot.execute(&alice, NewGame { code: Some(text.to_string()), ..Default::default() }).await;
            prop_assert!(reply.fits_discord(), "new {text:?}: {reply:?}");
            if reply.delivery == Delivery::Ephemeral {
                let after = current(&bot, ALICE).await;
                prop_assert_eq!(after.deal(), before.deal());
            }
            Ok(())
        })?;
    }
}

/// A tap of a card that is on the board still works after all that: the flows kept no state.
#[tokio::test]
async fn a_real_tap_after_garbage_is_applied() {
    let bot = bot().await;
    let board = start(&bot, ALICE, seeds_example(), Locale::Fr).await;
    let alice = player(ALICE, Locale::Fr);
    for id in [
        "tp:card:111:1:0:",
        "tp:card:111:1:0:28",
        "\n\0",
        &"é".repeat(100),
    ] {
        bot.press(&alice, id).await;
    }
    let game = current(&bot, ALICE).await;
    let king = card_button(&board, &game, "KC".parse().unwrap());
    let reply = bot.press(&alice, &king).await;
    assert_eq!(reply.delivery, Delivery::UpdateMessage);
    assert_eq!(current(&bot, ALICE).await.moves(), 1);
}
