//! The game's own texts built from game values: refusals (the seeds' wording where they give
//! one), outcomes, start/win/blocked messages, the stock button, hints, code sharing and
//! settings confirmations. Texts with no game value in them are plain [`Message`]s.

use super::cards::{card_label, card_name, rule_name};
use super::locale::Locale;
use super::messages::Message;
use crate::game::{Card, DealCode, Game, Refusal, Rule, Status};

/// Why a tap was refused, for the player (es «Debe ser de un valor superior o inferior»); a
/// traditional draw's refusal names the card that fits.
pub fn refusal_text(locale: Locale, refusal: Refusal) -> String {
    match refusal {
        Refusal::MustPlay(card) => {
            return Message::RefusalMustPlay {
                card: &card_name(locale, card),
                label: &card_label(locale, card),
            }
            .text(locale);
        }
        Refusal::NotAdjacent => Message::RefusalNotAdjacent,
        Refusal::Blocked => Message::RefusalBlocked,
        Refusal::NotOnBoard => Message::RefusalNotOnBoard,
        Refusal::StockEmpty => Message::RefusalStockEmpty,
        Refusal::NothingToUndo => Message::RefusalNothingToUndo,
        Refusal::GameOver => Message::RefusalGameOver,
    }
    .text(locale)
}

/// Par at the end of a game: made, or how far below it the player finished; that the deal has
/// none when it cannot be won; nothing under Aisleriot scoring (`par` is `None` there too, but
/// the deal may be winnable, so nothing is said).
pub fn par_result(locale: Locale, game: &Game, par: Option<u32>) -> Option<String> {
    if game.modes().aisleriot() {
        return None;
    }
    Some(match par {
        Some(par) if game.score() >= par => Message::ParMade { par }.text(locale),
        Some(par) => Message::ParBehind {
            par,
            behind: par - game.score(),
        }
        .text(locale),
        None => Message::ParNone.text(locale),
    })
}

/// How the game ended ("No more moves possible"), or `None` while it is going on.
pub fn outcome_text(locale: Locale, status: Status) -> Option<String> {
    match status {
        Status::Playing => None,
        Status::Won => Some(Message::OutcomeWon.text(locale)),
        Status::Blocked => Some(Message::OutcomeBlocked.text(locale)),
    }
}

/// The start of a game dealt from a code, with its modes named if it has any.
pub fn game_started(locale: Locale, code: DealCode) -> String {
    let started = Message::GameStarted {
        code: &code.to_string(),
        rule: &rule_name(locale, code.rule),
    }
    .text(locale);
    match super::mode_texts::modes_sentence(locale, code.modes) {
        Some(modes) => format!("{started} {modes}"),
        None => started,
    }
}

/// The prompt for the next move, naming the waste card (or saying the waste is empty).
pub fn your_turn(locale: Locale, game: &Game) -> String {
    match game.waste() {
        Some(waste) => Message::GameYourTurn {
            waste: &card_name(locale, waste),
        }
        .text(locale),
        None => Message::BoardWasteEmpty.text(locale),
    }
}

/// The win, with the final score and the number of moves.
pub fn game_won(locale: Locale, game: &Game) -> String {
    Message::GameWon {
        score: game.score(),
        moves: game.moves(),
    }
    .text(locale)
}

/// "No more moves possible", with the score (and in progressive rounds, the rounds cleared).
pub fn game_blocked(locale: Locale, game: &Game) -> String {
    if game.modes().progressive() {
        return super::mode_texts::game_over_rounds(locale, game);
    }
    Message::GameBlocked {
        score: game.score(),
    }
    .text(locale)
}

/// The stock button's label: draw, with the number of cards left.
pub fn draw_button(locale: Locale, game: &Game) -> String {
    Message::ButtonDraw {
        count: game.stock_len(),
    }
    .text(locale)
}

/// The hint to remove a card, by its label and its name.
pub fn hint_remove(locale: Locale, card: Card) -> String {
    Message::HintRemove {
        card: &card_name(locale, card),
        label: &card_label(locale, card),
    }
    .text(locale)
}

/// The message that shares a deal code; `command` is how to start a game (see
/// [`Message::GameNotYours`]).
pub fn code_share(locale: Locale, code: DealCode, command: &str) -> String {
    let share = Message::CodeShare {
        code: &code.to_string(),
        rule: &rule_name(locale, code.rule),
        command,
    }
    .text(locale);
    match super::mode_texts::modes_sentence(locale, code.modes) {
        Some(modes) => format!("{share} {modes}"),
        None => share,
    }
}

/// The confirmation after switching help for errors on or off.
pub fn settings_errors(locale: Locale, on: bool) -> String {
    if on {
        Message::SettingsErrorsOn
    } else {
        Message::SettingsErrorsOff
    }
    .text(locale)
}

/// The confirmation after choosing the default rule for new games.
pub fn settings_rule(locale: Locale, rule: Rule) -> String {
    Message::SettingsRule {
        rule: &rule_name(locale, rule),
    }
    .text(locale)
}

/// The player's current settings.
pub fn settings_current(locale: Locale, errors_on: bool, rule: Rule, public: bool) -> String {
    let on_off = |on: bool| if on { "on" } else { "off" };
    Message::SettingsCurrent {
        errors: on_off(errors_on),
        rule: &rule_name(locale, rule),
        public: on_off(public),
    }
    .text(locale)
}
