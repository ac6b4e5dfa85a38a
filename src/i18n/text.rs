//! Formatting one message: the value of a variable (`Arg`), `text` (with the en-US fallback,
//! never failing) and `try_text` (strict, for tests and checks). A leaf over the bundles, which
//! every text module builds on.

use std::borrow::Cow;
use std::collections::BTreeSet;

use fluent::{FluentArgs, FluentValue};
use thiserror::Error;

use super::bundles;
use super::locale::Locale;

/// The value of one Fluent variable: a number (plural rules apply) or a piece of text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg<'a> {
    Number(i64),
    Text(Cow<'a, str>),
}

impl From<u32> for Arg<'_> {
    fn from(value: u32) -> Self {
        Arg::Number(i64::from(value))
    }
}

impl From<u8> for Arg<'_> {
    fn from(value: u8) -> Self {
        Arg::Number(i64::from(value))
    }
}

impl From<usize> for Arg<'_> {
    fn from(value: usize) -> Self {
        Arg::Number(i64::try_from(value).unwrap_or(i64::MAX))
    }
}

impl From<u64> for Arg<'_> {
    fn from(value: u64) -> Self {
        Arg::Number(i64::try_from(value).unwrap_or(i64::MAX))
    }
}

impl From<i64> for Arg<'_> {
    fn from(value: i64) -> Self {
        Arg::Number(value)
    }
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(value: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(value))
    }
}

impl From<String> for Arg<'_> {
    fn from(value: String) -> Self {
        Arg::Text(Cow::Owned(value))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(value: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(value.as_str()))
    }
}

fn fluent_args<'a>(args: &'a [(&str, Arg<'a>)]) -> FluentArgs<'a> {
    let mut fluent = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        let value = match value {
            Arg::Number(number) => FluentValue::from(*number),
            Arg::Text(text) => FluentValue::from(text.as_ref()),
        };
        fluent.set(*name, value);
    }
    fluent
}

/// The message `id` in `locale`, or in en-US when the locale lacks it, or `id` itself when
/// even en-US lacks it (a test makes sure that never happens for the catalogue). A variable
/// not passed shows as `{$name}`. Never panics.
pub fn text(locale: Locale, id: &str, args: &[(&str, Arg)]) -> String {
    let fluent = fluent_args(args);
    [locale, Locale::EnUs]
        .into_iter()
        .find_map(|candidate| bundles::format(candidate, id, &fluent))
        .map_or_else(|| id.to_string(), |(text, _)| text)
}

/// Why [`try_text`] could not format a message exactly as asked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TextError {
    #[error("{locale} has no message `{id}`")]
    Missing { locale: Locale, id: String },
    #[error("{locale} `{id}` uses variables that were not passed: {names:?}")]
    VariablesNotPassed {
        locale: Locale,
        id: String,
        names: Vec<String>,
    },
    #[error("{locale} `{id}` could not be resolved: {detail}")]
    Resolver {
        locale: Locale,
        id: String,
        detail: String,
    },
}

/// Like [`text`] but strict, for tests and checks: no fallback, and an error when the message
/// (in any of its variants, not only the one chosen) uses a variable that is not passed.
pub fn try_text(locale: Locale, id: &str, args: &[(&str, Arg)]) -> Result<String, TextError> {
    let missing = || TextError::Missing {
        locale,
        id: id.to_string(),
    };
    let used = bundles::variables(locale, id).ok_or_else(missing)?;
    let passed: BTreeSet<&str> = args.iter().map(|(name, _)| *name).collect();
    let not_passed: Vec<String> = used
        .into_iter()
        .filter(|name| !passed.contains(name.as_str()))
        .collect();
    if !not_passed.is_empty() {
        return Err(TextError::VariablesNotPassed {
            locale,
            id: id.to_string(),
            names: not_passed,
        });
    }
    let (text, errors) = bundles::format(locale, id, &fluent_args(args)).ok_or_else(missing)?;
    match errors.first() {
        None => Ok(text),
        Some(error) => Err(TextError::Resolver {
            locale,
            id: id.to_string(),
            detail: error.to_string(),
        }),
    }
}

/// The ids of every message a locale defines.
pub fn message_ids(locale: Locale) -> BTreeSet<String> {
    bundles::message_ids(locale)
}

/// The variables a message of a locale uses, in any variant; `None` if the locale lacks it.
pub fn message_variables(locale: Locale, id: &str) -> Option<BTreeSet<String>> {
    bundles::variables(locale, id)
}
