//! The bodies of the fuzz targets (`fuzz/`, run with `cargo fuzz`): one function per parser of
//! outside input, from raw bytes to the value the bot acts on. Discord's POST (the interaction,
//! then a command read into its value or a press's custom_id parsed), a custom_id alone, deal
//! codes and layouts, card names in every language, the options typed as text (durations,
//! dates, time zones, starts, mode sets, languages), and a stored game with its kind and history
//! as a damaged database row would hold them.
//!
//! They live here, not in `fuzz/`, so that `cargo test` replays every corpus through them
//! (`tests/fuzz_corpora.rs`): a finding, once its input is in a corpus, stays fixed. A body
//! never panics on any input; where a parse has a printed form it asserts the round trip (the
//! parse of the print is the value, and a strict parse accepts only what is printed), so a
//! failed property is a finding too. The bodies that read text skip bytes that are not UTF-8:
//! Discord, a player's client and the database hand over UTF-8 only. Nothing here touches a
//! database, the network or a clock.

mod codes;
mod custom_id;
mod http;
mod option_values;
mod stored;

pub use codes::{card_name, deal_code};
pub use custom_id::custom_id;
pub use http::http_interaction;
pub use option_values::option_value;
pub use stored::stored_game;

/// A target's body: the bytes libFuzzer (or a corpus file) hands it.
pub type Body = fn(&[u8]);

/// Every target: its name (that of `fuzz/fuzz_targets/<name>.rs` and of its corpus,
/// `fuzz/corpus/<name>/`) and its body.
pub const TARGETS: [(&str, Body); 6] = [
    ("http_interaction", http_interaction),
    ("custom_id", custom_id),
    ("deal_code", deal_code),
    ("card_name", card_name),
    ("option_value", option_value),
    ("stored_game", stored_game),
];
