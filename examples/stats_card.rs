//! Writes the stats card of the README (`docs/stats-card.png`) from a made-up player's games:
//! `cargo run --example stats_card [-- OUT.png]`. The card is drawn exactly as the bot draws it.

use tripeaks::render::{Mark, StatsCard, Tile, render_stats};

fn main() -> std::io::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/stats-card.png".into());
    let tile = |value: &str, label: &str, note: Option<&str>| Tile {
        value: value.into(),
        label: label.into(),
        note: note.map(Into::into),
    };
    let strip: Vec<(Mark, u32)> = (0..30u32)
        .map(|i| match i % 7 {
            2 => (Mark::Blocked, 420 + i * 3),
            5 => (Mark::Abandoned, 488),
            _ => (Mark::Won, 700 + (i * 37) % 72),
        })
        .collect();
    let card = StatsCard {
        title: "ann · TriPeaks".into(),
        scope: "all rules".into(),
        tiles: [
            tile("30", "Played", None),
            tile("70 %", "Win rate", None),
            tile("3", "Streak", Some("best 5")),
            tile("771", "Best score", None),
        ],
        lines: vec![
            "21 won · 5 blocked · 4 abandoned".into(),
            "Average win 736 · Fewest moves 31 · Longest chain 19 · Hints 4".into(),
            "Last 30 days: 30 played, 21 won".into(),
        ],
        strip_label: "Last 30 games".into(),
        strip,
    };
    std::fs::write(&out, render_stats(&card))?;
    println!("wrote {out}");
    Ok(())
}
