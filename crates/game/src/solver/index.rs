//! A dense numbering of the removed sets that can occur in a game: 22,932 of the 2²⁸ masks.
//!
//! A card can only be removed after every card lying on it, so a reachable removed set is closed
//! upwards. Given the bottom row, the three peaks' upper parts (6 cards each: one peak top, two
//! cards of row 2, three of row 3) are independent, and each has at most 14 valid shapes. So a set
//! is numbered by its bottom row (a running total over the 1,024 bottom rows) and then by the
//! three upper shapes in mixed radix, with a few small tables computed at compile time. The
//! solver uses the number to keep per-state facts in flat arrays instead of hash tables.

use crate::layout::PositionSet;

/// How many removed sets can occur.
pub(super) const MASK_COUNT: usize = 22_932;

/// Whether the upper part `upper` of a peak (row 3 cards in bits 0..3, row 2 in 3..5, the peak
/// top in 5) can be removed while the peak's four bottom cards are removed as `bottom` says.
const fn valid_shape(bottom: usize, upper: usize) -> bool {
    let mut j = 0;
    while j < 3 {
        if upper >> j & 1 == 1 && (bottom >> j & 1 == 0 || bottom >> (j + 1) & 1 == 0) {
            return false;
        }
        j += 1;
    }
    let mut i = 0;
    while i < 2 {
        if upper >> (3 + i) & 1 == 1 && (upper >> i & 1 == 0 || upper >> (i + 1) & 1 == 0) {
            return false;
        }
        i += 1;
    }
    !(upper >> 5 & 1 == 1 && (upper >> 3 & 1 == 0 || upper >> 4 & 1 == 0))
}

/// For each 4-card bottom of a peak, the number of each valid upper shape in order, and how many
/// there are.
const SHAPES: ([[u8; 64]; 16], [u32; 16]) = {
    let mut number = [[u8::MAX; 64]; 16];
    let mut count = [0u32; 16];
    let mut bottom = 0;
    while bottom < 16 {
        let mut upper = 0;
        while upper < 64 {
            if valid_shape(bottom, upper) {
                number[bottom][upper] = count[bottom] as u8;
                count[bottom] += 1;
            }
            upper += 1;
        }
        bottom += 1;
    }
    (number, count)
};

/// The first number of each bottom row's block.
const BASE: [u32; 1024] = {
    let mut base = [0u32; 1024];
    let mut total = 0;
    let mut bottom = 0;
    while bottom < 1024 {
        base[bottom] = total;
        let counts = SHAPES.1;
        total += counts[bottom & 15] * counts[bottom >> 3 & 15] * counts[bottom >> 6 & 15];
        bottom += 1;
    }
    assert!(total as usize == MASK_COUNT);
    base
};

/// Words of a bitmap over all removed sets.
pub(super) const WORDS: usize = MASK_COUNT.div_ceil(64);

/// For each size (0..=28), a bitmap of the removed sets of that size a sweep has reached, by
/// number: the sweeps take each size in order of the numbers, which keeps their memory accesses
/// close together, and forget only the sets they used.
pub(super) struct Reached {
    words: Vec<u64>,
}

impl Reached {
    pub(super) fn new() -> Reached {
        Reached {
            words: vec![0; (crate::layout::TABLEAU_SIZE + 1) * WORDS],
        }
    }

    /// Marks set number `index`, of `size` cards, reached.
    pub(super) fn mark(&mut self, size: usize, index: usize) {
        self.words[size * WORDS + index / 64] |= 1 << (index % 64);
    }

    /// The numbers of the sets of `size` cards reached so far in word `word` (64 numbers from
    /// `64 × word`), read now: marks made while they are used are not among them.
    pub(super) fn numbers(&self, size: usize, word: usize) -> impl Iterator<Item = usize> + use<> {
        let mut bits = self.words[size * WORDS + word];
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let index = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                index
            })
        })
    }

    /// Forgets every set reached, calling `forget` with each one's number.
    pub(super) fn clear(&mut self, mut forget: impl FnMut(usize)) {
        for (word_index, word) in self.words.iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                forget(word_index % WORDS * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}

/// The upper shape of peak `peak` in `removed`.
fn upper_shape(removed: PositionSet, peak: usize) -> usize {
    let row3 = removed >> (9 + 3 * peak) & 0b111;
    let row2 = removed >> (3 + 2 * peak) & 0b11;
    let top = removed >> peak & 1;
    (row3 | row2 << 3 | top << 5) as usize
}

/// The number of a removed set, `0..MASK_COUNT`; `None` for a set that no game can reach.
pub(super) fn mask_index(removed: PositionSet) -> Option<usize> {
    let bottom = (removed >> 18) as usize & 1023;
    let mut within = 0;
    for peak in 0..3 {
        let peak_bottom = bottom >> (3 * peak) & 15;
        let shape = SHAPES.0[peak_bottom][upper_shape(removed, peak)];
        if shape == u8::MAX {
            return None;
        }
        within = within * SHAPES.1[peak_bottom] + u32::from(shape);
    }
    Some((BASE[bottom] + within) as usize)
}

/// The removed set with number `index` (`0..MASK_COUNT`): the inverse of [`mask_index`].
pub(super) fn set_of_index(index: usize) -> PositionSet {
    static SETS: std::sync::OnceLock<Vec<PositionSet>> = std::sync::OnceLock::new();
    SETS.get_or_init(all_sets_in_order)[index]
}

/// Every reachable removed set, in the order of their numbers.
fn all_sets_in_order() -> Vec<PositionSet> {
    // For each bottom of a peak, its valid upper shapes in order of their numbers.
    let shapes: Vec<Vec<usize>> = (0..16)
        .map(|bottom| {
            (0..64)
                .filter(|&upper| valid_shape(bottom, upper))
                .collect()
        })
        .collect();
    let place = |upper: usize, peak: usize| -> PositionSet {
        let upper = upper as PositionSet;
        (upper & 0b111) << (9 + 3 * peak)
            | (upper >> 3 & 0b11) << (3 + 2 * peak)
            | (upper >> 5) << peak
    };
    let mut sets = Vec::with_capacity(MASK_COUNT);
    for bottom in 0..1024usize {
        let peaks = [bottom & 15, bottom >> 3 & 15, bottom >> 6 & 15].map(|b| &shapes[b]);
        for &left in peaks[0] {
            for &centre in peaks[1] {
                for &right in peaks[2] {
                    let upper = place(left, 0) | place(centre, 1) | place(right, 2);
                    sets.push((bottom as PositionSet) << 18 | upper);
                }
            }
        }
    }
    sets
}

#[cfg(test)]
mod tests {
    use super::super::tables::Board;
    use super::*;
    use crate::layout::ALL_POSITIONS;

    /// Every removed set a game can reach, found by removing free cards from the full peaks.
    fn reachable_sets() -> Vec<PositionSet> {
        let mut seen = std::collections::HashSet::from([0]);
        let mut stack = vec![0];
        while let Some(removed) = stack.pop() {
            let mut free = Board::free(removed);
            while free != 0 {
                let next = removed | 1 << free.trailing_zeros();
                free &= free - 1;
                if seen.insert(next) {
                    stack.push(next);
                }
            }
        }
        seen.into_iter().collect()
    }

    #[test]
    fn numbers_every_reachable_set_once_and_nothing_else() {
        let sets = reachable_sets();
        assert_eq!(sets.len(), MASK_COUNT);
        let mut used = vec![false; MASK_COUNT];
        for &set in &sets {
            let index = mask_index(set).expect("a reachable set has a number");
            assert!(!used[index], "{set:#x} shares number {index}");
            used[index] = true;
        }
        assert_eq!(mask_index(0), Some(0));
        assert!(mask_index(ALL_POSITIONS).is_some());
        // A peak top removed while the cards on it are still there; a row 3 card likewise.
        assert_eq!(mask_index(1), None);
        assert_eq!(mask_index(1 << 9), None);
    }

    #[test]
    fn numbers_turn_back_into_their_sets() {
        for index in 0..MASK_COUNT {
            assert_eq!(mask_index(set_of_index(index)), Some(index));
        }
    }
}
