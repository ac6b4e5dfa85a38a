//! Deals and deal codes, with the frozen TP1 deal generator.
//!
//! A code such as `TP1-E-AAAAAAB` names a deal forever: `TP1` is the generator's version, `E`/`C`
//! the King–Ace rule (a legacy `N` reads as Easy; the rule does not change the cards) and the 7
//! letters a base-26 number. An optional suffix names the modes (`TP1-E-AAAAAAB-AP`, `modes.rs`);
//! without it the code is the standard game, as it always was. The generator
//! (docs/RULES.md, "The TP1 deal generator") is written out here step by step on purpose: it must
//! not depend on any library's shuffle or range algorithm, which may change between versions.
//! Only the ChaCha8 keystream comes from `rand_chacha`, and the test vectors pin it.

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
        Deal::generate_round(self, round, false)
    }

    /// The cards of round `round` (1, 2, …) for a game in `modes`: with the wild card (J), the
    /// 53 cards with the joker placed as docs/RULES.md says ("The joker's place").
    pub fn deal_for(self, round: u32, modes: Modes) -> Deal {
        Deal::generate_round(self, round, modes.wild_card)
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

/// The 52 cards of a deal in their starting places (53 with the joker of the wild card).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The peaks, row-major (3, 6, 9, 10).
    pub tableau: [Card; TABLEAU_SIZE],
    /// The card turned up onto the waste at the start.
    pub waste: Card,
    /// The stock, the first card drawn first: 23 cards, 24 with the joker.
    pub stock: Vec<Card>,
}

/// A list of cards that is not a full deck.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseDealError {
    #[error(transparent)]
    Card(#[from] ParseCardError),
    #[error(
        "a layout needs 52 cards (28 peaks row by row, the waste card, 23 stock cards from the top), \
         or 53 with the joker JK (24 stock cards), not {0}"
    )]
    WrongCount(usize),
    #[error("a layout of 52 cards has no joker, and one of 53 holds the joker JK once")]
    JokerCount,
    #[error("{0} appears twice in the layout: each of the 52 cards must appear once")]
    Duplicate(Card),
}

impl Deal {
    /// Builds a deal from 52 distinct cards: 28 tableau cards row-major, the waste card, then the
    /// 23 stock cards from the top; or from 53, the joker among them (a 24-card stock).
    pub fn from_cards(cards: &[Card]) -> Result<Deal, ParseDealError> {
        if cards.len() != 52 && cards.len() != 53 {
            return Err(ParseDealError::WrongCount(cards.len()));
        }
        let mut seen = [false; 53];
        for &card in cards {
            let slot = &mut seen[usize::from(card.index())];
            if *slot {
                return Err(ParseDealError::Duplicate(card));
            }
            *slot = true;
        }
        if seen[usize::from(Card::JOKER.index())] != (cards.len() == 53) {
            return Err(ParseDealError::JokerCount);
        }
        Ok(Deal {
            tableau: cards[..28].try_into().expect("28 cards"),
            waste: cards[28],
            stock: cards[29..].to_vec(),
        })
    }

    /// Whether the joker of the wild card (J) is one of the cards.
    pub fn has_joker(&self) -> bool {
        self.cards().contains(&Card::JOKER)
    }

    /// All 52 (or 53) cards in layout order (tableau, waste, stock).
    pub fn cards(&self) -> Vec<Card> {
        let mut cards = self.tableau.to_vec();
        cards.push(self.waste);
        cards.extend_from_slice(&self.stock);
        cards
    }

    /// The TP1 generator, exactly as docs/RULES.md ("The TP1 deal generator") states it.
    pub fn generate(number: DealNumber) -> Deal {
        Deal::generate_round(number, 1, false)
    }

    /// Round `round` of progressive rounds (docs/RULES.md, "Rounds of progressive games"): the
    /// TP1 generator with seed bytes 8..16 = `round − 1` as a little-endian u64. Round 1 (and 0,
    /// read as 1) is the code's ordinary deal. With `joker` (the wild card, J), the same stream
    /// goes on to place the joker among the shuffled 52 cards.
    pub fn generate_round(number: DealNumber, round: u32, joker: bool) -> Deal {
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
        // The wild card (docs/RULES.md, "The joker's place"): words x until x < ⌊2³² / 53⌋ × 53;
        // the joker is inserted at index x mod 53, the cards from there on moving one place up.
        if joker {
            let limit = ((1u64 << 32) / 53) * 53;
            let x = loop {
                let x = u64::from(rng.next_u32());
                if x < limit {
                    break x;
                }
            };
            deck.insert((x % 53) as usize, Card::JOKER);
        }
        // Step 5: the peaks row by row, then the waste card, then the stock.
        Deal::from_cards(&deck).expect("a shuffled deck holds 52 distinct cards (and the joker)")
    }
}

impl FromStr for Deal {
    type Err = ParseDealError;

    fn from_str(text: &str) -> Result<Deal, ParseDealError> {
        Deal::from_cards(&parse_cards(text)?)
    }
}

#[cfg(test)]
mod tests;
