//! Every word the bot says, in the player's language: Fluent bundles for en-US (the source),
//! es-ES (also for es-419), nl, fr and de, built once from `locales/<lang>/*.ftl` embedded in
//! the binary.
//!
//! Pure and synchronous, with no Discord types: the bot picks a [`Locale`] from the
//! interaction's locale string and asks for text. A message missing in a locale falls back to
//! en-US, and [`text`] never panics. The typed [`Message`] catalogue is the preferred way to
//! ask: it makes every call site pass the variables the message uses, and the catalogue tests
//! check every `.ftl` file against it. On top sit the game texts: card names and labels, the
//! screen-reader board description (the image's alt text, as the seeds write it), status line,
//! refusals, and the slash-command localisations.

mod board_texts;
mod bundles;
mod cards;
mod challenge_texts;
mod commands;
mod game_texts;
mod locale;
mod messages;
mod mode_texts;
mod stats_texts;
mod text;

#[cfg(test)]
mod tests;

pub use board_texts::{ALT_TEXT_LIMIT, describe_board, status_line};
pub use bundles::{init, load_problems};
pub use cards::{ParseLocalCardError, card_label, card_name, parse_card, rule_name};
pub use challenge_texts::{ChallengeResult, challenge_terms, head_to_head_line};
pub use commands::{DISCORD_LOCALES, command_text_ids, discord_localizations, is_command_text};
pub use game_texts::{
    code_share, draw_button, game_blocked, game_started, game_won, hint_remove, outcome_text,
    par_result, refusal_text, settings_current, settings_errors, settings_rule, your_turn,
};
pub use locale::{Locale, ParseLocaleError};
pub use messages::Message;
pub use mode_texts::{code_invalid, game_over_rounds, mode_names, modes_sentence, removal_note};
pub use stats_texts::{
    duration, game_time, known_text, metric_name, optional_number, outcome_word, period_name,
    results_in_words, summary_line, win_times,
};
pub use text::{Arg, TextError, message_ids, message_variables, text, try_text};
