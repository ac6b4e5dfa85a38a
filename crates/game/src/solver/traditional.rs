//! The sweep under the traditional draw (T): a draw is refused while a free card fits the waste.
//!
//! The standard sweep (`sweep.rs`) keeps, per removed set and waste rank, only the fewest draws,
//! because drawing is allowed at any time: a state with fewer draws can draw on and do all a
//! state with more can. Under T it cannot always draw, so that argument fails, and this sweep
//! keeps every drawn count instead: per removed set and waste rank, the set of drawn counts
//! (0..=25) with which it is reached, as a 32-bit mask. That is still exact and small (60 bytes a
//! set, 1.3 MiB in all) and still one pass over the reachable removed sets, smallest first.
//!
//! From a state, either some free card fits the waste (then only removals are allowed, and every
//! drawn count of that waste moves on together), or none does, and the player must draw until a
//! stock card comes that some free card fits: the draws in between are forced, so the next
//! choice is made at the first such stock card, and the removals go on from there. A stock that
//! runs out first is a blocked game. A line is rebuilt backwards from the masks, as in
//! `sweep.rs`.

use super::index::{MASK_COUNT, Reached, WORDS, mask_index, set_of_index};
use super::tables::{Board, RankIndex, State, Step, WASTES};
use crate::layout::{ALL_POSITIONS, Position, PositionSet, TABLEAU_SIZE};

/// Per waste rank, the drawn counts (bit `d`) with which a removed set is reached.
type DrawnMasks = [u32; WASTES];

/// The sweep's tables, reused from sweep to sweep.
pub(super) struct TraditionalMemory {
    masks: Vec<DrawnMasks>,
    reached: Reached,
}

impl TraditionalMemory {
    pub(super) fn new() -> TraditionalMemory {
        TraditionalMemory {
            masks: vec![[0; WASTES]; MASK_COUNT],
            reached: Reached::new(),
        }
    }

    fn clear(&mut self) {
        let masks = &mut self.masks;
        self.reached.clear(|index| masks[index] = [0; WASTES]);
    }

    /// Adds an arrival at `removed` (of `size` cards) with waste `waste` and drawn counts `drawn`.
    fn add(&mut self, removed: PositionSet, size: usize, waste: RankIndex, drawn: u32) {
        let index = mask_of(removed);
        let masks = &mut self.masks[index];
        if masks.iter().all(|&m| m == 0) {
            self.reached.mark(size, index);
        }
        masks[usize::from(waste)] |= drawn;
    }

    fn masks(&self, removed: PositionSet) -> &DrawnMasks {
        &self.masks[mask_of(removed)]
    }
}

/// For a removed set, the stock cards (bit `k` for the `k`-th, 0-based) that some free card fits:
/// where a run of forced draws stops.
fn stops(board: &Board, free: PositionSet) -> u32 {
    (0..usize::from(board.stock_len))
        .filter(|&k| free & board.fitting(board.stock[k]) != 0)
        .fold(0, |set, k| set | 1 << k)
}

/// The first stock card from the `drawn`-th on that some free card fits, given `stops`.
fn first_stop(stops: u32, drawn: u32) -> Option<u32> {
    let ahead = stops.checked_shr(drawn).unwrap_or(0);
    (ahead != 0).then(|| drawn + ahead.trailing_zeros())
}

/// What the sweep found: as `sweep::Swept`.
pub(super) struct Swept {
    pub win: Option<Vec<Step>>,
    pub most: Vec<Step>,
    pub sets: u64,
}

/// Sweeps every state reachable from `start` under the traditional draw. With `prune`, a set in
/// which some card is stuck for ever is not followed (then only `win` is meaningful).
pub(super) fn sweep(
    board: &Board,
    start: State,
    prune: bool,
    memory: &mut TraditionalMemory,
) -> Swept {
    memory.clear();
    let first_size = start.removed.count_ones() as usize;
    memory.add(start.removed, first_size, start.waste, 1 << start.drawn);
    let mut largest = start.removed;
    let mut sets = 0;
    for size in first_size..TABLEAU_SIZE {
        for word in 0..WORDS {
            for index in memory.reached.numbers(size, word) {
                let removed = set_of_index(index);
                sets += 1;
                largest = removed;
                let here = memory.masks[index];
                if prune {
                    let wastes = (0..WASTES)
                        .filter(|&w| here[w] != 0)
                        .fold(0u16, |set, w| set | 1 << w);
                    let earliest = here.iter().fold(0, |all, m| all | m).trailing_zeros();
                    if board.is_dead_with_wastes(removed, earliest as u8, wastes) {
                        continue;
                    }
                }
                let free = Board::free(removed);
                let stops = stops(board, free);
                for (waste, &drawn) in here.iter().enumerate() {
                    if drawn == 0 {
                        continue;
                    }
                    let fitting = free & board.fitting(waste as RankIndex);
                    if fitting != 0 {
                        remove_each(board, memory, removed, size, fitting, drawn);
                        continue;
                    }
                    // Nothing fits: draw until a stock card comes that something fits.
                    let mut counts = drawn;
                    while counts != 0 {
                        let d = counts.trailing_zeros();
                        counts &= counts - 1;
                        if let Some(k) = first_stop(stops, d) {
                            let waste = board.stock[k as usize];
                            let fitting = free & board.fitting(waste);
                            remove_each(board, memory, removed, size, fitting, 1 << (k + 1));
                        }
                    }
                }
            }
        }
    }
    let won = memory.masks(ALL_POSITIONS).iter().any(|&m| m != 0);
    if won {
        sets += 1;
        largest = ALL_POSITIONS;
    }
    let most = line_to(board, memory, start, largest);
    Swept {
        win: won.then(|| most.clone()),
        most,
        sets,
    }
}

/// Every card of `fitting` removed from `removed`, with the drawn counts `drawn`.
fn remove_each(
    board: &Board,
    memory: &mut TraditionalMemory,
    removed: PositionSet,
    size: usize,
    mut fitting: PositionSet,
    drawn: u32,
) {
    while fitting != 0 {
        let position = fitting.trailing_zeros() as usize;
        fitting &= fitting - 1;
        memory.add(
            removed | 1 << position,
            size + 1,
            board.ranks[position],
            drawn,
        );
    }
}

/// The steps from `start` to the arrival at `removed` with the fewest draws.
fn line_to(
    board: &Board,
    memory: &TraditionalMemory,
    start: State,
    mut removed: PositionSet,
) -> Vec<Step> {
    let masks = memory.masks(removed);
    let mut drawn = masks.iter().fold(0, |all, m| all | m).trailing_zeros();
    let mut waste = masks.iter().position(|&m| m & 1 << drawn != 0).unwrap_or(0) as RankIndex;
    let mut line = Vec::new();
    while removed != start.removed {
        let (position, before, from) = (0..TABLEAU_SIZE)
            .filter(|&p| removed & 1 << p != 0 && board.ranks[p] == waste)
            .map(|p| (p, removed & !(1 << p)))
            .filter(|&(p, before)| {
                let position = Position::new(p).expect("p < 28");
                position.covered_by() & !before == 0
                    && before & start.removed == start.removed
                    && mask_index(before).is_some()
            })
            .find_map(|(p, before)| {
                predecessor(board, memory, before, p, drawn).map(|f| (p, before, f))
            })
            .expect("every arrival comes from a smaller set");
        line.push(Step::Remove(position));
        for _ in from.drawn..drawn {
            line.push(Step::Draw);
        }
        (drawn, waste) = (from.drawn, from.waste);
        removed = before;
    }
    line.reverse();
    line
}

/// The drawn count and waste of `before` from which removing the card at `position` arrives
/// with `drawn` draws: on the waste directly, or after forced draws, the last of which is the
/// stock card it went on.
fn predecessor(
    board: &Board,
    memory: &TraditionalMemory,
    before: PositionSet,
    position: usize,
    drawn: u32,
) -> Option<Arrival> {
    let masks = memory.masks(before);
    let free = Board::free(before);
    let on = |waste: usize| board.fitting(waste as RankIndex) & 1 << position != 0;
    if let Some(waste) = (0..WASTES).find(|&w| masks[w] & 1 << drawn != 0 && on(w)) {
        return Some(Arrival {
            drawn,
            waste: waste as RankIndex,
        });
    }
    let last = drawn.checked_sub(1)?;
    let stock_waste = board.stock[last as usize];
    if board.fitting(stock_waste) & 1 << position == 0 {
        return None;
    }
    let stops = stops(board, free);
    (0..WASTES)
        .filter(|&w| free & board.fitting(w as RankIndex) == 0)
        .find_map(|w| {
            let mut counts = masks[w] & ((1u32 << drawn) - 1);
            while counts != 0 {
                let d = counts.trailing_zeros();
                counts &= counts - 1;
                if first_stop(stops, d) == Some(last) {
                    return Some(Arrival {
                        drawn: d,
                        waste: w as RankIndex,
                    });
                }
            }
            None
        })
}

/// A state of a removed set: its drawn count and waste rank.
struct Arrival {
    drawn: u32,
    waste: RankIndex,
}

fn mask_of(removed: PositionSet) -> usize {
    mask_index(removed).expect("a game only reaches removed sets closed upwards")
}
