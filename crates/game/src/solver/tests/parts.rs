//! Tests of the solver's parts on their own: the two searches agree with each other, and the
//! solver's view of a position is the game core's.

use super::super::search::{DepthFirst, Outcome};
use super::super::sweep::{SweepMemory, sweep};
use super::super::{Board, Memory, to_actions};
use super::{deals, replay, some_action};
use crate::{Rule, Status};

#[test]
fn the_depth_first_search_and_the_sweep_agree_on_their_own() {
    let mut memory = Memory::new();
    let mut sweep_memory = SweepMemory::new();
    for rule in [Rule::Easy, Rule::Classic] {
        for game in deals(60, 8, rule) {
            let board = Board::new(&game);
            let start = Board::state_of(&game);
            let swept = sweep(&board, start, true, &mut sweep_memory);
            let full = sweep(&board, start, false, &mut sweep_memory);
            assert_eq!(swept.win, full.win, "pruning changes nothing");
            match DepthFirst::new(&board, u64::MAX, &mut memory).run(start) {
                Outcome::Won(line) => {
                    assert!(swept.win.is_some());
                    let actions = to_actions(&board, &line);
                    assert_eq!(replay(&game, &actions).status(), Status::Won);
                }
                Outcome::Lost => assert!(swept.win.is_none()),
                Outcome::GaveUp => unreachable!("no budget"),
            }
        }
    }
}

#[test]
fn the_free_cards_and_removals_are_those_of_the_game() {
    let mut dice: u64 = 3;
    for game in deals(30, 9, Rule::Easy) {
        let mut game = game;
        let board = Board::new(&game);
        while let Some(action) = some_action(&game, &mut dice) {
            let free: u32 = game.free_cards().iter().map(|(p, _)| p.bit()).sum();
            assert_eq!(Board::free(game.removed()), free);
            let removable: u32 = game
                .free_cards()
                .iter()
                .filter(|(_, card)| game.fits(*card))
                .map(|(p, _)| p.bit())
                .sum();
            assert_eq!(board.removable(Board::state_of(&game)), removable);
            game.apply(action).unwrap();
        }
    }
}
