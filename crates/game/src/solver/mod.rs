//! The solver: whether a game can still be won, how, with what best score, and a hint.
//!
//! It sees the hidden cards (the stock order and the face-down peak cards), so its answers are
//! exact: a position can be won or it cannot, never "unknown". With that knowledge TriPeaks is
//! small: a state is the set of removed positions (only 22,932 can occur), the number of cards
//! drawn and the waste card's rank (suits never matter). Two searches share the work:
//!
//! - `search.rs`: a depth-first search, removals before draws and the most promising removal
//!   first, with a memory of states that cannot win (`memory.rs`) and a cut-off for states in
//!   which some card can provably never be removed (`board.rs`). It finds a win in a few
//!   hundred states for most deals, and gives up after [`DEPTH_FIRST_BUDGET`] states.
//! - `sweep.rs`: one pass over every reachable removed set, smallest first, that computes the
//!   fewest draws with which each can be reached. Exact and complete in bounded time (at most
//!   22,932 sets; its time: docs/performance.md, "Speed and size"), it settles what the depth-first search leaves open, proves that a
//!   deal cannot be won, and finds the fewest draws (the best score) and the most cards a lost
//!   position can still remove (the hint).
//!
//! Modes: open peaks change nothing here (the solver sees every card anyway); an empty waste is
//! one more waste "rank" that every card fits, with a 24-card stock; the wild card's joker is one
//! more rank that fits every other and that every other fits (a stock one card longer); in
//! progressive rounds every answer is about the round being played (a round is won by clearing
//! it). The traditional draw (T) breaks the argument both searches above rest on (fewer draws
//! never hurt, since one may always draw on), so under T a third one answers instead:
//! `traditional.rs`, a sweep that keeps every drawn count.
//!
//! Pure: no I/O, no clock, no threads. Memory is bounded by construction: about 860 KiB of
//! tables per thread, kept between calls (1.3 MiB more on a thread that solves a traditional-draw
//! game), and a 90 KiB table of the removed sets shared by all.

mod index;
mod memory;
mod search;
mod sweep;
mod tables;
mod traditional;

#[cfg(test)]
pub(crate) mod tests;

use memory::Memory;
use search::{DepthFirst, Outcome};
use sweep::{SweepMemory, sweep};
use tables::{Board, State, Step};
use traditional::TraditionalMemory;

use std::cell::RefCell;

use super::scoring::standard_score;
use super::state::{Action, Game, Status};

/// How many states the depth-first search may expand before the sweep takes over. Most winnable
/// deals need far fewer; the sweep proves a deal that cannot be won faster than any search.
pub const DEPTH_FIRST_BUDGET: u64 = 1_000;

/// The searches' tables (about 860 KiB), kept from one call to the next on each thread, so that
/// a call costs only the states it visits, not the setting up of its tables.
struct Tables {
    depth_first: Memory,
    sweep: SweepMemory,
    /// Made on the first traditional-draw game this thread solves.
    traditional: Option<TraditionalMemory>,
}

impl Tables {
    fn traditional(&mut self) -> &mut TraditionalMemory {
        self.traditional.get_or_insert_with(TraditionalMemory::new)
    }
}

thread_local! {
    static TABLES: RefCell<Option<Tables>> = const { RefCell::new(None) };
}

/// Runs `search` with this thread's tables (fresh ones if they are in use).
fn with_tables<T>(search: impl FnOnce(&mut Tables) -> T) -> T {
    let fresh = || Tables {
        depth_first: Memory::new(),
        sweep: SweepMemory::new(),
        traditional: None,
    };
    TABLES.with(|cell| match cell.try_borrow_mut() {
        Ok(mut kept) => search(kept.get_or_insert_with(fresh)),
        Err(_) => search(&mut fresh()),
    })
}

/// Whether a position can be won, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub winnable: bool,
    /// A winning line from the position (removals and draws, no undo); empty if not winnable,
    /// and empty for a game already won.
    pub line: Vec<Action>,
    /// A measure of the work done: the states the depth-first search expanded, plus the
    /// removed sets the sweep looked at when it was needed.
    pub states_searched: u64,
}

/// What to play next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// The next action of a winning line: following these hints always wins.
    Win(Action),
    /// The position can no longer be won. The action keeps the most cards removable (it starts
    /// a line that removes as many cards as any line can); `None` when no action is possible
    /// (the game is blocked, or already won).
    NoWin(Option<Action>),
}

fn to_actions(board: &Board, steps: &[Step]) -> Vec<Action> {
    steps
        .iter()
        .map(|&step| match step {
            Step::Remove(position) => Action::Remove(board.cards[position]),
            Step::Draw => Action::Draw,
        })
        .collect()
}

/// Whether `game` can be won from where it stands, with a winning line if so.
pub fn solve(game: &Game) -> Verdict {
    let board = Board::new(game);
    let (line, states) = search(&board, Board::state_of(game), true).into_win();
    Verdict {
        winnable: line.is_some(),
        line: line.map_or_else(Vec::new, |steps| to_actions(&board, &steps)),
        states_searched: states,
    }
}

/// What the two searches found together.
enum Found {
    /// A winning line.
    Win(Vec<Step>, u64),
    /// No win; the line to the most cards removed (only when asked for).
    NoWin(Vec<Step>, u64),
}

impl Found {
    fn into_win(self) -> (Option<Vec<Step>>, u64) {
        match self {
            Found::Win(line, states) => (Some(line), states),
            Found::NoWin(_, states) => (None, states),
        }
    }
}

/// The depth-first search, then, if it gives up, the sweep (cutting off stuck states if
/// `prune`; without it, a lost position also gets its line to the most cards removed).
fn search(board: &Board, start: State, prune: bool) -> Found {
    with_tables(|tables| {
        if board.traditional {
            let swept = traditional::sweep(board, start, prune, tables.traditional());
            return match swept.win {
                Some(line) => Found::Win(line, swept.sets),
                None => Found::NoWin(swept.most, swept.sets),
            };
        }
        let mut depth_first = DepthFirst::new(board, DEPTH_FIRST_BUDGET, &mut tables.depth_first);
        let outcome = depth_first.run(start);
        let tried = depth_first.states;
        match outcome {
            Outcome::Won(line) => return Found::Win(line, tried),
            Outcome::Lost if prune => return Found::NoWin(Vec::new(), tried),
            Outcome::Lost | Outcome::GaveUp => {}
        }
        let swept = sweep(board, start, prune, &mut tables.sweep);
        match swept.win {
            Some(line) => Found::Win(line, tried + swept.sets),
            None => Found::NoWin(swept.most, tried + swept.sets),
        }
    })
}

/// The best final score that can still be reached (a won game scores more the fewer cards were
/// drawn), with a winning line that draws the fewest cards; `None` when the game can no longer
/// be won. For a game already won, its score and an empty line. The score is the standard
/// one (for a game with Aisleriot scoring it is not that game's best: only the fewest-draws line
/// carries over); in progressive rounds, this round's line; under the traditional draw, a line
/// that obeys it.
pub fn best_score(game: &Game) -> Option<(u32, Vec<Action>)> {
    let board = Board::new(game);
    let start = Board::state_of(game);
    let line = with_tables(|tables| {
        if board.traditional {
            traditional::sweep(&board, start, true, tables.traditional()).win
        } else {
            sweep(&board, start, true, &mut tables.sweep).win
        }
    })?;
    let actions = (game.played().len() + line.len()) as u32;
    Some((standard_score(actions, 3), to_actions(&board, &line)))
}

/// The par of a position (docs/RULES.md, "Par"): under the standard scoring, the highest final
/// score a won game can still reach from it without undo (from a fresh deal, 772 less the fewest
/// draws); `None` when it cannot be won, and under Aisleriot scoring, which has no par. Under the
/// traditional draw the line obeys it; in progressive rounds (always Aisleriot) there is none.
pub fn par(game: &Game) -> Option<u32> {
    if game.modes().aisleriot() {
        return None;
    }
    best_score(game).map(|(score, _)| score)
}

/// What to play next in `game`: the next action of a winning line, or, when none is left, the
/// action that keeps the most cards removable.
pub fn hint(game: &Game) -> Hint {
    if game.status() != Status::Playing {
        return Hint::NoWin(None);
    }
    let board = Board::new(game);
    match search(&board, Board::state_of(game), false) {
        Found::Win(line, _) => Hint::Win(to_actions(&board, &line[..1])[0]),
        Found::NoWin(line, _) => {
            // No removal can ever follow: any action keeps as many cards removable, and a draw
            // is the only kind left (under the traditional draw a removal would be in the line:
            // a draw is allowed exactly when no card fits).
            let first = line
                .first()
                .copied()
                .or(game.check(Action::Draw).is_ok().then_some(Step::Draw));
            Hint::NoWin(first.map(|step| to_actions(&board, &[step])[0]))
        }
    }
}
