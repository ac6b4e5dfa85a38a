//! The board picture as a player sees it: checked by decoding the PNG and sampling pixels at
//! places the geometry names (a removed card's place shows felt, a face-down card a back, a
//! face-up card its suit's ink), plus determinism and every position of whole played games.

mod bands;
mod modes;
mod replay;

use super::palette::{BACK, BACK_LINE, FACE, FELT, FELT_DARK, INK_BLACK, INK_RED, Rgb};
use super::*;
use crate::game::{Action, Card, DealCode, Game, Position, Slot, Status};

fn game(code: &str) -> Game {
    Game::from_code(code.parse::<DealCode>().unwrap())
}

/// The next action of a simple greedy player: the first free card that fits, else draw.
fn greedy_action(game: &Game) -> Option<Action> {
    if game.status() != Status::Playing {
        return None;
    }
    let fitting = game.free_cards().into_iter().find(|&(_, c)| game.fits(c));
    Some(fitting.map_or(Action::Draw, |(_, card)| Action::Remove(card)))
}

fn play_greedy(game: &mut Game, actions: usize) {
    for _ in 0..actions {
        let Some(action) = greedy_action(game) else {
            return;
        };
        game.apply(action).unwrap();
    }
}

/// Decodes a PNG to RGB rows, checking its header on the way.
fn decode(png: &[u8]) -> Vec<u8> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("the PNG header decodes");
    let info = reader.info();
    assert_eq!((info.width, info.height), (WIDTH, HEIGHT));
    assert_eq!(info.color_type, png::ColorType::Indexed);
    let mut rgb = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut rgb).expect("the PNG data decodes");
    assert_eq!(frame.color_type, png::ColorType::Rgb);
    rgb.truncate(frame.buffer_size());
    rgb
}

fn pixel(rgb: &[u8], (x, y): (u32, u32)) -> Rgb {
    let at = 3 * (y * WIDTH + x) as usize;
    [rgb[at], rgb[at + 1], rgb[at + 2]]
}

/// A point in the lower half of a card, which no other tableau card covers once it is gone.
fn lower_middle(position: Position) -> (u32, u32) {
    card_rect(position).at(CARD_WIDTH / 2, CARD_HEIGHT * 3 / 4)
}

/// A point on the back's pattern in the upper half, which the row below never covers.
fn upper_middle(position: Position) -> (u32, u32) {
    card_rect(position).at(CARD_WIDTH / 2, CARD_HEIGHT / 4)
}

/// The centre of the large pip of a face-up card.
fn pip_centre(rect: Rect) -> (u32, u32) {
    rect.at(CARD_WIDTH / 2, 66)
}

/// Whether a colour belongs to the blue pattern of a card back.
fn is_back(colour: Rgb) -> bool {
    colour == BACK
        || colour == BACK_LINE
        || (colour[2] > colour[0] + 60 && colour[2] > colour[1] + 30)
}

/// The colour at the pip's centre: the suit's, and the joker's red star.
fn ink_of(card: Card) -> Rgb {
    if card.suit().is_none_or(|suit| suit.is_red()) {
        INK_RED
    } else {
        INK_BLACK
    }
}

#[test]
fn the_same_position_gives_the_same_bytes() {
    let mut game = game("TP1-E-AAAAAAA");
    play_greedy(&mut game, 12);
    let first = render(&game);
    assert_eq!(render(&game.clone()), first);
    // Only what is on the table is drawn: drawing and undoing gives the same picture.
    let mut detour = game.clone();
    detour.apply(Action::Draw).unwrap();
    assert_ne!(render(&detour), first);
    detour.apply(Action::Undo).unwrap();
    assert_eq!(render(&detour), first);
}

#[test]
fn the_png_decodes_to_the_composed_board() {
    let mut game = game("TP1-C-ZZZZZZZ");
    play_greedy(&mut game, 9);
    let board = draw(&game);
    let rgb = decode(&encode(&board, PNG_OPTIONS));
    assert_eq!(rgb.len(), (3 * WIDTH * HEIGHT) as usize);
    for y in (0..HEIGHT).step_by(3) {
        for x in 0..WIDTH {
            assert_eq!(pixel(&rgb, (x, y)), board.colour_at(x, y), "({x}, {y})");
        }
    }
}

#[test]
fn every_encoding_option_decodes_to_the_same_pixels() {
    let board = draw(&game("TP1-E-AAAAAAB"));
    let expected = decode(&encode(&board, PNG_OPTIONS));
    for filter in [
        png::Filter::NoFilter,
        png::Filter::Up,
        png::Filter::Adaptive,
    ] {
        for compression in [
            png::DeflateCompression::FdeflateUltraFast,
            png::DeflateCompression::Level(1),
            png::DeflateCompression::Level(9),
        ] {
            let options = PngOptions {
                filter,
                compression,
            };
            assert!(decode(&encode(&board, options)) == expected, "{options:?}");
        }
    }
}

#[test]
fn removed_cards_are_gone_and_face_down_cards_show_a_back() {
    let mut game = game("TP1-E-AAAAAAA");
    let start = decode(&render(&game));
    play_greedy(&mut game, 30);
    assert!(
        game.removed().count_ones() >= 8,
        "the greedy game removes cards"
    );
    let later = decode(&render(&game));
    let (mut backs, mut removed) = (0, 0);
    for position in Position::all() {
        match game.slot(position) {
            Slot::Empty => {
                removed += 1;
                assert_ne!(pixel(&start, lower_middle(position)), FELT, "{position:?}");
                assert_eq!(pixel(&later, lower_middle(position)), FELT, "{position:?}");
            }
            Slot::FaceDown => {
                backs += 1;
                let colour = pixel(&later, upper_middle(position));
                assert!(is_back(colour), "{position:?} shows {colour:?}");
            }
            Slot::FaceUp(card) | Slot::Covered(card) => {
                let rect = card_rect(position);
                assert_eq!(pixel(&later, pip_centre(rect)), ink_of(card), "{card}");
                assert_eq!(pixel(&later, rect.at(4, CARD_HEIGHT / 2)), FACE, "{card}");
            }
        }
    }
    assert!(backs > 0 && removed > 0);
    // At the start every card above the bottom row is face down.
    for position in Position::all().filter(|p| p.row() < 3) {
        assert!(is_back(pixel(&start, upper_middle(position))));
    }
}

#[test]
fn every_face_shows_its_suit_in_its_colour() {
    let sprites = cards::Sprites::get();
    for card in Card::all().chain([Card::JOKER]) {
        let mut board = vec![0; (WIDTH * HEIGHT) as usize];
        let mut surface = sprite::Surface {
            pixels: &mut board,
            width: WIDTH as usize,
            height: HEIGHT as usize,
        };
        surface.stamp(sprites.face(card), &sprites.tables, 0, 0, false);
        let index = board[(66 * WIDTH + CARD_WIDTH / 2) as usize];
        assert_eq!(sprites.palette.colour(index), ink_of(card), "{card}");
    }
}

#[test]
fn the_waste_and_the_stock_follow_the_game() {
    let mut game = game("TP1-E-AAAAAAA");
    let stock_centre = stock_rect().at(CARD_WIDTH / 2, CARD_HEIGHT / 2 - 20);
    let stock_bottom = |game: &Game| {
        let below = stock_layers_below(game.stock_len()) as u32;
        stock_rect().at(CARD_WIDTH / 2, CARD_HEIGHT + 2 * below - 1)
    };
    let full = decode(&render(&game));
    assert!(is_back(pixel(&full, stock_centre)));
    // A full stock is thicker than the card itself: its bottom edge lies below the top card.
    assert_ne!(pixel(&full, stock_bottom(&game)), FELT);
    assert_eq!(
        pixel(&full, pip_centre(waste_rect())),
        ink_of(game.waste().unwrap())
    );
    while game.stock_len() > 0 {
        game.apply(Action::Draw).unwrap();
        let rgb = decode(&render(&game));
        assert_eq!(
            pixel(&rgb, pip_centre(waste_rect())),
            ink_of(game.waste().unwrap())
        );
        if game.stock_len() > 0 {
            assert!(is_back(pixel(&rgb, stock_centre)));
            assert_ne!(pixel(&rgb, stock_bottom(&game)), FELT);
        }
    }
    let empty = decode(&render(&game));
    assert_eq!(pixel(&empty, stock_centre), FELT_DARK, "the empty slot");
}

#[test]
fn every_position_of_whole_played_games_renders() {
    for code in [
        "TP1-E-AAAAAAA",
        "TP1-C-ZZZZZZZ",
        "TP1-E-BCDEFGH",
        "TP1-C-QWERTYU",
    ] {
        let mut game = game(code);
        let mut positions = 0;
        loop {
            let png = render(&game);
            assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
            positions += 1;
            let Some(action) = greedy_action(&game) else {
                break;
            };
            game.apply(action).unwrap();
            // Now and then take a move back and redo it, as players do.
            if positions % 7 == 0 && game.undo_available() > 0 {
                game.apply(Action::Undo).unwrap();
                render(&game);
                game.apply(action).unwrap();
            }
        }
        assert!(positions > 20, "{code}: {positions} positions");
        decode(&render(&game));
    }
}

#[test]
fn at_the_end_of_a_game_only_the_cards_left_are_drawn() {
    let mut game = game("TP1-E-AAAAAAA");
    play_greedy(&mut game, 200);
    assert_ne!(game.status(), Status::Playing);
    let rgb = decode(&render(&game));
    for position in Position::all() {
        let gone = matches!(game.slot(position), Slot::Empty);
        assert_eq!(
            pixel(&rgb, lower_middle(position)) == FELT,
            gone,
            "{position:?}"
        );
    }
}

#[test]
fn the_joker_shows_its_star_and_a_wild_stock_of_25_cards_renders() {
    let mut game = game("TP1-E-AAAAAAA-WJ");
    assert_eq!(game.stock_len(), 25);
    let rgb = decode(&render(&game));
    let joker = Position::at(3, 8).unwrap();
    assert_eq!(pixel(&rgb, pip_centre(card_rect(joker))), INK_RED);
    let stock_centre = stock_rect().at(CARD_WIDTH / 2, CARD_HEIGHT / 2 - 20);
    assert!(is_back(pixel(&rgb, stock_centre)));
    game.apply(Action::Remove(Card::JOKER)).unwrap();
    let rgb = decode(&render(&game));
    assert_eq!(pixel(&rgb, pip_centre(waste_rect())), INK_RED);
    // The corner says JK in black ink, where ranks go.
    let sprites = cards::Sprites::get();
    let mut board = vec![0; (WIDTH * HEIGHT) as usize];
    let mut surface = sprite::Surface {
        pixels: &mut board,
        width: WIDTH as usize,
        height: HEIGHT as usize,
    };
    surface.stamp(sprites.face(Card::JOKER), &sprites.tables, 0, 0, false);
    let corner_ink = (5..30)
        .flat_map(|x| (7..34).map(move |y| (x, y)))
        .filter(|&(x, y)| sprites.palette.colour(board[(y * WIDTH + x) as usize]) == INK_BLACK)
        .count();
    assert!(corner_ink > 40, "{corner_ink} black pixels in the corner");
    assert!(sprites.stock_top(25).is_some());
}
