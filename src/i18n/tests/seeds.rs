//! The seeds' own words, checked letter for letter: the screen-reader descriptions of the
//! example layout in Spanish and Dutch (the start, and after K♣, A♠, 2♦), and the refusal and
//! blocked texts. The seeds are the Spanish and the Dutch rule documents the game was specified
//! from (docs/RULES.md, "Sources"); the repository does not keep them, so the passages these tests
//! check are quoted here word for word, the expected strings as constants and the sentences around
//! them as comments beside the tests that use them (docs/RULES.md, "The seeds' Spanish and Dutch
//! wording").

use crate::game::{Action, Card, Deal, Game, Position, Refusal, Rule, Slot, Status};
use crate::i18n::{Locale, describe_board, outcome_text, refusal_text};

// The Spanish seed ("Las reglas de TriPeaks", "La preparación") describes the example's start
// right after "La aplicación da la vuelta a una carta y la coloca en el descarte, y coloca las 23
// cartas restantes en el mazo." Then, for the position after three removals: "Se retira el R♣,
// después el A♠ sobre ese R♣ y luego el 2♦ sobre el A♠. Se han retirado las dos cartas que
// cubrían una carta oculta del pico central: se le da la vuelta y resulta ser el 7♠."
// The Dutch seed ("De regels van TriPeaks", "De opstelling") does the same after "De app draait
// één kaart om op de aflegstapel en legt de resterende 23 kaarten in de trekstapel." and "Je
// verwijdert R♣, daarna leg je A♠ op deze R♣ en vervolgens 2♦ op A♠. De twee kaarten die een
// gedekte kaart van de middelste piek bedekten zijn weg: ze wordt omgedraaid en blijkt 7♠ te
// zijn."

/// The seeds' description of the start position, Spanish.
const ES_START: &str = "Mazo: 23 cartas; descarte: as de tréboles. Cimas: carta oculta, carta oculta, carta oculta; fila 2: carta oculta, carta oculta, carta oculta, carta oculta, carta oculta, carta oculta; fila 3: carta oculta, carta oculta, carta oculta, carta oculta, carta oculta, carta oculta, carta oculta, carta oculta, carta oculta; fila inferior: 3 de picas, 5 de picas, rey de tréboles, 4 de picas, 2 de diamantes, as de picas, rey de diamantes, 8 de corazones, 7 de tréboles, 9 de picas.";
/// The seeds' description after K♣, A♠, 2♦, Spanish.
const ES_AFTER: &str = "Mazo: 23 cartas; descarte: 2 de diamantes. Cimas: carta oculta, carta oculta, carta oculta; fila 2: carta oculta, carta oculta, carta oculta, carta oculta, carta oculta, carta oculta; fila 3: carta oculta, carta oculta, carta oculta, carta oculta, 7 de picas, carta oculta, carta oculta, carta oculta, carta oculta; fila inferior: 3 de picas, 5 de picas, 4 de picas, rey de diamantes, 8 de corazones, 7 de tréboles, 9 de picas.";
/// The seeds' description of the start position, Dutch.
const NL_START: &str = "Trekstapel: 23 kaarten; aflegstapel: klaverenaas. Toppen: gedekte kaart, gedekte kaart, gedekte kaart; rij 2: gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart; rij 3: gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart; onderste rij: schoppen 3, schoppen 5, klaverenkoning, schoppen 4, ruiten 2, schoppenaas, ruitenkoning, harten 8, klaveren 7, schoppen 9.";
/// The seeds' description after K♣, A♠, 2♦, Dutch.
const NL_AFTER: &str = "Trekstapel: 23 kaarten; aflegstapel: ruiten 2. Toppen: gedekte kaart, gedekte kaart, gedekte kaart; rij 2: gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart; rij 3: gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart, schoppen 7, gedekte kaart, gedekte kaart, gedekte kaart, gedekte kaart; onderste rij: schoppen 3, schoppen 5, schoppen 4, ruitenkoning, harten 8, klaveren 7, schoppen 9.";

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

/// The seeds' example layout: bottom row 3♠ 5♠ K♣ 4♠ 2♦ A♠ K♦ 8♥ 7♣ 9♠, A♣ on the waste, 7♠
/// at row 3 column 4 (0-based); the other 40 cards are not known, so any will do.
pub(super) fn seeds_layout() -> Game {
    let mut tableau: [Option<Card>; 28] = [None; 28];
    tableau[Position::at(2, 4).unwrap().index()] = Some(card("7S"));
    let bottom = ["3S", "5S", "KC", "4S", "2D", "AS", "KD", "8H", "7C", "9S"];
    for (column, text) in bottom.iter().enumerate() {
        tableau[Position::at(3, column).unwrap().index()] = Some(card(text));
    }
    let waste = card("AC");
    let known: Vec<Card> = tableau.iter().flatten().copied().chain([waste]).collect();
    let mut unknown = Card::all().filter(|c| !known.contains(c));
    let mut cards: Vec<Card> = tableau
        .iter()
        .map(|slot| slot.unwrap_or_else(|| unknown.next().unwrap()))
        .collect();
    cards.push(waste);
    cards.extend(unknown);
    Game::from_layout(Deal::from_cards(&cards).unwrap(), Rule::Easy)
}

fn after_king_ace_two() -> Game {
    let mut game = seeds_layout();
    for text in ["KC", "AS", "2D"] {
        game.apply(Action::Remove(card(text)))
            .expect("the seeds play it");
    }
    assert_eq!(
        game.slot(Position::at(2, 4).unwrap()),
        Slot::FaceUp(card("7S")),
        "the 7♠ turns up"
    );
    game
}

#[test]
fn spanish_descriptions_match_the_seed_word_for_word() {
    assert_eq!(describe_board(Locale::EsEs, &seeds_layout()), ES_START);
    assert_eq!(
        describe_board(Locale::EsEs, &after_king_ace_two()),
        ES_AFTER
    );
}

#[test]
fn dutch_descriptions_match_the_seed_word_for_word() {
    assert_eq!(describe_board(Locale::Nl, &seeds_layout()), NL_START);
    assert_eq!(describe_board(Locale::Nl, &after_king_ace_two()), NL_AFTER);
}

#[test]
fn latin_american_spanish_gets_the_same_words() {
    assert_eq!(
        describe_board(Locale::negotiate("es-419"), &seeds_layout()),
        ES_START
    );
}

#[test]
fn refusals_and_blocked_use_the_seeds_words() {
    // The 3♠ on the A♣ is the seeds' example of a card that does not fit. The Spanish seed:
    //   "Tocar una carta que no cumple las condiciones no hace nada. Con la ayuda para errores
    //   (ajuste activado de forma predeterminada), la aplicación explica el rechazo:
    //   - una carta visible cuyo valor no es consecutivo al del descarte, como el 3♠ de abajo
    //     sobre el A♣: «Debe ser de un valor superior o inferior»;
    //   - una carta que sigue cubierta u oculta: «Esta carta está bloqueada»."
    //   "Está bloqueada cuando el mazo está vacío y ninguna carta jugable tiene un valor
    //   consecutivo al del descarte: la aplicación muestra «No hay más movimientos posibles»."
    // The Dutch seed:
    //   "Tikken op een kaart die niet past, doet niets. Met hulp bij fouten (standaard
    //   ingeschakeld) legt de app uit waarom de zet wordt geweigerd:
    //   - een open kaart die niet aansluit op de aflegstapel, zoals 3♠ uit de onderste rij op
    //     A♣: ‘Moet één rang hoger of lager zijn’;
    //   - een kaart die nog bedekt is of gedekt ligt: ‘Deze kaart is geblokkeerd’."
    //   "Het zit vast als de trekstapel leeg is en geen enkele speelbare kaart aansluit op de
    //   aflegstapel: de app toont ‘Geen zetten meer mogelijk’."
    // The English texts are the project's own (en-US, the source locale).
    let game = seeds_layout();
    assert_eq!(
        game.check(Action::Remove(card("3S"))),
        Err(Refusal::NotAdjacent)
    );
    let covered = game.deal().tableau[0];
    assert_eq!(game.check(Action::Remove(covered)), Err(Refusal::Blocked));
    let expected = [
        (
            Locale::EsEs,
            "Debe ser de un valor superior o inferior",
            "Esta carta está bloqueada",
            "No hay más movimientos posibles",
        ),
        (
            Locale::Nl,
            "Moet één rang hoger of lager zijn",
            "Deze kaart is geblokkeerd",
            "Geen zetten meer mogelijk",
        ),
        (
            Locale::EnUs,
            "Must be one rank higher or lower",
            "This card is blocked",
            "No more moves possible",
        ),
    ];
    for (locale, not_adjacent, blocked, no_more_moves) in expected {
        assert_eq!(refusal_text(locale, Refusal::NotAdjacent), not_adjacent);
        assert_eq!(refusal_text(locale, Refusal::Blocked), blocked);
        assert_eq!(
            outcome_text(locale, Status::Blocked).as_deref(),
            Some(no_more_moves)
        );
    }
}
