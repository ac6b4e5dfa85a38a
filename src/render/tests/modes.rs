//! The picture of the modes: covered cards of open peaks face up but veiled, an empty waste
//! slot, a full 24-card stock, the round's tiles at the top left and the chain's next value
//! beside the waste, and nothing of these in the standard game.

use super::super::palette::{BADGE, FACE, FELT, FELT_DARK};
use super::{decode, game, pip_centre, pixel, upper_middle};
use crate::game::{Action, Position};
use crate::render::{WIDTH, render, waste_rect};

/// A point inside the first tile of the round (`#`), at the top left.
const ROUND_TILE: (u32, u32) = (13, 13);

/// A point on the first tile of the chain (`+`), right of the waste card.
fn chain_tile() -> (u32, u32) {
    let waste = waste_rect();
    (waste.x + waste.width + 15, waste.y + waste.height / 2 - 10)
}

#[test]
fn covered_cards_of_open_peaks_are_face_up_and_veiled() {
    let open = decode(&render(&game("TP1-E-AAAAAAA-O")));
    let plain = decode(&render(&game("TP1-E-AAAAAAA")));
    let top = Position::new(0).unwrap();
    let veiled = pixel(&open, upper_middle(top));
    let back = pixel(&plain, upper_middle(top));
    assert_ne!(veiled, back, "a face, not a back");
    assert!(
        veiled.iter().zip(FACE).all(|(&v, f)| v < f),
        "darker than a free card's face: {veiled:?}"
    );
    // The free bottom row is drawn exactly as in the standard game.
    let bottom = Position::new(20).unwrap();
    assert_eq!(
        pixel(&open, upper_middle(bottom)),
        pixel(&plain, upper_middle(bottom))
    );
}

#[test]
fn an_empty_waste_is_an_empty_slot_and_the_stock_holds_24() {
    let mut empty = game("TP1-E-AAAAAAA-W");
    let rgb = decode(&render(&empty));
    assert_eq!(pixel(&rgb, pip_centre(waste_rect())), FELT_DARK);
    assert_eq!(empty.stock_len(), 24);
    empty.apply(Action::Draw).unwrap();
    let rgb = decode(&render(&empty));
    assert_ne!(
        pixel(&rgb, pip_centre(waste_rect())),
        FELT_DARK,
        "the 7♠ is there"
    );
}

#[test]
fn rounds_and_chains_show_as_tiles_only_in_their_modes() {
    let plain = decode(&render(&game("TP1-E-AAAAAAA")));
    assert_eq!(pixel(&plain, ROUND_TILE), FELT);
    assert_eq!(pixel(&plain, chain_tile()), FELT);
    let progressive = decode(&render(&game("TP1-E-AAAAAAA-AP")));
    assert_eq!(pixel(&progressive, ROUND_TILE), BADGE);
    assert_eq!(pixel(&progressive, chain_tile()), BADGE);
    let aisleriot = decode(&render(&game("TP1-E-AAAAAAA-A")));
    assert_eq!(pixel(&aisleriot, ROUND_TILE), FELT, "no rounds without P");
    assert_eq!(pixel(&aisleriot, chain_tile()), BADGE);
    assert!(chain_tile().0 < WIDTH);
}
