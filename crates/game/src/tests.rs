//! Tests of the rules of docs/RULES.md, played through the public API of the game.

use super::layout::{ALL_POSITIONS, PEAKS};
use super::state::UNDO_LIMIT;
use super::*;
use proptest::prelude::*;

pub(crate) use crate::fixtures::{layout_for_order, seeds_example};

mod modes;
mod variants;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn pos(row: usize, column: usize) -> Position {
    Position::at(row, column).unwrap()
}

/// Left peak first (it needs the centre's b3 to free row 3 card 2), then the right, then the rest.
fn peak_by_peak_order() -> Vec<Position> {
    let mut order = vec![pos(3, 0), pos(3, 1), pos(3, 2), pos(3, 3)];
    order.extend([
        pos(2, 0),
        pos(2, 1),
        pos(2, 2),
        pos(1, 0),
        pos(1, 1),
        pos(0, 0),
    ]);
    order.extend([pos(3, 6), pos(3, 7), pos(3, 8), pos(3, 9)]);
    order.extend([
        pos(2, 6),
        pos(2, 7),
        pos(2, 8),
        pos(1, 4),
        pos(1, 5),
        pos(0, 2),
    ]);
    order.extend([pos(3, 4), pos(3, 5), pos(2, 3), pos(2, 4), pos(2, 5)]);
    order.extend([pos(1, 2), pos(1, 3), pos(0, 1)]);
    order
}

fn remove(game: &mut Game, text: &str) -> Effect {
    game.apply(Action::Remove(card(text)))
        .unwrap_or_else(|r| panic!("{text}: {r}"))
}

fn legal_removals(game: &Game) -> Vec<Card> {
    game.free_cards()
        .into_iter()
        .map(|(_, c)| c)
        .filter(|&c| game.check(Action::Remove(c)).is_ok())
        .collect()
}

#[test]
fn seeds_example_starts_with_the_bottom_row_face_up() {
    let game = seeds_example(Rule::Easy);
    assert_eq!(game.stock_len(), 23);
    assert_eq!(game.waste(), Some(card("AC")));
    assert_eq!(game.score(), 500);
    assert_eq!(game.status(), Status::Playing);
    for p in Position::all() {
        let face_up = matches!(game.slot(p), Slot::FaceUp(_));
        assert_eq!(face_up, p.row() == 3, "{p:?}");
    }
}

#[test]
fn seeds_example_easy_allows_three_moves_and_classic_one() {
    let easy = legal_removals(&seeds_example(Rule::Easy));
    assert_eq!(easy, vec![card("KC"), card("2D"), card("KD")]);
    let classic = legal_removals(&seeds_example(Rule::Classic));
    assert_eq!(classic, vec![card("2D")]);
}

#[test]
fn seeds_example_kc_as_2d_turns_up_the_seven_of_spades() {
    let mut game = seeds_example(Rule::Easy);
    remove(&mut game, "KC");
    remove(&mut game, "AS");
    assert_eq!(game.slot(pos(2, 4)), Slot::FaceDown);
    let effect = remove(&mut game, "2D");
    assert_eq!(game.slot(pos(2, 4)), Slot::FaceUp(card("7S")));
    let Effect::Removed { turned_up, .. } = effect else {
        panic!("{effect:?}")
    };
    assert_eq!(turned_up, pos(2, 4).bit());
    assert_eq!(game.waste(), Some(card("2D")));
    assert_eq!((game.score(), game.moves(), game.stock_len()), (497, 3, 23));
}

#[test]
fn refusals_name_their_reason_and_change_nothing() {
    let mut game = seeds_example(Rule::Classic);
    let before = game.clone();
    // Face up and free, but 3 is not next to A.
    assert_eq!(
        game.apply(Action::Remove(card("3S"))),
        Err(Refusal::NotAdjacent)
    );
    // In Classic the King does not go on the Ace.
    assert_eq!(
        game.apply(Action::Remove(card("KC"))),
        Err(Refusal::NotAdjacent)
    );
    // The 7♠ is still covered.
    assert_eq!(
        game.apply(Action::Remove(card("7S"))),
        Err(Refusal::Blocked)
    );
    // The waste card and a stock card are not in the peaks.
    assert_eq!(
        game.apply(Action::Remove(card("AC"))),
        Err(Refusal::NotOnBoard)
    );
    let in_stock = game.stock()[5];
    assert_eq!(
        game.apply(Action::Remove(in_stock)),
        Err(Refusal::NotOnBoard)
    );
    assert_eq!(game.apply(Action::Undo), Err(Refusal::NothingToUndo));
    assert_eq!(game, before);
    remove(&mut game, "2D");
    // A card already removed is no longer on the board.
    assert_eq!(
        game.apply(Action::Remove(card("2D"))),
        Err(Refusal::NotOnBoard)
    );
}

#[test]
fn king_and_ace_wrap_in_easy_at_both_ends() {
    // A on K and K on A, then a run Q K A 2.
    let mut game = seeds_example(Rule::Easy);
    remove(&mut game, "KC"); // K on the A♣
    remove(&mut game, "AS"); // A on the K
    remove(&mut game, "2D");
    assert_eq!(game.waste(), Some(card("2D")));
    let mut classic = seeds_example(Rule::Classic);
    assert_eq!(
        classic.apply(Action::Remove(card("KD"))),
        Err(Refusal::NotAdjacent)
    );
    remove(&mut classic, "2D");
    assert!(classic.apply(Action::Remove(card("AS"))).is_ok());
    // On an Ace in Classic only a 2 fits: the K♦ does not.
    assert_eq!(
        classic.apply(Action::Remove(card("KD"))),
        Err(Refusal::NotAdjacent)
    );
}

#[test]
fn each_peak_earns_its_bonus_once_with_a_3_3_4_bottom_row() {
    let order = peak_by_peak_order();
    let mut game = Game::from_layout(layout_for_order(&order), Rule::Classic);
    let mut bonuses = Vec::new();
    for (i, p) in order.iter().enumerate() {
        let Slot::FaceUp(c) = game.slot(*p) else {
            panic!("step {i}: {p:?} is not free")
        };
        if let Effect::Removed {
            emptied_peak: Some(peak),
            ..
        } = game.apply(Action::Remove(c)).unwrap()
        {
            bonuses.push((i + 1, peak));
        }
    }
    // The left peak (9 cards) empties at removal 10, since b3 belongs to the centre; the right
    // (10 cards: bottom 6-9) at 20; the centre (9) last, at 28.
    assert_eq!(bonuses, vec![(10, 0), (20, 2), (28, 1)]);
    assert_eq!(game.status(), Status::Won);
    assert_eq!(game.score(), 772, "500 - 28 + 300");
    assert_eq!(game.stock_len(), 23, "won with the stock untouched");
}

#[test]
fn score_counts_down_and_adds_a_bonus_per_peak() {
    let order = peak_by_peak_order();
    let mut game = Game::from_layout(layout_for_order(&order), Rule::Easy);
    let mut expected = 500;
    for (i, p) in order.iter().take(10).enumerate() {
        let Slot::FaceUp(c) = game.slot(*p) else {
            panic!()
        };
        game.apply(Action::Remove(c)).unwrap();
        expected -= 1;
        if i == 9 {
            expected += 100;
        }
        assert_eq!(game.score(), expected);
    }
    game.apply(Action::Draw).unwrap();
    assert_eq!(game.score(), expected - 1);
    assert_eq!(game.score(), 589);
}

#[test]
fn score_never_goes_below_zero() {
    assert_eq!(crate::scoring::standard_score(0, 0), 500);
    assert_eq!(crate::scoring::standard_score(51, 3), 749);
    assert_eq!(crate::scoring::standard_score(500, 0), 0);
    assert_eq!(crate::scoring::standard_score(501, 0), 0);
    assert_eq!(crate::scoring::standard_score(10_000, 3), 0);
}

#[test]
fn undo_of_a_bonus_removal_takes_the_bonus_back_and_turns_cards_down() {
    let order = peak_by_peak_order();
    let mut game = Game::from_layout(layout_for_order(&order), Rule::Easy);
    for p in &order[..9] {
        let Slot::FaceUp(c) = game.slot(*p) else {
            panic!()
        };
        game.apply(Action::Remove(c)).unwrap();
    }
    let before_bonus = game.clone();
    let Slot::FaceUp(top) = game.slot(pos(0, 0)) else {
        panic!()
    };
    game.apply(Action::Remove(top)).unwrap();
    assert_eq!(game.score(), 500 - 10 + 100);
    assert_eq!(
        game.apply(Action::Undo),
        Ok(Effect::Undid(Action::Remove(top)))
    );
    assert_eq!(game.score(), 491);
    assert_eq!(game.emptied_peaks(), 0);
    assert_eq!(game.slot(pos(0, 0)), Slot::FaceUp(top));
    assert_eq!(game.moves(), 10, "undo does not take a move back");
    // Undo the removal of row 2 card 1: the peak top is covered and face down again.
    game.apply(Action::Undo).unwrap();
    assert_eq!(game.slot(pos(0, 0)), Slot::FaceDown);
    assert_eq!(game.played(), &before_bonus.played()[..8]);
}

#[test]
fn undo_of_a_draw_puts_the_card_back_on_the_stock() {
    let mut game = seeds_example(Rule::Easy);
    let top = game.stock()[0];
    assert_eq!(game.apply(Action::Draw), Ok(Effect::Drew(top)));
    assert_eq!(
        (game.waste(), game.stock_len(), game.score()),
        (Some(top), 22, 499)
    );
    assert_eq!(game.apply(Action::Undo), Ok(Effect::Undid(Action::Draw)));
    assert_eq!(
        (game.waste(), game.stock_len(), game.score()),
        (Some(card("AC")), 23, 500)
    );
    assert_eq!(game.stock()[0], top);
    assert_eq!((game.moves(), game.undo_available()), (1, 0));
}

#[test]
fn more_than_100_actions_undo_newest_first_and_the_counter_never_goes_down() {
    // A game holds at most 51 actions on the waste, so to pass 100 actions it takes some back.
    let mut game = seeds_example(Rule::Easy);
    let mut actions = 0;
    for _ in 0..30 {
        for _ in 0..3 {
            game.apply(Action::Draw).unwrap();
        }
        for _ in 0..3 {
            game.apply(Action::Undo).unwrap();
        }
        actions += 3;
    }
    for _ in 0..23 {
        game.apply(Action::Draw).unwrap();
        actions += 1;
    }
    assert_eq!(game.moves(), actions);
    assert!(game.moves() > 100);
    assert_eq!(game.stock_len(), 0);
    assert_eq!(game.undo_available(), 23);
    assert!(game.undo_available() <= UNDO_LIMIT);
    while game.apply(Action::Undo).is_ok() {}
    assert_eq!(game.stock_len(), 23);
    assert_eq!(game.apply(Action::Undo), Err(Refusal::NothingToUndo));
    assert_eq!(
        game.moves(),
        actions,
        "undo never decrements the move counter"
    );
}

#[test]
fn blocked_when_the_stock_is_empty_and_nothing_fits_then_undo_still_works() {
    // Bottom row 5 5 5 5 9 9 9 9 K K, and the stock ends on a 2: nothing fits at the end.
    let bottom = super::card::parse_cards("5C 5D 5H 5S 9C 9D 9H 9S KC KD").unwrap();
    let last = card("2C");
    let mut rest = Card::all().filter(|c| !bottom.contains(c) && *c != last);
    let mut cards: Vec<Card> = (0..18).map(|_| rest.next().unwrap()).collect();
    cards.extend(&bottom);
    cards.extend(rest);
    cards.push(last);
    let mut game = Game::from_layout(Deal::from_cards(&cards).unwrap(), Rule::Easy);
    for _ in 0..22 {
        game.apply(Action::Draw).unwrap();
        assert_ne!(game.status(), Status::Blocked);
    }
    game.apply(Action::Draw).unwrap();
    assert_eq!(game.waste(), Some(last));
    assert_eq!(game.status(), Status::Blocked);
    assert_eq!(game.apply(Action::Draw), Err(Refusal::StockEmpty));
    assert_eq!(
        game.score(),
        500 - 23,
        "a blocked game gets neither penalty nor bonus"
    );
    game.apply(Action::Undo).unwrap();
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn a_won_game_is_final() {
    let order = peak_by_peak_order();
    let mut game = Game::from_layout(layout_for_order(&order), Rule::Easy);
    for p in &order {
        let Slot::FaceUp(c) = game.slot(*p) else {
            panic!()
        };
        game.apply(Action::Remove(c)).unwrap();
    }
    assert_eq!(game.status(), Status::Won);
    for action in [Action::Draw, Action::Undo, Action::Remove(card("AC"))] {
        assert_eq!(game.apply(action), Err(Refusal::GameOver), "{action}");
    }
}

#[test]
fn stored_games_round_trip_and_stay_small() {
    let mut game = Game::from_code("TP1-C-HELLOAB".parse().unwrap());
    let mut stored_sizes = Vec::new();
    for step in 0..60 {
        let action = legal_removals(&game)
            .first()
            .map(|&c| Action::Remove(c))
            .unwrap_or(if step % 7 == 6 {
                Action::Undo
            } else {
                Action::Draw
            });
        let _ = game.apply(action);
        let stored = game.to_stored();
        stored_sizes.push(stored.len());
        assert_eq!(Game::from_stored(&stored).unwrap(), game);
    }
    assert!(stored_sizes.iter().all(|&n| n < 300), "{stored_sizes:?}");
    let layout = seeds_example(Rule::Classic);
    assert_eq!(Game::from_stored(&layout.to_stored()).unwrap(), layout);
    let json = serde_json::to_string(&layout).unwrap();
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), layout);
}

#[test]
fn corrupt_stored_games_are_errors() {
    let good = r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"8D","moves":1,"turn":1,"undo":1}"#;
    assert!(Game::from_stored(good).is_ok());
    for bad in [
        "",
        "{}",
        "not json",
        r#"{"v":3,"code":"TP1-E-AAAAAAA","played":"","moves":0,"turn":0,"undo":0}"#,
        // Modes arrived with version 2: a version 1 record with them is not one we wrote.
        r#"{"v":1,"code":"TP1-E-AAAAAAA-A","played":"","moves":0,"turn":0,"undo":0}"#,
        r#"{"v":1,"code":"TP1-E-AAAAAA","played":"","moves":0,"turn":0,"undo":0}"#,
        r#"{"v":1,"played":"","moves":0,"turn":0,"undo":0}"#,
        // JC is the second stock card, not the first.
        r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"JC","moves":1,"turn":1,"undo":1}"#,
        // 3S is covered at the start.
        r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"3S","moves":1,"turn":1,"undo":1}"#,
        r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"8D","moves":0,"turn":1,"undo":1}"#,
        r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"8D","moves":1,"turn":1,"undo":2}"#,
        r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"8D XX","moves":1,"turn":1,"undo":1}"#,
    ] {
        assert!(Game::from_stored(bad).is_err(), "{bad}");
    }
}

/// Every card of the deck is in exactly one place: the peaks, the waste pile or the stock.
fn assert_cards_conserved(game: &Game) {
    let mut seen = [0u8; 52];
    for p in Position::all() {
        if game.removed() & p.bit() == 0 {
            seen[usize::from(game.deal().tableau[p.index()].index())] += 1;
        }
    }
    seen[usize::from(game.deal().waste.index())] += 1;
    for c in game.played().iter().chain(game.stock()) {
        seen[usize::from(c.index())] += 1;
    }
    assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
}

fn assert_status_consistent(game: &Game) {
    let any_fits = game.free_cards().iter().any(|&(_, c)| game.fits(c));
    let expected = if game.removed() == ALL_POSITIONS {
        Status::Won
    } else if game.stock_len() == 0 && !any_fits {
        Status::Blocked
    } else {
        Status::Playing
    };
    assert_eq!(game.status(), expected);
}

fn action_strategy() -> impl Strategy<Value = u8> {
    // 0..52: remove that card (most are refused); 52..60 draw; 60..64 undo.
    0u8..64
}

fn to_action(game: &Game, choice: u8) -> Action {
    match choice {
        0..=51 => Action::Remove(Card::from_index(choice).unwrap()),
        52..=59 => match legal_removals(game).first() {
            // Half the draws become a legal removal so that games go deep.
            Some(&c) if choice.is_multiple_of(2) => Action::Remove(c),
            _ => Action::Draw,
        },
        _ => Action::Undo,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_keep_every_invariant(
        number in 0..DEAL_COUNT,
        classic in any::<bool>(),
        choices in proptest::collection::vec(action_strategy(), 0..160),
    ) {
        let rule = if classic { Rule::Classic } else { Rule::Easy };
        let code = DealCode::new(DealNumber::new(number).unwrap(), rule);
        let mut game = Game::from_code(code);
        for choice in choices {
            let action = to_action(&game, choice);
            let before = game.clone();
            match game.apply(action) {
                Ok(_) => {
                    prop_assert_eq!(game.turn(), before.turn() + 1);
                    prop_assert!(game.moves() >= before.moves());
                }
                Err(_) => prop_assert_eq!(&game, &before),
            }
            assert_cards_conserved(&game);
            assert_status_consistent(&game);
            let peaks = PEAKS.iter().filter(|&&p| game.removed() & p == p).count() as i64;
            let expected = (500 - game.played().len() as i64 + 100 * peaks).clamp(0, i64::MAX);
            prop_assert_eq!(i64::from(game.score()), expected);
            prop_assert!(usize::from(game.undo_available()) <= game.played().len());
        }
        prop_assert_eq!(Game::from_stored(&game.to_stored()).unwrap(), game);
    }

    #[test]
    fn undoing_every_action_returns_to_the_start(
        number in 0..DEAL_COUNT,
        choices in proptest::collection::vec(action_strategy(), 0..100),
    ) {
        let start = Game::from_code(DealCode::new(DealNumber::new(number).unwrap(), Rule::Easy));
        let mut game = start.clone();
        let mut accepted = 0;
        for choice in choices {
            let action = match to_action(&game, choice) {
                Action::Undo => Action::Draw,
                other => other,
            };
            if game.apply(action).is_ok() {
                accepted += 1;
            }
        }
        prop_assume!(game.status() != Status::Won);
        prop_assert_eq!(u32::from(game.undo_available()), accepted);
        for _ in 0..accepted {
            prop_assert!(game.apply(Action::Undo).is_ok());
        }
        prop_assert_eq!(game.apply(Action::Undo), Err(Refusal::NothingToUndo));
        prop_assert_eq!(game.moves(), accepted);
        for p in Position::all() {
            prop_assert_eq!(game.slot(p), start.slot(p));
        }
        prop_assert_eq!(game.waste(), start.waste());
        prop_assert_eq!(game.stock(), start.stock());
        prop_assert_eq!(game.score(), start.score());
        prop_assert_eq!(game.played(), start.played());
    }
}

/// A tap names a place of the board; `card_at` is the card dealt there, in the current deal,
/// whether it is still there, covered or removed.
#[test]
fn the_card_at_a_place_is_the_one_dealt_there() {
    let deal = layout_for_order(&peak_by_peak_order());
    let mut game = Game::from_layout(deal.clone(), Rule::Easy);
    for p in Position::all() {
        assert_eq!(game.card_at(p), deal.tableau[p.index()]);
    }
    let first = peak_by_peak_order()[0];
    game.apply(Action::Remove(game.card_at(first))).unwrap();
    assert_eq!(game.slot(first), Slot::Empty);
    assert_eq!(game.card_at(first), deal.tableau[first.index()]);
}

/// The result line marks each peak; the flags follow the peaks left to right and agree with
/// the count the score's bonus uses.
#[test]
fn emptied_peaks_are_flagged_left_to_right() {
    let order = peak_by_peak_order();
    let mut game = Game::from_layout(layout_for_order(&order), Rule::Easy);
    let mut seen = vec![game.emptied_peak_flags()];
    for &p in &order {
        game.apply(Action::Remove(game.card_at(p))).unwrap();
        let flags = game.emptied_peak_flags();
        assert_eq!(
            flags.iter().filter(|&&f| f).count() as u32,
            game.emptied_peaks()
        );
        if seen.last() != Some(&flags) {
            seen.push(flags);
        }
    }
    assert_eq!(
        seen,
        [
            [false, false, false],
            [true, false, false],
            [true, false, true],
            [true, true, true]
        ]
    );
}
