//! Slash-command names, descriptions, option names and choices in every language, in a form the
//! bot can copy into poise's `name_localizations` / `description_localizations` (and a choice's
//! `localizations`) at start-up, without this module knowing Discord's types.
//!
//! Ids follow one pattern: `cmd-<subcommand>-name` / `-description` (the top command is
//! `cmd-tripeaks-…`), `opt-<option>-name` / `-description`, `choice-<value>`. The en-US texts
//! are the English names the code registers (CONTRACTS.md); the bot's tests (`bot/commands`)
//! hold them to that, to Discord's limits, and to the command tree, which is the one list.

use std::collections::BTreeSet;

use super::bundles::message_ids;
use super::locale::Locale;
use super::text::text;

/// The Discord locale codes we localise for, and the locale that serves each.
pub const DISCORD_LOCALES: [(&str, Locale); 5] = [
    ("es-ES", Locale::EsEs),
    ("es-419", Locale::EsEs),
    ("nl", Locale::Nl),
    ("fr", Locale::Fr),
    ("de", Locale::De),
];

/// Whether a message id is one of the slash-command texts (`cmd-…`, `opt-…`, `choice-…`).
pub fn is_command_text(id: &str) -> bool {
    ["cmd-", "opt-", "choice-"]
        .iter()
        .any(|prefix| id.starts_with(prefix))
}

/// The slash-command text ids the catalogue holds (in en-US, the source). The bot derives the
/// ids its command tree uses from the tree itself, and a test of the bot holds the two equal.
pub fn command_text_ids() -> BTreeSet<String> {
    message_ids(Locale::EnUs)
        .into_iter()
        .filter(|id| is_command_text(id))
        .collect()
}

/// `(Discord locale code, text)` for es-ES, es-419, nl, fr and de. The en-US text, the
/// command's default, is `text(Locale::EnUs, id, &[])`.
pub fn discord_localizations(id: &str) -> Vec<(&'static str, String)> {
    DISCORD_LOCALES
        .iter()
        .map(|&(code, locale)| (code, text(locale, id, &[])))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn localizations_cover_the_discord_codes() {
        let localized = discord_localizations("cmd-new-name");
        let codes: Vec<&str> = localized.iter().map(|(code, _)| *code).collect();
        assert_eq!(codes, ["es-ES", "es-419", "nl", "fr", "de"]);
        assert_eq!(localized[0].1, localized[1].1, "es-419 is served by es-ES");
        assert_eq!(localized[0].1, "nueva");
        assert_eq!(localized[2].1, "nieuw");
    }

    #[test]
    fn command_texts_are_told_by_their_prefix() {
        let ids = command_text_ids();
        assert!(ids.contains("cmd-tripeaks-name") && ids.contains("choice-easy"));
        assert!(ids.iter().all(|id| is_command_text(id)));
        assert!(!is_command_text("game-none") && !is_command_text("button-draw"));
    }
}
