//! The solver's view of one deal: ranks only (suits never matter), tables of who covers whom and
//! which ranks fit which, and a position as a removed set, a drawn count and a waste rank.
//!
//! Everything the searches ask per state (which cards are free, which fit the waste, whether
//! some card can never be removed any more) is a handful of mask operations on these tables, so
//! they spend their time on the states themselves.

use crate::card::Card;
use crate::layout::{ALL_POSITIONS, BOTTOM_ROW_START, Position, PositionSet, TABLEAU_SIZE};
use crate::rule::Rule;
use crate::state::Game;

/// A rank as the solver keeps it: `0` (Ace) to `12` (King), [`JOKER`] for the wild card's
/// joker; as a waste, also [`EMPTY_WASTE`].
pub(super) type RankIndex = u8;

/// The waste of an empty-waste game (W) before anything is played on it: every card fits.
pub(super) const EMPTY_WASTE: RankIndex = 13;

/// The joker of the wild card (J): it fits every waste, and every card fits it.
pub(super) const JOKER: RankIndex = 14;

/// The waste ranks: the 13 ranks, the empty waste and the joker.
pub(super) const WASTES: usize = 15;

/// The longest stock a round can have: 23 cards, one more with an empty waste, one more with
/// the joker.
pub(super) const MAX_STOCK: usize = 25;

/// A set of ranks, bit `r` for rank index `r`.
pub(super) type RankSet = u16;

/// One step of a line, by position so that the searches never look at suits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    Remove(usize),
    Draw,
}

/// One position of a game as the search sees it. The waste is kept as a rank only: two states
/// that differ in the waste card's suit have the same future.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct State {
    /// The positions whose cards have been removed.
    pub removed: PositionSet,
    /// How many stock cards have been drawn.
    pub drawn: u8,
    /// The rank of the waste card, or [`EMPTY_WASTE`].
    pub waste: RankIndex,
}

impl State {
    pub(super) fn is_won(self) -> bool {
        self.removed == ALL_POSITIONS
    }
}

/// The fixed facts of a deal that the search needs, by position and by rank.
#[derive(Debug, Clone)]
pub(super) struct Board {
    /// The rank at each peak position.
    pub ranks: [RankIndex; TABLEAU_SIZE],
    /// The ranks of the stock cards, the first drawn first (`stock_len` of them).
    pub stock: [RankIndex; MAX_STOCK],
    /// How many cards the round's stock has: the drawn count when it is empty.
    pub stock_len: u8,
    /// The cards themselves, to turn positions back into actions.
    pub cards: [Card; TABLEAU_SIZE],
    /// The traditional draw (T): no draw while a free card fits the waste.
    pub traditional: bool,
    /// For each waste rank, the positions whose card fits on it.
    fitting_positions: [PositionSet; WASTES],
    /// For each rank, the ranks that fit on it (and that it fits on: adjacency is symmetric);
    /// every card fits the empty waste and the empty waste takes every rank.
    neighbours: [RankSet; WASTES],
    /// For each position, the positions that cannot be removed right before it: those it lies
    /// on (they go after it) and those that lie on it through others.
    never_before: [PositionSet; TABLEAU_SIZE],
    /// `next_fitting[k][r]`: the first stock card from the `k`-th on (0-based) that a card of
    /// rank `r` fits on, or `u8::MAX`.
    next_fitting: [[u8; WASTES]; MAX_STOCK + 1],
    /// For each drawn count `k`, the positions whose rank has no neighbour among the stock
    /// cards not yet drawn: their cards can only leave on the waste card now or a peak card.
    stranded: [PositionSet; MAX_STOCK + 1],
    /// For each rank, the positions holding it.
    positions_of_rank: [PositionSet; WASTES],
}

fn rank_index(card: Card) -> RankIndex {
    card.rank().map_or(JOKER, |rank| rank.value() - 1)
}

/// Every card that lies on `position`, directly or through others: they all go before it.
fn lying_on(position: usize) -> PositionSet {
    let mut all = 0;
    let mut frontier = Position::new(position).expect("position < 28").covered_by();
    while frontier != 0 {
        all |= frontier;
        frontier = crate::layout::positions_in(frontier).fold(0, |next, p| next | p.covered_by());
    }
    all
}

impl Board {
    pub(super) fn new(game: &Game) -> Board {
        let deal = game.deal();
        let rule = game.rule();
        let ranks = deal.tableau.map(rank_index);
        let round_stock = game.round_stock();
        let stock_len = round_stock.len().min(MAX_STOCK);
        let mut stock = [0; MAX_STOCK];
        for (rank, &card) in stock.iter_mut().zip(round_stock) {
            *rank = rank_index(card);
        }
        let mut neighbours = [0; WASTES];
        for (a, set) in neighbours.iter_mut().enumerate() {
            for b in 0..WASTES as u8 {
                if adjacent(rule, a as u8, b) {
                    *set |= 1 << b;
                }
            }
        }
        let mut positions_of_rank = [0; WASTES];
        for (p, &r) in ranks.iter().enumerate() {
            positions_of_rank[usize::from(r)] |= 1 << p;
        }
        let fitting_positions = neighbours.map(|set| {
            (0..WASTES)
                .filter(|r| set & 1 << r != 0)
                .fold(0, |mask, r| mask | positions_of_rank[r])
        });
        let mut never_before: [PositionSet; TABLEAU_SIZE] = std::array::from_fn(|p| {
            let direct = Position::new(p).expect("p < 28").covered_by();
            lying_on(p) & !direct
        });
        for q in 0..TABLEAU_SIZE {
            for p in crate::layout::positions_in(lying_on(q)) {
                never_before[p.index()] |= 1 << q;
            }
        }
        let mut next_fitting = [[u8::MAX; WASTES]; MAX_STOCK + 1];
        for k in (0..stock_len).rev() {
            next_fitting[k] = next_fitting[k + 1];
            let mut fitting_ranks: RankSet = neighbours[usize::from(stock[k])];
            while fitting_ranks != 0 {
                next_fitting[k][fitting_ranks.trailing_zeros() as usize] = k as u8;
                fitting_ranks &= fitting_ranks - 1;
            }
        }
        let mut stranded = [ALL_POSITIONS; MAX_STOCK + 1];
        let mut taken: RankSet = 0;
        for k in (0..stock_len).rev() {
            taken |= neighbours[usize::from(stock[k])];
            stranded[k] = (0..WASTES)
                .filter(|r| taken & 1 << r == 0)
                .fold(0, |set, r| set | positions_of_rank[r]);
        }
        Board {
            ranks,
            stock,
            stock_len: stock_len as u8,
            cards: deal.tableau,
            traditional: game.modes().traditional_draw,
            fitting_positions,
            neighbours,
            never_before,
            stranded,
            next_fitting,
            positions_of_rank,
        }
    }

    /// The state of a game as the search sees it.
    pub(super) fn state_of(game: &Game) -> State {
        State {
            removed: game.removed(),
            drawn: game.drawn() as u8,
            waste: game.waste().map_or(EMPTY_WASTE, rank_index),
        }
    }

    /// The cards still in the peaks that no other card covers any more.
    pub(super) fn free(removed: PositionSet) -> PositionSet {
        let present = ALL_POSITIONS & !removed;
        // Row 3 card j is free when bottom cards j and j+1 are gone.
        let bottom = removed >> BOTTOM_ROW_START;
        let row3 = bottom & bottom >> 1 & 0x1FF;
        // Row 2 card 2p+k is free when row 3 cards 3p+k and 3p+k+1 are gone.
        let third = removed >> 9 & 0x1FF;
        let pairs = third & third >> 1;
        let row2 = pairs & 0b11 | pairs >> 1 & 0b1100 | pairs >> 2 & 0b11_0000;
        // Row 1 card p is free when row 2 cards 2p and 2p+1 are gone.
        let second = removed >> 3 & 0x3F;
        let pairs = second & second >> 1;
        let row1 = pairs & 1 | pairs >> 1 & 0b10 | pairs >> 2 & 0b100;
        let bottom_row = ALL_POSITIONS & !((1 << BOTTOM_ROW_START) - 1);
        present & (bottom_row | row3 << 9 | row2 << 3 | row1)
    }

    /// The free cards that fit the waste now: the removals the state allows.
    pub(super) fn removable(&self, state: State) -> PositionSet {
        Board::free(state.removed) & self.fitting_positions[usize::from(state.waste)]
    }

    /// The positions whose card fits on a waste card of rank `waste`.
    pub(super) fn fitting(&self, waste: RankIndex) -> PositionSet {
        self.fitting_positions[usize::from(waste)]
    }

    /// The index of the first stock card from the `drawn`-th on that a card of `rank` fits on.
    pub(super) fn next_fitting_draw(&self, drawn: u8, rank: RankIndex) -> Option<u8> {
        Some(self.next_fitting[usize::from(drawn)][usize::from(rank)]).filter(|&k| k != u8::MAX)
    }

    /// The ranks next to `rank` under the deal's rule.
    pub(super) fn neighbours(&self, rank: RankIndex) -> RankSet {
        self.neighbours[usize::from(rank)]
    }

    /// The state after removing the card at `position`.
    pub(super) fn remove(&self, state: State, position: usize) -> State {
        State {
            removed: state.removed | 1 << position,
            drawn: state.drawn,
            waste: self.ranks[position],
        }
    }

    /// The state after a draw.
    pub(super) fn draw(&self, state: State) -> State {
        State {
            removed: state.removed,
            drawn: state.drawn + 1,
            waste: self.stock[usize::from(state.drawn)],
        }
    }

    /// True when some card left in the peaks can never be removed, whatever is played.
    ///
    /// A card leaves right after its predecessor, a waste card of a neighbouring rank: the waste
    /// card now (only for a card that is free now), a stock card not yet drawn, or another peak
    /// card still there. Not every peak card can be the predecessor: not one that lies under it
    /// (it goes after it), nor one that lies on it through others (the cards between go after
    /// it). Each card is the predecessor of at most one other, so the cards of one rank that no
    /// stock card can take need as many distinct predecessors as there are of them.
    pub(super) fn is_dead(&self, state: State) -> bool {
        self.is_dead_with_wastes(state.removed, state.drawn, 1 << state.waste)
    }

    /// `is_dead` for a removed set reached with any of the waste ranks `wastes`, the earliest
    /// after `drawn` draws: true when each of these states has a card stuck for ever.
    pub(super) fn is_dead_with_wastes(
        &self,
        removed: PositionSet,
        drawn: u8,
        wastes: RankSet,
    ) -> bool {
        let present = ALL_POSITIONS & !removed;
        // Only the cards that no stock card left can take need a closer look, rank by rank.
        let mut stranded = self.stranded[usize::from(drawn)] & present;
        while stranded != 0 {
            let r = usize::from(self.ranks[stranded.trailing_zeros() as usize]);
            let mut cards = self.positions_of_rank[r] & stranded;
            stranded &= !cards;
            let needy = cards.count_ones();
            let candidates = self.fitting_positions[r] & present;
            let waste_fits = self.neighbours[r] & wastes != 0;
            let free_now = if waste_fits {
                Board::free(removed) & cards
            } else {
                0
            };
            let mut all_sources = 0;
            while cards != 0 {
                let p = cards.trailing_zeros() as usize;
                cards &= cards - 1;
                let sources = candidates & !self.never_before[p];
                if sources == 0 && free_now & 1 << p == 0 {
                    return true;
                }
                all_sources |= sources;
            }
            if all_sources.count_ones() + u32::from(free_now != 0) < needy {
                return true;
            }
        }
        false
    }
}

/// Whether ranks `a` and `b` (0-based, the empty waste or the joker) are neighbours under
/// `rule`: the empty waste takes every card, the joker fits and takes every card.
fn adjacent(rule: Rule, a: RankIndex, b: RankIndex) -> bool {
    if [a, b].iter().any(|&r| r == EMPTY_WASTE || r == JOKER) {
        return a != b;
    }
    let distance = a.abs_diff(b);
    distance == 1 || (rule == Rule::Easy && distance == 12)
}
