//! End-to-end: the wild card and the traditional draw from a Discord client. A player starts
//! a wild-card game with the `wild-card` option and plays through its joker (its button, its
//! name in the alt text, the 24-card stock on the Draw button); a Spanish player's draw under
//! the traditional draw is refused with the reason in Spanish, naming the card that fits.

use crate::support::{Player, buttons_of};
use crate::{Harness, button, custom_id, draw_id, label};
use tripeaks::i18n::Locale;

/// `/tripeaks new code:TP1-E-AAAAAAA <option>:true`: the reply with the board.
async fn new_with(h: &Harness, who: &Player, locale: &str, option: &str) -> crate::support::Reply {
    let ix = h
        .fake
        .slash("new")
        .by(who)
        .locale(locale)
        .string("code", "TP1-E-AAAAAAA")
        .boolean(option, true)
        .build();
    let reply = h.fake.interact(&ix).await.unwrap();
    assert_eq!(reply.callback_type(), Some(4), "{reply:?}");
    reply
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wild_card_game_plays_through_its_joker() {
    let h = Harness::start().await;
    let alice = Player::alice();
    let reply = new_with(&h, &alice, "en-US", "wild-card").await;
    let content = reply.content().unwrap().to_string();
    assert!(content.contains("TP1-E-AAAAAAA-J"), "{content}");
    assert!(content.contains("wild card"), "{content}");
    let alt = reply.files()[0].description.clone().unwrap_or_default();
    assert!(alt.starts_with("Stock: 24 cards"), "{alt}");
    assert!(alt.contains("joker"), "{alt}");
    let board = h.fake.message_of(&reply).expect("the board message");
    let buttons = buttons_of(&board);
    assert!(
        button(&buttons, "Draw (24)").custom_id.is_some(),
        "{buttons:#?}"
    );
    // The joker fits the Q♦ on the waste, and the 10♦ then fits the joker.
    let joker = custom_id(&buttons, "★ Joker");
    let tapped = h.press(&alice, "en-US", &board, &joker).await;
    assert_eq!(tapped.callback_type(), Some(7), "{tapped:?}");
    let content = tapped.content().unwrap().to_string();
    assert!(content.contains("Score: 499"), "{content}");
    let alt = tapped.files()[0].description.clone().unwrap_or_default();
    assert!(alt.contains("waste: joker"), "{alt}");
    let board = h.fake.message_of(&tapped).unwrap();
    let ten = custom_id(&buttons_of(&board), &label(Locale::EnUs, "10D"));
    let after = h.press(&alice, "en-US", &board, &ten).await;
    assert_eq!(after.callback_type(), Some(7), "{after:?}");
    assert!(after.content().unwrap().contains("Score: 498"), "{after:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_traditional_draw_is_refused_in_spanish_naming_the_card_that_fits() {
    let h = Harness::start().await;
    let alice = Player::alice();
    let reply = new_with(&h, &alice, "es-ES", "traditional-draw").await;
    let content = reply.content().unwrap().to_string();
    assert!(content.contains("TP1-E-AAAAAAA-T"), "{content}");
    assert!(content.contains("robo tradicional"), "{content}");
    let board = h.fake.message_of(&reply).expect("the board message");
    let refused = h
        .press(&alice, "es-ES", &board, &draw_id(&buttons_of(&board)))
        .await;
    assert_eq!(refused.callback_type(), Some(4), "{refused:?}");
    assert!(refused.is_ephemeral(), "only the player sees why");
    let text = refused.content().unwrap();
    assert!(
        text.starts_with("Una carta encaja en el descarte") && text.contains("6 de tréboles (6♣)"),
        "{text}"
    );
    // The board did not change: the 6♣ is still there to play, and then the draw is allowed.
    let six = custom_id(&buttons_of(&board), &label(Locale::EsEs, "6C"));
    let played = h.press(&alice, "es-ES", &board, &six).await;
    assert_eq!(played.callback_type(), Some(7), "{played:?}");
    let board = h.fake.message_of(&played).unwrap();
    let drawn = h
        .press(&alice, "es-ES", &board, &draw_id(&buttons_of(&board)))
        .await;
    assert_eq!(drawn.callback_type(), Some(7), "{drawn:?}");
}
