//! The CLI's text output for a person: the peaks drawn as a pyramid, one line of status.

use std::fmt::Write;

use crate::game::{Action, Card, Effect, Game, Position, Refusal, Slot};

/// The column (in characters) where each position's card is printed: bottom cards 4 apart,
/// each card of an upper row centred over the two that cover it.
fn column(position: Position) -> usize {
    let c = position.column();
    match position.row() {
        0 => 12 * c + 6,
        1 => 12 * (c / 2) + 4 * (c % 2) + 4,
        2 => 4 * c + 2,
        _ => 4 * c,
    }
}

/// The peaks as four lines of text: `??` face down, a blank where a card was removed, and in
/// open peaks a covered card in lower case (`7s`).
pub fn board(game: &Game) -> String {
    let mut text = String::new();
    for row in 0..4 {
        let mut line = String::new();
        for position in Position::all().filter(|p| p.row() == row) {
            let cell = match game.slot(position) {
                Slot::Empty => String::new(),
                Slot::FaceDown => format!("{:>3}", "??"),
                Slot::FaceUp(card) => format!("{:>3}", card.to_string()),
                Slot::Covered(card) => format!("{:>3}", card.to_string().to_lowercase()),
            };
            let at = column(position);
            while line.chars().count() < at {
                line.push(' ');
            }
            line.push_str(&cell);
        }
        writeln!(text, "{}", line.trim_end()).expect("writing to a String");
    }
    text
}

fn status_line(game: &Game) -> String {
    let code = game
        .code()
        .map_or_else(|| "custom layout".to_string(), |c| c.to_string());
    let modes = game.modes();
    let mut extra = String::new();
    if modes.progressive() {
        write!(extra, ", round {}", game.round()).expect("String");
    }
    if modes.aisleriot() {
        write!(extra, ", chain {}", game.chain()).expect("String");
    }
    format!(
        "{code} ({rule}): {status}, score {score}{extra}, moves {moves}\nwaste {waste}, stock {stock}, undo available {undo}\n",
        rule = game.rule(),
        status = game.status().name(),
        score = game.score(),
        moves = game.moves(),
        waste = game
            .waste()
            .map_or_else(|| "empty".to_string(), |card| card.to_string()),
        stock = game.stock_len(),
        undo = game.undo_available(),
    )
}

fn card_line(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `tripeaks deal` without `--json`.
pub fn deal(game: &Game) -> String {
    let deal = game.deal();
    let mut text = status_line(game);
    text.push('\n');
    for row in 0..4 {
        let cards: Vec<Card> = Position::all()
            .filter(|p| p.row() == row)
            .map(|p| deal.tableau[p.index()])
            .collect();
        writeln!(text, "row {}: {}", row + 1, card_line(&cards)).expect("String");
    }
    let waste = game
        .waste()
        .map_or_else(|| "empty".to_string(), |card| card.to_string());
    writeln!(
        text,
        "waste:  {waste}\nstock:  {} (first drawn first)",
        card_line(game.round_stock())
    )
    .expect("String");
    text
}

/// `tripeaks play` without `--json`: each action's result, then the board.
pub fn play(game: &Game, results: &[(Action, Result<Effect, Refusal>)]) -> String {
    let mut text = String::new();
    for (action, result) in results {
        match result {
            Ok(_) => writeln!(text, "{action}: ok"),
            Err(refusal) => writeln!(text, "{action}: refused, {refusal} ({})", refusal.code()),
        }
        .expect("String");
    }
    if !results.is_empty() {
        text.push('\n');
    }
    text.push_str(&board(game));
    text.push('\n');
    text.push_str(&status_line(game));
    text
}
