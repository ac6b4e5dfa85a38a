//! The two King–Ace rules chosen in the New game dialog, and card adjacency under each.

use std::fmt;
use std::str::FromStr;

use super::card::{Card, Rank};
use thiserror::Error;

/// Whether King and Ace are neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// King and Ace are adjacent: a run may go Q, K, A, 2. The default.
    #[default]
    Easy,
    /// The sequence stops at both ends: on a King only a Queen, on an Ace only a 2.
    Classic,
}

impl Rule {
    /// The letter in a deal code: `E` or `C`.
    pub fn letter(self) -> char {
        match self {
            Rule::Easy => 'E',
            Rule::Classic => 'C',
        }
    }

    /// The lower-case name used by the CLI and its JSON: `easy` or `classic`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Easy => "easy",
            Rule::Classic => "classic",
        }
    }

    /// Whether `card` may go on the waste card `waste`: one rank up or down, and anything on
    /// or as the wild card's joker.
    pub fn fits(self, card: Card, waste: Card) -> bool {
        match (card.rank(), waste.rank()) {
            (Some(card), Some(waste)) => self.adjacent(card, waste),
            _ => true,
        }
    }

    /// Whether a card of rank `card` may go on a waste card of rank `waste`.
    pub fn adjacent(self, card: Rank, waste: Rank) -> bool {
        let (a, b) = (card.value(), waste.value());
        a.abs_diff(b) == 1 || (self == Rule::Easy && a.abs_diff(b) == 12)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule name that is neither easy nor classic.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a rule: use easy or classic")]
pub struct ParseRuleError(pub String);

impl FromStr for Rule {
    type Err = ParseRuleError;

    fn from_str(text: &str) -> Result<Rule, ParseRuleError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "easy" | "e" => Ok(Rule::Easy),
            "classic" | "c" => Ok(Rule::Classic),
            _ => Err(ParseRuleError(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rank(value: u8) -> Rank {
        Rank::new(value).unwrap()
    }

    #[test]
    fn one_rank_up_or_down_in_both_rules() {
        for rule in [Rule::Easy, Rule::Classic] {
            assert!(rule.adjacent(rank(7), rank(8)));
            assert!(rule.adjacent(rank(9), rank(8)));
            assert!(!rule.adjacent(rank(8), rank(8)));
            assert!(!rule.adjacent(rank(10), rank(8)));
            assert!(rule.adjacent(rank(12), rank(13)));
            assert!(rule.adjacent(rank(2), rank(1)));
        }
    }

    #[test]
    fn king_and_ace_wrap_only_in_easy() {
        assert!(Rule::Easy.adjacent(Rank::ACE, Rank::KING));
        assert!(Rule::Easy.adjacent(Rank::KING, Rank::ACE));
        assert!(!Rule::Classic.adjacent(Rank::ACE, Rank::KING));
        assert!(!Rule::Classic.adjacent(Rank::KING, Rank::ACE));
        // No other wrap: Q is not next to A, nor 2 next to K.
        assert!(!Rule::Easy.adjacent(rank(12), Rank::ACE));
        assert!(!Rule::Easy.adjacent(rank(2), Rank::KING));
    }

    #[test]
    fn the_joker_fits_and_takes_anything_in_both_rules() {
        let (king, two) = ("KC".parse::<Card>().unwrap(), "2D".parse::<Card>().unwrap());
        for rule in [Rule::Easy, Rule::Classic] {
            assert!(rule.fits(Card::JOKER, two) && rule.fits(king, Card::JOKER));
            assert!(!rule.fits(king, two));
        }
    }

    #[test]
    fn rule_names_parse() {
        assert_eq!("Easy".parse(), Ok(Rule::Easy));
        assert_eq!(" classic ".parse(), Ok(Rule::Classic));
        assert!("hard".parse::<Rule>().is_err());
    }
}
