//! The stored form of a game: small, versioned JSON that later versions must keep reading.
//!
//! ```json
//! {"v":1,"code":"TP1-E-AAAAAAA","played":"KC AS 2D","moves":3,"turn":3,"undo":3}
//! ```
//! A game dealt from a layout keeps `"layout"` (52 cards) and `"rule"` instead of `"code"`.
//! Reading replays `played` through the rules, so a corrupt or forged record is an error, never a
//! game in an impossible state. A new field must get a default so that old records still load;
//! a change of meaning needs a new `v`.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::card::{Card, parse_cards};
use super::deal::{Deal, DealCode};
use super::rule::Rule;
use super::state::{Game, Origin, RestoreError};

/// The version of the stored form written now.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct StoredGame {
    v: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    layout: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
    played: String,
    moves: u32,
    turn: u32,
    undo: u8,
}

/// A stored game that cannot be read.
#[derive(Debug, Error)]
pub enum StoredGameError {
    #[error("the stored game is not valid JSON of the expected shape: {0}")]
    Json(#[from] serde_json::Error),
    #[error(
        "the stored game has format version {0}, and this program reads up to {FORMAT_VERSION}"
    )]
    Version(u32),
    #[error("the stored game has neither a valid deal code nor a valid layout")]
    Deal,
    #[error(transparent)]
    Rules(#[from] RestoreError),
}

fn card_list(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl Game {
    /// The stored form (see the module documentation). A few hundred bytes at most.
    pub fn to_stored(&self) -> String {
        let (code, layout, rule) = match self.code() {
            Some(code) => (Some(code.to_string()), None, None),
            None => (
                None,
                Some(card_list(&self.deal().cards())),
                Some(self.rule().name().to_string()),
            ),
        };
        let stored = StoredGame {
            v: FORMAT_VERSION,
            code,
            layout,
            rule,
            played: card_list(self.played()),
            moves: self.moves(),
            turn: self.turn(),
            undo: self.undo_available(),
        };
        serde_json::to_string(&stored).expect("a stored game always serialises")
    }

    /// Reads a stored game back, checking it against the rules.
    pub fn from_stored(text: &str) -> Result<Game, StoredGameError> {
        let stored: StoredGame = serde_json::from_str(text)?;
        if stored.v == 0 || stored.v > FORMAT_VERSION {
            return Err(StoredGameError::Version(stored.v));
        }
        let (deal, origin, rule) = match (&stored.code, &stored.layout) {
            (Some(code), None) => {
                let code: DealCode = code.parse().map_err(|_| StoredGameError::Deal)?;
                (code.number.deal(), Origin::Code(code.number), code.rule)
            }
            (None, Some(layout)) => {
                let deal: Deal = layout.parse().map_err(|_| StoredGameError::Deal)?;
                let rule: Rule = stored
                    .rule
                    .as_deref()
                    .unwrap_or("easy")
                    .parse()
                    .map_err(|_| StoredGameError::Deal)?;
                (deal, Origin::Layout, rule)
            }
            _ => return Err(StoredGameError::Deal),
        };
        let played = parse_cards(&stored.played).map_err(|_| StoredGameError::Deal)?;
        Ok(Game::restore(
            deal,
            origin,
            rule,
            &played,
            stored.moves,
            stored.turn,
            stored.undo,
        )?)
    }
}

impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_stored())
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let text = String::deserialize(deserializer)?;
        Game::from_stored(&text).map_err(serde::de::Error::custom)
    }
}
