//! The flows when the store does not answer: every command and tap tells the player, in their
//! language and only them, that the game store is not answering (never the generic apology,
//! never a board that was not saved).

use super::{ALICE, bot, player};
use crate::bot::reply::Delivery;
use crate::i18n::{Locale, Message};

#[tokio::test]
async fn a_store_that_does_not_answer_is_named_to_the_player() {
    let bot = bot().await;
    let p = player(ALICE, Locale::EsEs);
    let board = bot.new_game(&p, None, Some("TP1-E-AAAAAAA"), false).await;
    let draw = super::button_for(&board, |a| {
        matches!(a, crate::bot::custom_id::ButtonAction::Draw(_))
    });
    bot.store().close().await;
    let expected = Message::ErrorStoreUnavailable.text(Locale::EsEs);
    let replies = [
        bot.press(&p, &draw).await,
        bot.show(&p).await,
        bot.play_card(&p, "6C").await,
        bot.new_game(&p, None, None, false).await,
        bot.settings(&p, Some(false), None, None).await,
    ];
    for reply in replies {
        assert_eq!(reply.delivery, Delivery::Ephemeral, "{reply:?}");
        assert_eq!(reply.text, expected);
    }
}
