//! Tests of the solver through its public API, played back through the game core: every line
//! wins, the answers agree with a brute-force search where one is affordable, a deal built so
//! that it cannot be won is found so, suits change nothing, hints lead to a win, and the win rates
//! come out as expected.

mod parts;
pub(crate) mod reference;

use super::*;
use crate::{Card, Deal, DealCode, DealNumber, Rank, Rule, Suit};
use reference::{brute_force, layout_won_without_drawing, unwinnable_layout};

/// A reproducible stream of deal numbers (SplitMix64), so that every run tests the same deals.
fn deals(count: usize, seed: u64, rule: Rule) -> impl Iterator<Item = Game> {
    let mut state = seed;
    (0..count).map(move |_| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let number = DealNumber::new((z ^ (z >> 31)) % crate::DEAL_COUNT).unwrap();
        Game::from_code(DealCode::new(number, rule))
    })
}

/// The game after `line`; every action must be accepted.
pub(crate) fn replay(game: &Game, line: &[Action]) -> Game {
    let mut game = game.clone();
    for &action in line {
        game.apply(action)
            .unwrap_or_else(|refusal| panic!("{action} refused: {refusal}"));
    }
    game
}

fn draws(line: &[Action]) -> usize {
    line.iter()
        .filter(|&&action| action == Action::Draw)
        .count()
}

/// A pseudo-random legal action (a removal more often than a draw), or `None` if none is left.
pub(crate) fn some_action(game: &Game, dice: &mut u64) -> Option<Action> {
    *dice = dice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    let removals: Vec<Action> = game
        .free_cards()
        .into_iter()
        .map(|(_, card)| Action::Remove(card))
        .filter(|&action| game.check(action).is_ok())
        .collect();
    let pick = (*dice >> 33) as usize;
    match (removals.is_empty(), game.check(Action::Draw).is_ok()) {
        (false, draw) if !draw || !pick.is_multiple_of(4) => Some(removals[pick % removals.len()]),
        (_, true) => Some(Action::Draw),
        _ => None,
    }
}

#[test]
fn every_line_wins_when_replayed_in_both_rules() {
    for rule in [Rule::Easy, Rule::Classic] {
        let (mut won, mut lost) = (0, 0);
        for game in deals(150, 1, rule) {
            let verdict = solve(&game);
            if verdict.winnable {
                won += 1;
                assert_eq!(replay(&game, &verdict.line).status(), Status::Won);
            } else {
                lost += 1;
                assert!(verdict.line.is_empty());
            }
            assert!(verdict.states_searched > 0);
        }
        assert!(won > 0 && lost > 0, "{rule}: {won} won, {lost} lost");
    }
}

#[test]
fn lines_from_mid_game_positions_win_and_winning_prefixes_stay_winnable() {
    let mut dice: u64 = 7;
    for rule in [Rule::Easy, Rule::Classic] {
        for game in deals(40, 2, rule) {
            let verdict = solve(&game);
            // Part of the way along a winning line: still winnable, and the new line wins.
            if verdict.winnable {
                let halfway = replay(&game, &verdict.line[..verdict.line.len() / 2]);
                let again = solve(&halfway);
                assert!(again.winnable);
                assert_eq!(replay(&halfway, &again.line).status(), Status::Won);
            }
            // After some random play, with an undo: whatever the verdict, a line wins.
            let mut position = game.clone();
            for _ in 0..12 {
                if let Some(action) = some_action(&position, &mut dice) {
                    position.apply(action).unwrap();
                }
            }
            let _ = position.apply(Action::Undo);
            let verdict = solve(&position);
            if verdict.winnable {
                assert_eq!(replay(&position, &verdict.line).status(), Status::Won);
            }
        }
    }
}

#[test]
fn agrees_with_brute_force_near_the_end_of_games() {
    let mut dice: u64 = 11;
    let (mut won, mut lost) = (0, 0);
    for rule in [Rule::Easy, Rule::Classic] {
        for game in deals(60, 3, rule) {
            // Mostly the solver's own advice, sometimes a random action, until few cards are left.
            let mut position = game;
            while position.status() == Status::Playing && 28 - position.removed().count_ones() > 11
            {
                dice = dice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let action = match hint(&position) {
                    Hint::Win(action) | Hint::NoWin(Some(action)) if dice >> 62 != 0 => action,
                    _ => match some_action(&position, &mut dice) {
                        Some(action) => action,
                        None => break,
                    },
                };
                position.apply(action).unwrap();
            }
            let truth = brute_force(&position);
            let verdict = solve(&position);
            assert_eq!(verdict.winnable, truth.fewest_draws.is_some());
            let best = best_score(&position);
            assert_eq!(best.is_some(), verdict.winnable);
            if let (Some((score, line)), Some(fewest)) = (best, truth.fewest_draws) {
                won += 1;
                let drawn_before = 23 - position.stock_len();
                assert_eq!(drawn_before + draws(&line), fewest as usize);
                assert_eq!(replay(&position, &line).score(), score);
            } else if position.status() == Status::Playing {
                lost += 1;
                // The hint starts a line that removes as many cards as any line can.
                let Hint::NoWin(Some(action)) = hint(&position) else {
                    panic!("a game in progress has a legal action");
                };
                let after = replay(&position, &[action]);
                assert_eq!(brute_force(&after).most_removed, truth.most_removed);
            }
        }
    }
    assert!(won > 10 && lost > 10, "{won} won, {lost} lost");
}

#[test]
fn a_layout_built_so_that_no_line_can_win_is_reported_unwinnable() {
    // See `unwinnable_layout` for why no line can win it.
    for rule in [Rule::Easy, Rule::Classic] {
        let game = Game::from_layout(unwinnable_layout(), rule);
        let verdict = solve(&game);
        assert!(!verdict.winnable);
        assert!(verdict.line.is_empty());
        assert_eq!(best_score(&game), None);
        assert!(matches!(hint(&game), Hint::NoWin(Some(_))));
    }
}

#[test]
fn a_layout_that_wins_without_drawing_scores_772() {
    for rule in [Rule::Easy, Rule::Classic] {
        let game = Game::from_layout(layout_won_without_drawing(), rule);
        let (score, line) = best_score(&game).unwrap();
        assert_eq!(score, 772);
        assert_eq!(draws(&line), 0);
        assert_eq!(replay(&game, &line).score(), 772);
    }
}

/// The same deal with the suits exchanged by `permutation`.
fn with_suits_exchanged(game: &Game, permutation: [Suit; 4]) -> Game {
    let exchange = |card: Card| match (card.rank(), card.suit()) {
        (Some(rank), Some(suit)) => Card::new(rank, permutation[suit as usize]),
        _ => card,
    };
    let cards: Vec<Card> = game.deal().cards().into_iter().map(exchange).collect();
    Game::from_layout(Deal::from_cards(&cards).unwrap(), game.rule())
}

#[test]
fn suits_change_nothing() {
    use Suit::{Clubs, Diamonds, Hearts, Spades};
    let permutations = [
        [Spades, Hearts, Diamonds, Clubs],
        [Diamonds, Clubs, Spades, Hearts],
        [Hearts, Spades, Clubs, Diamonds],
    ];
    for rule in [Rule::Easy, Rule::Classic] {
        for (n, game) in deals(60, 4, rule).enumerate() {
            let exchanged = with_suits_exchanged(&game, permutations[n % 3]);
            let (verdict, other) = (solve(&game), solve(&exchanged));
            assert_eq!(verdict.winnable, other.winnable);
            assert_eq!(verdict.line.len(), other.line.len());
            assert_eq!(verdict.states_searched, other.states_searched);
            let ranks = |line: &[Action]| -> Vec<Option<Rank>> {
                let rank = |action: &Action| match action {
                    Action::Remove(card) => card.rank(),
                    _ => None,
                };
                line.iter().map(rank).collect()
            };
            assert_eq!(ranks(&verdict.line), ranks(&other.line));
            let score = |game: &Game| best_score(game).map(|(score, _)| score);
            assert_eq!(score(&game), score(&exchanged));
        }
    }
}

#[test]
fn win_rates_over_2000_deals_are_about_97_and_73_percent() {
    for (rule, expected) in [(Rule::Easy, 0.97), (Rule::Classic, 0.73)] {
        let won = deals(2000, 5, rule)
            .filter(|game| solve(game).winnable)
            .count();
        let rate = won as f64 / 2000.0;
        assert!((rate - expected).abs() <= 0.02, "{rule}: {rate}");
    }
}

#[test]
fn the_hint_in_a_winnable_position_starts_a_winning_line() {
    for rule in [Rule::Easy, Rule::Classic] {
        for game in deals(40, 6, rule) {
            let verdict = solve(&game);
            match hint(&game) {
                Hint::Win(action) => {
                    // Legal, and a winning line goes on from it: it starts a winning line.
                    assert!(verdict.winnable);
                    assert!(solve(&replay(&game, &[action])).winnable);
                }
                Hint::NoWin(_) => assert!(!verdict.winnable),
            }
        }
    }
}

#[test]
fn following_the_hints_always_wins() {
    for rule in [Rule::Easy, Rule::Classic] {
        for mut game in deals(25, 7, rule).filter(|game| solve(game).winnable) {
            while game.status() == Status::Playing {
                let Hint::Win(action) = hint(&game) else {
                    panic!("a position on a winning line lost its win");
                };
                game.apply(action).unwrap();
            }
            assert_eq!(game.status(), Status::Won);
        }
    }
}

#[test]
fn no_hint_without_a_legal_action() {
    let mut game = Game::from_layout(unwinnable_layout(), Rule::Classic);
    while game.apply(Action::Draw).is_ok() {}
    while let Hint::NoWin(Some(action)) = hint(&game) {
        game.apply(action).unwrap();
    }
    assert_eq!(game.status(), Status::Blocked);
    assert_eq!(hint(&game), Hint::NoWin(None));

    let won_game = Game::from_layout(layout_won_without_drawing(), Rule::Easy);
    let (_, line) = best_score(&won_game).unwrap();
    let won_game = replay(&won_game, &line);
    assert_eq!(hint(&won_game), Hint::NoWin(None));
    assert_eq!(solve(&won_game).line, Vec::new());
    assert!(solve(&won_game).winnable);
}
