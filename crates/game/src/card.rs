//! Cards, ranks and suits, and their text form.
//!
//! A card is one byte, `suit × 13 + (rank − 1)`, which is also its index in the TP1 deck before
//! shuffling (`0` is A♣, `51` is K♠); the joker of the wild-card mode (J) is `52`. The text form
//! is the contract of the CLI: rank `A 2 … 10 J Q K` followed by the suit letter `C D H S`
//! (`10H`, `KC`); input also takes `T` for ten, lower case and the suit symbols ♣♦♥♠. The joker
//! is `JK` (input also `joker`, any case). A joker has no rank and no suit, so [`Card::rank`] and
//! [`Card::suit`] say so with `None`: no code can read a rank off it by mistake.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The four suits, in the order of the TP1 deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// All suits in deck order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The letter used in card text: `C D H S`.
    pub fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }

    /// The suit symbol: `♣ ♦ ♥ ♠`.
    pub fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// Hearts and diamonds are red, clubs and spades black.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    fn from_char(c: char) -> Option<Suit> {
        Some(match c.to_ascii_uppercase() {
            'C' | '♣' | '♧' => Suit::Clubs,
            'D' | '♦' | '♢' => Suit::Diamonds,
            'H' | '♥' | '♡' => Suit::Hearts,
            'S' | '♠' | '♤' => Suit::Spades,
            _ => return None,
        })
    }
}

/// A rank from Ace (1) to King (13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const KING: Rank = Rank(13);

    /// The rank with this value, 1 (Ace) to 13 (King).
    pub fn new(value: u8) -> Option<Rank> {
        (1..=13).contains(&value).then_some(Rank(value))
    }

    /// 1 for Ace … 13 for King.
    pub fn value(self) -> u8 {
        self.0
    }

    /// The rank as the CLI writes it: `A 2 … 10 J Q K`.
    pub fn text(self) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][usize::from(self.0 - 1)]
    }

    fn from_text(text: &str) -> Option<Rank> {
        let value = match text.to_ascii_uppercase().as_str() {
            "A" | "1" => 1,
            "T" | "10" => 10,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            digit if digit.len() == 1 => {
                digit.parse::<u8>().ok().filter(|v| (2..=9).contains(v))?
            }
            _ => return None,
        };
        Rank::new(value)
    }
}

/// One of the 52 cards, or the joker of the wild-card mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// The joker's byte: after the 52 cards of the TP1 deck.
const JOKER_INDEX: u8 = 52;

impl Card {
    /// The joker of the wild-card mode (J): it fits any waste card and any card fits it.
    pub const JOKER: Card = Card(JOKER_INDEX);

    /// The card with this deck index (0 = A♣ … 51 = K♠); the joker is [`Card::JOKER`].
    pub fn from_index(index: u8) -> Option<Card> {
        (index < 52).then_some(Card(index))
    }

    /// Whether this is the joker.
    pub fn is_joker(self) -> bool {
        self.0 == JOKER_INDEX
    }

    /// The card of this rank and suit.
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank.0 - 1)
    }

    /// The deck index: `suit × 13 + (rank − 1)`; 52 for the joker.
    pub fn index(self) -> u8 {
        self.0
    }

    /// The rank; none for the joker.
    pub fn rank(self) -> Option<Rank> {
        (!self.is_joker()).then_some(Rank(self.0 % 13 + 1))
    }

    /// The suit; none for the joker.
    pub fn suit(self) -> Option<Suit> {
        (!self.is_joker()).then(|| Suit::ALL[usize::from(self.0 / 13)])
    }

    /// All 52 cards in deck order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => write!(f, "{}{}", rank.text(), suit.letter()),
            _ => f.write_str("JK"),
        }
    }
}

/// Text that is not a card.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "`{0}` is not a card: write the rank A 2 3 4 5 6 7 8 9 10 J Q K then the suit C D H S, e.g. 10H or KC (the joker is JK)"
)]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("JK") || trimmed.eq_ignore_ascii_case("joker") {
            return Ok(Card::JOKER);
        }
        let error = || ParseCardError(trimmed.to_string());
        let suit_char = trimmed.chars().last().ok_or_else(error)?;
        let suit = Suit::from_char(suit_char).ok_or_else(error)?;
        let rank_text = &trimmed[..trimmed.len() - suit_char.len_utf8()];
        let rank = Rank::from_text(rank_text).ok_or_else(error)?;
        Ok(Card::new(rank, suit))
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses a list of cards separated by spaces or commas.
pub(crate) fn parse_cards(text: &str) -> Result<Vec<Card>, ParseCardError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
        .map(str::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_indices_follow_the_tp1_order() {
        assert_eq!(Card::from_index(0).unwrap().to_string(), "AC");
        assert_eq!(Card::from_index(12).unwrap().to_string(), "KC");
        assert_eq!(Card::from_index(13).unwrap().to_string(), "AD");
        assert_eq!(Card::from_index(51).unwrap().to_string(), "KS");
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn every_card_round_trips_through_text() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn input_accepts_ten_as_t_lower_case_and_symbols() {
        let ten_of_hearts = Card::new(Rank::new(10).unwrap(), Suit::Hearts);
        for text in ["10H", "TH", "th", "10h", "10♥", "t♥", " 10H "] {
            assert_eq!(text.parse::<Card>(), Ok(ten_of_hearts), "{text}");
        }
        assert_eq!("k♣".parse::<Card>().unwrap().to_string(), "KC");
        assert_eq!("a♠".parse::<Card>().unwrap().to_string(), "AS");
    }

    #[test]
    fn malformed_cards_are_errors() {
        for text in [
            "", "1", "H", "11H", "0S", "KX", "KCC", "10", "♥", "1OH", "ä",
        ] {
            assert!(text.parse::<Card>().is_err(), "{text:?} parsed");
        }
        let message = "ZZ".parse::<Card>().unwrap_err().to_string();
        assert!(message.contains("10H or KC"), "{message}");
    }

    #[test]
    fn the_joker_is_jk_and_has_no_rank_or_suit() {
        assert_eq!(Card::JOKER.to_string(), "JK");
        for text in ["JK", "jk", " Jk ", "joker", "JOKER", "Joker"] {
            assert_eq!(text.parse::<Card>(), Ok(Card::JOKER), "{text}");
        }
        assert!(Card::JOKER.is_joker() && Card::JOKER.rank().is_none());
        assert!(Card::JOKER.suit().is_none());
        assert!(Card::all().all(|c| !c.is_joker() && c.rank().is_some()));
        assert_eq!(Card::from_index(52), None);
        for text in ["J", "JKK", "jokers", "JKS"] {
            assert!(text.parse::<Card>().is_err(), "{text:?} parsed");
        }
    }

    #[test]
    fn colours() {
        assert!(Suit::Hearts.is_red() && Suit::Diamonds.is_red());
        assert!(!Suit::Clubs.is_red() && !Suit::Spades.is_red());
    }
}
