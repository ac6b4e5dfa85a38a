//! The Fluent bundles, one per locale, built once from the `.ftl` files that are embedded in the
//! binary (so it runs from any folder), and the formatting of one message with fallback.
//!
//! Isolation marks (U+2068/U+2069) are switched off in every bundle: the bot never mixes
//! writing directions, and the marks would show up as junk in alt text, button labels and
//! pictures. Loading never panics: a broken file is reported by [`load_problems`] (a test keeps
//! that list empty) and whatever parsed is used.
//!
//! The bundles come from the `fluent` crate, the project's umbrella crate, which re-exports
//! `fluent-bundle` unchanged: the same code and the same dependency tree as `fluent-bundle`
//! alone (the umbrella adds only its `fluent!` convenience macros, unused here).

use std::collections::BTreeSet;
use std::sync::LazyLock;

use fluent::concurrent::FluentBundle;
use fluent::{FluentArgs, FluentError, FluentResource};
use fluent_syntax::ast;
use unic_langid::LanguageIdentifier;

use super::locale::Locale;

/// Embeds `locales/<tag>/<file>` for every tag and file, in `Locale::ALL` order.
macro_rules! embed_locales {
    ($($tag:literal),* ; $files:tt) => {
        [$(($tag, embed_locales!(@files $tag $files))),*]
    };
    (@files $tag:literal [$($file:literal),*]) => {
        [$((
            $file,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/", $tag, "/", $file)),
        )),*]
    };
}

/// The number of `.ftl` files per locale.
pub const FILE_COUNT: usize = 10;

/// Every locale's files as `(tag, [(file name, source)])`, in `Locale::ALL` order.
pub static SOURCES: [(&str, [(&str, &str); FILE_COUNT]); 5] = embed_locales!(
    "en-US", "es-ES", "nl", "fr", "de";
    [
        "cards.ftl", "board.ftl", "game.ftl", "settings.ftl", "commands.ftl", "stats.ftl",
        "daily.ftl", "modes.ftl", "challenge.ftl", "events.ftl"
    ]
);

/// All bundles, built on first use (call [`super::init`] at start-up to pay that cost early).
static BUNDLES: LazyLock<Bundles> = LazyLock::new(Bundles::load);

struct Bundles {
    /// Indexed by `Locale as usize`.
    bundles: Vec<FluentBundle<FluentResource>>,
    problems: Vec<String>,
}

impl Bundles {
    fn load() -> Bundles {
        let mut problems = Vec::new();
        let bundles = Locale::ALL
            .iter()
            .zip(SOURCES.iter())
            .map(|(locale, (tag, files))| {
                if locale.tag() != *tag {
                    problems.push(format!("{tag}: embedded in the place of {locale}"));
                }
                build_bundle(locale.tag(), files, &mut problems)
            })
            .collect();
        Bundles { bundles, problems }
    }

    fn bundle(&self, locale: Locale) -> &Bundle {
        &self.bundles[locale as usize]
    }
}

/// One locale's bundle. The concurrent flavour is `Sync`, so all can live in one static.
pub type Bundle = FluentBundle<FluentResource>;

/// Builds a bundle from `(file name, source)` pairs, with isolation marks off. Problems (syntax
/// errors, duplicate ids) are added to `problems`; whatever parsed is kept.
pub fn build_bundle(tag: &str, files: &[(&str, &str)], problems: &mut Vec<String>) -> Bundle {
    let language: LanguageIdentifier = tag.parse().unwrap_or_else(|_| {
        problems.push(format!("{tag}: not a language identifier"));
        LanguageIdentifier::default()
    });
    let mut bundle = FluentBundle::new_concurrent(vec![language]);
    bundle.set_use_isolating(false);
    for (file, source) in files {
        let resource = match FluentResource::try_new((*source).to_string()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                for error in errors {
                    problems.push(format!("{tag}/{file}: {error:?}"));
                }
                resource
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            for error in errors {
                problems.push(format!("{tag}/{file}: {error}"));
            }
        }
    }
    bundle
}

/// Builds every bundle now, if not done yet.
pub fn init() {
    LazyLock::force(&BUNDLES);
}

/// What went wrong while loading the embedded files (empty when all is well).
pub fn load_problems() -> &'static [String] {
    &BUNDLES.problems
}

/// The ids of the messages (not terms) a locale defines, across all its files.
pub fn message_ids(locale: Locale) -> BTreeSet<String> {
    source_message_ids(&SOURCES[locale as usize].1)
}

/// The ids of the messages (not terms) in `(file name, source)` pairs.
pub fn source_message_ids(files: &[(&str, &str)]) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for (_, source) in files {
        let resource = match FluentResource::try_new((*source).to_string()) {
            Ok(resource) | Err((resource, _)) => resource,
        };
        for entry in resource.entries() {
            if let ast::Entry::Message(message) = entry {
                ids.insert(message.id.name.to_string());
            }
        }
    }
    ids
}

/// Formats one message of one locale, without fallback. `None` when the locale lacks it (or it
/// has no value); otherwise the text and the resolver's complaints, if any.
pub fn format(locale: Locale, id: &str, args: &FluentArgs) -> Option<(String, Vec<FluentError>)> {
    let bundle = BUNDLES.bundle(locale);
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors);
    Some((text.into_owned(), errors))
}

/// The variables a message of a locale refers to, in any variant of any selector, including
/// through the messages it references. `None` when the locale lacks the message.
pub fn variables(locale: Locale, id: &str) -> Option<BTreeSet<String>> {
    bundle_variables(BUNDLES.bundle(locale), id)
}

/// [`variables`] for any bundle.
pub fn bundle_variables(bundle: &Bundle, id: &str) -> Option<BTreeSet<String>> {
    bundle.get_message(id)?;
    let mut found = BTreeSet::new();
    let mut visited = BTreeSet::new();
    message_variables(bundle, id, &mut visited, &mut found);
    Some(found)
}

fn message_variables(
    bundle: &Bundle,
    id: &str,
    visited: &mut BTreeSet<String>,
    found: &mut BTreeSet<String>,
) {
    if !visited.insert(id.to_string()) {
        return;
    }
    let Some(message) = bundle.get_message(id) else {
        return;
    };
    let mut referenced = Vec::new();
    let patterns = message
        .value()
        .into_iter()
        .chain(message.attributes().map(|attribute| attribute.value()));
    for pattern in patterns {
        pattern_variables(pattern, found, &mut referenced);
    }
    for reference in referenced {
        message_variables(bundle, &reference, visited, found);
    }
}

/// Collects `$variables` and the ids of referenced messages. Terms are not followed: their
/// variables are their own parameters, not the caller's arguments.
fn pattern_variables(
    pattern: &ast::Pattern<&str>,
    found: &mut BTreeSet<String>,
    messages: &mut Vec<String>,
) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, found, messages);
        }
    }
}

fn expression_variables(
    expression: &ast::Expression<&str>,
    found: &mut BTreeSet<String>,
    messages: &mut Vec<String>,
) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, found, messages);
            for variant in variants {
                pattern_variables(&variant.value, found, messages);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, found, messages),
    }
}

fn inline_variables(
    inline: &ast::InlineExpression<&str>,
    found: &mut BTreeSet<String>,
    messages: &mut Vec<String>,
) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            found.insert(id.name.to_string());
        }
        ast::InlineExpression::MessageReference { id, .. } => messages.push(id.name.to_string()),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in arguments
                .positional
                .iter()
                .chain(arguments.named.iter().map(|named| &named.value))
            {
                inline_variables(argument, found, messages);
            }
        }
        ast::InlineExpression::Placeable { expression } => {
            expression_variables(expression, found, messages);
        }
        ast::InlineExpression::TermReference { arguments, .. } => {
            // A term's arguments are evaluated in the caller's scope.
            if let Some(arguments) = arguments {
                for argument in arguments
                    .positional
                    .iter()
                    .chain(arguments.named.iter().map(|named| &named.value))
                {
                    inline_variables(argument, found, messages);
                }
            }
        }
        ast::InlineExpression::StringLiteral { .. }
        | ast::InlineExpression::NumberLiteral { .. } => {}
    }
}
