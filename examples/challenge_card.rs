//! Writes docs/players.md's picture of a challenge's result (`docs/challenge-result.png`), drawn
//! exactly as the bot draws one: `cargo run --example challenge_card [-- OUT.png]`.

use tripeaks::render::{ResultCard, render_result};

fn main() -> std::io::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/challenge-result.png".into());
    std::fs::write(&out, render_result(&ResultCard::example()))?;
    println!("wrote {out}");
    Ok(())
}
