//! Deal codes, layouts, rules and mode letters (`/tripeaks new code:`, the CLI, a stored game),
//! and cards as a player types them, in the CLI's form or their language's: each parse, and the
//! round trip through its print.

use crate::game::{Card, Deal, DealCode, Game, Modes, Rule};
use crate::i18n::{Locale, card_label, parse_card};

/// The target `deal_code`.
pub fn deal_code(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(code) = text.parse::<DealCode>() {
        let printed = code.to_string();
        assert_eq!(printed.parse::<DealCode>(), Ok(code), "{printed}");
        // The game it deals, through its stored form.
        let game = Game::from_code(code);
        assert_eq!(Game::from_stored(&game.to_stored()).ok(), Some(game));
    }
    if let Ok(deal) = text.parse::<Deal>() {
        let cards = deal.cards();
        let printed: Vec<String> = cards.iter().map(Card::to_string).collect();
        assert_eq!(printed.join(" ").parse::<Deal>().as_ref(), Ok(&deal));
        assert_eq!(Deal::from_cards(&cards).as_ref(), Ok(&deal));
        let game = Game::from_layout(deal, Rule::Classic);
        assert_eq!(Game::from_stored(&game.to_stored()).ok(), Some(game));
    }
    if let Ok(rule) = text.parse::<Rule>() {
        assert_eq!(rule.to_string().parse::<Rule>(), Ok(rule));
    }
    if let Ok(modes) = text.parse::<Modes>() {
        assert_eq!(modes.to_string().parse::<Modes>(), Ok(modes));
    }
}

/// The target `card_name`.
pub fn card_name(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(card) = text.parse::<Card>() {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
    }
    for locale in Locale::ALL {
        typed_card(locale, text);
    }
}

/// A card typed by a player of `locale` (`/tripeaks play card:`), as the command reads it; its
/// label on a button reads back as the same card.
pub(super) fn typed_card(locale: Locale, text: &str) -> Option<Card> {
    let card = parse_card(locale, text)
        .ok()
        .or_else(|| text.parse::<Card>().ok())?;
    let label = card_label(locale, card);
    assert_eq!(parse_card(locale, &label), Ok(card), "{locale}: {label}");
    Some(card)
}
