//! Slash-command names, descriptions, option names and choices in every language, in a form the
//! bot can copy into poise's `name_localizations` / `description_localizations` (and a choice's
//! `localizations`) at start-up, without this module knowing Discord's types.
//!
//! Ids follow one pattern: `cmd-<subcommand>-name` / `-description` (the top command is
//! `cmd-tripeaks-…`), `opt-<option>-name` / `-description`, `choice-<value>`. The en-US texts
//! are the English names the code registers (CONTRACTS.md); a test holds them to that.

use super::locale::Locale;
use super::text;

/// The Discord locale codes we localise for, and the locale that serves each.
pub const DISCORD_LOCALES: [(&str, Locale); 5] = [
    ("es-ES", Locale::EsEs),
    ("es-419", Locale::EsEs),
    ("nl", Locale::Nl),
    ("fr", Locale::Fr),
    ("de", Locale::De),
];

/// The subcommands of `/tripeaks` and their options, by their English names.
pub const COMMAND_TREE: [(&str, &[&str]); 10] = [
    (
        "new",
        &[
            "rule",
            "code",
            "winnable",
            "scoring",
            "progressive",
            "open-peaks",
            "empty-waste",
        ],
    ),
    ("code", &[]),
    ("play", &["card"]),
    ("show", &[]),
    (
        "settings",
        &[
            "errors",
            "rule",
            "public",
            "scoring",
            "progressive",
            "open-peaks",
            "empty-waste",
        ],
    ),
    ("rules", &[]),
    ("stats", &["user", "rule"]),
    ("leaderboard", &["period", "by", "date"]),
    ("daily", &[]),
    ("forget-me", &[]),
];

/// The choice values: `rule` offers easy/classic, `errors` and `public` on/off, `period`
/// week/month/all/daily, `by` wins/best/streak, `scoring` standard/aisleriot/multiplier.
pub const CHOICES: [&str; 14] = [
    "easy",
    "classic",
    "on",
    "off",
    "week",
    "month",
    "all",
    "daily",
    "wins",
    "best",
    "streak",
    "standard",
    "aisleriot",
    "multiplier",
];

/// Every slash-command text id (all without variables).
pub const COMMAND_IDS: &[&str] = &[
    "cmd-tripeaks-name",
    "cmd-tripeaks-description",
    "cmd-new-name",
    "cmd-new-description",
    "cmd-code-name",
    "cmd-code-description",
    "cmd-play-name",
    "cmd-play-description",
    "cmd-show-name",
    "cmd-show-description",
    "cmd-settings-name",
    "cmd-settings-description",
    "cmd-rules-name",
    "cmd-rules-description",
    "cmd-stats-name",
    "cmd-stats-description",
    "cmd-leaderboard-name",
    "cmd-leaderboard-description",
    "cmd-daily-name",
    "cmd-daily-description",
    "cmd-forget-me-name",
    "cmd-forget-me-description",
    "opt-rule-name",
    "opt-rule-description",
    "opt-code-name",
    "opt-code-description",
    "opt-card-name",
    "opt-card-description",
    "opt-errors-name",
    "opt-errors-description",
    "opt-winnable-name",
    "opt-winnable-description",
    "opt-user-name",
    "opt-user-description",
    "opt-period-name",
    "opt-period-description",
    "opt-by-name",
    "opt-by-description",
    "opt-date-name",
    "opt-date-description",
    "opt-public-name",
    "opt-public-description",
    "choice-easy",
    "choice-classic",
    "choice-on",
    "choice-off",
    "choice-week",
    "choice-month",
    "choice-all",
    "choice-daily",
    "choice-wins",
    "choice-best",
    "choice-streak",
    "opt-scoring-name",
    "opt-scoring-description",
    "opt-progressive-name",
    "opt-progressive-description",
    "opt-open-peaks-name",
    "opt-open-peaks-description",
    "opt-empty-waste-name",
    "opt-empty-waste-description",
    "choice-standard",
    "choice-aisleriot",
    "choice-multiplier",
];

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
    use std::collections::BTreeSet;

    use super::*;
    use crate::i18n::try_text;

    /// Discord's rule for command and option names: `^[-_\p{L}\p{N}]{1,32}$`, lower case.
    fn valid_name(name: &str) -> bool {
        let length = name.chars().count();
        (1..=32).contains(&length)
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_alphabetic() || c.is_numeric())
            && name.to_lowercase() == name
    }

    fn all_locales_text(id: &str) -> Vec<(String, String)> {
        Locale::ALL
            .iter()
            .map(|&locale| {
                let text = try_text(locale, id, &[]).unwrap_or_else(|e| panic!("{e}"));
                (locale.to_string(), text)
            })
            .collect()
    }

    #[test]
    fn the_name_checker_follows_discords_rule() {
        for good in ["new", "código", "réglages", "lösbar", "a-b_c", "x1"] {
            assert!(valid_name(good), "{good}");
        }
        for bad in ["", "New", "two words", "x.y", &"a".repeat(33)] {
            assert!(!valid_name(bad), "{bad}");
        }
    }

    #[test]
    fn names_descriptions_and_choices_fit_discords_limits() {
        for id in COMMAND_IDS {
            for (locale, text) in all_locales_text(id) {
                if id.ends_with("-name") {
                    assert!(valid_name(&text), "{locale} {id}: {text:?}");
                } else {
                    let length = text.chars().count();
                    assert!((1..=100).contains(&length), "{locale} {id}: {text:?}");
                }
            }
        }
    }

    #[test]
    fn english_names_are_the_contract_names() {
        assert_eq!(text(Locale::EnUs, "cmd-tripeaks-name", &[]), "tripeaks");
        for (subcommand, options) in COMMAND_TREE {
            let id = format!("cmd-{subcommand}-name");
            assert_eq!(text(Locale::EnUs, &id, &[]), subcommand);
            for option in options {
                let id = format!("opt-{option}-name");
                assert_eq!(text(Locale::EnUs, &id, &[]), *option);
            }
        }
    }

    #[test]
    fn the_ids_list_is_the_tree() {
        let mut from_tree: BTreeSet<String> = BTreeSet::new();
        for (subcommand, options) in std::iter::once(("tripeaks", &[][..])).chain(COMMAND_TREE) {
            from_tree.insert(format!("cmd-{subcommand}-name"));
            from_tree.insert(format!("cmd-{subcommand}-description"));
            for option in options {
                from_tree.insert(format!("opt-{option}-name"));
                from_tree.insert(format!("opt-{option}-description"));
            }
        }
        from_tree.extend(CHOICES.iter().map(|choice| format!("choice-{choice}")));
        let listed: BTreeSet<String> = COMMAND_IDS.iter().map(|id| id.to_string()).collect();
        assert_eq!(listed, from_tree);
    }

    #[test]
    fn names_are_unique_at_each_level_in_every_locale() {
        for locale in Locale::ALL {
            let name = |id: String| text(locale, &id, &[]);
            let subcommands: BTreeSet<String> = COMMAND_TREE
                .iter()
                .map(|(s, _)| name(format!("cmd-{s}-name")))
                .collect();
            assert_eq!(subcommands.len(), COMMAND_TREE.len(), "{locale}");
            for (subcommand, options) in COMMAND_TREE {
                let names: BTreeSet<String> = options
                    .iter()
                    .map(|o| name(format!("opt-{o}-name")))
                    .collect();
                assert_eq!(names.len(), options.len(), "{locale} {subcommand}");
            }
        }
    }

    #[test]
    fn localizations_cover_the_discord_codes() {
        let localized = discord_localizations("cmd-new-name");
        let codes: Vec<&str> = localized.iter().map(|(code, _)| *code).collect();
        assert_eq!(codes, ["es-ES", "es-419", "nl", "fr", "de"]);
        assert_eq!(localized[0].1, localized[1].1, "es-419 is served by es-ES");
        assert_eq!(localized[0].1, "nueva");
        assert_eq!(localized[2].1, "nieuw");
    }
}
