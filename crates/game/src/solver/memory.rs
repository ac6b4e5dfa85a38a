//! What the depth-first search remembers about states that cannot win: for each removed set and
//! waste rank, the fewest drawn cards with which it failed.
//!
//! One question is asked of it: is there an entry for the same removed set, with no more cards
//! drawn, whose waste allows every removal the new state's waste allows? Such a state can do all
//! that the new one can, and more: drawing is allowed at any time, so fewer cards drawn never
//! hurts, and after a removal or a draw the waste is the new card, so the waste only matters for
//! the removals it allows now. If it cannot win, neither can the new state.
//!
//! One 18-byte entry per removed set (22,932 of them, `index.rs`): 400 KiB, whatever the deal.
//! The memory is reused from search to search; `clear` forgets only the entries that were used.

use super::index::{MASK_COUNT, mask_index};
use super::tables::{Board, State, WASTES};

/// No entry for a waste rank.
const NONE: u8 = u8::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    /// For each waste rank, the fewest drawn cards recorded, or `NONE`.
    drawn: [u8; WASTES],
    /// The waste ranks that have an entry.
    wastes: u16,
}

const EMPTY: Entry = Entry {
    drawn: [NONE; WASTES],
    wastes: 0,
};

pub(super) struct Memory {
    entries: Vec<Entry>,
    /// The removed sets with an entry, for `clear`.
    used: Vec<u16>,
}

impl Memory {
    pub(super) fn new() -> Memory {
        Memory {
            entries: vec![EMPTY; MASK_COUNT],
            used: Vec::new(),
        }
    }

    /// Forgets everything.
    pub(super) fn clear(&mut self) {
        for &mask in &self.used {
            self.entries[usize::from(mask)] = EMPTY;
        }
        self.used.clear();
    }

    /// Whether an entry settles `state` (see the module documentation).
    pub(super) fn dominates(&self, board: &Board, state: State) -> bool {
        let entry = &self.entries[mask_of(state)];
        let mut wastes = entry.wastes;
        if wastes == 0 {
            return false;
        }
        let removable = Board::free(state.removed) & board.fitting(state.waste);
        while wastes != 0 {
            let waste = wastes.trailing_zeros() as usize;
            wastes &= wastes - 1;
            if entry.drawn[waste] <= state.drawn && removable & !board.fitting(waste as u8) == 0 {
                return true;
            }
        }
        false
    }

    /// Records `state`, keeping the fewest drawn cards for its removed set and waste rank.
    pub(super) fn record(&mut self, state: State) {
        let mask = mask_of(state);
        let entry = &mut self.entries[mask];
        if entry.wastes == 0 {
            self.used.push(mask as u16);
        }
        let drawn = &mut entry.drawn[usize::from(state.waste)];
        *drawn = (*drawn).min(state.drawn);
        entry.wastes |= 1 << state.waste;
    }
}

fn mask_of(state: State) -> usize {
    mask_index(state.removed).expect("a game only reaches removed sets closed upwards")
}
