//! Game modes (docs/RULES.md, "Modes"): Aisleriot's scoring with its two options, open peaks, an
//! empty waste, the wild card (a joker joins the deck) and the traditional draw (no draw while a
//! card fits), and the letters a deal code carries for them (`TP1-E-ABCDEFG-AP`).
//!
//! The type keeps the options inside the scoring they belong to, so "multiplier without Aisleriot
//! scoring" cannot be written down; parsing refuses it with a message naming the letter.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// How a game is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Scoring {
    /// The seeds' app: 500 to start, −1 a move, +100 a peak.
    #[default]
    Standard,
    /// GNOME Aisleriot's Triple Peaks (seed 004): chains, −5 a draw, bonuses for peak tops.
    Aisleriot {
        /// M: chains double (1, 2, 4, …), bonuses 25/50, draws cost nothing.
        multiplier: bool,
        /// P: clearing the board deals a new round; the game ends on a blocked round.
        progressive: bool,
    },
}

/// The modes of a game. The default (no letters) is the seeds' app game, exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Modes {
    pub scoring: Scoring,
    /// O: all 28 peak cards face up from the start (covered ones still cannot be played).
    pub open_peaks: bool,
    /// W: the waste starts empty; the deal's waste card tops a 24-card stock.
    pub empty_waste: bool,
    /// J: a joker joins the deck (53 cards); it fits any waste and any card fits it.
    pub wild_card: bool,
    /// T: a draw is refused while an uncovered peak card fits the waste.
    pub traditional_draw: bool,
}

/// The letters in the order codes print them.
const ORDER: [char; 7] = ['A', 'M', 'P', 'O', 'W', 'J', 'T'];

impl Modes {
    /// The standard game: no modes.
    pub const STANDARD: Modes = Modes {
        scoring: Scoring::Standard,
        open_peaks: false,
        empty_waste: false,
        wild_card: false,
        traditional_draw: false,
    };

    /// Aisleriot scoring with neither option.
    pub const AISLERIOT: Modes = Modes {
        scoring: Scoring::Aisleriot {
            multiplier: false,
            progressive: false,
        },
        open_peaks: false,
        empty_waste: false,
        wild_card: false,
        traditional_draw: false,
    };

    /// Whether this is the default game (no letters).
    pub fn is_standard(self) -> bool {
        self == Modes::STANDARD
    }

    pub fn aisleriot(self) -> bool {
        matches!(self.scoring, Scoring::Aisleriot { .. })
    }

    pub fn multiplier(self) -> bool {
        matches!(
            self.scoring,
            Scoring::Aisleriot {
                multiplier: true,
                ..
            }
        )
    }

    pub fn progressive(self) -> bool {
        matches!(
            self.scoring,
            Scoring::Aisleriot {
                progressive: true,
                ..
            }
        )
    }

    /// Whether `letter` (upper case) is set.
    fn has(self, letter: char) -> bool {
        match letter {
            'A' => self.aisleriot(),
            'M' => self.multiplier(),
            'P' => self.progressive(),
            'O' => self.open_peaks,
            'W' => self.empty_waste,
            'J' => self.wild_card,
            'T' => self.traditional_draw,
            _ => false,
        }
    }

    /// The letters, in the order A M P O W J T; empty for the standard game.
    pub fn letters(self) -> String {
        ORDER.into_iter().filter(|&l| self.has(l)).collect()
    }
}

impl fmt::Display for Modes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.letters())
    }
}

/// Mode letters that are not a valid set of modes.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseModesError {
    #[error("`{0}` is not a mode letter: the modes are A, M, P, O, W, J and T")]
    Unknown(char),
    #[error("the mode letter `{0}` appears twice")]
    Repeated(char),
    #[error("the mode letter `{0}` is an option of Aisleriot scoring and needs A")]
    NeedsAisleriot(char),
}

impl ParseModesError {
    /// The letter at fault.
    pub fn letter(&self) -> char {
        match self {
            ParseModesError::Unknown(l)
            | ParseModesError::Repeated(l)
            | ParseModesError::NeedsAisleriot(l) => *l,
        }
    }
}

impl FromStr for Modes {
    type Err = ParseModesError;

    /// Letters in any order, any case; the empty string is the standard game.
    fn from_str(text: &str) -> Result<Modes, ParseModesError> {
        let mut seen = Vec::new();
        for letter in text.chars().map(|c| c.to_ascii_uppercase()) {
            if !ORDER.contains(&letter) {
                return Err(ParseModesError::Unknown(letter));
            }
            if seen.contains(&letter) {
                return Err(ParseModesError::Repeated(letter));
            }
            seen.push(letter);
        }
        let has = |l| seen.contains(&l);
        for option in ['M', 'P'] {
            if has(option) && !has('A') {
                return Err(ParseModesError::NeedsAisleriot(option));
            }
        }
        Ok(Modes {
            scoring: if has('A') {
                Scoring::Aisleriot {
                    multiplier: has('M'),
                    progressive: has('P'),
                }
            } else {
                Scoring::Standard
            },
            open_peaks: has('O'),
            empty_waste: has('W'),
            wild_card: has('J'),
            traditional_draw: has('T'),
        })
    }
}

/// The scorings a player picks from (the multiplier is an option of Aisleriot's, but players
/// think of it as a scoring of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoringChoice {
    Standard,
    Aisleriot,
    Multiplier,
}

/// The mode options of `/tripeaks new` or `/tripeaks settings`: each one given or left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ModeChoices {
    pub scoring: Option<ScoringChoice>,
    pub progressive: Option<bool>,
    pub open_peaks: Option<bool>,
    pub empty_waste: Option<bool>,
    pub wild_card: Option<bool>,
    pub traditional_draw: Option<bool>,
}

/// Progressive rounds asked for together with the standard scoring, which has no rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("progressive rounds go with Aisleriot scoring")]
pub struct ProgressiveNeedsAisleriot;

impl ModeChoices {
    /// Every option given, to make exactly `modes`.
    pub fn exactly(modes: Modes) -> ModeChoices {
        ModeChoices {
            scoring: Some(match modes.scoring {
                Scoring::Standard => ScoringChoice::Standard,
                Scoring::Aisleriot {
                    multiplier: false, ..
                } => ScoringChoice::Aisleriot,
                Scoring::Aisleriot {
                    multiplier: true, ..
                } => ScoringChoice::Multiplier,
            }),
            progressive: Some(modes.progressive()),
            open_peaks: Some(modes.open_peaks),
            empty_waste: Some(modes.empty_waste),
            wild_card: Some(modes.wild_card),
            traditional_draw: Some(modes.traditional_draw),
        }
    }

    /// Whether no option was given.
    pub fn is_empty(self) -> bool {
        self == ModeChoices::default()
    }

    /// `base` with the options given changed. Progressive rounds without a scoring given bring
    /// Aisleriot scoring with them (they exist only there); with the standard scoring asked for
    /// explicitly they are an error.
    pub fn apply(self, base: Modes) -> Result<Modes, ProgressiveNeedsAisleriot> {
        let (mut multiplier, mut progressive) = (base.multiplier(), base.progressive());
        let mut aisleriot = base.aisleriot();
        match self.scoring {
            None => {}
            Some(ScoringChoice::Standard) => {
                (aisleriot, multiplier, progressive) = (false, false, false)
            }
            Some(ScoringChoice::Aisleriot) => (aisleriot, multiplier) = (true, false),
            Some(ScoringChoice::Multiplier) => (aisleriot, multiplier) = (true, true),
        }
        match self.progressive {
            Some(true) if self.scoring == Some(ScoringChoice::Standard) => {
                return Err(ProgressiveNeedsAisleriot);
            }
            Some(true) => (aisleriot, progressive) = (true, true),
            Some(false) => progressive = false,
            None => {}
        }
        Ok(Modes {
            scoring: if aisleriot {
                Scoring::Aisleriot {
                    multiplier,
                    progressive,
                }
            } else {
                Scoring::Standard
            },
            open_peaks: self.open_peaks.unwrap_or(base.open_peaks),
            empty_waste: self.empty_waste.unwrap_or(base.empty_waste),
            wild_card: self.wild_card.unwrap_or(base.wild_card),
            traditional_draw: self.traditional_draw.unwrap_or(base.traditional_draw),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_read_in_any_order_and_case_and_print_in_order() {
        let modes: Modes = "wpA".parse().unwrap();
        assert!(modes.aisleriot() && modes.progressive() && modes.empty_waste);
        assert!(!modes.multiplier() && !modes.open_peaks);
        assert_eq!(modes.letters(), "APW");
        assert_eq!("OWPMA".parse::<Modes>().unwrap().letters(), "AMPOW");
        assert_eq!("tjWOPMA".parse::<Modes>().unwrap().letters(), "AMPOWJT");
        let wild: Modes = "TJ".parse().unwrap();
        assert!(wild.wild_card && wild.traditional_draw && !wild.aisleriot());
        assert_eq!(wild.letters(), "JT");
        assert_eq!("".parse::<Modes>().unwrap(), Modes::STANDARD);
        assert!(Modes::default().is_standard());
        assert_eq!(Modes::STANDARD.letters(), "");
    }

    #[test]
    fn bad_letters_are_named() {
        assert_eq!("AX".parse::<Modes>(), Err(ParseModesError::Unknown('X')));
        assert_eq!("AA".parse::<Modes>(), Err(ParseModesError::Repeated('A')));
        assert_eq!("Oo".parse::<Modes>(), Err(ParseModesError::Repeated('O')));
        assert_eq!("JTj".parse::<Modes>(), Err(ParseModesError::Repeated('J')));
        assert_eq!("tT".parse::<Modes>(), Err(ParseModesError::Repeated('T')));
        assert_eq!("JX".parse::<Modes>(), Err(ParseModesError::Unknown('X')));
        assert!(
            "JX".parse::<Modes>()
                .unwrap_err()
                .to_string()
                .contains("A, M, P, O, W, J and T")
        );
        assert_eq!(
            "M".parse::<Modes>(),
            Err(ParseModesError::NeedsAisleriot('M'))
        );
        assert_eq!(
            "PW".parse::<Modes>(),
            Err(ParseModesError::NeedsAisleriot('P'))
        );
        let error = "A1".parse::<Modes>().unwrap_err();
        assert_eq!(error.letter(), '1');
        assert!(error.to_string().contains("`1`"));
    }

    #[test]
    fn choices_change_only_what_is_given() {
        let base: Modes = "AMO".parse().unwrap();
        assert_eq!(ModeChoices::default().apply(base), Ok(base));
        let progressive = ModeChoices {
            progressive: Some(true),
            ..ModeChoices::default()
        };
        assert_eq!(progressive.apply(base).unwrap().letters(), "AMPO");
        assert_eq!(progressive.apply(Modes::STANDARD).unwrap().letters(), "AP");
        let standard = ModeChoices {
            scoring: Some(ScoringChoice::Standard),
            empty_waste: Some(true),
            ..ModeChoices::default()
        };
        assert_eq!(
            standard.apply("AMP".parse().unwrap()).unwrap().letters(),
            "W"
        );
        let conflict = ModeChoices {
            scoring: Some(ScoringChoice::Standard),
            progressive: Some(true),
            ..ModeChoices::default()
        };
        assert_eq!(conflict.apply(base), Err(ProgressiveNeedsAisleriot));
        let plain = ModeChoices {
            scoring: Some(ScoringChoice::Aisleriot),
            open_peaks: Some(false),
            ..ModeChoices::default()
        };
        assert_eq!(plain.apply(base).unwrap().letters(), "A");
        let wild = ModeChoices {
            wild_card: Some(true),
            traditional_draw: Some(true),
            ..ModeChoices::default()
        };
        assert_eq!(wild.apply(base).unwrap().letters(), "AMOJT");
        let off = ModeChoices {
            traditional_draw: Some(false),
            ..ModeChoices::default()
        };
        assert_eq!(off.apply("JT".parse().unwrap()).unwrap().letters(), "J");
        for letters in ["", "A", "AMPOW", "APW", "O", "AMPOWJT", "JT", "WT"] {
            let modes: Modes = letters.parse().unwrap();
            assert_eq!(ModeChoices::exactly(modes).apply(base), Ok(modes));
        }
    }

    #[test]
    fn every_valid_set_round_trips() {
        for bits in 0..128u8 {
            let letters: String = ORDER
                .iter()
                .enumerate()
                .filter(|(i, _)| bits & 1 << i != 0)
                .map(|(_, l)| *l)
                .collect();
            match letters.parse::<Modes>() {
                Ok(modes) => assert_eq!(modes.letters(), letters),
                Err(error) => assert!(matches!(error, ParseModesError::NeedsAisleriot(_))),
            }
        }
    }
}
