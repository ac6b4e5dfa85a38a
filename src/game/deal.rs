//! Deals and deal codes, with the frozen TP1 deal generator.
//!
//! A code such as `TP1-E-AAAAAAB` names a deal forever: `TP1` is the generator's version, `E`/`C`
//! the King–Ace rule (a legacy `N` reads as Easy; the rule does not change the cards) and the 7
//! letters a base-26 number. An optional suffix names the modes (`TP1-E-AAAAAAB-AP`, `modes.rs`);
//! without it the code is the standard game, as it always was. The generator (RULES.md, "The TP1 deal generator") is written out
//! here step by step on purpose: it must not depend on any library's shuffle or range algorithm,
//! which may change between versions. Only the ChaCha8 keystream comes from `rand_chacha`, and
//! the test vectors pin it.

use std::fmt;
use std::str::FromStr;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use thiserror::Error;

use super::card::{Card, ParseCardError, parse_cards};
use super::layout::TABLEAU_SIZE;
use super::modes::{Modes, ParseModesError};
use super::rule::Rule;

/// The number of cards in the stock at the start.
pub const STOCK_SIZE: usize = 23;

/// The number of deals a code can name: 26⁷.
pub const DEAL_COUNT: u64 = 26u64.pow(7);

/// The number that names a TP1 deal, `0 .. 26⁷`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DealNumber(u64);

impl DealNumber {
    /// The deal with this number, if it is below 26⁷.
    pub fn new(number: u64) -> Option<DealNumber> {
        (number < DEAL_COUNT).then_some(DealNumber(number))
    }

    /// A deal picked uniformly from the operating system's randomness.
    pub fn random() -> DealNumber {
        // Rejection sampling keeps the pick uniform: 2⁶⁴ is not a multiple of 26⁷.
        let limit = u64::MAX - u64::MAX % DEAL_COUNT;
        loop {
            let x = getrandom::u64().expect("the operating system has no randomness to give");
            if x < limit {
                return DealNumber(x % DEAL_COUNT);
            }
        }
    }

    pub fn value(self) -> u64 {
        self.0
    }

    /// The 7 letters, most significant first, A = 0 … Z = 25.
    pub fn letters(self) -> String {
        let mut letters = [b'A'; 7];
        let mut rest = self.0;
        for letter in letters.iter_mut().rev() {
            *letter = b'A' + (rest % 26) as u8;
            rest /= 26;
        }
        String::from_utf8(letters.to_vec()).expect("ASCII letters")
    }

    /// The cards this number deals under TP1.
    pub fn deal(self) -> Deal {
        Deal::generate(self)
    }

    /// The cards of round `round` (1, 2, …) of progressive rounds: round 1 is [`Self::deal`].
    pub fn round_deal(self, round: u32) -> Deal {
        Deal::generate_round(self, round)
    }
}

/// A deal code: the deal's number, the rule to play it with, and the modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DealCode {
    pub number: DealNumber,
    pub rule: Rule,
    pub modes: Modes,
}

impl DealCode {
    /// The standard game (no modes) of a deal under a rule.
    pub fn new(number: DealNumber, rule: Rule) -> DealCode {
        DealCode {
            number,
            rule,
            modes: Modes::STANDARD,
        }
    }

    /// The same deal and rule with other modes.
    pub fn with_modes(self, modes: Modes) -> DealCode {
        DealCode { modes, ..self }
    }
}

impl fmt::Display for DealCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TP1-{}-{}", self.rule.letter(), self.number.letters())?;
        if !self.modes.is_standard() {
            write!(f, "-{}", self.modes)?;
        }
        Ok(())
    }
}

/// Text that is not a deal code. The message shows the expected form, or names the bad mode
/// letter.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseCodeError {
    #[error(
        "`{0}` is not a deal code: the form is TP1-E-XXXXXXX or TP1-C-XXXXXXX (7 letters A-Z), \
         optionally followed by mode letters (TP1-E-XXXXXXX-AP)"
    )]
    Form(String),
    #[error("`{input}` has bad mode letters: {error}")]
    Modes {
        input: String,
        error: ParseModesError,
    },
}

impl ParseCodeError {
    /// The text that was refused (at most 40 characters of it).
    pub fn input(&self) -> &str {
        match self {
            ParseCodeError::Form(input) | ParseCodeError::Modes { input, .. } => input,
        }
    }
}

impl FromStr for DealCode {
    type Err = ParseCodeError;

    fn from_str(text: &str) -> Result<DealCode, ParseCodeError> {
        let shown = || text.trim().chars().take(40).collect::<String>();
        let error = || ParseCodeError::Form(shown());
        let upper = text.trim().to_ascii_uppercase();
        let mut parts = upper.split('-');
        let (Some("TP1"), Some(rule), Some(letters), suffix, None) = (
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
        ) else {
            return Err(error());
        };
        let modes = match suffix {
            None => Modes::STANDARD,
            Some("") => return Err(error()),
            Some(suffix) => suffix.parse().map_err(|error| ParseCodeError::Modes {
                input: shown(),
                error,
            })?,
        };
        let rule = match rule {
            "E" | "N" => Rule::Easy,
            "C" => Rule::Classic,
            _ => return Err(error()),
        };
        if letters.len() != 7 || !letters.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(error());
        }
        let number = letters
            .bytes()
            .fold(0u64, |n, b| n * 26 + u64::from(b - b'A'));
        Ok(DealCode {
            number: DealNumber(number),
            rule,
            modes,
        })
    }
}

/// The 52 cards of a deal in their starting places.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The peaks, row-major (3, 6, 9, 10).
    pub tableau: [Card; TABLEAU_SIZE],
    /// The card turned up onto the waste at the start.
    pub waste: Card,
    /// The stock, the first card drawn first.
    pub stock: [Card; STOCK_SIZE],
}

/// A list of cards that is not a full deck.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseDealError {
    #[error(transparent)]
    Card(#[from] ParseCardError),
    #[error(
        "a layout needs 52 cards (28 peaks row by row, the waste card, 23 stock cards from the top), not {0}"
    )]
    WrongCount(usize),
    #[error("{0} appears twice in the layout: each of the 52 cards must appear once")]
    Duplicate(Card),
}

impl Deal {
    /// Builds a deal from 52 distinct cards: 28 tableau cards row-major, the waste card, then the
    /// 23 stock cards from the top.
    pub fn from_cards(cards: &[Card]) -> Result<Deal, ParseDealError> {
        if cards.len() != 52 {
            return Err(ParseDealError::WrongCount(cards.len()));
        }
        let mut seen = [false; 52];
        for &card in cards {
            let slot = &mut seen[usize::from(card.index())];
            if *slot {
                return Err(ParseDealError::Duplicate(card));
            }
            *slot = true;
        }
        Ok(Deal {
            tableau: cards[..28].try_into().expect("28 cards"),
            waste: cards[28],
            stock: cards[29..].try_into().expect("23 cards"),
        })
    }

    /// All 52 cards in layout order (tableau, waste, stock).
    pub fn cards(&self) -> Vec<Card> {
        let mut cards = self.tableau.to_vec();
        cards.push(self.waste);
        cards.extend_from_slice(&self.stock);
        cards
    }

    /// The TP1 generator, exactly as RULES.md specifies it.
    pub fn generate(number: DealNumber) -> Deal {
        Deal::generate_round(number, 1)
    }

    /// Round `round` of progressive rounds (RULES.md, "Modes"): the TP1 generator with seed
    /// bytes 8..16 = `round − 1` as a little-endian u64. Round 1 (and 0, read as 1) is the code's
    /// ordinary deal.
    pub fn generate_round(number: DealNumber, round: u32) -> Deal {
        // Step 2: the seed is the number as a little-endian u64 followed by 24 zero bytes (the
        // second 8 of which hold the round, less one, in progressive rounds).
        let mut seed = [0u8; 32];
        seed[..8].copy_from_slice(&number.0.to_le_bytes());
        seed[8..16].copy_from_slice(&u64::from(round.saturating_sub(1)).to_le_bytes());
        let mut rng = ChaCha8Rng::from_seed(seed);
        // Step 3: the deck in index order, A♣ first, K♠ last.
        let mut deck: Vec<Card> = Card::all().collect();
        // Step 4: an unbiased Fisher–Yates shuffle by rejection sampling.
        for i in (1..52usize).rev() {
            let bound = (i + 1) as u64;
            let limit = ((1u64 << 32) / bound) * bound;
            let x = loop {
                let x = u64::from(rng.next_u32());
                if x < limit {
                    break x;
                }
            };
            let j = (x % bound) as usize;
            deck.swap(i, j);
        }
        // Step 5: the peaks row by row, then the waste card, then the stock.
        Deal::from_cards(&deck).expect("a shuffled deck holds 52 distinct cards")
    }
}

impl FromStr for Deal {
    type Err = ParseDealError;

    fn from_str(text: &str) -> Result<Deal, ParseDealError> {
        Deal::from_cards(&parse_cards(text)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `code` or `code round N`: the cards as the vectors file writes them.
    fn deal_text(code: &str) -> String {
        let (code, round) = match code.split_once(" round ") {
            Some((code, round)) => (code, round.parse().unwrap()),
            None => (code, 1),
        };
        let deal = code.parse::<DealCode>().unwrap().number.round_deal(round);
        let line = |cards: &[Card]| {
            cards
                .iter()
                .map(Card::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!(
            "{} | {} | {}",
            line(&deal.tableau),
            deal.waste,
            line(&deal.stock)
        )
    }

    #[test]
    fn rules_md_vector_aaaaaaa() {
        assert_eq!(
            deal_text("TP1-E-AAAAAAA"),
            "3S 9D 5C QH QC AS KD 8H 10S 8C 6D AD 4H KC 6H 9H 9S JD 10D 3D 6C JS 2S AH 3C 2H KH QD \
             | 7S | 8D JC 4S 9C JH 6S 2D 2C 5H 5S 5D 7H 10H QS KS 4C 7C 4D 3H 7D 10C AC 8S"
        );
    }

    #[test]
    fn rules_md_vector_zzzzzzz() {
        assert_eq!(
            deal_text("TP1-E-ZZZZZZZ"),
            "AC 8H 6S 5S 6D QC 7D 8D AS 2S 3H QS 10S JD 2C KH 9H QH 4S QD 5C KS 9C JC 7H KC 3C 4C \
             | AD | 5D 8S 3D 2D 7C 9S AH 6H 2H 10D 10C 4H 3S 10H 7S JH 4D KD 9D 5H 8C JS 6C"
        );
    }

    /// Vectors taken from this implementation when it passed the two above: any change to
    /// dealing breaks them.
    #[test]
    fn own_vectors_pin_the_generator() {
        let vectors = include_str!("../../tests/data/tp1_vectors.txt");
        let mut checked = 0;
        for line in vectors
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let (code, expected) = line.split_once(": ").unwrap();
            assert_eq!(deal_text(code), expected, "{code}");
            checked += 1;
        }
        assert!(checked >= 8, "only {checked} vectors");
    }

    #[test]
    fn round_one_is_the_ordinary_deal_and_later_rounds_differ() {
        let number = DealNumber::new(0).unwrap();
        assert_eq!(number.round_deal(1), number.deal());
        assert_eq!(number.round_deal(0), number.deal());
        assert_ne!(number.round_deal(2), number.deal());
        assert_ne!(number.round_deal(2), number.round_deal(3));
    }

    #[test]
    fn mode_suffixes_parse_and_print_in_order() {
        let code: DealCode = " tp1-c-abcdefg-wo ".parse().unwrap();
        assert_eq!(code.to_string(), "TP1-C-ABCDEFG-OW");
        assert!(code.modes.open_peaks && code.modes.empty_waste);
        let code: DealCode = "TP1-E-ABCDEFG-PA".parse().unwrap();
        assert_eq!(code.to_string(), "TP1-E-ABCDEFG-AP");
        // The modes do not change the cards.
        assert_eq!(
            code.number,
            "TP1-E-ABCDEFG".parse::<DealCode>().unwrap().number
        );
        let plain: DealCode = "TP1-E-ABCDEFG".parse().unwrap();
        assert!(plain.modes.is_standard());
        assert_eq!(plain.to_string(), "TP1-E-ABCDEFG");
    }

    #[test]
    fn bad_mode_letters_are_named() {
        for (text, letter) in [
            ("TP1-E-ABCDEFG-AX", 'X'),
            ("TP1-E-ABCDEFG-AA", 'A'),
            ("TP1-E-ABCDEFG-M", 'M'),
            ("TP1-E-ABCDEFG-OP", 'P'),
        ] {
            match text.parse::<DealCode>() {
                Err(error @ ParseCodeError::Modes { .. }) => {
                    assert!(
                        error.to_string().contains(&format!("`{letter}`")),
                        "{error}"
                    );
                    assert_eq!(error.input(), text);
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(matches!(
            "TP1-E-ABCDEFG-A-P".parse::<DealCode>(),
            Err(ParseCodeError::Form(_))
        ));
    }

    #[test]
    fn the_rule_letter_does_not_change_the_cards() {
        let deal = |code: &str| code.parse::<DealCode>().unwrap().number.deal();
        assert_eq!(deal("TP1-E-QWERTYU"), deal("TP1-C-QWERTYU"));
        assert_eq!(deal("TP1-E-QWERTYU"), deal("TP1-N-QWERTYU"));
    }

    #[test]
    fn codes_parse_case_insensitively_around_spaces() {
        let code: DealCode = "  tp1-c-aaaaaab \n".parse().unwrap();
        assert_eq!(code.rule, Rule::Classic);
        assert_eq!(code.number.value(), 1);
        assert_eq!(code.to_string(), "TP1-C-AAAAAAB");
        let legacy: DealCode = "TP1-N-ZZZZZZZ".parse().unwrap();
        assert_eq!(legacy.rule, Rule::Easy);
        assert_eq!(legacy.number.value(), 8_031_810_175);
        assert_eq!(legacy.to_string(), "TP1-E-ZZZZZZZ");
    }

    #[test]
    fn bad_codes_are_errors_that_show_the_form() {
        for text in [
            "",
            "TP1",
            "TP1-E",
            "TP1-E-AAAAAA",
            "TP1-E-AAAAAAAA",
            "TP2-E-AAAAAAA",
            "TP1-X-AAAAAAA",
            "TP1-E-AAAA1AA",
            "TP1-E-AAAAAAA-",
            "TP1 E AAAAAAA",
            "TP1-E-ÄAAAAAA",
            "TP1--AAAAAAA",
        ] {
            let error = text.parse::<DealCode>().unwrap_err();
            assert!(error.to_string().contains("TP1-E-XXXXXXX"), "{text:?}");
        }
    }

    #[test]
    fn numbers_and_letters_agree() {
        for n in [0, 1, 25, 26, 675, 123_456_789, DEAL_COUNT - 1] {
            let number = DealNumber::new(n).unwrap();
            let code: DealCode = format!("TP1-E-{}", number.letters()).parse().unwrap();
            assert_eq!(code.number, number);
        }
        assert_eq!(DealNumber::new(DEAL_COUNT), None);
        assert!(DealNumber::random().value() < DEAL_COUNT);
    }

    #[test]
    fn layouts_need_52_distinct_cards() {
        let deal = DealNumber::new(7).unwrap().deal();
        let text: Vec<String> = deal.cards().iter().map(Card::to_string).collect();
        assert_eq!(text.join(" ").parse::<Deal>().unwrap(), deal);
        assert_eq!(
            text[..51].join(" ").parse::<Deal>(),
            Err(ParseDealError::WrongCount(51))
        );
        let mut twice = text.clone();
        twice[51] = twice[0].clone();
        assert!(matches!(
            twice.join(" ").parse::<Deal>(),
            Err(ParseDealError::Duplicate(_))
        ));
        assert!(matches!("XX".parse::<Deal>(), Err(ParseDealError::Card(_))));
    }
}
