//! What a player can do to a game and what comes of it: the actions (remove, draw, undo), why
//! the rules refuse one, what an accepted one did, what a place in the peaks shows, and where
//! a game stands. Plain values; `state.rs` is the game that takes them.

use thiserror::Error;

use super::card::Card;
use super::layout::{Position, PositionSet};

/// What a player can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move this card from the peaks onto the waste.
    Remove(Card),
    /// Turn the top stock card onto the waste.
    Draw,
    /// Take back the newest action.
    Undo,
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Remove(card) => write!(f, "{card}"),
            Action::Draw => f.write_str("draw"),
            Action::Undo => f.write_str("undo"),
        }
    }
}

impl std::str::FromStr for Action {
    type Err = super::card::ParseCardError;

    /// A card (`KC`, `10h`, `T♥`), `draw` or `undo`.
    fn from_str(text: &str) -> Result<Action, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "draw" => Ok(Action::Draw),
            "undo" => Ok(Action::Undo),
            _ => text.parse().map(Action::Remove),
        }
    }
}

/// Why an action was refused. A refused action changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum Refusal {
    /// A free card whose rank is not one above or below the waste card's.
    #[error("must be one rank higher or lower")]
    NotAdjacent,
    /// A card that is still covered (and so face down).
    #[error("this card is blocked")]
    Blocked,
    /// A card that is not in the peaks: already removed, or in the stock or on the waste.
    #[error("this card is not on the board")]
    NotOnBoard,
    /// A draw with no stock left.
    #[error("the stock is empty")]
    StockEmpty,
    /// An undo with nothing (left) to undo.
    #[error("nothing to undo")]
    NothingToUndo,
    /// Any action on a won game.
    #[error("the game is over")]
    GameOver,
    /// A draw under the traditional draw (T) while a free card fits the waste: this one.
    #[error("a card fits the waste ({0}): play it before drawing")]
    MustPlay(Card),
}

impl Refusal {
    /// The reason as the CLI's JSON and other tools name it.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::NotAdjacent => "not_adjacent",
            Refusal::Blocked => "blocked",
            Refusal::NotOnBoard => "not_on_board",
            Refusal::StockEmpty => "stock_empty",
            Refusal::NothingToUndo => "nothing_to_undo",
            Refusal::GameOver => "game_over",
            Refusal::MustPlay(_) => "must_play",
        }
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Playing,
    /// All 28 peak cards are removed. Final: no action is accepted any more. (In progressive
    /// rounds a clear board deals the next round instead: such a game is never won.)
    Won,
    /// The stock is empty and no free card fits the waste. Undo is still possible. In
    /// progressive rounds this ends the game.
    Blocked,
}

impl Status {
    /// `playing`, `won` or `blocked`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Blocked => "blocked",
        }
    }
}

/// What one place in the peaks shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The card was removed.
    Empty,
    /// A card is there, still covered, face down.
    FaceDown,
    /// A card still covered but shown face up (open peaks): it cannot be played yet.
    Covered(Card),
    /// A free card, face up.
    FaceUp(Card),
}

/// What an accepted action did, for messages and animations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    Removed {
        card: Card,
        position: Position,
        /// The cards this removal uncovered (turned face up, but under open peaks).
        turned_up: PositionSet,
        /// The peak (0 left, 1 centre, 2 right) this removal emptied, if any.
        emptied_peak: Option<usize>,
        /// Progressive rounds: this removal cleared the board and the next round is dealt.
        cleared_round: bool,
    },
    Drew(Card),
    /// The action taken back.
    Undid(Action),
}
