//! The state of one game and the actions that change it: remove a card, draw, undo.
//!
//! The whole history of a game is the list of cards put onto the waste since the deal (each
//! removal and each draw puts exactly one card there; undo takes the top one back). Everything
//! else, the removed positions, the stock left, the score, is kept alongside for speed and can
//! be rebuilt from that list, which is also what the stored form keeps.
//!
//! Modes (`modes.rs`) change five things here: how an action is scored (`scoring.rs`), what the
//! waste and the peaks show at the start (empty waste, open peaks), which cards fit (the wild
//! card's joker fits everything), when a draw is allowed (traditional draw: not while a free card
//! fits), and, in progressive rounds, what clearing the board does: the next round is dealt at
//! once, the history starts again, and only the score, the move counter and the round number
//! carry over.

pub use super::action::{Action, Effect, Refusal, Slot, Status};
pub(crate) use restore::RestoreError;

mod hints;
mod restore;
mod rounds;

use super::card::Card;
use super::deal::{Deal, DealCode, DealNumber};
use super::layout::{ALL_POSITIONS, PEAKS, Position, PositionSet, positions_in};
use super::modes::{Modes, Scoring};
use super::rule::Rule;
use super::scoring::{Removal, aisleriot_after_draw, aisleriot_removal, standard_score};
use rounds::round_stock;

/// How many actions can be undone, newest first.
pub(crate) const UNDO_LIMIT: u8 = 100;

/// Where a game came from: a TP1 deal number, or a layout given card by card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    Code(DealNumber),
    Layout,
}

/// One game of TriPeaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The cards of this round (the only round but in progressive rounds).
    deal: Deal,
    origin: Origin,
    rule: Rule,
    modes: Modes,
    /// 1, 2, …: rounds are dealt one after another only in progressive rounds.
    round: u32,
    /// This round's stock, the first drawn first: 23 cards, or 24 with an empty waste.
    stock: Vec<Card>,
    /// Cards put onto the waste since this round's deal, oldest first.
    played: Vec<Card>,
    /// The Aisleriot score before each card of `played` was played, for undo (parallel to
    /// `played`; kept in every mode, it costs a few bytes).
    points_before: Vec<u32>,
    /// The Aisleriot score now (unused in standard scoring).
    points: u32,
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
    /// A new game of the deal a code names, with the code's rule and modes.
    pub fn from_code(code: DealCode) -> Game {
        Game::new(
            code.number.deal_for(1, code.modes),
            Origin::Code(code.number),
            code.rule,
            code.modes,
        )
    }

    /// A new standard game of a layout given card by card.
    pub fn from_layout(deal: Deal, rule: Rule) -> Game {
        Game::new(deal, Origin::Layout, rule, Modes::STANDARD)
    }

    /// A new game of a layout with modes. A layout has no code to deal further rounds from:
    /// in progressive rounds, every round deals the layout again.
    pub fn from_layout_with_modes(deal: Deal, rule: Rule, modes: Modes) -> Game {
        Game::new(deal, Origin::Layout, rule, modes)
    }

    /// The wild card (J) is a fact of the cards: a game has it exactly when its deal holds the
    /// joker (a code's J deals it; a layout of 53 cards brings it).
    fn new(deal: Deal, origin: Origin, rule: Rule, mut modes: Modes) -> Game {
        modes.wild_card = deal.has_joker();
        Game {
            stock: round_stock(&deal, modes),
            deal,
            origin,
            rule,
            modes,
            round: 1,
            played: Vec::new(),
            points_before: Vec::new(),
            points: 0,
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

    pub fn modes(&self) -> Modes {
        self.modes
    }

    /// The round being played: 1 but in progressive rounds.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The code that deals this game again, for games dealt from a code.
    pub fn code(&self) -> Option<DealCode> {
        match self.origin {
            Origin::Code(number) => Some(DealCode {
                number,
                rule: self.rule,
                modes: self.modes,
            }),
            Origin::Layout => None,
        }
    }

    /// The cards put onto the waste since this round's deal, oldest first.
    pub fn played(&self) -> &[Card] {
        &self.played
    }

    /// The card on top of the waste: none while an empty waste (W) has had nothing played on it.
    pub fn waste(&self) -> Option<Card> {
        match self.played.last() {
            Some(&card) => Some(card),
            None if self.modes.empty_waste => None,
            None => Some(self.deal.waste),
        }
    }

    /// The cards left in the stock.
    pub fn stock_len(&self) -> usize {
        self.stock.len() - usize::from(self.drawn)
    }

    /// The stock cards not yet drawn, the next one first. Hidden from players; for the solver.
    pub fn stock(&self) -> &[Card] {
        &self.stock[usize::from(self.drawn)..]
    }

    /// This round's whole stock, the first drawn first (23 cards, 24 with an empty waste).
    pub fn round_stock(&self) -> &[Card] {
        &self.stock
    }

    /// The stock cards drawn so far this round.
    pub fn drawn(&self) -> usize {
        usize::from(self.drawn)
    }

    /// Actions taken (removals and draws). Never goes down, not even on undo.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Accepted actions including undos: a number that changes with every change of the game.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// How many actions can be undone now.
    pub fn undo_available(&self) -> u8 {
        self.undo_available
    }

    /// The positions whose cards have been removed.
    pub fn removed(&self) -> PositionSet {
        self.removed
    }

    /// Which of the three peaks are empty, left to right (a result line marks each).
    pub fn emptied_peak_flags(&self) -> [bool; 3] {
        PEAKS.map(|peak| self.removed & peak == peak)
    }

    /// The card dealt at `position` in this round's deal, whether it is still there or not:
    /// what a tap on that place of the board means.
    pub fn card_at(&self, position: Position) -> Card {
        self.deal.tableau[position.index()]
    }

    /// How many of the three peaks are empty.
    pub fn emptied_peaks(&self) -> u32 {
        PEAKS
            .iter()
            .filter(|&&peak| self.removed & peak == peak)
            .count() as u32
    }

    /// The score: in standard scoring 500, −1 for every removal and draw not undone, +100 for
    /// every emptied peak; in Aisleriot scoring the chains' points, bonuses and draw costs, over
    /// all rounds. Never below 0.
    pub fn score(&self) -> u32 {
        match self.modes.scoring {
            Scoring::Standard => standard_score(self.played.len() as u32, self.emptied_peaks()),
            Scoring::Aisleriot { .. } => self.points,
        }
    }

    /// What a place in the peaks shows.
    pub fn slot(&self, position: Position) -> Slot {
        let card = self.card_at(position);
        if self.removed & position.bit() != 0 {
            Slot::Empty
        } else if self.is_uncovered(position) {
            Slot::FaceUp(card)
        } else if self.modes.open_peaks {
            Slot::Covered(card)
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

    /// Whether this free card fits the waste card now (any card fits an empty waste, and a
    /// joker fits and takes any card).
    pub fn fits(&self, card: Card) -> bool {
        self.waste().is_none_or(|waste| self.rule.fits(card, waste))
    }

    /// A free card that fits the waste now, the first by row: what a traditional draw (T) asks
    /// the player to play instead of drawing.
    pub fn fitting_free_card(&self) -> Option<Card> {
        self.free_cards()
            .into_iter()
            .map(|(_, card)| card)
            .find(|&card| self.fits(card))
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
        } else if self.stock_len() == 0 && self.fitting_free_card().is_none() {
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
                    Slot::FaceDown | Slot::Covered(_) => Err(Refusal::Blocked),
                    Slot::FaceUp(_) if !self.fits(card) => Err(Refusal::NotAdjacent),
                    Slot::FaceUp(_) => Ok(()),
                }
            }
            Action::Draw if self.stock_len() == 0 => Err(Refusal::StockEmpty),
            Action::Draw if self.modes.traditional_draw => match self.fitting_free_card() {
                Some(card) => Err(Refusal::MustPlay(card)),
                None => Ok(()),
            },
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
                let covered_before = self.covered();
                let removal = match position.row() {
                    0 if self.removed | position.bit() == ALL_POSITIONS => Removal::Clearing,
                    0 => Removal::Top,
                    _ => Removal::Plain,
                };
                let chain = self.chain() + 1;
                self.points_before.push(self.points);
                if self.modes.aisleriot() {
                    let earned = aisleriot_removal(self.modes, chain, removal);
                    self.points = self.points.saturating_add(earned);
                }
                self.removed |= position.bit();
                self.played.push(card);
                let newly_emptied = self.emptied_peak_set() & !peaks_before;
                let turned_up = covered_before & !self.covered();
                self.count_move();
                let cleared_round = self.removed == ALL_POSITIONS && self.modes.progressive();
                if cleared_round {
                    self.deal_next_round();
                }
                Effect::Removed {
                    card,
                    position,
                    turned_up,
                    emptied_peak: (newly_emptied != 0)
                        .then(|| newly_emptied.trailing_zeros() as usize),
                    cleared_round,
                }
            }
            Action::Draw => {
                let card = self.stock[usize::from(self.drawn)];
                self.points_before.push(self.points);
                if self.modes.aisleriot() {
                    self.points = aisleriot_after_draw(self.modes, self.points);
                }
                self.drawn += 1;
                self.played.push(card);
                self.count_move();
                Effect::Drew(card)
            }
            Action::Undo => {
                let card = self.played.pop().expect("undo_available <= played");
                self.points = self
                    .points_before
                    .pop()
                    .expect("points_before is parallel to played");
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
        self.emptied_peak_flags()
            .iter()
            .enumerate()
            .filter(|&(_, &emptied)| emptied)
            .fold(0, |set, (p, _)| set | 1 << p)
    }

    /// The cards still covered by others (face down, or face up under open peaks).
    fn covered(&self) -> PositionSet {
        positions_in(ALL_POSITIONS & !self.removed)
            .filter(|&p| !self.is_uncovered(p))
            .fold(0, |set, p| set | p.bit())
    }

    fn is_uncovered(&self, position: Position) -> bool {
        position.covered_by() & !self.removed == 0
    }
}
