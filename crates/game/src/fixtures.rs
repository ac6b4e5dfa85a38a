//! Games and layouts that tests are written against, for this crate's tests and (behind the
//! `fixtures` feature) for the tests of crates that build on the game: the seeds' worked example,
//! and a layout that can be cleared in any chosen order.

use crate::{Card, Deal, Game, Position, Rank, Rule, Suit};

fn card(text: &str) -> Card {
    text.parse().expect("a card the fixture names")
}

/// The seeds' example layout: bottom row 3♠ 5♠ K♣ 4♠ 2♦ A♠ K♦ 8♥ 7♣ 9♠, A♣ on the waste, the
/// 7♠ as the fifth card of row 3; the other cards fill the remaining places in deck order.
pub fn seeds_example(rule: Rule) -> Game {
    let bottom = "3S 5S KC 4S 2D AS KD 8H 7C 9S";
    let known: Vec<Card> = crate::card::parse_cards(&format!("{bottom} 7S AC")).unwrap();
    let mut filler = Card::all().filter(|c| !known.contains(c));
    let mut cards = Vec::new();
    for p in Position::all() {
        cards.push(match (p.row(), p.column()) {
            (3, column) => known[column],
            (2, 4) => card("7S"),
            _ => filler.next().unwrap(),
        });
    }
    cards.push(card("AC"));
    cards.extend(filler);
    Game::from_layout(Deal::from_cards(&cards).unwrap(), rule)
}

/// A layout in which removing the positions in `order` is always legal, in either rule: their
/// ranks go up from A to K and back down (A 2 … K Q … A 2 3 4), and the waste starts on a 2.
pub fn layout_for_order(order: &[Position]) -> Deal {
    assert_eq!(order.len(), 28);
    let ranks: Vec<u8> = (0..28)
        .map(|i| {
            if i < 13 {
                i + 1
            } else if i < 25 {
                25 - i
            } else {
                i - 23
            }
        })
        .collect();
    let mut used = [0u8; 14];
    let mut take = |rank: u8| {
        let suit = Suit::ALL[usize::from(used[usize::from(rank)])];
        used[usize::from(rank)] += 1;
        Card::new(Rank::new(rank).unwrap(), suit)
    };
    let mut tableau = [Card::from_index(0).unwrap(); 28];
    for (i, p) in order.iter().enumerate() {
        tableau[p.index()] = take(ranks[i]);
    }
    let waste = take(2);
    let mut cards = tableau.to_vec();
    cards.push(waste);
    cards.extend(
        Card::all()
            .filter(|c| !cards.contains(c))
            .collect::<Vec<_>>(),
    );
    Deal::from_cards(&cards).unwrap()
}
