//! Indexed sprites and the one operation done with them per frame: stamping one onto the board.
//!
//! A sprite is painted once in full colour (see `raster`), then snapped to the palette and split
//! by coverage into what can be copied byte for byte (opaque runs), the anti-aliased rim that
//! must be mixed with whatever lies below (a blend table per rim pixel), and a soft drop shadow
//! (a darkening table per pixel). Stamping is then memory copies plus a few table look-ups.

use std::collections::HashMap;

use super::palette::{Palette, SHADOW_LEVELS};
use super::raster::{Canvas, RoundedRect};

/// How many opacity steps a rim pixel can have (besides none and full).
const RIM_LEVELS: u32 = 8;

/// Lookup tables from the index below to the index after drawing on top.
pub struct Tables {
    /// `over[t][below]`: rim table `t` put over `below`.
    over: Vec<[u8; 256]>,
    over_ids: HashMap<(u8, u32), u16>,
    /// `shadow[level - 1][below]`.
    shadow: Vec<[u8; 256]>,
}

impl Tables {
    pub fn new(palette: &mut Palette) -> Tables {
        Tables {
            over: Vec::new(),
            over_ids: HashMap::new(),
            shadow: (1..=SHADOW_LEVELS)
                .map(|level| palette.shadow_table(level))
                .collect(),
        }
    }

    /// The table that puts `index` with opacity `level / RIM_LEVELS` over anything.
    fn over_id(&mut self, palette: &mut Palette, index: u8, level: u32) -> u16 {
        if let Some(&id) = self.over_ids.get(&(index, level)) {
            return id;
        }
        let alpha = level as f32 / RIM_LEVELS as f32;
        let table = palette.over_table(palette.colour(index), alpha);
        let id = u16::try_from(self.over.len()).expect("fewer than 65536 rim tables");
        self.over.push(table);
        self.over_ids.insert((index, level), id);
        id
    }
}

/// A pixel of the rim, mixed with what lies below.
#[derive(Debug, Clone, Copy)]
struct RimPixel {
    x: u16,
    y: u16,
    table: u16,
}

/// A pixel of the drop shadow, relative to the sprite's corner (it reaches outside it).
#[derive(Debug, Clone, Copy)]
struct ShadowPixel {
    x: i16,
    y: i16,
    level: u8,
}

/// A picture ready to stamp onto the board.
pub struct Sprite {
    width: usize,
    pixels: Vec<u8>,
    /// Opaque runs: row, first column, end column (exclusive).
    runs: Vec<(u16, u16, u16)>,
    rim: Vec<RimPixel>,
    shadow: Vec<ShadowPixel>,
    /// The rows a stamp with its shadow can touch, relative to its top: from `reach.0`
    /// (negative where the shadow reaches above) to `reach.1` (exclusive).
    reach: (i32, i32),
}

/// A soft drop shadow: the shape moved by an offset and blurred over a few pixels.
#[derive(Debug, Clone, Copy)]
pub struct Shadow {
    pub shape: RoundedRect,
    pub dx: f32,
    pub dy: f32,
    pub blur: f32,
    /// The strongest level, 1..=SHADOW_LEVELS.
    pub strength: usize,
}

impl Shadow {
    fn level(&self, x: f32, y: f32) -> u8 {
        let distance = self.shape.distance(x - self.dx, y - self.dy);
        let amount = (0.5 - distance / (2.0 * self.blur)).clamp(0.0, 1.0);
        (amount * self.strength as f32).round() as u8
    }
}

impl Sprite {
    /// Snaps `canvas` to the palette where `coverage` (of each pixel centre) is full, keeps
    /// partly covered pixels as rim and adds `shadow` where the sprite does not fully cover.
    pub fn new(
        canvas: &Canvas,
        coverage: impl Fn(f32, f32) -> f32,
        shadow: Option<Shadow>,
        palette: &mut Palette,
        tables: &mut Tables,
    ) -> Sprite {
        let (width, height) = (canvas.width, canvas.height);
        let mut pixels = vec![0; width * height];
        let mut runs = Vec::new();
        let mut rim = Vec::new();
        let mut levels = vec![0u32; width * height];
        for y in 0..height {
            let mut run_start = None;
            for x in 0..width {
                let level =
                    (coverage(x as f32 + 0.5, y as f32 + 0.5) * RIM_LEVELS as f32).round() as u32;
                levels[y * width + x] = level;
                let index = palette.index_of(canvas.get(x, y));
                pixels[y * width + x] = index;
                if level >= RIM_LEVELS {
                    run_start.get_or_insert(x);
                    continue;
                }
                if let Some(start) = run_start.take() {
                    runs.push((y as u16, start as u16, x as u16));
                }
                if level > 0 {
                    let table = tables.over_id(palette, index, level);
                    rim.push(RimPixel {
                        x: x as u16,
                        y: y as u16,
                        table,
                    });
                }
            }
            if let Some(start) = run_start {
                runs.push((y as u16, start as u16, width as u16));
            }
        }
        let shadow = shadow.map_or_else(Vec::new, |shadow| {
            let reach = (shadow.dx.abs().max(shadow.dy.abs()) + 2.0 * shadow.blur).ceil() as i32;
            let mut pixels = Vec::new();
            for y in -reach..height as i32 + reach {
                for x in -reach..width as i32 + reach {
                    let inside = x >= 0 && y >= 0 && (x as usize) < width && (y as usize) < height;
                    if inside && levels[y as usize * width + x as usize] >= RIM_LEVELS {
                        continue;
                    }
                    let level = shadow.level(x as f32 + 0.5, y as f32 + 0.5);
                    if level > 0 {
                        pixels.push(ShadowPixel {
                            x: x as i16,
                            y: y as i16,
                            level,
                        });
                    }
                }
            }
            pixels
        });
        let reach = shadow
            .iter()
            .fold((0, height as i32), |(top, bottom), pixel| {
                (
                    top.min(i32::from(pixel.y)),
                    bottom.max(i32::from(pixel.y) + 1),
                )
            });
        Sprite {
            width,
            pixels,
            runs,
            rim,
            shadow,
            reach,
        }
    }

    /// The rows `[first, end)` of the board that stamping this sprite at `top` can change.
    pub fn rows_at(&self, top: i32) -> (i32, i32) {
        (top + self.reach.0, top + self.reach.1)
    }
}

/// The indexed pixels of a picture being composed, row-major.
pub struct Surface<'a> {
    pub pixels: &'a mut [u8],
    pub width: usize,
    pub height: usize,
}

impl Surface<'_> {
    /// Stamps `sprite` with its top-left corner at (left, top), with or without its shadow.
    /// Whatever falls outside the surface is left out.
    pub fn stamp(&mut self, sprite: &Sprite, tables: &Tables, left: i32, top: i32, shadow: bool) {
        if shadow {
            for pixel in &sprite.shadow {
                if let Some(at) = self.offset(left + i32::from(pixel.x), top + i32::from(pixel.y)) {
                    let table = &tables.shadow[usize::from(pixel.level) - 1];
                    self.pixels[at] = table[usize::from(self.pixels[at])];
                }
            }
        }
        for &(row, start, end) in &sprite.runs {
            let y = top + i32::from(row);
            if y < 0 || y as usize >= self.height {
                continue;
            }
            let first = (left + i32::from(start)).max(0);
            let last = (left + i32::from(end)).min(self.width as i32);
            if first >= last {
                continue;
            }
            let source = usize::from(row) * sprite.width + (first - left) as usize;
            let target = y as usize * self.width + first as usize;
            let length = (last - first) as usize;
            self.pixels[target..target + length]
                .copy_from_slice(&sprite.pixels[source..source + length]);
        }
        for pixel in &sprite.rim {
            if let Some(at) = self.offset(left + i32::from(pixel.x), top + i32::from(pixel.y)) {
                let table = &tables.over[usize::from(pixel.table)];
                self.pixels[at] = table[usize::from(self.pixels[at])];
            }
        }
    }

    /// Darkens what `sprite`'s opaque part covers at (left, top) by shadow `level`
    /// (1..=SHADOW_LEVELS): a card that is there but cannot be played yet.
    pub fn veil(&mut self, sprite: &Sprite, tables: &Tables, left: i32, top: i32, level: usize) {
        let table = &tables.shadow[level - 1];
        for &(row, start, end) in &sprite.runs {
            for x in start..end {
                if let Some(at) = self.offset(left + i32::from(x), top + i32::from(row)) {
                    self.pixels[at] = table[usize::from(self.pixels[at])];
                }
            }
        }
    }

    fn offset(&self, x: i32, y: i32) -> Option<usize> {
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| y as usize * self.width + x as usize)
    }
}
