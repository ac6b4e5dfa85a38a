//! The stored form of a game: small, versioned JSON that later versions must keep reading.
//!
//! ```json
//! {"v":1,"code":"TP1-E-AAAAAAA","played":"KC AS 2D","moves":3,"turn":3,"undo":3}
//! ```
//! A game dealt from a layout keeps `"layout"` (52 cards) and `"rule"` instead of `"code"`.
//! `"hints"` counts the hints asked for and `"hinted"` is the turn of the last one counted (one
//! per turn); both are left out while unused, and a record without them reads as none.
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
    #[serde(default, skip_serializing_if = "is_zero")]
    hints: u32,
    /// The turn of the last hint counted; left out when none was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hinted: Option<u32>,
}

fn is_zero(count: &u32) -> bool {
    *count == 0
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
            hints: self.hints_used(),
            hinted: self.hinted_turn(),
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
        let game = Game::restore(
            deal,
            origin,
            rule,
            &played,
            stored.moves,
            stored.turn,
            stored.undo,
        )?;
        Ok(game.with_hints_used(stored.hints, stored.hinted))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A record as written before games counted hints.
    const WITHOUT_HINTS: &str =
        r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"8D","moves":1,"turn":1,"undo":1}"#;

    #[test]
    fn a_record_without_hints_loads_with_none_used() {
        let game = Game::from_stored(WITHOUT_HINTS).unwrap();
        assert_eq!(game.hints_used(), 0);
        assert_eq!(game.moves(), 1);
        // And a game without hints is written exactly as before.
        assert_eq!(game.to_stored(), WITHOUT_HINTS);
    }

    #[test]
    fn hints_used_round_trip_and_count_once_per_turn() {
        let mut game = Game::from_stored(WITHOUT_HINTS).unwrap();
        assert!(game.use_hint());
        assert!(
            !game.use_hint(),
            "asking again on the same turn counts no more"
        );
        game.apply(crate::game::Action::Draw).unwrap();
        assert!(game.use_hint());
        let stored = game.to_stored();
        assert!(stored.contains(r#""hints":2"#), "{stored}");
        assert!(
            stored.contains(&format!(r#""hinted":{}"#, game.turn())),
            "{stored}"
        );
        let read = Game::from_stored(&stored).unwrap();
        assert_eq!(read.hints_used(), 2);
        assert_eq!(read, game);
    }

    #[test]
    fn a_hint_changes_nothing_on_the_board() {
        let mut game = Game::from_stored(WITHOUT_HINTS).unwrap();
        let before = (game.turn(), game.score(), game.moves(), game.waste());
        game.use_hint();
        assert_eq!(
            (game.turn(), game.score(), game.moves(), game.waste()),
            before
        );
    }

    #[test]
    fn a_malformed_hint_count_is_an_error() {
        for bad in [
            r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"","moves":0,"turn":0,"undo":0,"hints":-1}"#,
            // Counters at the edge of u32 used to load, and overflowed on the next move.
            r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"","moves":0,"turn":4294967295,"undo":0}"#,
            r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"","moves":4294967295,"turn":4294967295,"undo":0}"#,
            r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"","moves":0,"turn":0,"undo":0,"hints":"x"}"#,
        ] {
            assert!(Game::from_stored(bad).is_err(), "{bad}");
        }
    }
}
