//! The sweep: for every removed set a game can reach, smallest first, the fewest draws with
//! which it can be reached with each waste rank. Exact and complete, with no search at all.
//!
//! A state is a removed set, a drawn count and a waste rank, and the drawn count only grows.
//! Drawing is allowed at any time, so reaching a removed set with a waste rank after fewer draws
//! is never worse than after more: per removed set, only the fewest draws for each waste rank
//! matter. From a removed set, a free card leaves either on a waste rank that the set is already
//! reached with, or right after drawing the next stock card of a neighbouring rank (drawing on
//! from the set's earliest arrival), and either way it becomes the waste of the next set. So the
//! arrivals of every set follow from those of the sets one card smaller: one pass over the
//! reachable sets (at most 22,932, `index.rs`), smallest first, looking at each free card once.
//! The full set's earliest arrival says whether the game can be won and with the fewest draws
//! (the best score); the largest set reached is the most that can still be removed.
//!
//! Only the arrival times are stored (18 bytes per set, 400 KiB in all), with a bitmap per size
//! of the sets reached (80 KiB). A line is rebuilt
//! backwards: a set's arrival came from removing one of its cards of that waste rank from a
//! smaller set whose arrivals give exactly that time.

use super::index::{MASK_COUNT, Reached, WORDS, mask_index, set_of_index};
use super::tables::{Board, RankIndex, State, Step, WASTES};
use crate::layout::{ALL_POSITIONS, Position, PositionSet, TABLEAU_SIZE};

/// No arrival for a waste rank.
const NEVER: u8 = u8::MAX;

/// When a removed set can be reached: for each waste rank, the fewest draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Arrivals {
    /// For each waste rank, the fewest draws with which the set is reached with that waste.
    drawn: [u8; WASTES],
    /// The waste ranks with an arrival; none for a set not reached (yet).
    wastes: u16,
}

const NOT_REACHED: Arrivals = Arrivals {
    drawn: [NEVER; WASTES],
    wastes: 0,
};

impl Arrivals {
    /// The fewest draws of any arrival.
    fn earliest(&self) -> u8 {
        self.drawn.iter().copied().min().unwrap_or(NEVER)
    }

    /// The fewest draws with which a free card of rank `rank` can leave the set, given the
    /// set's `earliest` arrival.
    fn removal(&self, board: &Board, rank: RankIndex, earliest: u8) -> u8 {
        let mut drawn = NEVER;
        let mut wastes = board.neighbours(rank) & self.wastes;
        while wastes != 0 {
            drawn = drawn.min(self.drawn[wastes.trailing_zeros() as usize]);
            wastes &= wastes - 1;
        }
        match board.next_fitting_draw(earliest, rank) {
            Some(draw) => drawn.min(draw + 1),
            None => drawn,
        }
    }
}

/// The sweep's tables, reused from sweep to sweep.
pub(super) struct SweepMemory {
    arrivals: Vec<Arrivals>,
    reached: Reached,
}

impl SweepMemory {
    pub(super) fn new() -> SweepMemory {
        SweepMemory {
            arrivals: vec![NOT_REACHED; MASK_COUNT],
            reached: Reached::new(),
        }
    }

    /// Forgets every set reached.
    fn clear(&mut self) {
        let arrivals = &mut self.arrivals;
        self.reached.clear(|index| arrivals[index] = NOT_REACHED);
    }

    fn arrivals(&self, removed: PositionSet) -> &Arrivals {
        &self.arrivals[mask_of(removed)]
    }
}

/// What the sweep found.
pub(super) struct Swept {
    /// A winning line with the fewest draws, if the game can be won.
    pub win: Option<Vec<Step>>,
    /// A line to a largest removed set that can be reached (the win, if there is one).
    pub most: Vec<Step>,
    /// The removed sets looked at.
    pub sets: u64,
}

/// Sweeps every removed set reachable from `start`. With `prune`, a set in which some card is
/// stuck for ever (`Board::is_dead`) is not followed: then only `win` is meaningful.
pub(super) fn sweep(board: &Board, start: State, prune: bool, memory: &mut SweepMemory) -> Swept {
    memory.clear();
    let start_index = mask_of(start.removed);
    let first = &mut memory.arrivals[start_index];
    first.drawn[usize::from(start.waste)] = start.drawn;
    first.wastes = 1 << start.waste;
    let first_size = start.removed.count_ones() as usize;
    memory.reached.mark(first_size, start_index);
    let mut largest = start.removed;
    let mut sets = 0;
    for size in first_size..TABLEAU_SIZE {
        for word in 0..WORDS {
            for index in memory.reached.numbers(size, word) {
                let removed = set_of_index(index);
                sets += 1;
                largest = removed;
                let here = memory.arrivals[index];
                let earliest = here.earliest();
                if prune && board.is_dead_with_wastes(removed, earliest, here.wastes) {
                    continue;
                }
                let mut free = Board::free(removed);
                while free != 0 {
                    let position = free.trailing_zeros() as usize;
                    free &= free - 1;
                    let rank = board.ranks[position];
                    let drawn = here.removal(board, rank, earliest);
                    if drawn == NEVER {
                        continue;
                    }
                    let next = mask_of(removed | 1 << position);
                    let arrivals = &mut memory.arrivals[next];
                    if arrivals.wastes == 0 {
                        memory.reached.mark(size + 1, next);
                    }
                    let slot = &mut arrivals.drawn[usize::from(rank)];
                    *slot = (*slot).min(drawn);
                    arrivals.wastes |= 1 << rank;
                }
            }
        }
    }
    let won = memory.arrivals(ALL_POSITIONS).wastes != 0;
    if won {
        sets += 1;
        largest = ALL_POSITIONS;
    }
    let most = line_to(board, memory, start.removed, largest);
    Swept {
        win: won.then(|| most.clone()),
        most,
        sets,
    }
}

/// The steps from the start (removed set `from`) to the earliest arrival at `removed`.
fn line_to(
    board: &Board,
    memory: &SweepMemory,
    from: PositionSet,
    mut removed: PositionSet,
) -> Vec<Step> {
    let mut line = Vec::new();
    let here = memory.arrivals(removed);
    let mut drawn = here.earliest();
    let mut waste = here.drawn.iter().position(|&d| d == drawn).unwrap_or(0) as RankIndex;
    while removed != from {
        // The card removed last: of the waste's rank, with nothing of the set left on it, and
        // removable from the smaller set at exactly this drawn count.
        let (position, before) = (0..TABLEAU_SIZE)
            .filter(|&p| removed & 1 << p != 0 && board.ranks[p] == waste)
            .map(|p| (p, removed & !(1 << p)))
            .find(|&(p, before)| {
                let position = Position::new(p).expect("p < 28");
                let reached = |arrivals: &Arrivals| arrivals.wastes != 0;
                position.covered_by() & !before == 0
                    && before & from == from
                    && mask_index(before).is_some_and(|mask| {
                        reached(&memory.arrivals[mask])
                            && memory.arrivals[mask].removal(
                                board,
                                waste,
                                memory.arrivals[mask].earliest(),
                            ) == drawn
                    })
            })
            .expect("every arrival comes from a smaller set");
        line.push(Step::Remove(position));
        let earlier = memory.arrivals(before);
        // On a waste already there with the same drawn count, or else on a stock card drawn
        // for it, drawing on from the smaller set's earliest arrival.
        let mut wastes = board.neighbours(waste) & earlier.wastes;
        let mut on_waste = None;
        while wastes != 0 {
            let w = wastes.trailing_zeros() as usize;
            wastes &= wastes - 1;
            if earlier.drawn[w] == drawn {
                on_waste = Some(w as RankIndex);
                break;
            }
        }
        match on_waste {
            Some(w) => waste = w,
            None => {
                let first = earlier.earliest();
                for _ in first..drawn {
                    line.push(Step::Draw);
                }
                drawn = first;
                waste = earlier.drawn.iter().position(|&d| d == first).unwrap_or(0) as RankIndex;
            }
        }
        removed = before;
    }
    line.reverse();
    line
}

fn mask_of(removed: PositionSet) -> usize {
    mask_index(removed).expect("a game only reaches removed sets closed upwards")
}
