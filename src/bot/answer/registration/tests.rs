//! The command tree against Discord's rules and the catalogue: every name valid and unique in
//! every language, every description within 100 characters, the English names the contract's,
//! and the texts the tree uses exactly those the `.ftl` files hold.

use std::collections::BTreeSet;

use super::*;
use crate::i18n::{command_text_ids, text, try_text};

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

/// The subcommands and their options, by their English names, as the list declares them.
fn tree() -> Vec<(String, Vec<String>)> {
    flows::subcommands()
        .iter()
        .map(|command| {
            let options = command.parameters.iter().map(|p| p.name.to_string());
            (command.name.to_string(), options.collect())
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
    for id in text_ids() {
        for (locale, text) in all_locales_text(&id) {
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
    let (subcommands, _): (Vec<String>, Vec<_>) = tree().into_iter().unzip();
    assert_eq!(
        subcommands,
        [
            "new",
            "code",
            "play",
            "show",
            "settings",
            "rules",
            "stats",
            "history",
            "leaderboard",
            "daily",
            "challenge",
            "forget-me"
        ]
    );
    for (subcommand, options) in tree() {
        let id = format!("cmd-{subcommand}-name");
        assert_eq!(text(Locale::EnUs, &id, &[]), subcommand);
        for option in options {
            let id = format!("opt-{option}-name");
            assert_eq!(text(Locale::EnUs, &id, &[]), option);
        }
    }
}

#[test]
fn the_catalogue_holds_exactly_the_texts_of_the_tree() {
    assert_eq!(text_ids(), command_text_ids());
}

#[test]
fn the_metrics_names_are_the_tree() {
    let names: Vec<String> = subcommand_names().iter().map(|n| n.to_string()).collect();
    let (subcommands, _): (Vec<String>, Vec<_>) = tree().into_iter().unzip();
    assert_eq!(names, subcommands);
}

#[test]
fn names_are_unique_at_each_level_in_every_locale() {
    let tree = tree();
    for locale in Locale::ALL {
        let name = |id: String| text(locale, &id, &[]);
        let subcommands: BTreeSet<String> = tree
            .iter()
            .map(|(s, _)| name(format!("cmd-{s}-name")))
            .collect();
        assert_eq!(subcommands.len(), tree.len(), "{locale}");
        for (subcommand, options) in &tree {
            let names: BTreeSet<String> = options
                .iter()
                .map(|o| name(format!("opt-{o}-name")))
                .collect();
            assert_eq!(names.len(), options.len(), "{locale} {subcommand}");
        }
    }
}

#[test]
fn every_command_is_localised_at_every_level() {
    let all = all();
    let top = &all[0];
    assert_eq!(top.subcommands.len(), tree().len());
    for sub in &top.subcommands {
        assert_eq!(sub.name_localizations.len(), 5, "{}", sub.name);
        for parameter in &sub.parameters {
            assert_eq!(
                parameter.description_localizations.len(),
                5,
                "{}",
                parameter.name
            );
        }
    }
}
