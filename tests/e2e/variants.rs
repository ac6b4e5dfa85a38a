//! End-to-end: the wild card and the traditional draw from a Discord client. A player starts
//! a wild-card game with the `wild-card` option and plays through its joker (its button, its
//! name in the alt text, the 24-card stock on the Draw button); a Spanish player's draw under
//! the traditional draw is refused with the reason in Spanish, naming the card that fits.

use crate::support::{Answered, Player, buttons_of};
use crate::{Harness, button, custom_id, draw_id, label};
use tripeaks::i18n::Locale;

/// `/tripeaks new code:TP1-E-AAAAAAA <option>:true`: the answer with the board.
async fn new_with(h: &Harness, who: &Player, locale: &str, option: &str) -> Answered {
    let ix = h
        .fake
        .slash("new")
        .by(who)
        .locale(locale)
        .string("code", "TP1-E-AAAAAAA")
        .boolean(option, true)
        .build();
    let reply = h.fake.final_answer(&ix).await.unwrap();
    assert!(!reply.updated, "a message of its own: {reply:?}");
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
    let board = reply.message.clone();
    let buttons = buttons_of(&board);
    assert!(
        button(&buttons, "Draw (24)").custom_id.is_some(),
        "{buttons:#?}"
    );
    // The joker fits the Q♦ on the waste, and the 10♦ then fits the joker.
    let joker = custom_id(&buttons, "★ Joker");
    let tapped = h.press(&alice, "en-US", &board, &joker).await;
    assert!(tapped.updated, "{tapped:?}");
    let content = tapped.content().unwrap().to_string();
    assert!(content.contains("Score: 499"), "{content}");
    let alt = tapped.files()[0].description.clone().unwrap_or_default();
    assert!(alt.contains("waste: joker"), "{alt}");
    let board = tapped.message.clone();
    let ten = custom_id(&buttons_of(&board), &label(Locale::EnUs, "10D"));
    let after = h.press(&alice, "en-US", &board, &ten).await;
    assert!(after.updated, "{after:?}");
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
    let board = reply.message.clone();
    let refused = h
        .press(&alice, "es-ES", &board, &draw_id(&buttons_of(&board)))
        .await;
    assert!(!refused.updated, "a message of its own: {refused:?}");
    assert!(refused.is_ephemeral(), "only the player sees why");
    let text = refused.content().unwrap();
    assert!(
        text.starts_with("Una carta encaja en el descarte") && text.contains("6 de tréboles (6♣)"),
        "{text}"
    );
    // The board did not change: the 6♣ is still there to play, and then the draw is allowed.
    let six = custom_id(&buttons_of(&board), &label(Locale::EsEs, "6C"));
    let played = h.press(&alice, "es-ES", &board, &six).await;
    assert!(played.updated, "{played:?}");
    let board = played.message.clone();
    let drawn = h
        .press(&alice, "es-ES", &board, &draw_id(&buttons_of(&board)))
        .await;
    assert!(drawn.updated, "{drawn:?}");
}
