//! The board in words for screen readers, as the seeds write it, and the one-line status.
//!
//! The description becomes the picture's alt text: "Mazo: 23 cartas; descarte: as de tréboles.
//! Cimas: carta oculta, …; fila 2: …; fila 3: …; fila inferior: 3 de picas, …". Removed cards
//! are left out of their row; a row with no card left says so ("ninguna carta"); an empty stock
//! reads "Mazo: vacío"; a won board says that the three peaks are cleared instead of listing
//! four empty rows. In the modes: an empty waste says so, and an open peaks card that is still
//! covered is named with "(covered)". Discord allows 1,024 characters of alt text: the tests check the longest
//! description any position can produce, in every locale.

use super::cards::card_name;
use super::game_texts::outcome_text;
use super::locale::Locale;
use super::messages::Message;
use crate::game::{Card, Game, Position, Slot, Status};

/// Discord's limit on an attachment description (alt text), in characters.
pub const ALT_TEXT_LIMIT: usize = 1024;

/// What a place in a row shows, for the description (removed cards are not listed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shown {
    FaceDown,
    FaceUp(Card),
    /// Open peaks: shown face up, still covered.
    Covered(Card),
}

/// The facts the description is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
struct BoardView {
    stock: usize,
    waste: Option<Card>,
    /// Top row first; removed cards left out.
    rows: [Vec<Shown>; 4],
    won: bool,
}

impl BoardView {
    fn of(game: &Game) -> BoardView {
        let mut rows: [Vec<Shown>; 4] = Default::default();
        for position in Position::all() {
            let shown = match game.slot(position) {
                Slot::Empty => continue,
                Slot::FaceDown => Shown::FaceDown,
                Slot::FaceUp(card) => Shown::FaceUp(card),
                Slot::Covered(card) => Shown::Covered(card),
            };
            rows[position.row()].push(shown);
        }
        BoardView {
            stock: game.stock_len(),
            waste: game.waste(),
            rows,
            won: game.status() == Status::Won,
        }
    }
}

/// The board described for screen readers, in the seeds' words.
pub fn describe_board(locale: Locale, game: &Game) -> String {
    describe(locale, &BoardView::of(game))
}

fn describe(locale: Locale, view: &BoardView) -> String {
    let stock = Message::BoardStock { count: view.stock }.text(locale);
    let waste = match view.waste {
        Some(card) => Message::BoardWaste {
            card: &card_name(locale, card),
        }
        .text(locale),
        None => Message::BoardWasteEmpty.text(locale),
    };
    if view.won {
        return Message::BoardDescriptionWon {
            stock: &stock,
            waste: &waste,
        }
        .text(locale);
    }
    let face_down = Message::BoardFaceDown.text(locale);
    let list_separator = Message::BoardListSeparator.text(locale);
    let rows: Vec<String> = view
        .rows
        .iter()
        .enumerate()
        .map(|(row, shown)| {
            let cards = if shown.is_empty() {
                Message::BoardRowEmpty.text(locale)
            } else {
                shown
                    .iter()
                    .map(|item| match item {
                        Shown::FaceDown => face_down.clone(),
                        Shown::FaceUp(card) => card_name(locale, *card),
                        Shown::Covered(card) => Message::BoardCovered {
                            card: &card_name(locale, *card),
                        }
                        .text(locale),
                    })
                    .collect::<Vec<_>>()
                    .join(&list_separator)
            };
            let cards = cards.as_str();
            match row {
                0 => Message::BoardRowTop { cards },
                1 => Message::BoardRowSecond { cards },
                2 => Message::BoardRowThird { cards },
                _ => Message::BoardRowBottom { cards },
            }
            .text(locale)
        })
        .collect();
    Message::BoardDescription {
        stock: &stock,
        waste: &waste,
        rows: &rows.join(&Message::BoardRowSeparator.text(locale)),
    }
    .text(locale)
}

/// Score, moves and the stock left in words, then the outcome once the game has ended. In
/// progressive rounds the round comes first ("Round 3 · Score: 1204 · …"); in Aisleriot scoring
/// the chain and what its next card earns come after the score's line; the wild card and the
/// traditional draw are named at the end.
pub fn status_line(locale: Locale, game: &Game) -> String {
    let mut line = Message::StatusLine {
        score: game.score(),
        moves: game.moves(),
        stock: game.stock_len(),
    }
    .text(locale);
    let modes = game.modes();
    if modes.progressive() {
        let round = Message::StatusRound {
            round: game.round(),
        }
        .text(locale);
        line = format!("{round} · {line}");
    }
    if modes.aisleriot() && game.status() == Status::Playing {
        let chain = game.chain();
        let next = crate::game::next_chain_value(modes, chain);
        let chain = Message::StatusChain { chain, next }.text(locale);
        line = format!("{line} · {chain}");
    }
    // The variants change what a tap may do, so the line keeps them in view while playing.
    for (on, name) in [
        (modes.wild_card, Message::ModeWildCard),
        (modes.traditional_draw, Message::ModeTraditionalDraw),
    ] {
        if on {
            line = format!("{line} · {}", name.text(locale));
        }
    }
    match outcome_text(locale, game.status()) {
        Some(outcome) => Message::StatusLineEnded {
            status: &line,
            outcome: &outcome,
        }
        .text(locale),
        None => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ROW_LENGTHS;
    use crate::game::{DealCode, STOCK_SIZE};

    /// The longest text among a face-down card and every card name, face up or covered.
    fn longest_item(locale: Locale) -> Shown {
        let mut items: Vec<Shown> = Card::all().map(Shown::FaceUp).collect();
        items.extend(Card::all().map(Shown::Covered));
        items.push(Shown::FaceDown);
        items
            .into_iter()
            .max_by_key(|item| {
                let view = BoardView {
                    stock: 0,
                    waste: Card::all().next(),
                    rows: [vec![*item], vec![], vec![], vec![]],
                    won: false,
                };
                describe(locale, &view).chars().count()
            })
            .unwrap()
    }

    /// An upper bound for every position: all 28 places show the longest item, the stock count
    /// and the waste card with the longest words. No real game reaches it.
    fn worst_case(locale: Locale) -> String {
        let item = longest_item(locale);
        let longest_waste = Card::all()
            .max_by_key(|&c| card_name(locale, c).chars().count())
            .unwrap();
        let wastes = [Some(longest_waste), None];
        (0..=STOCK_SIZE + 1)
            .flat_map(|stock| wastes.map(|waste| (stock, waste)))
            .map(|(stock, waste)| {
                describe(
                    locale,
                    &BoardView {
                        stock,
                        waste,
                        rows: ROW_LENGTHS.map(|length| vec![item; length]),
                        won: false,
                    },
                )
            })
            .max_by_key(|text| text.chars().count())
            .unwrap()
    }

    #[test]
    fn the_longest_description_fits_discord_alt_text() {
        for locale in Locale::ALL {
            let text = worst_case(locale);
            let utf16 = text.encode_utf16().count();
            assert!(
                utf16 <= ALT_TEXT_LIMIT,
                "{locale}: {utf16} UTF-16 units\n{text}"
            );
            assert!(text.chars().count() <= ALT_TEXT_LIMIT);
        }
    }

    #[test]
    fn the_worst_case_bounds_real_games() {
        // Sanity check of the bound itself: real positions stay below it.
        let code: DealCode = "TP1-E-AAAAAAA".parse().unwrap();
        let mut game = Game::from_code(code);
        for locale in Locale::ALL {
            let bound = worst_case(locale).chars().count();
            assert!(describe_board(locale, &game).chars().count() < bound);
        }
        while game.apply(crate::game::Action::Draw).is_ok() {}
        for locale in Locale::ALL {
            let bound = worst_case(locale).chars().count();
            assert!(describe_board(locale, &game).chars().count() < bound);
        }
    }

    #[test]
    fn no_isolation_marks_anywhere() {
        let game = Game::from_code("TP1-E-AAAAAAB".parse().unwrap());
        for locale in Locale::ALL {
            for text in [describe_board(locale, &game), status_line(locale, &game)] {
                assert!(
                    !text.contains(['\u{2068}', '\u{2069}']),
                    "{locale}: {text:?}"
                );
            }
        }
    }
}
