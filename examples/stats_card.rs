//! Writes the stats card of docs/players.md (`docs/stats-card.png`), drawn exactly as the bot draws
//! a card: `cargo run --example stats_card [-- OUT.png]`.

use tripeaks::render::{StatsCard, render_stats};

fn main() -> std::io::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/stats-card.png".into());
    std::fs::write(&out, render_stats(&StatsCard::example()))?;
    println!("wrote {out}");
    Ok(())
}
