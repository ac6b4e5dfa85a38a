//! Chains: cards removed in a row without a draw. The statistics keep the longest chain of
//! every finished game; Aisleriot's scoring (a later mode) counts the current one.

use super::state::Game;

impl Game {
    /// The most cards removed in a row without a draw in this game's history (undone actions
    /// are not part of it).
    pub fn longest_chain(&self) -> u32 {
        let mut longest = 0;
        let mut current = 0;
        for &card in self.played() {
            if self.position_of(card).is_some() {
                current += 1;
                longest = longest.max(current);
            } else {
                current = 0;
            }
        }
        longest
    }
}

#[cfg(test)]
mod tests {
    use crate::tests::seeds_example;
    use crate::{Action, Card, Rule};

    fn card(text: &str) -> Action {
        Action::Remove(text.parse::<Card>().unwrap())
    }

    #[test]
    fn a_draw_ends_a_chain_and_undo_takes_cards_out_of_it() {
        let mut game = seeds_example(Rule::Easy);
        assert_eq!(game.longest_chain(), 0);
        for action in [card("KC"), card("AS"), card("2D")] {
            game.apply(action).unwrap();
        }
        assert_eq!(game.longest_chain(), 3);
        game.apply(Action::Draw).unwrap();
        assert_eq!(game.longest_chain(), 3);
        game.apply(Action::Undo).unwrap();
        game.apply(Action::Undo).unwrap();
        assert_eq!(game.longest_chain(), 2);
    }
}
