//! The stored form of a game: small, versioned JSON that later versions must keep reading.
//!
//! ```json
//! {"v":1,"code":"TP1-E-AAAAAAA","played":"KC AS 2D","moves":3,"turn":3,"undo":3}
//! ```
//! A game dealt from a layout keeps `"layout"` (52 cards), `"rule"` and `"modes"` (the letters)
//! instead of `"code"`.
//! `"hints"` counts the hints asked for and `"hinted"` is the turn of the last one counted (one
//! per turn); both are left out while unused, and a record without them reads as none.
//!
//! Version 2 is a game with modes (docs/RULES.md, "Modes"): its code carries the mode letters
//! (`TP1-E-AAAAAAA-AP`), and in progressive rounds `"round"` is the round being played,
//! `"carried"` the score at its start and `"played"` that round's history only. A standard game
//! is still written as version 1, byte for byte as before, so older programs keep reading it;
//! an older program refuses a version 2 record by its version instead of misreading it.
//! Reading replays `played` through the rules, so a corrupt or forged record is an error, never a
//! game in an impossible state. A new field must get a default so that old records still load;
//! a change of meaning needs a new `v`.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::card::{Card, parse_cards};
use super::deal::{Deal, DealCode};
use super::modes::Modes;
use super::rule::Rule;
use super::state::{Game, RestoreError};

/// The newest version of the stored form: 2 for games with modes, 1 for the standard game.
pub(crate) const FORMAT_VERSION: u32 = 2;

#[derive(Serialize, Deserialize)]
struct StoredGame {
    v: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    layout: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
    /// A layout's mode letters (a code carries its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    modes: Option<String>,
    /// Progressive rounds: the round being played (1 when left out).
    #[serde(default = "first_round", skip_serializing_if = "is_first_round")]
    round: u32,
    /// Progressive rounds: the score at the start of this round.
    #[serde(default, skip_serializing_if = "is_zero")]
    carried: u32,
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

fn first_round() -> u32 {
    1
}

fn is_first_round(round: &u32) -> bool {
    *round == 1
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
        let modes = self.modes();
        let (code, layout, rule, modes_letters) = match self.code() {
            Some(code) => (Some(code.to_string()), None, None, None),
            None => (
                None,
                Some(card_list(&self.deal().cards())),
                Some(self.rule().name().to_string()),
                (!modes.is_standard()).then(|| modes.letters()),
            ),
        };
        let stored = StoredGame {
            v: if modes.is_standard() { 1 } else { 2 },
            code,
            layout,
            rule,
            modes: modes_letters,
            round: self.round(),
            carried: self.round_start_score(),
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
        let start = match (&stored.code, &stored.layout) {
            (Some(code), None) => {
                let code: DealCode = code.parse().map_err(|_| StoredGameError::Deal)?;
                Game::from_code(code)
            }
            (None, Some(layout)) => {
                let deal: Deal = layout.parse().map_err(|_| StoredGameError::Deal)?;
                let rule: Rule = stored
                    .rule
                    .as_deref()
                    .unwrap_or("easy")
                    .parse()
                    .map_err(|_| StoredGameError::Deal)?;
                let modes: Modes = stored
                    .modes
                    .as_deref()
                    .unwrap_or("")
                    .parse()
                    .map_err(|_| StoredGameError::Deal)?;
                Game::from_layout_with_modes(deal, rule, modes)
            }
            _ => return Err(StoredGameError::Deal),
        };
        // A version 1 record is a standard game: modes arrived with version 2.
        if stored.v == 1 && !start.modes().is_standard() {
            return Err(StoredGameError::Deal);
        }
        let start = start.at_round(stored.round, stored.carried, stored.moves)?;
        let played = parse_cards(&stored.played).map_err(|_| StoredGameError::Deal)?;
        let game = Game::restore(start, &played, stored.moves, stored.turn, stored.undo)?;
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
        game.apply(crate::Action::Draw).unwrap();
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
