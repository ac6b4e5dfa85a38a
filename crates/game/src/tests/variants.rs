//! The wild card (J) and the traditional draw (T) of docs/RULES.md ("Modes") as tests: the test
//! vector, the joker's rules in Easy and Classic, its scoring and undo, the refused draw and its
//! card, par; property tests of card conservation with 53 cards and of the score against an
//! independent model; and the solver against brute force under both variants.

use proptest::prelude::*;

use super::modes::assert_round_cards_conserved;
use crate::solver::tests::{replay, some_action};
use crate::solver::{Hint, best_score, hint, par, solve};
use crate::{Action, Card, Deal, DealCode, DealNumber, Game, Modes, Position, Refusal, Rule};
use crate::{Slot, Status};

fn game(code: &str) -> Game {
    Game::from_code(code.parse().unwrap())
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn bottom(column: usize) -> Position {
    Position::at(3, column).unwrap()
}

#[test]
fn the_vector_deals_the_joker_into_the_bottom_row_where_it_fits_any_waste() {
    let mut game = game("TP1-E-AAAAAAA-J");
    assert!(game.modes().wild_card);
    assert_eq!(game.slot(bottom(8)), Slot::FaceUp(Card::JOKER));
    assert_eq!(game.waste(), Some(card("QD")));
    assert_eq!(game.stock_len(), 24);
    assert_eq!(&game.stock()[..3], &[card("7S"), card("8D"), card("JC")]);
    game.apply(Action::Remove(Card::JOKER)).unwrap();
    assert_eq!(game.waste(), Some(Card::JOKER));
    assert_eq!(game.score(), 499);
    // Any free card fits the joker; the next card sets the rank again.
    for (_, free) in game.free_cards() {
        assert_eq!(game.check(Action::Remove(free)), Ok(()), "{free}");
    }
    game.apply(Action::Remove(card("10D"))).unwrap();
    assert_eq!(
        game.apply(Action::Remove(card("3D"))),
        Err(Refusal::NotAdjacent)
    );
}

/// The vector's deal with the joker moved to the top of the stock.
fn joker_on_top_of_the_stock(rule: Rule) -> Game {
    let mut deal = DealNumber::new(0)
        .unwrap()
        .deal_for(1, "J".parse().unwrap());
    let joker = deal.tableau.iter().position(|c| c.is_joker()).unwrap();
    std::mem::swap(&mut deal.tableau[joker], &mut deal.stock[0]);
    Game::from_layout(Deal::from_cards(&deal.cards()).unwrap(), rule)
}

#[test]
fn a_joker_drawn_onto_the_waste_takes_any_card_in_both_rules() {
    for rule in [Rule::Easy, Rule::Classic] {
        let mut game = joker_on_top_of_the_stock(rule);
        assert!(
            game.modes().wild_card,
            "a 53-card layout is a wild-card game"
        );
        assert_eq!(
            game.apply(Action::Draw),
            Ok(crate::Effect::Drew(Card::JOKER))
        );
        let free = game.free_cards();
        assert_eq!(free.len(), 10);
        assert!(free.iter().all(|&(_, c)| game.fits(c)));
        // The 7S went to the peaks in the joker's place; the King of hearts next to it fits.
        game.apply(Action::Remove(card("KH"))).unwrap();
        let ace = game.check(Action::Remove(card("AH")));
        match rule {
            Rule::Easy => assert_eq!(ace, Ok(())),
            Rule::Classic => assert_eq!(ace, Err(Refusal::NotAdjacent)),
        }
        game.apply(Action::Undo).unwrap();
        game.apply(Action::Undo).unwrap();
        assert_eq!(
            game.stock()[0],
            Card::JOKER,
            "undo puts the joker back on the stock"
        );
        assert_eq!(game.stock_len(), 24);
    }
}

#[test]
fn the_joker_scores_chains_and_undoes_like_any_card() {
    let mut standard = game("TP1-E-AAAAAAA-J");
    let before = standard.clone();
    standard.apply(Action::Remove(Card::JOKER)).unwrap();
    assert_eq!(
        standard.apply(Action::Undo),
        Ok(crate::Effect::Undid(Action::Remove(Card::JOKER)))
    );
    assert_eq!(standard.slot(bottom(8)), Slot::FaceUp(Card::JOKER));
    assert_eq!(
        (standard.score(), standard.waste()),
        (500, Some(card("QD")))
    );
    assert_eq!(standard.stock(), before.stock());
    let mut aisleriot = game("TP1-E-AAAAAAA-AJ");
    aisleriot.apply(Action::Remove(Card::JOKER)).unwrap();
    aisleriot.apply(Action::Remove(card("10D"))).unwrap();
    assert_eq!(
        (aisleriot.score(), aisleriot.chain()),
        (3, 2),
        "links 1 and 2"
    );
    aisleriot.apply(Action::Undo).unwrap();
    assert_eq!((aisleriot.score(), aisleriot.chain()), (1, 1));
}

#[test]
fn an_uncovered_joker_keeps_a_game_from_blocking() {
    let mut game = game("TP1-E-AAAAAAA-J");
    for _ in 0..24 {
        game.apply(Action::Draw).unwrap();
    }
    assert_eq!(game.stock_len(), 0);
    assert_eq!(game.status(), Status::Playing);
    game.apply(Action::Remove(Card::JOKER)).unwrap();
}

#[test]
fn a_traditional_draw_is_refused_while_a_card_fits_and_names_it() {
    // Waste 7S; the bottom row 10D 3D 6C JS 2S AH 3C 2H KH QD: the 6C fits.
    let mut game = game("TP1-E-AAAAAAA-T");
    let before = game.clone();
    assert_eq!(game.apply(Action::Draw), Err(Refusal::MustPlay(card("6C"))));
    assert_eq!(Refusal::MustPlay(card("6C")).code(), "must_play");
    assert_eq!(game, before, "a refused draw changes nothing");
    game.apply(Action::Remove(card("6C"))).unwrap();
    // On the 6C nothing fits (no 5 or 7 is free): now the draw is allowed.
    assert_eq!(game.fitting_free_card(), None);
    assert!(game.apply(Action::Draw).is_ok());
    // With an empty waste every card fits: the first action is a removal.
    let mut empty = self::game("TP1-E-AAAAAAA-WT");
    assert_eq!(
        empty.apply(Action::Draw),
        Err(Refusal::MustPlay(card("10D")))
    );
    empty.apply(Action::Remove(card("QD"))).unwrap();
    // With the joker free, a draw is never allowed.
    let wild = self::game("TP1-C-AAAAAAA-JT");
    assert!(matches!(
        wild.check(Action::Draw),
        Err(Refusal::MustPlay(_))
    ));
}

#[test]
fn par_is_772_less_the_fewest_draws_and_none_without_a_win_or_under_aisleriot() {
    assert_eq!(par(&game("TP1-E-AAAAAAA")), Some(754));
    assert_eq!(par(&game("TP1-E-HFFTNKD")), Some(758));
    assert_eq!(par(&game("TP1-C-AAAAAAD")), None);
    assert_eq!(par(&game("TP1-E-AAAAAAA-A")), None);
    assert_eq!(par(&game("TP1-E-AAAAAAA-AMP")), None);
    // Par goes down by one for each card played off the fewest-draws line, and a won game's par
    // is its score.
    let start = game("TP1-E-HFFTNKD");
    let (_, line) = best_score(&start).unwrap();
    let mut along = start.clone();
    for &action in &line {
        along.apply(action).unwrap();
        assert_eq!(par(&along), Some(758));
    }
    assert_eq!((along.status(), along.score()), (Status::Won, 758));
    // The traditional draw only takes lines away.
    for letters in ["", "J", "W", "O"] {
        for number in 0..40 {
            let code = DealCode::new(DealNumber::new(number).unwrap(), Rule::Easy);
            let free: Modes = letters.parse().unwrap();
            let strict = Modes {
                traditional_draw: true,
                ..free
            };
            let (free, strict) = (
                par(&Game::from_code(code.with_modes(free))),
                par(&Game::from_code(code.with_modes(strict))),
            );
            assert!(strict.is_none() || strict <= free, "{code} {letters}");
        }
    }
}

/// The peak of a position by the words of docs/RULES.md ("Layout") alone (not `layout.rs`): rows
/// 1-3 split evenly, the bottom row 3 / 3 / 4.
fn peak_by_the_rules(position: Position) -> usize {
    let column = position.column();
    match position.row() {
        0 => column,
        1 => column / 2,
        2 => column / 3,
        _ => (column / 3).min(2),
    }
}

/// The standard score by the table of docs/RULES.md ("Score"), kept action by action from the
/// actions accepted: an independent model (its own history stack, its own peaks).
struct ScoreModel {
    history: Vec<Option<Position>>,
}

impl ScoreModel {
    fn score(&self) -> u32 {
        let mut left = [9, 9, 10];
        for position in self.history.iter().flatten() {
            left[peak_by_the_rules(*position)] -= 1;
        }
        let bonus = 100 * left.iter().filter(|&&n| n == 0).count() as i64;
        (500 + bonus - self.history.len() as i64).max(0) as u32
    }
}

fn variant_modes() -> impl Strategy<Value = Modes> {
    prop::sample::select(vec!["J", "T", "JT", "WJ", "WT", "OWJT", "OJ"])
        .prop_map(|letters| letters.parse().unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(250))]

    #[test]
    fn variants_keep_53_cards_the_status_and_the_score_of_an_independent_model(
        number in 0..crate::DEAL_COUNT,
        classic in any::<bool>(),
        modes in variant_modes(),
        choices in proptest::collection::vec(0u8..12, 0..200),
    ) {
        let rule = if classic { Rule::Classic } else { Rule::Easy };
        let code = DealCode::new(DealNumber::new(number).unwrap(), rule).with_modes(modes);
        let mut game = Game::from_code(code);
        let mut model = ScoreModel { history: Vec::new() };
        for choice in choices {
            let fitting = game.fitting_free_card();
            let free = game.free_cards();
            let action = match (choice, fitting) {
                (0, _) => Action::Undo,
                (1, _) if !free.is_empty() => Action::Remove(free[usize::from(choice) % free.len()].1),
                (2..=7, Some(c)) => Action::Remove(c),
                _ => Action::Draw,
            };
            let before = game.clone();
            // The traditional draw: refused exactly while a free card fits, naming one.
            if modes.traditional_draw
                && action == Action::Draw
                && before.stock_len() > 0
                && before.status() == Status::Playing
            {
                let expected = fitting.map_or(Ok(()), |c| Err(Refusal::MustPlay(c)));
                prop_assert_eq!(before.check(Action::Draw), expected);
                if let Some(c) = fitting {
                    prop_assert!(before.fits(c) && before.free_cards().iter().any(|&(_, f)| f == c));
                }
            }
            match game.apply(action) {
                Ok(effect) => match effect {
                    crate::Effect::Removed { position, .. } => model.history.push(Some(position)),
                    crate::Effect::Drew(_) => model.history.push(None),
                    crate::Effect::Undid(_) => {
                        model.history.pop();
                    }
                },
                Err(_) => prop_assert_eq!(&game, &before),
            }
            assert_round_cards_conserved(&game);
            prop_assert_eq!(game.score(), model.score());
            let fits = game.fitting_free_card().is_some();
            let expected = if game.removed() == crate::layout::ALL_POSITIONS {
                Status::Won
            } else if game.stock_len() == 0 && !fits {
                Status::Blocked
            } else {
                Status::Playing
            };
            prop_assert_eq!(game.status(), expected);
            if game.modes().wild_card && game.free_cards().iter().any(|&(_, c)| c.is_joker()) {
                prop_assert!(game.status() != Status::Blocked);
            }
        }
        prop_assert_eq!(Game::from_stored(&game.to_stored()).unwrap(), game);
    }
}

#[test]
fn the_solver_agrees_with_brute_force_under_both_variants() {
    use crate::solver::tests::reference::brute_force;
    let mut dice: u64 = 5;
    let (mut won, mut lost) = (0, 0);
    for letters in ["J", "T", "JT", "WT", "WJT"] {
        for rule in [Rule::Easy, Rule::Classic] {
            for number in 0..24u64 {
                let code = DealCode::new(DealNumber::new(number * 7919).unwrap(), rule)
                    .with_modes(letters.parse().unwrap());
                let start = Game::from_code(code);
                let verdict = solve(&start);
                if verdict.winnable {
                    assert_eq!(
                        replay(&start, &verdict.line).status(),
                        Status::Won,
                        "{code}"
                    );
                }
                let mut position = start;
                while position.status() == Status::Playing
                    && 28 - position.removed().count_ones() > 11
                {
                    let Some(action) = some_action(&position, &mut dice) else {
                        break;
                    };
                    position.apply(action).unwrap();
                }
                let truth = brute_force(&position);
                let verdict = solve(&position);
                assert_eq!(verdict.winnable, truth.fewest_draws.is_some(), "{code}");
                match (best_score(&position), truth.fewest_draws) {
                    (Some((score, line)), Some(fewest)) => {
                        won += 1;
                        let draws = line.iter().filter(|&&a| a == Action::Draw).count();
                        assert_eq!(position.drawn() + draws, fewest as usize, "{code}");
                        let end = replay(&position, &line);
                        assert_eq!((end.status(), end.score()), (Status::Won, score));
                        assert_eq!(par(&position), Some(score));
                        assert_eq!(replay(&position, &verdict.line).status(), Status::Won);
                    }
                    (None, None) if position.status() == Status::Playing => {
                        lost += 1;
                        let Hint::NoWin(Some(action)) = hint(&position) else {
                            panic!("{code}: a game in progress has a legal action");
                        };
                        let after = replay(&position, &[action]);
                        assert_eq!(brute_force(&after).most_removed, truth.most_removed);
                    }
                    (None, None) => {}
                    (best, truth) => panic!("{code}: solver {best:?}, brute force {truth:?}"),
                }
                if let Hint::Win(action) = hint(&position) {
                    let next = replay(&position, &[action]);
                    assert!(solve(&next).winnable, "{code}: the hint keeps the win");
                }
            }
        }
    }
    assert!(won > 20 && lost > 5, "{won} won, {lost} lost");
}

#[test]
fn following_the_hints_wins_every_winnable_variant_deal() {
    for letters in ["J", "T", "JT", "OWJT"] {
        for number in 100..130u64 {
            let code = DealCode::new(DealNumber::new(number).unwrap(), Rule::Easy)
                .with_modes(letters.parse().unwrap());
            let mut game = Game::from_code(code);
            if !solve(&game).winnable {
                continue;
            }
            while game.status() == Status::Playing {
                let Hint::Win(action) = hint(&game) else {
                    panic!("{code}: a winnable position lost its win");
                };
                game.apply(action).unwrap();
            }
            assert_eq!(game.status(), Status::Won, "{code}");
        }
    }
}
