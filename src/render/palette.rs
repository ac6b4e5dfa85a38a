//! The fixed palette of the board picture, and the colour arithmetic done on palette indices.
//!
//! The board uses few colours: felt, card white, ink, the card back, and the anti-aliased steps
//! between the pairs of them that touch. Listing those once, in a fixed order, lets every picture
//! be an indexed PNG (one byte per pixel, no quantising per frame) and makes the bytes the same on
//! every machine. Sprites are painted in full colour at start-up and snapped to this palette once;
//! the few operations done per frame on top of what is already drawn (a rounded card corner or a
//! shadow over whatever lies below) are lookup tables from one index to another.

use std::collections::HashMap;

/// A colour as red, green, blue.
pub type Rgb = [u8; 3];

pub const FELT: Rgb = [0x1f, 0x6e, 0x3c];
pub const FELT_DARK: Rgb = [0x17, 0x58, 0x2f];
pub const SLOT_LINE: Rgb = [0x6f, 0xab, 0x82];
pub const FACE: Rgb = [0xfc, 0xfc, 0xf7];
pub const CARD_EDGE: Rgb = [0x6b, 0x6b, 0x66];
pub const INK_BLACK: Rgb = [0x1a, 0x1a, 0x1e];
pub const INK_RED: Rgb = [0xd0, 0x10, 0x1c];
pub const COURT_FRAME: Rgb = [0xc8, 0xa0, 0x3c];
pub const COURT_TINT: Rgb = [0xf7, 0xef, 0xd6];
pub const BACK: Rgb = [0x1d, 0x4e, 0xa6];
pub const BACK_LINE: Rgb = [0x5c, 0x8c, 0xe0];
pub const BADGE: Rgb = [0x10, 0x1c, 0x33];
pub const BADGE_TEXT: Rgb = [0xff, 0xff, 0xff];

/// The colour pairs that meet in anti-aliased edges, with the number of steps between them.
const RAMPS: [(Rgb, Rgb, u32); 17] = [
    (FACE, INK_BLACK, 15),
    (FACE, INK_RED, 15),
    (FACE, COURT_FRAME, 5),
    (FACE, CARD_EDGE, 5),
    (FELT, CARD_EDGE, 5),
    (BACK, CARD_EDGE, 3),
    (FACE, BACK, 7),
    (BACK, BACK_LINE, 7),
    (BACK, BADGE, 5),
    (BADGE, BADGE_TEXT, 11),
    (FELT, SLOT_LINE, 5),
    (FELT_DARK, SLOT_LINE, 5),
    (FELT, FELT_DARK, 3),
    (INK_RED, COURT_FRAME, 3),
    (COURT_TINT, INK_BLACK, 11),
    (COURT_TINT, INK_RED, 11),
    (COURT_TINT, COURT_FRAME, 5),
];

/// How many shadow strengths there are; level `k` darkens by `k / SHADOW_LEVELS` of the
/// strongest shadow.
pub const SHADOW_LEVELS: usize = 4;
/// The share of light the strongest shadow takes away.
const SHADOW_STRENGTH: f32 = 0.45;

/// The palette: its colours, and a memo of nearest-colour look-ups.
pub struct Palette {
    colours: Vec<Rgb>,
    nearest: HashMap<Rgb, u8>,
}

impl Palette {
    /// The board's palette: the base colours, the ramps between them, and their shadows.
    pub fn new() -> Palette {
        let mut colours: Vec<Rgb> = Vec::new();
        let add = |colour: Rgb, colours: &mut Vec<Rgb>| {
            if !colours.contains(&colour) {
                colours.push(colour);
            }
        };
        // FELT first, so the empty board is all zeros.
        for base in [
            FELT,
            FELT_DARK,
            SLOT_LINE,
            FACE,
            CARD_EDGE,
            INK_BLACK,
            INK_RED,
            COURT_FRAME,
            COURT_TINT,
            BACK,
            BACK_LINE,
            BADGE,
            BADGE_TEXT,
        ] {
            add(base, &mut colours);
        }
        for (from, to, steps) in RAMPS {
            for step in 1..=steps {
                add(
                    mix(from, to, step as f32 / (steps + 1) as f32),
                    &mut colours,
                );
            }
        }
        // Shadows fall on felt, on card faces and edges, and on card backs.
        for base in [FELT, FACE, CARD_EDGE, BACK, FELT_DARK] {
            for level in 1..=SHADOW_LEVELS {
                add(shade(base, level), &mut colours);
            }
        }
        assert!(
            colours.len() <= 256,
            "palette has {} colours",
            colours.len()
        );
        Palette {
            colours,
            nearest: HashMap::new(),
        }
    }

    /// The number of colours.
    pub fn len(&self) -> usize {
        self.colours.len()
    }

    /// The colour of an index.
    pub fn colour(&self, index: u8) -> Rgb {
        self.colours[usize::from(index)]
    }

    /// The palette as the PNG `PLTE` chunk wants it: r, g, b for each index.
    pub fn plte(&self) -> Vec<u8> {
        self.colours.iter().flatten().copied().collect()
    }

    /// The index of the palette colour closest to `colour`.
    pub fn index_of(&mut self, colour: Rgb) -> u8 {
        if let Some(&index) = self.nearest.get(&colour) {
            return index;
        }
        let distance = |c: &Rgb| -> u32 {
            c.iter()
                .zip(colour)
                .map(|(&a, b)| (i32::from(a) - i32::from(b)).pow(2) as u32)
                .sum()
        };
        let index = (0..self.colours.len())
            .min_by_key(|&i| distance(&self.colours[i]))
            .expect("the palette is not empty") as u8;
        self.nearest.insert(colour, index);
        index
    }

    /// A table that puts `colour` with opacity `alpha` (0..=1) over any index.
    pub fn over_table(&mut self, colour: Rgb, alpha: f32) -> [u8; 256] {
        let mut table = [0; 256];
        for (below, entry) in table.iter_mut().enumerate().take(self.len()) {
            let below = self.colours[below];
            *entry = self.index_of(mix(below, colour, alpha));
        }
        table
    }

    /// A table that darkens any index by shadow `level` (1..=SHADOW_LEVELS).
    pub fn shadow_table(&mut self, level: usize) -> [u8; 256] {
        let mut table = [0; 256];
        for (below, entry) in table.iter_mut().enumerate().take(self.len()) {
            let below = self.colours[below];
            *entry = self.index_of(shade(below, level));
        }
        table
    }
}

/// `from` moved `amount` (0..=1) of the way to `to`.
pub fn mix(from: Rgb, to: Rgb, amount: f32) -> Rgb {
    let channel =
        |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * amount).round() as u8;
    [
        channel(from[0], to[0]),
        channel(from[1], to[1]),
        channel(from[2], to[2]),
    ]
}

/// `colour` under a shadow of `level`.
fn shade(colour: Rgb, level: usize) -> Rgb {
    let keep = 1.0 - SHADOW_STRENGTH * level as f32 / SHADOW_LEVELS as f32;
    colour.map(|c| (f32::from(c) * keep).round() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn felt_is_index_zero_and_base_colours_are_exact() {
        let mut palette = Palette::new();
        assert_eq!(palette.index_of(FELT), 0);
        for base in [FACE, INK_RED, INK_BLACK, BACK, CARD_EDGE] {
            let index = palette.index_of(base);
            assert_eq!(palette.colour(index), base);
        }
        assert_eq!(palette.plte().len(), palette.len() * 3);
    }

    #[test]
    fn tables_map_onto_existing_colours() {
        let mut palette = Palette::new();
        let half = palette.over_table(CARD_EDGE, 0.5);
        let felt = usize::from(palette.index_of(FELT));
        assert_eq!(palette.colour(half[felt]), mix(FELT, CARD_EDGE, 0.5));
        let full = palette.over_table(CARD_EDGE, 1.0);
        assert_eq!(palette.colour(full[felt]), CARD_EDGE);
        let shadow = palette.shadow_table(SHADOW_LEVELS);
        assert_eq!(palette.colour(shadow[felt]), shade(FELT, SHADOW_LEVELS));
    }
}
