//! The depth-first search for a winning line, with a memory of states that cannot win.
//!
//! From a state the search tries the removals first, most promising first, then a draw. A state
//! whose every continuation fails is remembered, in a flat array over (removed set, waste rank),
//! so it is never searched twice, and a state in which some card can provably never be removed
//! ([`Board::is_dead`]) fails at once. Quick on most deals that can be won; the sweep
//! (`sweep.rs`) is the better tool for the rest and to prove that a deal cannot be won.

use super::memory::Memory;
use super::tables::{Board, State, Step};
use crate::layout::TABLEAU_SIZE;

pub(super) struct DepthFirst<'a> {
    board: &'a Board,
    /// The states found not to win. A state that one of them dominates (`Memory::dominates`)
    /// cannot win either.
    failed: &'a mut Memory,
    /// States expanded (not answered from memory).
    pub states: u64,
    /// The search gives up after expanding this many states.
    budget: u64,
    /// The winning line found, newest step first while the search unwinds.
    line: Vec<Step>,
}

/// What a depth-first search found.
pub(super) enum Outcome {
    Won(Vec<Step>),
    Lost,
    /// The budget ran out first.
    GaveUp,
}

impl<'a> DepthFirst<'a> {
    pub(super) fn new(board: &'a Board, budget: u64, failed: &'a mut Memory) -> DepthFirst<'a> {
        failed.clear();
        DepthFirst {
            board,
            failed,
            states: 0,
            budget,
            line: Vec::new(),
        }
    }

    /// Searches for a winning line from `state`.
    pub(super) fn run(&mut self, state: State) -> Outcome {
        self.line.clear();
        match self.wins(state) {
            Some(true) => {
                let mut line = std::mem::take(&mut self.line);
                line.reverse();
                Outcome::Won(line)
            }
            Some(false) => Outcome::Lost,
            None => Outcome::GaveUp,
        }
    }

    /// Whether `state` wins; `None` when the budget ran out.
    fn wins(&mut self, state: State) -> Option<bool> {
        if state.is_won() {
            return Some(true);
        }
        if self.failed.dominates(self.board, state) {
            return Some(false);
        }
        if self.states >= self.budget {
            return None;
        }
        self.states += 1;
        if !self.board.is_dead(state) {
            for position in ordered_removals(self.board, state) {
                if self.wins(self.board.remove(state, position))? {
                    self.line.push(Step::Remove(position));
                    return Some(true);
                }
            }
            if state.drawn < self.board.stock_len && self.wins(self.board.draw(state))? {
                self.line.push(Step::Draw);
                return Some(true);
            }
        }
        self.failed.record(state);
        Some(false)
    }
}

/// The removals a state allows, most promising first: those that turn up more face-down cards,
/// then those after which another removal follows. Ties go to the lower position, never to a
/// suit.
fn ordered_removals(board: &Board, state: State) -> impl Iterator<Item = usize> {
    let mut moves = [(0u32, 0usize); TABLEAU_SIZE];
    let mut count = 0;
    let free = Board::free(state.removed);
    let mut removable = board.removable(state);
    while removable != 0 {
        let position = removable.trailing_zeros() as usize;
        removable &= removable - 1;
        let next = board.remove(state, position);
        let free_after = Board::free(next.removed);
        let turned_up = (free_after & !free).count_ones();
        let continues = u32::from(board.removable(next) != 0);
        moves[count] = (turned_up * 2 + continues, position);
        count += 1;
    }
    let moves = &mut moves[..count];
    // Highest score first; the sort is stable, so equal scores keep position order.
    moves.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    let ordered: [usize; TABLEAU_SIZE] = std::array::from_fn(|i| moves.get(i).map_or(0, |m| m.1));
    ordered.into_iter().take(count)
}
