//! The tableau geometry: 28 positions in four rows (3, 6, 9, 10), who covers whom, and which
//! peak each position belongs to for the +100 bonus.
//!
//! Positions are numbered row-major, top to bottom and left to right: row 1 (the peak tops) is
//! 0..3, row 2 is 3..9, row 3 is 9..18 and the bottom row is 18..28. Everything here is computed
//! once, at compile time, into small tables.

/// The number of cards in the peaks.
pub(crate) const TABLEAU_SIZE: usize = 28;

/// The sizes of the four rows, top to bottom.
pub const ROW_LENGTHS: [usize; 4] = [3, 6, 9, 10];

/// Where each row starts in the row-major numbering.
pub const ROW_STARTS: [usize; 4] = [0, 3, 9, 18];

/// The first position of the bottom row.
pub(crate) const BOTTOM_ROW_START: usize = 18;

/// A set of positions as a 28-bit mask (bit `p` for position `p`).
pub type PositionSet = u32;

/// Every position.
pub(crate) const ALL_POSITIONS: PositionSet = (1 << TABLEAU_SIZE) - 1;

/// A place in the peaks, `0..28`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position(u8);

impl Position {
    /// The position with this row-major index.
    pub fn new(index: usize) -> Option<Position> {
        (index < TABLEAU_SIZE).then_some(Position(index as u8))
    }

    /// The position at `column` of `row` (both 0-based).
    pub fn at(row: usize, column: usize) -> Option<Position> {
        (row < 4 && column < ROW_LENGTHS[row]).then(|| Position((ROW_STARTS[row] + column) as u8))
    }

    /// All 28 positions, row-major.
    pub fn all() -> impl Iterator<Item = Position> {
        (0..TABLEAU_SIZE as u8).map(Position)
    }

    /// The row-major index, `0..28`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The row, 0 (peak tops) to 3 (bottom).
    pub fn row(self) -> usize {
        ROW_OF[self.index()]
    }

    /// The place in its row, from the left, 0-based.
    pub fn column(self) -> usize {
        self.index() - ROW_STARTS[self.row()]
    }

    /// The peak this card counts for in the bonus: 0 left, 1 centre, 2 right.
    pub fn peak(self) -> usize {
        PEAK_OF[self.index()]
    }

    /// This position as a one-element set.
    pub fn bit(self) -> PositionSet {
        1 << self.0
    }

    /// The positions of the next row that cover this one (empty for the bottom row).
    pub fn covered_by(self) -> PositionSet {
        COVERED_BY[self.index()]
    }
}

/// The set of positions that belong to each peak (9, 9 and 10 cards).
pub(crate) const PEAKS: [PositionSet; 3] = peak_sets();

const ROW_OF: [usize; TABLEAU_SIZE] = {
    let mut rows = [0; TABLEAU_SIZE];
    let mut p = 0;
    while p < TABLEAU_SIZE {
        rows[p] = if p < 3 {
            0
        } else if p < 9 {
            1
        } else if p < 18 {
            2
        } else {
            3
        };
        p += 1;
    }
    rows
};

const PEAK_OF: [usize; TABLEAU_SIZE] = {
    let mut peaks = [0; TABLEAU_SIZE];
    let mut p = 0;
    while p < TABLEAU_SIZE {
        let row = ROW_OF[p];
        let column = p - ROW_STARTS[row];
        peaks[p] = match row {
            0 => column,
            1 => column / 2,
            2 => column / 3,
            // The bottom row splits 3 / 3 / 4.
            _ => {
                if column < 3 {
                    0
                } else if column < 6 {
                    1
                } else {
                    2
                }
            }
        };
        p += 1;
    }
    peaks
};

const COVERED_BY: [PositionSet; TABLEAU_SIZE] = {
    let mut covers = [0; TABLEAU_SIZE];
    let mut p = 0;
    while p < BOTTOM_ROW_START {
        let row = ROW_OF[p];
        let column = p - ROW_STARTS[row];
        // The left one of the two covering cards, as a column of the next row.
        let left = match row {
            0 => 2 * column,
            1 => 3 * (column / 2) + column % 2,
            _ => column,
        };
        let first = ROW_STARTS[row + 1] + left;
        covers[p] = (1 << first) | (1 << (first + 1));
        p += 1;
    }
    covers
};

const fn peak_sets() -> [PositionSet; 3] {
    let mut sets = [0; 3];
    let mut p = 0;
    while p < TABLEAU_SIZE {
        sets[PEAK_OF[p]] |= 1 << p;
        p += 1;
    }
    sets
}

/// Iterates over the positions in a set, lowest first.
pub fn positions_in(set: PositionSet) -> impl Iterator<Item = Position> {
    Position::all().filter(move |p| set & p.bit() != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(row: usize, column: usize) -> Position {
        Position::at(row, column).unwrap()
    }

    fn set(positions: &[Position]) -> PositionSet {
        positions.iter().fold(0, |s, p| s | p.bit())
    }

    #[test]
    fn rows_and_columns() {
        assert_eq!(ROW_LENGTHS.iter().sum::<usize>(), TABLEAU_SIZE);
        assert_eq!(pos(0, 2).index(), 2);
        assert_eq!(pos(1, 0).index(), 3);
        assert_eq!(pos(2, 0).index(), 9);
        assert_eq!(pos(3, 9).index(), 27);
        assert_eq!(Position::at(3, 10), None);
        assert_eq!(Position::at(4, 0), None);
        assert_eq!(Position::new(28), None);
        for p in Position::all() {
            assert_eq!(pos(p.row(), p.column()), p);
        }
    }

    #[test]
    fn covering_follows_the_rules() {
        for peak in 0..3 {
            assert_eq!(
                pos(0, peak).covered_by(),
                set(&[pos(1, 2 * peak), pos(1, 2 * peak + 1)])
            );
            for k in 0..2 {
                let expected = set(&[pos(2, 3 * peak + k), pos(2, 3 * peak + k + 1)]);
                assert_eq!(pos(1, 2 * peak + k).covered_by(), expected);
            }
        }
        for j in 0..9 {
            assert_eq!(pos(2, j).covered_by(), set(&[pos(3, j), pos(3, j + 1)]));
        }
        for b in 0..10 {
            assert_eq!(pos(3, b).covered_by(), 0);
        }
    }

    #[test]
    fn peaks_have_9_9_and_10_cards_with_a_3_3_4_bottom_row() {
        let sizes: Vec<u32> = PEAKS.iter().map(|s| s.count_ones()).collect();
        assert_eq!(sizes, [9, 9, 10]);
        assert_eq!(PEAKS[0] | PEAKS[1] | PEAKS[2], ALL_POSITIONS);
        let bottom: Vec<usize> = (0..10).map(|b| pos(3, b).peak()).collect();
        assert_eq!(bottom, [0, 0, 0, 1, 1, 1, 2, 2, 2, 2]);
        let row3: Vec<usize> = (0..9).map(|j| pos(2, j).peak()).collect();
        assert_eq!(row3, [0, 0, 0, 1, 1, 1, 2, 2, 2]);
        let row2: Vec<usize> = (0..6).map(|i| pos(1, i).peak()).collect();
        assert_eq!(row2, [0, 0, 1, 1, 2, 2]);
    }
}
