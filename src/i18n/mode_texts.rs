//! The texts of the game modes: their names, the note after a removal (a peak's bonus, a cleared
//! round), the end of a progressive game, and the refusal of a code with a bad mode letter.

use super::locale::Locale;
use super::messages::Message;
use crate::game::{Effect, Game, Modes, ParseCodeError, Status};
use crate::game::{Removal, aisleriot_removal};

/// The modes' names joined with ", " ("Aisleriot scoring, progressive rounds"); the standard
/// game's name when there are none.
pub fn mode_names(locale: Locale, modes: Modes) -> String {
    let mut names = Vec::new();
    if modes.aisleriot() {
        names.push(Message::ModeAisleriot);
    }
    if modes.multiplier() {
        names.push(Message::ModeMultiplier);
    }
    if modes.progressive() {
        names.push(Message::ModeProgressive);
    }
    if modes.open_peaks {
        names.push(Message::ModeOpenPeaks);
    }
    if modes.empty_waste {
        names.push(Message::ModeEmptyWaste);
    }
    if modes.wild_card {
        names.push(Message::ModeWildCard);
    }
    if modes.traditional_draw {
        names.push(Message::ModeTraditionalDraw);
    }
    if names.is_empty() {
        names.push(Message::ModeStandard);
    }
    names
        .iter()
        .map(|name| name.text(locale))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Modes: …." for a game with modes; `None` for the standard game.
pub fn modes_sentence(locale: Locale, modes: Modes) -> Option<String> {
    (!modes.is_standard()).then(|| {
        Message::GameModes {
            modes: &mode_names(locale, modes),
        }
        .text(locale)
    })
}

/// What a removal earns a word for: a cleared round (progressive rounds), or an emptied peak
/// with its bonus (100 in standard scoring, Aisleriot's 15/30 or 25/50). `game` is the game
/// after the removal.
pub fn removal_note(locale: Locale, game: &Game, effect: &Effect) -> Option<String> {
    let Effect::Removed {
        emptied_peak,
        cleared_round,
        ..
    } = *effect
    else {
        return None;
    };
    let modes = game.modes();
    if cleared_round {
        return Some(
            Message::RoundCleared {
                round: game.round() - 1,
                next: game.round(),
            }
            .text(locale),
        );
    }
    emptied_peak?;
    if !modes.aisleriot() {
        return Some(Message::PeakCleared.text(locale));
    }
    let removal = if game.status() == Status::Won {
        Removal::Clearing
    } else {
        Removal::Top
    };
    // The bonus alone: what the removal earned less its place in the chain.
    let points = aisleriot_removal(modes, 0, removal);
    Some(Message::PeakClearedBonus { points }.text(locale))
}

/// The end of a progressive game: a blocked round, with the score and the rounds cleared.
pub fn game_over_rounds(locale: Locale, game: &Game) -> String {
    Message::GameOverRounds {
        score: game.score(),
        rounds: game.round() - 1,
    }
    .text(locale)
}

/// Why a code was refused: its form, or the mode letter at fault.
pub fn code_invalid(locale: Locale, error: &ParseCodeError, shown_input: &str) -> String {
    match error {
        ParseCodeError::Form(_) => Message::CodeInvalid { input: shown_input }.text(locale),
        ParseCodeError::Modes { error, .. } => Message::CodeInvalidModes {
            input: shown_input,
            letter: &error.letter().to_string(),
        }
        .text(locale),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Action, DealCode};

    #[test]
    fn names_follow_the_code_order() {
        let modes: Modes = "WPA".parse().unwrap();
        assert_eq!(
            mode_names(Locale::EnUs, modes),
            "Aisleriot scoring, progressive rounds, empty waste"
        );
        assert_eq!(
            mode_names(Locale::EsEs, Modes::STANDARD),
            "partida estándar"
        );
        assert_eq!(modes_sentence(Locale::EnUs, Modes::STANDARD), None);
        let variants: Modes = "TJW".parse().unwrap();
        assert_eq!(
            mode_names(Locale::EnUs, variants),
            "empty waste, wild card, traditional draw"
        );
        assert_eq!(
            mode_names(Locale::EsEs, variants),
            "descarte vacío, comodín, robo tradicional"
        );
    }

    #[test]
    fn a_bad_letter_is_named_in_the_message() {
        let error = "TP1-E-AAAAAAA-AQ".parse::<DealCode>().unwrap_err();
        let text = code_invalid(Locale::Nl, &error, "TP1-E-AAAAAAA-AQ");
        assert!(text.contains("‘Q’"), "{text}");
    }

    #[test]
    fn a_draw_earns_no_note() {
        let mut game = Game::from_code("TP1-E-AAAAAAA-A".parse().unwrap());
        let effect = game.apply(Action::Draw).unwrap();
        assert_eq!(removal_note(Locale::EnUs, &game, &effect), None);
    }
}
