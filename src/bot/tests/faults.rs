//! The flows when the store does not answer: every command and tap tells the player, in their
//! language and only them, that the game store is not answering (never the generic apology,
//! never a board that was not saved).

use super::{ALICE, bot, player};
use crate::bot::flows::{ChangeSettings, NewGame, PlayCard, ShowBoard};
use crate::bot::game::reply::Delivery;
use crate::i18n::{Locale, Message};

#[tokio::test]
async fn a_store_that_does_not_answer_is_named_to_the_player() {
    let bot = bot().await;
    let p = player(ALICE, Locale::EsEs);
    let board = bot
        .execute(
            &p,
            NewGame {
                code: Some("TP1-E-AAAAAAA".into()),
                ..Default::default()
            },
        )
        .await;
    let draw = super::button_for(&board, |a| {
        matches!(a, crate::bot::game::custom_id::ButtonAction::Draw(_))
    });
    bot.store().close().await;
    let expected = Message::ErrorStoreUnavailable.text(Locale::EsEs);
    let replies = [
        bot.press(&p, &draw).await,
        bot.execute(&p, ShowBoard).await,
        bot.execute(
            &p,
            PlayCard {
                card: "6C".to_string(),
            },
        )
        .await,
        bot.execute(&p, NewGame::default()).await,
        bot.execute(
            &p,
            ChangeSettings {
                errors: Some(false),
                ..Default::default()
            },
        )
        .await,
    ];
    for reply in replies {
        assert_eq!(reply.delivery, Delivery::Ephemeral, "{reply:?}");
        assert_eq!(reply.text, expected);
    }
}
