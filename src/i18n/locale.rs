//! The languages the bot speaks, and how a Discord locale string picks one.
//!
//! Discord sends the user's client language as a BCP 47-like tag (`es-419`, `en-GB`, `nl`, …).
//! Only the language part matters here: every Spanish goes to es-ES, every English to en-US,
//! and anything we do not speak falls back to en-US, the source language.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Locale {
    /// English (United States): the source language and the fallback for everything.
    #[default]
    EnUs,
    /// Spanish (Spain), which also serves Latin American Spanish (`es-419`).
    EsEs,
    /// Dutch.
    Nl,
    /// French.
    Fr,
    /// German.
    De,
}

impl Locale {
    /// Every locale, the source language first.
    pub const ALL: [Locale; 5] = [
        Locale::EnUs,
        Locale::EsEs,
        Locale::Nl,
        Locale::Fr,
        Locale::De,
    ];

    /// The locale for a Discord locale string: the language part decides (`es-419` → es-ES,
    /// `en-GB` → en-US), case-insensitively; anything unknown or empty gives en-US.
    pub fn negotiate(discord_locale: &str) -> Locale {
        discord_locale.parse().unwrap_or_default()
    }

    /// The BCP 47 tag, which is also the folder under `locales/`: `en-US`, `es-ES`, `nl`, `fr`,
    /// `de`.
    pub fn tag(self) -> &'static str {
        match self {
            Locale::EnUs => "en-US",
            Locale::EsEs => "es-ES",
            Locale::Nl => "nl",
            Locale::Fr => "fr",
            Locale::De => "de",
        }
    }

    /// The language subtag this locale answers for.
    fn language(self) -> &'static str {
        match self {
            Locale::EnUs => "en",
            Locale::EsEs => "es",
            Locale::Nl => "nl",
            Locale::Fr => "fr",
            Locale::De => "de",
        }
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A locale tag whose language the bot does not speak.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a language this bot speaks: use en-US, es-ES, nl, fr or de")]
pub struct ParseLocaleError(pub String);

impl FromStr for Locale {
    type Err = ParseLocaleError;

    /// Strict: the language part (before `-` or `_`) must be en, es, nl, fr or de; the region
    /// is ignored (`es-419`, `en_GB`, `FR-ca` are fine).
    fn from_str(text: &str) -> Result<Locale, ParseLocaleError> {
        let trimmed = text.trim();
        let language = trimmed.split(['-', '_']).next().unwrap_or_default();
        Locale::ALL
            .into_iter()
            .find(|locale| locale.language().eq_ignore_ascii_case(language))
            .ok_or_else(|| ParseLocaleError(trimmed.chars().take(40).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_map_by_language() {
        let cases = [
            ("en-US", Locale::EnUs),
            ("en-GB", Locale::EnUs),
            ("es-ES", Locale::EsEs),
            ("es-419", Locale::EsEs),
            ("ES-419", Locale::EsEs),
            ("nl", Locale::Nl),
            ("NL", Locale::Nl),
            ("fr", Locale::Fr),
            ("de", Locale::De),
            ("pt-BR", Locale::EnUs),
            ("zh-CN", Locale::EnUs),
            ("", Locale::EnUs),
            ("e", Locale::EnUs),
            ("-", Locale::EnUs),
            ("español", Locale::EnUs),
        ];
        for (tag, expected) in cases {
            assert_eq!(Locale::negotiate(tag), expected, "{tag:?}");
        }
    }

    #[test]
    fn parsing_is_strict_about_the_language() {
        assert_eq!("fr-CA".parse(), Ok(Locale::Fr));
        assert_eq!("de_AT".parse(), Ok(Locale::De));
        let error = "pt-BR".parse::<Locale>().unwrap_err().to_string();
        assert!(error.contains("es-ES"), "{error}");
    }

    #[test]
    fn tags_round_trip() {
        for locale in Locale::ALL {
            assert_eq!(locale.tag().parse(), Ok(locale));
            assert_eq!(Locale::negotiate(locale.tag()), locale);
        }
    }
}
