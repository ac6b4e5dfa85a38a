//! What the solver is checked against: a brute-force search through the game core itself, and
//! two layouts built by hand, one that cannot be won and one that wins without drawing.

use std::collections::HashMap;

use crate::{Action, Card, Deal, Game, Position, Rank, Status, Suit};

/// What brute force finds from a position.
pub(crate) struct Truth {
    /// The fewest cards drawn in all (counting those already drawn) in a winning line.
    pub fewest_draws: Option<u32>,
    /// The most cards removed in all at the end of any line.
    pub most_removed: u32,
}

/// Every line of play from `game`, through `Game::apply`, with a memory of the positions already
/// seen (removed cards, stock left, waste rank: all that decides the future). Only affordable
/// near the end of a game.
pub(crate) fn brute_force(game: &Game) -> Truth {
    let (fewest_draws, most_removed) = explore(game, &mut HashMap::new());
    Truth {
        fewest_draws,
        most_removed,
    }
}

/// Removed set, stock left, waste rank (`Some(None)` the joker, `None` an empty waste).
type Seen = HashMap<(u32, usize, Option<Option<Rank>>), (Option<u32>, u32)>;

fn explore(game: &Game, seen: &mut Seen) -> (Option<u32>, u32) {
    let drawn = game.drawn() as u32;
    if game.status() == Status::Won {
        return (Some(drawn), 28);
    }
    let key = (
        game.removed(),
        game.stock_len(),
        game.waste().map(|card| card.rank()),
    );
    if let Some(&known) = seen.get(&key) {
        return known;
    }
    let mut best: (Option<u32>, u32) = (None, game.removed().count_ones());
    let removals = game
        .free_cards()
        .into_iter()
        .map(|(_, c)| Action::Remove(c));
    for action in removals.chain([Action::Draw]) {
        let mut next = game.clone();
        if next.apply(action).is_ok() {
            let (fewest, most) = explore(&next, seen);
            best.0 = match (best.0, fewest) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            best.1 = best.1.max(most);
        }
    }
    seen.insert(key, best);
    best
}

fn card(rank: u8, suit: Suit) -> Card {
    Card::new(Rank::new(rank).expect("1..=13"), suit)
}

/// Lays out `tableau` (28 cards row-major, `None` for "any"), the waste card and then the stock:
/// the remaining cards fill the open places in deck order.
fn layout(tableau: [Option<Card>; 28], waste: Card, stock_first: &[Card]) -> Deal {
    let mut used: Vec<Card> = tableau.iter().flatten().copied().collect();
    used.push(waste);
    used.extend_from_slice(stock_first);
    let mut rest = Card::all().filter(|c| !used.contains(c));
    let mut cards: Vec<Card> = tableau
        .iter()
        .map(|slot| slot.unwrap_or_else(|| rest.next().expect("52 cards")))
        .collect();
    cards.push(waste);
    cards.extend_from_slice(stock_first);
    cards.extend(rest);
    Deal::from_cards(&cards).expect("52 distinct cards")
}

/// A deal that no line can win, in either rule.
///
/// The left peak top is the 7♠. A card leaves on a waste card of a neighbouring rank, here a 6 or
/// an 8, and that waste card must be the card played just before it. All eight 6s and 8s are
/// placed where none can be played just before the 7♠: seven of them lie on the 7♠ through the
/// two row-2 cards that cover it (the three cards of row 3 and the four bottom cards of the left
/// peak), so those two row-2 cards (a K and a Q) must leave after them and before the 7♠; the
/// eighth is the first waste card, which only a card free at the start could follow, and the 7♠
/// is covered then. None is in the stock or elsewhere in the peaks. So the 7♠ never leaves.
pub(crate) fn unwinnable_layout() -> Deal {
    use Suit::{Clubs, Diamonds, Hearts, Spades};
    let mut tableau = [None; 28];
    let at = |row, column| Position::at(row, column).expect("on the board").index();
    tableau[at(0, 0)] = Some(card(7, Spades));
    tableau[at(1, 0)] = Some(card(13, Clubs));
    tableau[at(1, 1)] = Some(card(12, Clubs));
    let sixes_and_eights = [
        card(6, Clubs),
        card(6, Diamonds),
        card(6, Hearts),
        card(8, Clubs),
        card(8, Diamonds),
        card(8, Hearts),
        card(8, Spades),
    ];
    let under_row_2 = [
        at(2, 0),
        at(2, 1),
        at(2, 2),
        at(3, 0),
        at(3, 1),
        at(3, 2),
        at(3, 3),
    ];
    for (place, card) in under_row_2.into_iter().zip(sixes_and_eights) {
        tableau[place] = Some(card);
    }
    layout(tableau, card(6, Spades), &[])
}

/// A deal that wins without drawing, in either rule: the removal order below is always legal,
/// its ranks going up one at a time from the waste card's 2 (3 4 … K, then Q J … down).
pub(crate) fn layout_won_without_drawing() -> Deal {
    // Left peak, then right, then centre: each card free by the time its turn comes.
    let order: [(usize, usize); 28] = [
        (3, 0),
        (3, 1),
        (3, 2),
        (3, 3),
        (2, 0),
        (2, 1),
        (2, 2),
        (1, 0),
        (1, 1),
        (0, 0),
        (3, 6),
        (3, 7),
        (3, 8),
        (3, 9),
        (2, 6),
        (2, 7),
        (2, 8),
        (1, 4),
        (1, 5),
        (0, 2),
        (3, 4),
        (3, 5),
        (2, 3),
        (2, 4),
        (2, 5),
        (1, 2),
        (1, 3),
        (0, 1),
    ];
    // 3 4 … K (11 cards), then Q J … A (12 cards), then 2 3 4 5 6 (5 cards).
    let ranks = (3..=13).chain((1..=12).rev()).chain(2..=6);
    let mut taken = [0usize; 14];
    let mut tableau = [None; 28];
    for ((row, column), rank) in order.into_iter().zip(ranks) {
        let suit = Suit::ALL[taken[usize::from(rank)]];
        taken[usize::from(rank)] += 1;
        tableau[Position::at(row, column).expect("on the board").index()] = Some(card(rank, suit));
    }
    layout(tableau, card(2, Suit::ALL[taken[2]]), &[])
}
