//! The state of one game and the actions that change it: remove a card, draw, undo.
//!
//! The whole history of a game is the list of cards put onto the waste since the deal (each
//! removal and each draw puts exactly one card there; undo takes the top one back). Everything
//! else, the removed positions, the stock left, the score, is kept alongside for speed and can
//! be rebuilt from that list, which is also what the stored form keeps.

use thiserror::Error;

pub use super::action::{Action, Effect, Refusal, Slot, Status};
use super::card::Card;
use super::deal::{Deal, DealCode, DealNumber, STOCK_SIZE};
use super::layout::{ALL_POSITIONS, PEAKS, Position, PositionSet, positions_in};
use super::rule::Rule;

/// The score at the start of a game.
pub const START_SCORE: u32 = 500;
/// The points for emptying a whole peak.
pub const PEAK_BONUS: u32 = 100;
/// How many actions can be undone, newest first.
pub const UNDO_LIMIT: u8 = 100;

/// Where a game came from: a TP1 deal number, or a layout given card by card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    Code(DealNumber),
    Layout,
}

/// One game of TriPeaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    deal: Deal,
    origin: Origin,
    rule: Rule,
    /// Cards put onto the waste since the deal, oldest first.
    played: Vec<Card>,
    removed: PositionSet,
    drawn: u8,
    moves: u32,
    turn: u32,
    undo_available: u8,
    /// Hints asked for in this game (they cost no points, but the game remembers them).
    hints_used: u32,
    /// The turn of the last hint counted: asking again on the same turn counts no more.
    hinted_turn: Option<u32>,
}

impl Game {
    /// A new game of the deal a code names, with the code's rule.
    pub fn from_code(code: DealCode) -> Game {
        Game::new(code.number.deal(), Origin::Code(code.number), code.rule)
    }

    /// A new game of a layout given card by card.
    pub fn from_layout(deal: Deal, rule: Rule) -> Game {
        Game::new(deal, Origin::Layout, rule)
    }

    fn new(deal: Deal, origin: Origin, rule: Rule) -> Game {
        Game {
            deal,
            origin,
            rule,
            played: Vec::new(),
            removed: 0,
            drawn: 0,
            moves: 0,
            turn: 0,
            undo_available: 0,
            hints_used: 0,
            hinted_turn: None,
        }
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn origin(&self) -> Origin {
        self.origin
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The code that deals this game again, for games dealt from a code.
    pub fn code(&self) -> Option<DealCode> {
        match self.origin {
            Origin::Code(number) => Some(DealCode {
                number,
                rule: self.rule,
            }),
            Origin::Layout => None,
        }
    }

    /// The cards put onto the waste since the deal, oldest first.
    pub fn played(&self) -> &[Card] {
        &self.played
    }

    /// The card on top of the waste.
    pub fn waste(&self) -> Card {
        self.played.last().copied().unwrap_or(self.deal.waste)
    }

    /// The cards left in the stock.
    pub fn stock_len(&self) -> usize {
        STOCK_SIZE - usize::from(self.drawn)
    }

    /// The stock cards not yet drawn, the next one first. Hidden from players; for the solver.
    pub fn stock(&self) -> &[Card] {
        &self.deal.stock[usize::from(self.drawn)..]
    }

    /// Actions taken (removals and draws). Never goes down, not even on undo.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Accepted actions including undos: a number that changes with every change of the game.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// How many hints the player has asked for in this game.
    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }

    /// Counts one hint asked for, once per turn (a second ask, or a double tap, shows the same
    /// hint): whether it counted. Hints cost no points and change nothing on the board.
    pub fn use_hint(&mut self) -> bool {
        if self.hinted_turn == Some(self.turn) {
            return false;
        }
        self.hinted_turn = Some(self.turn);
        self.hints_used = self.hints_used.saturating_add(1);
        true
    }

    /// The turn of the last hint counted, if any.
    pub fn hinted_turn(&self) -> Option<u32> {
        self.hinted_turn
    }

    /// The game with its hint counter set, for reading a stored game.
    pub(super) fn with_hints_used(mut self, hints_used: u32, hinted_turn: Option<u32>) -> Game {
        self.hints_used = hints_used;
        self.hinted_turn = hinted_turn.filter(|&turn| turn <= self.turn);
        self
    }

    /// How many actions can be undone now.
    pub fn undo_available(&self) -> u8 {
        self.undo_available
    }

    /// The positions whose cards have been removed.
    pub fn removed(&self) -> PositionSet {
        self.removed
    }

    /// How many of the three peaks are empty.
    pub fn emptied_peaks(&self) -> u32 {
        PEAKS
            .iter()
            .filter(|&&peak| self.removed & peak == peak)
            .count() as u32
    }

    /// 500, −1 for every removal and draw not undone, +100 for every emptied peak; never below 0.
    pub fn score(&self) -> u32 {
        score(self.played.len() as u32, self.emptied_peaks())
    }

    /// What a place in the peaks shows.
    pub fn slot(&self, position: Position) -> Slot {
        if self.removed & position.bit() != 0 {
            Slot::Empty
        } else if self.is_uncovered(position) {
            Slot::FaceUp(self.deal.tableau[position.index()])
        } else {
            Slot::FaceDown
        }
    }

    /// The free cards, face up and uncovered, left to right by row.
    pub fn free_cards(&self) -> Vec<(Position, Card)> {
        Position::all()
            .filter_map(|p| match self.slot(p) {
                Slot::FaceUp(card) => Some((p, card)),
                _ => None,
            })
            .collect()
    }

    /// Whether this free card fits the waste card now.
    pub fn fits(&self, card: Card) -> bool {
        self.rule.adjacent(card.rank(), self.waste().rank())
    }

    /// Where a card lies in the peaks at the deal.
    pub fn position_of(&self, card: Card) -> Option<Position> {
        self.deal
            .tableau
            .iter()
            .position(|&c| c == card)
            .and_then(Position::new)
    }

    pub fn status(&self) -> Status {
        if self.removed == ALL_POSITIONS {
            Status::Won
        } else if self.stock_len() == 0
            && !self
                .free_cards()
                .into_iter()
                .any(|(_, card)| self.fits(card))
        {
            Status::Blocked
        } else {
            Status::Playing
        }
    }

    /// Whether an action would be accepted now, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), Refusal> {
        if self.status() == Status::Won {
            return Err(Refusal::GameOver);
        }
        match action {
            Action::Remove(card) => {
                let position = self.position_of(card).ok_or(Refusal::NotOnBoard)?;
                match self.slot(position) {
                    Slot::Empty => Err(Refusal::NotOnBoard),
                    Slot::FaceDown => Err(Refusal::Blocked),
                    Slot::FaceUp(_) if !self.fits(card) => Err(Refusal::NotAdjacent),
                    Slot::FaceUp(_) => Ok(()),
                }
            }
            Action::Draw if self.stock_len() == 0 => Err(Refusal::StockEmpty),
            Action::Draw => Ok(()),
            Action::Undo if self.undo_available == 0 => Err(Refusal::NothingToUndo),
            Action::Undo => Ok(()),
        }
    }

    /// Applies an action, or refuses it and changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<Effect, Refusal> {
        self.check(action)?;
        self.turn += 1;
        let effect = match action {
            Action::Remove(card) => {
                let position = self.position_of(card).expect("checked");
                let peaks_before = self.emptied_peak_set();
                let face_down_before = self.face_down();
                self.removed |= position.bit();
                self.played.push(card);
                let newly_emptied = self.emptied_peak_set() & !peaks_before;
                self.count_move();
                Effect::Removed {
                    card,
                    position,
                    turned_up: face_down_before & !self.face_down(),
                    emptied_peak: (newly_emptied != 0)
                        .then(|| newly_emptied.trailing_zeros() as usize),
                }
            }
            Action::Draw => {
                let card = self.deal.stock[usize::from(self.drawn)];
                self.drawn += 1;
                self.played.push(card);
                self.count_move();
                Effect::Drew(card)
            }
            Action::Undo => {
                let card = self.played.pop().expect("undo_available <= played");
                self.undo_available -= 1;
                let undone = match self.position_of(card) {
                    Some(position) => {
                        self.removed &= !position.bit();
                        Action::Remove(card)
                    }
                    None => {
                        self.drawn -= 1;
                        Action::Draw
                    }
                };
                Effect::Undid(undone)
            }
        };
        Ok(effect)
    }

    fn count_move(&mut self) {
        self.moves += 1;
        self.undo_available = (self.undo_available + 1).min(UNDO_LIMIT);
    }

    /// Bit `p` set for each emptied peak `p`.
    fn emptied_peak_set(&self) -> u8 {
        PEAKS
            .iter()
            .enumerate()
            .filter(|&(_, &peak)| self.removed & peak == peak)
            .fold(0, |set, (p, _)| set | 1 << p)
    }

    fn face_down(&self) -> PositionSet {
        positions_in(ALL_POSITIONS & !self.removed)
            .filter(|&p| !self.is_uncovered(p))
            .fold(0, |set, p| set | p.bit())
    }

    fn is_uncovered(&self, position: Position) -> bool {
        position.covered_by() & !self.removed == 0
    }

    /// Rebuilds a game from its stored parts, checking every step against the rules.
    pub(super) fn restore(
        deal: Deal,
        origin: Origin,
        rule: Rule,
        played: &[Card],
        moves: u32,
        turn: u32,
        undo_available: u8,
    ) -> Result<Game, RestoreError> {
        let mut game = Game::new(deal, origin, rule);
        for &card in played {
            let action = match game.position_of(card) {
                Some(_) => Action::Remove(card),
                None if game.stock().first() == Some(&card) => Action::Draw,
                None => return Err(RestoreError::NotPlayable(card)),
            };
            game.apply(action)
                .map_err(|_| RestoreError::NotPlayable(card))?;
        }
        let played_len = played.len() as u32;
        // Counters beyond any real game (a billion actions) are a forged or damaged record; they
        // would overflow on the next move.
        let absurd = turn > MAX_COUNTER || moves > MAX_COUNTER;
        if absurd || moves < played_len || turn < moves || undo_available > UNDO_LIMIT {
            return Err(RestoreError::Counters);
        }
        if u32::from(undo_available) > played_len {
            return Err(RestoreError::Counters);
        }
        game.moves = moves;
        game.turn = turn;
        game.undo_available = undo_available;
        Ok(game)
    }
}

/// The largest move or turn counter a stored game may have: far beyond any real game, far below
/// where the counters would overflow.
pub const MAX_COUNTER: u32 = 1 << 30;

/// The score after `net_moves` removals and draws (not undone) with `emptied_peaks` peaks empty.
pub fn score(net_moves: u32, emptied_peaks: u32) -> u32 {
    (START_SCORE + PEAK_BONUS * emptied_peaks).saturating_sub(net_moves)
}

/// A stored game that does not follow the rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RestoreError {
    #[error("the stored history puts {0} on the waste where the rules do not allow it")]
    NotPlayable(Card),
    #[error("the stored move, turn or undo counters do not agree with the history")]
    Counters,
}
