//! Tests of the whole module: the catalogue against every `.ftl` file, the seeds' own words,
//! and the texts of particular positions (empty row, empty stock, won, blocked).

mod catalogue;
mod seeds;
mod texts;

use crate::game::{Action, Card, Deal, Game, Position, Rank, Rule, Suit};

/// The order in which [`winnable_layout`] removes the peaks: the bottom row, then upwards.
fn removal_order() -> Vec<Position> {
    [(3, 10), (2, 9), (1, 6), (0, 3)]
        .into_iter()
        .flat_map(|(row, length)| (0..length).map(move |column| Position::at(row, column).unwrap()))
        .collect()
}

/// A layout won by removing the peaks bottom row first without a draw (A♣ on the waste, then
/// ranks 2, 3, … K, A, 2 …), whose stock ends with a King: drawing the whole stock first blocks
/// it (the free bottom cards are 2 to J, and nothing is next to a King but a Queen and an Ace).
pub(super) fn winnable_layout() -> (Game, Vec<Card>) {
    let mut used = vec![Card::new(Rank::ACE, Suit::Clubs)];
    let mut tableau = [used[0]; 28];
    let mut order = Vec::new();
    for (step, position) in removal_order().into_iter().enumerate() {
        let rank = Rank::new(((step + 1) % 13) as u8 + 1).unwrap();
        let card = Suit::ALL
            .into_iter()
            .map(|suit| Card::new(rank, suit))
            .find(|c| !used.contains(c))
            .unwrap();
        used.push(card);
        tableau[position.index()] = card;
        order.push(card);
    }
    let mut stock: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
    let king = stock
        .iter()
        .position(|c| c.rank() == Some(Rank::KING))
        .unwrap();
    let last = stock.remove(king);
    stock.push(last);
    let mut cards = tableau.to_vec();
    cards.push(used[0]);
    cards.extend(stock);
    let game = Game::from_layout(Deal::from_cards(&cards).unwrap(), Rule::Easy);
    (game, order)
}

/// Plays removals, each of which must be accepted.
pub(super) fn remove_all(game: &mut Game, cards: &[Card]) {
    for &card in cards {
        game.apply(Action::Remove(card))
            .unwrap_or_else(|refusal| panic!("{card} refused: {refusal}"));
    }
}
