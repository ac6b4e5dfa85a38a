//! The modes of docs/RULES.md ("Modes") as tests: Aisleriot scoring against its tables and against
//! an independent model, the multiplier, undo inside a chain, progressive rounds, open peaks and
//! the empty waste; and property tests of every mode.

use proptest::prelude::*;

use super::layout_for_order;
use crate::layout::ALL_POSITIONS;
use crate::solver::{best_score, solve};
use crate::{
    Action, Card, Deal, DealCode, DealNumber, Effect, Game, Modes, Position, Refusal, Rule, Slot,
    Status,
};

fn modes(letters: &str) -> Modes {
    letters.parse().unwrap()
}

/// The layout whose 28 cards go bottom row first, then up, without a draw: the k-th card
/// removed has rank k (A, 2, …, K, then Q down to A, then 2, 3, 4) on a 2 on the waste.
fn clean_sweep(letters: &str) -> Game {
    sweep_with_stock(letters, &[])
}

/// `clean_sweep` with stock cards of these ranks drawn first (1 = Ace … 13 = King).
fn sweep_with_stock(letters: &str, first_ranks: &[u8]) -> Game {
    let mut deal = layout_for_order(&bottom_up());
    for (k, &rank) in first_ranks.iter().enumerate() {
        let at = (k..deal.stock.len())
            .find(|&i| deal.stock[i].rank().is_some_and(|r| r.value() == rank))
            .expect("a stock card of that rank");
        deal.stock.swap(k, at);
    }
    Game::from_layout_with_modes(deal, Rule::Easy, modes(letters))
}

/// Every position, bottom row first, then up: each card is free when its turn comes.
fn bottom_up() -> Vec<Position> {
    let mut order: Vec<Position> = Position::all().collect();
    order.reverse();
    order
}

fn sweep_order(game: &Game) -> Vec<Action> {
    bottom_up()
        .into_iter()
        .map(|p| Action::Remove(game.deal().tableau[p.index()]))
        .collect()
}

/// Aisleriot's score recomputed from the history alone, step by step: an independent model of the
/// rules of docs/RULES.md ("Modes": chains, −5 a draw floored at 0, tops 15 and the clearing one
/// 30; with the multiplier 2^(k−1), 25 and 50, draws free).
fn model_score(game: &Game, start: u32) -> u32 {
    let multiplier = game.modes().multiplier();
    let (mut score, mut chain, mut removed) = (start, 0u32, 0u32);
    for &card in game.played() {
        match game.position_of(card) {
            Some(position) => {
                chain += 1;
                removed |= position.bit();
                let points = if multiplier {
                    1u32 << (chain - 1)
                } else {
                    chain
                };
                let bonus = match (position.row(), removed == ALL_POSITIONS, multiplier) {
                    (0, true, false) => 30,
                    (0, false, false) => 15,
                    (0, true, true) => 50,
                    (0, false, true) => 25,
                    _ => 0,
                };
                score += points + bonus;
            }
            None => {
                chain = 0;
                if !multiplier {
                    score = score.saturating_sub(5);
                }
            }
        }
    }
    score
}

#[test]
fn the_best_aisleriot_round_scores_466() {
    let mut game = clean_sweep("A");
    assert_eq!(game.score(), 0, "Aisleriot scoring starts at 0");
    for action in sweep_order(&game) {
        game.apply(action).unwrap();
    }
    assert_eq!(game.status(), Status::Won);
    assert_eq!(game.score(), 466);
    assert_eq!(game.chain(), 28);
}

#[test]
fn the_multiplier_doubles_the_chain_and_pays_25_and_50() {
    // After 5 removals the waste is a 5; the drawn 7 takes the sixth card, a 6.
    let mut game = sweep_with_stock("AM", &[7]);
    let actions = sweep_order(&game);
    for action in &actions[..5] {
        game.apply(*action).unwrap();
    }
    assert_eq!(game.score(), 31, "1 + 2 + 4 + 8 + 16");
    game.apply(Action::Draw).unwrap();
    assert_eq!(game.score(), 31, "a draw costs nothing with the multiplier");
    assert_eq!(game.chain(), 0);
    // The whole board after the draw: a chain of 23, two tops at +25, the last at +50.
    for action in &actions[5..] {
        game.apply(*action).unwrap();
    }
    assert_eq!(game.score(), 31 + (1 << 23) - 1 + 25 + 25 + 50);
    assert_eq!(game.score(), model_score(&game, 0));
}

#[test]
fn a_draw_ends_the_chain_and_costs_five_floored_at_zero() {
    // A King first (the Ace fits it in Easy), then a 5 after the third card (the 4 fits).
    let mut game = sweep_with_stock("A", &[13, 5]);
    game.apply(Action::Draw).unwrap();
    assert_eq!(game.score(), 0, "−5 from 0 stays 0");
    let actions = sweep_order(&game);
    for action in &actions[..3] {
        game.apply(*action).unwrap();
    }
    assert_eq!((game.score(), game.chain()), (6, 3), "1 + 2 + 3");
    game.apply(Action::Draw).unwrap();
    assert_eq!((game.score(), game.chain()), (1, 0));
    game.apply(actions[3]).unwrap();
    assert_eq!(
        (game.score(), game.chain()),
        (2, 1),
        "the chain starts again at 1"
    );
    game.apply(Action::Draw).unwrap();
    assert_eq!(game.score(), 0, "2 − 5 is floored at 0");
    // Undo gives back exactly what the draw cost: 2, not 5.
    game.apply(Action::Undo).unwrap();
    assert_eq!((game.score(), game.chain()), (2, 1));
}

#[test]
fn undo_in_the_middle_of_a_chain_restores_score_and_chain() {
    let mut game = clean_sweep("A");
    let actions = sweep_order(&game);
    for action in &actions[..4] {
        game.apply(*action).unwrap();
    }
    assert_eq!((game.score(), game.chain()), (10, 4));
    game.apply(Action::Undo).unwrap();
    game.apply(Action::Undo).unwrap();
    assert_eq!((game.score(), game.chain()), (3, 2));
    game.apply(actions[2]).unwrap();
    assert_eq!((game.score(), game.chain()), (6, 3));
}

#[test]
fn progressive_rounds_deal_the_next_round_and_carry_the_score() {
    let code: DealCode = "TP1-E-AAAAAAA-AP".parse().unwrap();
    let mut game = Game::from_code(code);
    let line = solve(&game).line;
    assert!(!line.is_empty(), "TP1-E-AAAAAAA can be won");
    let (last, before) = line.split_last().unwrap();
    for action in before {
        game.apply(*action).unwrap();
    }
    let score_before = game.score();
    let moves_before = game.moves();
    let effect = game.apply(*last).unwrap();
    assert!(matches!(
        effect,
        Effect::Removed {
            cleared_round: true,
            ..
        }
    ));
    assert_eq!(game.round(), 2);
    assert_eq!(
        game.status(),
        Status::Playing,
        "a progressive game is never won"
    );
    assert_eq!(game.deal(), &code.number.round_deal(2));
    assert_eq!(game.removed(), 0);
    assert_eq!(game.stock_len(), 23);
    assert_eq!(game.waste(), Some(code.number.round_deal(2).waste));
    assert_eq!(
        game.chain(),
        0,
        "the chain starts again with the new waste card"
    );
    assert_eq!(game.moves(), moves_before + 1, "the move counter goes on");
    assert!(game.score() > score_before, "the clearing removal is paid");
    assert_eq!(game.round_start_score(), game.score());
    assert_eq!(game.apply(Action::Undo), Err(Refusal::NothingToUndo));
    // The stored form keeps the round and the carried score.
    let stored = game.to_stored();
    assert!(
        stored.contains(r#""v":2"#) && stored.contains(r#""round":2"#),
        "{stored}"
    );
    assert_eq!(Game::from_stored(&stored).unwrap(), game);
    // Round 2 ends the game when it is blocked: draw everything, then nothing fits.
    let carried = game.score();
    while game.status() == Status::Playing {
        let fitting = game.free_cards().into_iter().find(|&(_, c)| game.fits(c));
        match fitting {
            Some((_, c)) if game.stock_len() == 0 => game.apply(Action::Remove(c)).unwrap(),
            _ => game.apply(Action::Draw).unwrap(),
        };
    }
    assert_eq!(game.status(), Status::Blocked);
    assert_eq!(game.round(), 2);
    assert_eq!(game.score(), model_score(&game, carried));
    let read = Game::from_stored(&game.to_stored()).unwrap();
    assert_eq!(read, game);
}

#[test]
fn round_two_of_the_vector_code_is_pinned() {
    // Also in tests/data/tp1_vectors.txt, with the generator's other vectors.
    let number = DealNumber::new(0).unwrap();
    let deal = number.round_deal(2);
    let text: Vec<String> = deal.cards().iter().map(Card::to_string).collect();
    let vectors = include_str!("../../../../tests/data/tp1_vectors.txt");
    let line = vectors
        .lines()
        .find(|l| l.starts_with("TP1-E-AAAAAAA-AP round 2: "))
        .expect("the round 2 vector");
    let expected: String = line
        .split_once(": ")
        .unwrap()
        .1
        .replace(" | ", " ")
        .to_string();
    assert_eq!(text.join(" "), expected);
}

#[test]
fn open_peaks_show_every_card_and_covered_ones_stay_blocked() {
    let game = Game::from_code("TP1-E-AAAAAAA-O".parse().unwrap());
    let plain = Game::from_code("TP1-E-AAAAAAA".parse().unwrap());
    for p in Position::all() {
        match (game.slot(p), plain.slot(p)) {
            (Slot::Covered(a), Slot::FaceDown) => assert_eq!(a, game.deal().tableau[p.index()]),
            (a, b) => assert_eq!(a, b),
        }
    }
    let covered = game.deal().tableau[0];
    let mut tapped = game.clone();
    assert_eq!(tapped.apply(Action::Remove(covered)), Err(Refusal::Blocked));
    assert_eq!(game.free_cards(), plain.free_cards());
}

#[test]
fn an_empty_waste_takes_any_free_card_and_the_stock_has_24() {
    let mut game = Game::from_code("TP1-E-AAAAAAA-W".parse().unwrap());
    let deal = game.deal().clone();
    assert_eq!(game.waste(), None);
    assert_eq!(game.stock_len(), 24);
    assert_eq!(
        game.stock()[0],
        deal.waste,
        "the deal's waste card is drawn first"
    );
    assert!(game.free_cards().iter().all(|&(_, c)| game.fits(c)));
    let (_, first) = game.free_cards()[3];
    game.apply(Action::Remove(first)).unwrap();
    assert_eq!(game.waste(), Some(first));
    game.apply(Action::Undo).unwrap();
    assert_eq!(game.waste(), None);
    game.apply(Action::Draw).unwrap();
    assert_eq!(game.waste(), Some(deal.waste));
    assert_eq!(game.stock_len(), 23);
    // The solver knows the empty waste: a hint and a verdict exist from the start.
    let start = Game::from_code("TP1-E-AAAAAAA-W".parse().unwrap());
    let verdict = solve(&start);
    assert!(verdict.winnable, "W only adds choices to a winnable deal");
    let mut replay = start.clone();
    for action in &verdict.line {
        replay.apply(*action).unwrap();
    }
    assert_eq!(replay.status(), Status::Won);
    assert!(best_score(&start).is_some());
}

#[test]
fn the_standard_game_is_stored_as_before() {
    let game = Game::from_code("TP1-E-AAAAAAA".parse().unwrap());
    assert_eq!(
        game.to_stored(),
        r#"{"v":1,"code":"TP1-E-AAAAAAA","played":"","moves":0,"turn":0,"undo":0}"#
    );
    let aisleriot = Game::from_code("TP1-E-AAAAAAA-A".parse().unwrap());
    assert_eq!(
        aisleriot.to_stored(),
        r#"{"v":2,"code":"TP1-E-AAAAAAA-A","played":"","moves":0,"turn":0,"undo":0}"#
    );
    let layout = Game::from_layout_with_modes(
        Deal::from_cards(&Card::all().collect::<Vec<_>>()).unwrap(),
        Rule::Classic,
        modes("OW"),
    );
    let read = Game::from_stored(&layout.to_stored()).unwrap();
    assert_eq!(read, layout);
    // A round past 1 without progressive rounds, or a carried score without Aisleriot
    // scoring, is not a game anyone played.
    for bad in [
        r#"{"v":2,"code":"TP1-E-AAAAAAA-A","round":2,"played":"","moves":28,"turn":28,"undo":0}"#,
        r#"{"v":2,"code":"TP1-E-AAAAAAA-O","carried":5,"played":"","moves":0,"turn":0,"undo":0}"#,
        r#"{"v":2,"code":"TP1-E-AAAAAAA-AP","round":3,"played":"","moves":10,"turn":10,"undo":0}"#,
    ] {
        assert!(Game::from_stored(bad).is_err(), "{bad}");
    }
}

fn all_modes() -> impl Strategy<Value = Modes> {
    prop::sample::select(vec![
        "", "A", "AM", "AP", "AMP", "O", "W", "OW", "AO", "AW", "AMPOW", "APW", "J", "T", "JT",
        "AJ", "APJ", "WJ", "WT", "OWJT", "AMPOWJT",
    ])
    .prop_map(modes)
}

/// Every card of the round once: in the peaks, played, in the stock, or the deal's waste card
/// not yet played on (it is in the stock with an empty waste).
pub(super) fn assert_round_cards_conserved(game: &Game) {
    // 52 cards, and the joker (index 52) with the wild card.
    let mut seen = [0u8; 53];
    for p in Position::all() {
        if game.removed() & p.bit() == 0 {
            seen[usize::from(game.deal().tableau[p.index()].index())] += 1;
        }
    }
    if !game.modes().empty_waste {
        seen[usize::from(game.deal().waste.index())] += 1;
    }
    for c in game.played().iter().chain(game.stock()) {
        seen[usize::from(c.index())] += 1;
    }
    let cards = if game.modes().wild_card { 53 } else { 52 };
    assert!(seen[..cards].iter().all(|&n| n == 1), "{seen:?}");
    assert!(seen[cards..].iter().all(|&n| n == 0), "{seen:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_mode_keeps_cards_score_and_stored_form(
        number in 0..crate::DEAL_COUNT,
        modes in all_modes(),
        choices in proptest::collection::vec(0u8..10, 0..200),
    ) {
        let code = DealCode::new(DealNumber::new(number).unwrap(), Rule::Easy).with_modes(modes);
        let mut game = Game::from_code(code);
        for choice in choices {
            // Mostly a fitting removal, else a draw; sometimes an undo.
            let fitting = game.free_cards().into_iter().find(|&(_, c)| game.fits(c));
            let action = match (choice, fitting) {
                (0, _) => Action::Undo,
                (1..=6, Some((_, c))) => Action::Remove(c),
                _ => Action::Draw,
            };
            let before = game.clone();
            if game.apply(action).is_err() {
                prop_assert_eq!(&game, &before);
            }
            assert_round_cards_conserved(&game);
            if modes.aisleriot() {
                prop_assert_eq!(game.score(), model_score(&game, game.round_start_score()));
            }
            prop_assert!(game.round() == 1 || modes.progressive());
        }
        prop_assert_eq!(Game::from_stored(&game.to_stored()).unwrap(), game);
    }

    #[test]
    fn undo_back_to_the_round_start_restores_it(
        number in 0..crate::DEAL_COUNT,
        modes in all_modes(),
        choices in proptest::collection::vec(0u8..8, 0..60),
    ) {
        let start = Game::from_code(
            DealCode::new(DealNumber::new(number).unwrap(), Rule::Classic).with_modes(modes),
        );
        let mut game = start.clone();
        let mut accepted = 0;
        for choice in choices {
            let fitting = game.free_cards().into_iter().find(|&(_, c)| game.fits(c));
            let action = match (choice, fitting) {
                (0..=4, Some((_, c))) => Action::Remove(c),
                _ => Action::Draw,
            };
            if game.apply(action).is_ok() {
                accepted += 1;
            }
        }
        prop_assume!(game.round() == 1 && game.status() != Status::Won);
        for _ in 0..accepted {
            prop_assert!(game.apply(Action::Undo).is_ok());
        }
        prop_assert_eq!(game.score(), start.score());
        prop_assert_eq!(game.chain(), 0);
        prop_assert_eq!(game.waste(), start.waste());
        prop_assert_eq!(game.stock(), start.stock());
        for p in Position::all() {
            prop_assert_eq!(game.slot(p), start.slot(p));
        }
    }
}

/// Was: a stored `"round":4000000000` dealt every round before it, one by one (a thread busy for
/// minutes on one forged record). Now the round is checked against the moves first (each
/// cleared round took 28 removals) and dealt directly.
#[test]
fn a_forged_round_is_refused_before_anything_is_dealt() {
    for bad in [
        r#"{"v":2,"code":"TP1-E-AAAAAAA-AP","round":4000000000,"played":"","moves":1073741824,"turn":1073741824,"undo":0}"#,
        r#"{"v":2,"code":"TP1-E-AAAAAAA-AP","round":4294967295,"played":"","moves":0,"turn":0,"undo":0}"#,
        r#"{"v":2,"code":"TP1-E-AAAAAAA-AP","round":3,"played":"","moves":55,"turn":55,"undo":0}"#,
    ] {
        assert!(Game::from_stored(bad).is_err(), "{bad}");
    }
    // At the least moves a round can have been reached with, it reads, dealt as round 3.
    let fair =
        r#"{"v":2,"code":"TP1-E-AAAAAAA-AP","round":3,"played":"","moves":56,"turn":56,"undo":0}"#;
    let game = Game::from_stored(fair).expect("a reachable round");
    assert_eq!(game.round(), 3);
    let code: DealCode = "TP1-E-AAAAAAA-AP".parse().unwrap();
    assert_eq!(game.deal(), &code.number.round_deal(3));
}
