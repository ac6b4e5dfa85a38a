//! Cards and rules in words: the long card name for sentences and screen readers ("as de
//! tréboles", "klaverenaas"), the short button label (rank in the locale's letters + suit
//! symbol, "R♣"), reading a card the player typed in either form, and the rule names.

use std::sync::LazyLock;

use thiserror::Error;

use super::locale::Locale;
use super::messages::Message;
use crate::game::{Card, Rank, Rule, Suit};

/// The rank as the `.ftl` files select on it: `ace`, `jack`, `queen`, `king` or `2`…`10`.
fn rank_key(rank: Rank) -> &'static str {
    match rank.value() {
        1 => "ace",
        11 => "jack",
        12 => "queen",
        13 => "king",
        _ => rank.text(),
    }
}

/// The suit as the `.ftl` files select on it.
fn suit_key(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
        Suit::Hearts => "hearts",
        Suit::Spades => "spades",
    }
}

/// Every card's long name and button label in every locale, formatted once: a board names some
/// 30 cards (its description for screen readers) and labels its free ones, dozens of Fluent
/// formats a tap otherwise. Indexed by locale, then by deck index (the joker last).
struct CardTexts {
    names: Vec<Vec<String>>,
    labels: Vec<Vec<String>>,
}

static CARD_TEXTS: LazyLock<CardTexts> = LazyLock::new(|| {
    let deck = || Card::all().chain([Card::JOKER]);
    CardTexts {
        names: (Locale::ALL.iter())
            .map(|&locale| deck().map(|card| format_name(locale, card)).collect())
            .collect(),
        labels: (Locale::ALL.iter())
            .map(|&locale| deck().map(|card| format_label(locale, card)).collect())
            .collect(),
    }
});

/// The place of a locale and a card in `CardTexts`.
fn at(locale: Locale, card: Card) -> (usize, usize) {
    let locale = Locale::ALL
        .iter()
        .position(|known| *known == locale)
        .expect("Locale::ALL lists every locale");
    (locale, usize::from(card.index()))
}

/// The long name, as the seeds write it: es "as de tréboles", nl "klaverenaas", "schoppen 3".
pub fn card_name(locale: Locale, card: Card) -> String {
    let (locale, card) = at(locale, card);
    CARD_TEXTS.names[locale][card].clone()
}

/// The short label for buttons: the locale's rank letter and the suit symbol (es and nl "R♣").
pub fn card_label(locale: Locale, card: Card) -> String {
    let (locale, card) = at(locale, card);
    CARD_TEXTS.labels[locale][card].clone()
}

fn format_name(locale: Locale, card: Card) -> String {
    match (card.rank(), card.suit()) {
        (Some(rank), Some(suit)) => Message::CardName {
            rank: rank_key(rank),
            suit: suit_key(suit),
        },
        _ => Message::CardJoker,
    }
    .text(locale)
}

fn format_label(locale: Locale, card: Card) -> String {
    let mut symbol = [0; 4];
    match (card.rank(), card.suit()) {
        (Some(rank), Some(suit)) => Message::CardLabel {
            rank: rank_key(rank),
            symbol: suit.symbol().encode_utf8(&mut symbol),
        },
        _ => Message::CardJokerLabel,
    }
    .text(locale)
}

/// The rule's name in a locale ("Fácil", "Klassiek").
pub fn rule_name(locale: Locale, rule: Rule) -> String {
    match rule {
        Rule::Easy => Message::RuleEasy,
        Rule::Classic => Message::RuleClassic,
    }
    .text(locale)
}

/// Text that is not a card in the CLI form nor in the locale's labels. For logs; players get
/// [`Message::CardUnknown`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a card")]
pub struct ParseLocalCardError(pub String);

/// Reads a card a player typed: the CLI form (`KC`, `10h`, `T♥`, `K♣`, `JK`, `joker`) or the
/// locale's button label, with the suit as a symbol or a letter `C D H S` (es `R♣`, `RC`; fr
/// `D♥`; de `B♠`), or the joker's name or label in the locale (es `comodín`).
pub fn parse_card(locale: Locale, text: &str) -> Result<Card, ParseLocalCardError> {
    if let Ok(card) = text.parse::<Card>() {
        return Ok(card);
    }
    let squeeze = |text: &str| -> String {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_uppercase)
            .collect()
    };
    let wanted = squeeze(text);
    let joker = [
        card_name(locale, Card::JOKER),
        card_label(locale, Card::JOKER),
    ];
    if !wanted.is_empty() && joker.iter().any(|name| squeeze(name) == wanted) {
        return Ok(Card::JOKER);
    }
    Card::all()
        .find(|&card| {
            let label = card_label(locale, card).to_uppercase();
            let Some(suit) = card.suit() else {
                return false;
            };
            let with_letter = label.replace(suit.symbol(), &suit.letter().to_string());
            !wanted.is_empty() && (wanted == label || wanted == with_letter)
        })
        .ok_or_else(|| ParseLocalCardError(text.trim().chars().take(40).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn long_names_follow_the_seeds() {
        let es = [
            ("AC", "as de tréboles"),
            ("3S", "3 de picas"),
            ("KD", "rey de diamantes"),
            ("8H", "8 de corazones"),
        ];
        for (text, name) in es {
            assert_eq!(card_name(Locale::EsEs, card(text)), name);
        }
        let nl = [
            ("AC", "klaverenaas"),
            ("3S", "schoppen 3"),
            ("KD", "ruitenkoning"),
            ("8H", "harten 8"),
            ("KC", "klaverenkoning"),
            ("AS", "schoppenaas"),
        ];
        for (text, name) in nl {
            assert_eq!(card_name(Locale::Nl, card(text)), name);
        }
    }

    #[test]
    fn labels_are_rank_and_symbol_with_the_seeds_king() {
        assert_eq!(card_label(Locale::EsEs, card("KC")), "R♣");
        assert_eq!(card_label(Locale::Nl, card("KD")), "R♦");
        assert_eq!(card_label(Locale::EnUs, card("KC")), "K♣");
        assert_eq!(card_label(Locale::EsEs, card("2D")), "2♦");
        assert_eq!(card_label(Locale::De, card("10H")), "10♥");
        for locale in Locale::ALL {
            for c in Card::all() {
                let label = card_label(locale, c);
                assert!(
                    label.ends_with(c.suit().unwrap().symbol()),
                    "{locale} {label}"
                );
                assert!(label.chars().count() <= 3, "{locale} {label}");
            }
        }
    }

    #[test]
    fn names_and_labels_are_distinct_within_a_locale() {
        for locale in Locale::ALL {
            let mut names: Vec<String> = Card::all().map(|c| card_name(locale, c)).collect();
            let mut labels: Vec<String> = Card::all().map(|c| card_label(locale, c)).collect();
            names.sort();
            names.dedup();
            labels.sort();
            labels.dedup();
            assert_eq!((names.len(), labels.len()), (52, 52), "{locale}");
        }
    }

    #[test]
    fn typed_cards_parse_in_the_cli_form_and_the_locale_labels() {
        for locale in Locale::ALL {
            for c in Card::all() {
                assert_eq!(
                    parse_card(locale, &card_label(locale, c)),
                    Ok(c),
                    "{locale}"
                );
                assert_eq!(parse_card(locale, &c.to_string()), Ok(c), "{locale}");
            }
        }
        assert_eq!(parse_card(Locale::EsEs, " r c "), Ok(card("KC")));
        assert_eq!(parse_card(Locale::Fr, "d♥"), Ok(card("QH")));
        assert_eq!(parse_card(Locale::De, "BS"), Ok(card("JS")));
        assert!(parse_card(Locale::EnUs, "RC").is_err());
        assert!(parse_card(Locale::EsEs, "").is_err());
        assert!(parse_card(Locale::Nl, "klaveren").is_err());
    }

    #[test]
    fn the_joker_has_a_name_and_a_label_in_every_language() {
        let names = Locale::ALL.map(|locale| card_name(locale, Card::JOKER));
        assert_eq!(
            card_name(Locale::EsEs, Card::JOKER),
            "comodín",
            "the seeds' word"
        );
        assert_eq!(card_name(Locale::De, Card::JOKER), "Joker");
        assert_eq!(card_name(Locale::EnUs, Card::JOKER), "joker");
        assert_eq!(card_label(Locale::EsEs, Card::JOKER), "★ Comodín");
        for (locale, name) in Locale::ALL.into_iter().zip(&names) {
            let label = card_label(locale, Card::JOKER);
            assert!(label.starts_with('★'), "{locale} {label}");
            for text in [name.as_str(), &label, "JK", "joker"] {
                assert_eq!(parse_card(locale, text), Ok(Card::JOKER), "{locale} {text}");
            }
            assert!(
                Card::all().all(|c| card_name(locale, c) != *name),
                "{locale}"
            );
        }
        assert_eq!(parse_card(Locale::EsEs, "Comodín"), Ok(Card::JOKER));
    }

    #[test]
    fn rule_names() {
        assert_eq!(rule_name(Locale::EsEs, Rule::Easy), "Fácil");
        assert_eq!(rule_name(Locale::EsEs, Rule::Classic), "Clásico");
        assert_eq!(rule_name(Locale::Nl, Rule::Easy), "Makkelijk");
        assert_eq!(rule_name(Locale::Nl, Rule::Classic), "Klassiek");
    }
}
