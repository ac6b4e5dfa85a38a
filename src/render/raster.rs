//! A small full-colour canvas for painting sprites once at start-up: anti-aliased rounded
//! rectangles, text from the embedded font, and coverage masks.
//!
//! Only the sprite builder uses it; the per-frame path never touches floating point colours.
//! Shapes are drawn from signed distances, which gives clean anti-aliased edges with no
//! dependency beyond the font rasteriser. The pixels live in an `image::Rgb32FImage`, so
//! blending is in floating point (no rounding drift over several layers).

use ab_glyph::{Font, FontRef, GlyphId, OutlinedGlyph, PxScale, ScaleFont, point};
use image::Rgb32FImage;

use super::palette::Rgb;

/// The embedded font: DejaVu Sans Bold (licence in `assets/DejaVuSans-LICENSE.txt`).
static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// The embedded font, parsed.
pub fn font() -> FontRef<'static> {
    FontRef::try_from_slice(FONT_BYTES).expect("the embedded DejaVu Sans Bold parses")
}

/// A full-colour picture being painted.
#[derive(Clone)]
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pixels: Rgb32FImage,
}

impl Canvas {
    pub fn new(width: usize, height: usize, fill: Rgb) -> Canvas {
        let fill = image::Rgb(to_float(fill));
        Canvas {
            width,
            height,
            pixels: Rgb32FImage::from_pixel(width as u32, height as u32, fill),
        }
    }

    /// The colour at a pixel, rounded to bytes.
    pub fn get(&self, x: usize, y: usize) -> Rgb {
        self.pixels
            .get_pixel(x as u32, y as u32)
            .0
            .map(|c| c.round().clamp(0.0, 255.0) as u8)
    }

    /// Paints `colour` over pixel (x, y) with the given coverage (0..=1); outside is ignored.
    pub fn blend(&mut self, x: i32, y: i32, colour: Rgb, coverage: f32) {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return;
        }
        let coverage = coverage.clamp(0.0, 1.0);
        let pixel = &mut self.pixels.get_pixel_mut(x as u32, y as u32).0;
        let colour = to_float(colour);
        for channel in 0..3 {
            pixel[channel] += (colour[channel] - pixel[channel]) * coverage;
        }
    }

    /// Fills a shape given as a coverage function of the pixel centre.
    pub fn fill(&mut self, colour: Rgb, coverage: impl Fn(f32, f32) -> f32) {
        for y in 0..self.height {
            for x in 0..self.width {
                let c = coverage(x as f32 + 0.5, y as f32 + 0.5);
                if c > 0.0 {
                    self.blend(x as i32, y as i32, colour, c);
                }
            }
        }
    }

    /// Draws `glyph` (already positioned) in `colour`, shifted by (dx, dy) pixels.
    pub fn draw_glyph(&mut self, glyph: &OutlinedGlyph, colour: Rgb, dx: i32, dy: i32) {
        let bounds = glyph.px_bounds();
        let (left, top) = (bounds.min.x as i32 + dx, bounds.min.y as i32 + dy);
        glyph.draw(|x, y, c| self.blend(left + x as i32, top + y as i32, colour, c));
    }
}

fn to_float(colour: Rgb) -> [f32; 3] {
    colour.map(f32::from)
}

/// A rounded rectangle, for coverage tests.
#[derive(Debug, Clone, Copy)]
pub struct RoundedRect {
    pub left: f32,
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
    pub radius: f32,
}

impl RoundedRect {
    /// This rectangle shrunk by `by` on every side (radius shrunk the same).
    pub fn inset(self, by: f32) -> RoundedRect {
        RoundedRect {
            left: self.left + by,
            top: self.top + by,
            right: self.right - by,
            bottom: self.bottom - by,
            radius: (self.radius - by).max(0.0),
        }
    }

    /// The signed distance from (x, y) to the outline: negative inside.
    pub fn distance(&self, x: f32, y: f32) -> f32 {
        let (cx, cy) = (
            (self.left + self.right) / 2.0,
            (self.top + self.bottom) / 2.0,
        );
        let (hx, hy) = (
            (self.right - self.left) / 2.0 - self.radius,
            (self.bottom - self.top) / 2.0 - self.radius,
        );
        let qx = (x - cx).abs() - hx;
        let qy = (y - cy).abs() - hy;
        let outside = qx.max(0.0).hypot(qy.max(0.0));
        outside + qx.max(qy).min(0.0) - self.radius
    }

    /// How much of the pixel centred at (x, y) the shape covers, 0..=1.
    pub fn coverage(&self, x: f32, y: f32) -> f32 {
        (0.5 - self.distance(x, y)).clamp(0.0, 1.0)
    }
}

/// A line of text laid out in the embedded font, ready to draw.
pub struct Text {
    pub glyphs: Vec<OutlinedGlyph>,
    /// The union of the glyphs' pixel bounds: left, top, right, bottom.
    pub bounds: [f32; 4],
}

impl Text {
    /// Lays out `text` at `scale` with extra `tracking` pixels between letters, the baseline
    /// at y = 0 and the pen starting at x = 0.
    pub fn new(font: &FontRef<'static>, text: &str, scale: PxScale, tracking: f32) -> Text {
        let scaled = font.as_scaled(scale);
        let mut pen = 0.0;
        let mut previous: Option<GlyphId> = None;
        let mut glyphs = Vec::new();
        for character in text.chars() {
            let id = font.glyph_id(character);
            if let Some(previous) = previous {
                pen += scaled.kern(previous, id) + tracking;
            }
            let glyph = id.with_scale_and_position(scale, point(pen, 0.0));
            pen += scaled.h_advance(id);
            if let Some(outlined) = font.outline_glyph(glyph) {
                glyphs.push(outlined);
            }
            previous = Some(id);
        }
        let mut bounds = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
        for glyph in &glyphs {
            let b = glyph.px_bounds();
            bounds = [
                bounds[0].min(b.min.x),
                bounds[1].min(b.min.y),
                bounds[2].max(b.max.x),
                bounds[3].max(b.max.y),
            ];
        }
        Text { glyphs, bounds }
    }

    pub fn width(&self) -> f32 {
        self.bounds[2] - self.bounds[0]
    }

    pub fn height(&self) -> f32 {
        self.bounds[3] - self.bounds[1]
    }

    /// Draws the text so that its ink's top-left corner lands at (left, top).
    pub fn draw_at(&self, canvas: &mut Canvas, colour: Rgb, left: f32, top: f32) {
        let dx = (left - self.bounds[0]).round() as i32;
        let dy = (top - self.bounds[1]).round() as i32;
        for glyph in &self.glyphs {
            canvas.draw_glyph(glyph, colour, dx, dy);
        }
    }

    /// Draws the text with its ink centred on (x, y).
    pub fn draw_centred(&self, canvas: &mut Canvas, colour: Rgb, x: f32, y: f32) {
        self.draw_at(
            canvas,
            colour,
            x - self.width() / 2.0,
            y - self.height() / 2.0,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_has_every_glyph_the_board_draws() {
        let font = font();
        for character in "A2345678910JQK♣♦♥♠".chars() {
            assert_ne!(font.glyph_id(character).0, 0, "{character} is missing");
        }
    }

    #[test]
    fn rounded_rect_coverage_is_full_inside_and_empty_outside() {
        let rect = RoundedRect {
            left: 0.0,
            top: 0.0,
            right: 20.0,
            bottom: 30.0,
            radius: 5.0,
        };
        assert_eq!(rect.coverage(10.0, 15.0), 1.0);
        assert_eq!(rect.coverage(25.0, 15.0), 0.0);
        // The corner is cut: the very corner pixel is outside, the edge middle half covered.
        assert_eq!(rect.coverage(0.5, 0.5), 0.0);
        assert!((rect.coverage(10.0, 0.0) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn text_is_laid_out_left_to_right() {
        let font = font();
        let one = Text::new(&font, "1", PxScale::from(30.0), 0.0);
        let ten = Text::new(&font, "10", PxScale::from(30.0), 0.0);
        assert!(ten.width() > 1.5 * one.width());
        assert!(one.height() > 15.0);
    }
}
