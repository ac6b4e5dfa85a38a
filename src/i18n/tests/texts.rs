//! The texts of particular positions: the decisions the seeds leave open (an empty row, an
//! empty stock, a won board), the status line, plurals, and the game messages built from
//! game values.

use super::{remove_all, winnable_layout};
use crate::game::{Action, DealCode, Rule, Status};
use crate::i18n::{
    Locale, Message, card_name, code_share, describe_board, draw_button, game_blocked,
    game_started, game_won, hint_remove, settings_current, status_line, your_turn,
};

#[test]
fn english_start_description() {
    let game = super::seeds::seeds_layout();
    let hidden = |n: usize| vec!["face-down card"; n].join(", ");
    let expected = format!(
        "Stock: 23 cards; waste: ace of clubs. Peak tops: {}; row 2: {}; row 3: {}; bottom row: \
         3 of spades, 5 of spades, king of clubs, 4 of spades, 2 of diamonds, ace of spades, \
         king of diamonds, 8 of hearts, 7 of clubs, 9 of spades.",
        hidden(3),
        hidden(6),
        hidden(9)
    );
    assert_eq!(describe_board(Locale::EnUs, &game), expected);
}

#[test]
fn an_empty_row_says_so() {
    let (mut game, order) = winnable_layout();
    remove_all(&mut game, &order[..10]);
    let expected = [
        (Locale::EnUs, "bottom row: no cards."),
        (Locale::EsEs, "fila inferior: ninguna carta."),
        (Locale::Nl, "onderste rij: geen kaarten."),
        (Locale::Fr, "rangée du bas\u{a0}: aucune carte."),
        (Locale::De, "untere Reihe: keine Karten."),
    ];
    for (locale, ending) in expected {
        let text = describe_board(locale, &game);
        assert!(text.ends_with(ending), "{locale}: {text}");
        assert!(
            !text.contains(&card_name(locale, order[0])),
            "{locale}: removed card"
        );
    }
}

#[test]
fn an_empty_stock_says_empty() {
    let (mut game, _) = winnable_layout();
    while game.apply(Action::Draw).is_ok() {}
    assert_eq!(game.stock_len(), 0);
    let expected = [
        (Locale::EnUs, "Stock: empty; waste: king of"),
        (Locale::EsEs, "Mazo: vacío; descarte: rey de"),
        (Locale::Nl, "Trekstapel: leeg; aflegstapel: "),
        (
            Locale::Fr,
            "Pioche\u{a0}: vide\u{a0}; défausse\u{a0}: roi de",
        ),
        (Locale::De, "Nachziehstapel: leer; Ablagestapel: "),
    ];
    for (locale, start) in expected {
        let text = describe_board(locale, &game);
        assert!(text.starts_with(start), "{locale}: {text}");
    }
}

#[test]
fn a_won_board_says_the_peaks_are_cleared() {
    let (mut game, order) = winnable_layout();
    remove_all(&mut game, &order);
    assert_eq!(game.status(), Status::Won);
    let last = card_name(Locale::EsEs, *order.last().unwrap());
    assert_eq!(
        describe_board(Locale::EsEs, &game),
        format!("Mazo: 23 cartas; descarte: {last}. Los tres picos están vacíos.")
    );
    let last = card_name(Locale::Nl, *order.last().unwrap());
    assert_eq!(
        describe_board(Locale::Nl, &game),
        format!("Trekstapel: 23 kaarten; aflegstapel: {last}. Alle drie de pieken zijn leeg.")
    );
    for locale in Locale::ALL {
        let row_word = Message::BoardRowBottom { cards: "" }.text(locale);
        let text = describe_board(locale, &game);
        assert!(
            !text.contains(row_word.trim_end_matches([':', ' ', '\u{a0}'])),
            "{text}"
        );
    }
}

#[test]
fn plurals_come_from_fluent() {
    let expected = [
        (Locale::EnUs, ["Stock: 1 card", "Stock: 2 cards"]),
        (Locale::EsEs, ["Mazo: 1 carta", "Mazo: 2 cartas"]),
        (Locale::Nl, ["Trekstapel: 1 kaart", "Trekstapel: 2 kaarten"]),
        (
            Locale::Fr,
            ["Pioche\u{a0}: 1 carte", "Pioche\u{a0}: 2 cartes"],
        ),
        (
            Locale::De,
            ["Nachziehstapel: 1 Karte", "Nachziehstapel: 2 Karten"],
        ),
    ];
    for (locale, [one, two]) in expected {
        assert_eq!(Message::BoardStock { count: 1 }.text(locale), one);
        assert_eq!(Message::BoardStock { count: 2 }.text(locale), two);
    }
    assert_eq!(
        Message::HintsUsed { count: 1 }.text(Locale::EsEs),
        "Has usado 1 pista."
    );
    assert_eq!(
        Message::HintsUsed { count: 3 }.text(Locale::Nl),
        "Je hebt 3 tips gebruikt."
    );
    assert_eq!(
        Message::VerdictWinnable { moves: 41 }.text(Locale::EnUs),
        "This deal could have been won: 41 moves from the start."
    );
}

#[test]
fn status_line_gives_score_moves_stock_and_the_outcome() {
    let (mut game, order) = winnable_layout();
    assert_eq!(
        status_line(Locale::EnUs, &game),
        "Score: 500 · Moves: 0 · 23 cards left in the stock"
    );
    assert_eq!(
        status_line(Locale::EsEs, &game),
        "Puntuación: 500 · Movimientos: 0 · Quedan 23 cartas en el mazo"
    );
    remove_all(&mut game, &order);
    // 28 moves, three peaks: 500 − 28 + 300.
    assert_eq!(
        status_line(Locale::Nl, &game),
        "Score: 772 · Zetten: 28 · Nog 23 kaarten in de trekstapel · Je hebt gewonnen!"
    );
    assert_eq!(
        game_won(Locale::De, &game),
        "Du hast gewonnen! Endstand: 772 Punkte in 28 Zügen."
    );

    let (mut blocked, _) = winnable_layout();
    while blocked.apply(Action::Draw).is_ok() {}
    assert_eq!(blocked.status(), Status::Blocked);
    assert_eq!(
        status_line(Locale::EsEs, &blocked),
        "Puntuación: 477 · Movimientos: 23 · Mazo vacío · No hay más movimientos posibles"
    );
    assert_eq!(
        game_blocked(Locale::Nl, &blocked),
        "Geen zetten meer mogelijk. Eindscore: 477. Je kunt zetten ongedaan maken of een nieuw spel starten."
    );
    assert_eq!(draw_button(Locale::Fr, &blocked), "Pioche vide");
}

#[test]
fn game_texts_name_cards_rules_and_codes() {
    let (game, _) = winnable_layout();
    assert_eq!(
        your_turn(Locale::EsEs, &game),
        "Tu turno. Carta del descarte: as de tréboles."
    );
    assert_eq!(draw_button(Locale::EnUs, &game), "Draw (23)");
    let king = "KC".parse().unwrap();
    assert_eq!(
        hint_remove(Locale::EsEs, king),
        "Pista: retira el R♣ (rey de tréboles)."
    );
    let code: DealCode = "TP1-C-AAAAAAB".parse().unwrap();
    assert!(
        game_started(Locale::Nl, code)
            .starts_with("Nieuw spel: verdeling TP1-C-AAAAAAB, spelregel Klassiek.")
    );
    assert_eq!(
        code_share(Locale::EnUs, code, "/tripeaks new"),
        "Deal code: TP1-C-AAAAAAB (Classic). Anyone can play exactly these cards: paste the code into /tripeaks new."
    );
    assert_eq!(
        settings_current(Locale::EnUs, false, Rule::Easy, false),
        "Your settings: help for errors off; rule for new games: Easy; hidden from server boards."
    );
}

#[test]
fn the_rules_summary_has_a_few_short_paragraphs() {
    for locale in Locale::ALL {
        let summary = Message::RulesSummary.text(locale);
        let paragraphs: Vec<&str> = summary.split("\n\n").collect();
        assert_eq!(paragraphs.len(), 5, "{locale}: {summary:?}");
        assert!(
            paragraphs
                .iter()
                .all(|p| !p.trim().is_empty() && p.len() < 600)
        );
    }
}
