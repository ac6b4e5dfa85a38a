//! `tripeaks describe` as scripts call it: the seeds' example layout described in Spanish and
//! Dutch, actions applied first, and a bad locale refused in one line.

mod common;

use common::{stdout, tripeaks};

use tripeaks::game::Card;

/// The seeds' example layout as `--cards`: bottom row 3♠ 5♠ K♣ 4♠ 2♦ A♠ K♦ 8♥ 7♣ 9♠, 7♠ at
/// row 3 column 4, A♣ on the waste, the unknown cards in deck order.
fn seeds_cards() -> String {
    let mut tableau: Vec<Option<&str>> = vec![None; 28];
    tableau[9 + 4] = Some("7S");
    let bottom = ["3S", "5S", "KC", "4S", "2D", "AS", "KD", "8H", "7C", "9S"];
    for (column, card) in bottom.iter().enumerate() {
        tableau[18 + column] = Some(card);
    }
    let known: Vec<String> = tableau
        .iter()
        .flatten()
        .chain(&["AC"])
        .map(|c| c.to_string())
        .collect();
    let mut unknown = Card::all()
        .map(|c| c.to_string())
        .filter(|c| !known.contains(c));
    let mut cards: Vec<String> = tableau
        .iter()
        .map(|slot| slot.map_or_else(|| unknown.next().unwrap(), str::to_string))
        .collect();
    cards.push("AC".to_string());
    cards.extend(unknown);
    cards.join(" ")
}

#[test]
fn describes_the_seeds_layout_in_spanish_and_dutch() {
    let cards = seeds_cards();
    let spanish = stdout(&["describe", "--cards", &cards, "--locale", "es-ES"]);
    assert!(spanish.starts_with("Mazo: 23 cartas; descarte: as de tréboles. Cimas: carta oculta"));
    assert!(
        spanish.ends_with("7 de tréboles, 9 de picas.\n"),
        "{spanish}"
    );
    let dutch = stdout(&[
        "describe", "--cards", &cards, "KC", "AS", "2D", "--locale", "nl",
    ]);
    assert!(dutch.starts_with("Trekstapel: 23 kaarten; aflegstapel: ruiten 2. Toppen:"));
    assert!(
        dutch.contains("gedekte kaart, schoppen 7, gedekte kaart"),
        "{dutch}"
    );
    assert!(dutch.ends_with("onderste rij: schoppen 3, schoppen 5, schoppen 4, ruitenkoning, harten 8, klaveren 7, schoppen 9.\n"));
}

#[test]
fn describes_a_code_in_english_by_default() {
    let text = stdout(&["describe", "TP1-E-AAAAAAA"]);
    assert!(
        text.starts_with("Stock: 23 cards; waste: 7 of spades. Peak tops:"),
        "{text}"
    );
    let latin_american = stdout(&["describe", "TP1-E-AAAAAAA", "--locale", "es-419"]);
    assert!(latin_american.starts_with("Mazo: 23 cartas; descarte: 7 de picas."));
}

#[test]
fn a_language_we_do_not_speak_is_one_line_on_stderr() {
    let output = tripeaks(&["describe", "TP1-E-AAAAAAA", "--locale", "pt-BR"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("pt-BR"), "{stderr}");
}
