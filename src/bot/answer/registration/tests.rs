//! The command tree against its declarations, Discord's rules and the catalogue: every option
//! registered as declared, every name valid and unique in every language, every description
//! within 100 characters, the English names the contract's, and the texts the tree uses exactly
//! those the `.ftl` files hold.

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
    COMMANDS
        .iter()
        .flat_map(|top| top.subcommands.iter())
        .map(|declared| {
            let options = (declared.options)().into_iter();
            let options = options.map(|option| option.name.to_string());
            (declared.name.to_string(), options.collect())
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

/// The six mode options, as the contract names them.
const MODES: [&str; 6] = [
    "scoring",
    "progressive",
    "open-peaks",
    "empty-waste",
    "wild-card",
    "traditional-draw",
];

/// The subcommands and options of `../shared/CONTRACTS.md` ("Slash commands"): each is in the
/// tree, its options in this order; more may be added, none renamed or removed.
#[test]
fn english_names_are_the_contract_names() {
    assert_eq!(text(Locale::EnUs, "cmd-tripeaks-name", &[]), "tripeaks");
    let with_modes = |first: &[&'static str]| [first, &MODES[..]].concat();
    let contract: [(&str, Vec<&str>); 12] = [
        ("new", with_modes(&["rule", "code", "winnable"])),
        ("code", vec![]),
        ("play", vec!["card"]),
        ("show", vec![]),
        ("settings", with_modes(&["errors", "rule", "public"])),
        ("rules", vec![]),
        ("daily", vec![]),
        ("stats", vec!["user", "rule", "modes"]),
        ("leaderboard", vec!["period", "by", "date", "modes"]),
        ("forget-me", vec![]),
        ("challenge", with_modes(&["opponent", "rule"])),
        ("history", vec!["user"]),
    ];
    let tree = tree();
    for (subcommand, options) in contract {
        let (_, declared) = tree
            .iter()
            .find(|(name, _)| name == subcommand)
            .unwrap_or_else(|| panic!("/tripeaks {subcommand} is the contract's"));
        let mut declared = declared.iter();
        for option in options {
            assert!(
                declared.any(|name| name == option),
                "/tripeaks {subcommand} {option}, in the contract's order"
            );
        }
    }
    for (subcommand, options) in tree {
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

/// The tree Discord is sent is the declarations': each subcommand's options with their
/// types, choices, required and autocomplete, and one action for every command.
#[test]
fn the_tree_is_built_from_the_declarations() {
    let all = all();
    assert_eq!(all[0].name, "tripeaks");
    assert_eq!(all.len(), COMMANDS.len());
    for (top, declared_top) in all.iter().zip(COMMANDS) {
        assert_eq!(top.name, declared_top.name);
        assert!(top.slash_action.is_some() && top.subcommand_required);
        for (sub, declared) in top.subcommands.iter().zip(declared_top.subcommands) {
            assert_eq!(sub.name, declared.name);
            assert!(sub.slash_action.is_some(), "{}", sub.name);
            let options = (declared.options)();
            assert_eq!(sub.parameters.len(), options.len(), "{}", sub.name);
            for (parameter, option) in sub.parameters.iter().zip(&options) {
                let what = format!("{} {}", sub.name, option.name);
                assert_eq!(parameter.name, option.name, "{what}");
                assert_eq!(parameter.required, option.required, "{what}");
                let completed = parameter.autocomplete_callback.is_some();
                assert_eq!(completed, option.completer.is_some(), "{what}");
                let registered = parameter.create_as_slash_command_option().unwrap();
                let registered = serde_json::to_value(registered).unwrap();
                let (kind, choices) = match option.kind {
                    OptionType::String => (3, 0),
                    OptionType::Boolean => (5, 0),
                    OptionType::User => (6, 0),
                    OptionType::Channel => (7, 0),
                    OptionType::Integer { min, max, .. } => {
                        assert_eq!(registered["min_value"], min, "{what}: {registered}");
                        assert_eq!(registered["max_value"], max, "{what}: {registered}");
                        (4, 0)
                    }
                    OptionType::Choice(choices) => (4, choices().len()),
                };
                assert_eq!(registered["type"], kind, "{what}: {registered}");
                let sent = registered["choices"].as_array().map_or(0, Vec::len);
                assert_eq!(sent, choices, "{what}: {registered}");
            }
        }
    }
    let completed: Vec<String> = all
        .iter()
        .flat_map(|top| top.subcommands.iter())
        .flat_map(|sub| {
            let completed = sub.parameters.iter();
            let completed = completed.filter(|p| p.autocomplete_callback.is_some());
            completed.map(move |p| format!("{} {}", sub.name, p.name))
        })
        .collect();
    assert_eq!(
        completed,
        ["play card", "start timezone", "end event", "cancel event"]
    );
}

/// `/tripeaks-events` as the contract has it: servers only, for members who may Manage Server
/// unless a server widens it; `/tripeaks` everywhere, for everyone.
#[test]
fn the_managers_command_is_for_servers_and_managers_only() {
    let all = all();
    let events = all
        .iter()
        .find(|top| top.name == "tripeaks-events")
        .unwrap();
    assert_eq!(
        events.interaction_context,
        Some(vec![serenity::InteractionContext::Guild])
    );
    assert_eq!(
        events.default_member_permissions,
        serenity::Permissions::MANAGE_GUILD
    );
    let names: Vec<&str> = events
        .subcommands
        .iter()
        .map(|sub| sub.name.as_ref())
        .collect();
    assert_eq!(names, ["start", "end", "cancel", "list"]);
    let start: Vec<&str> = events.subcommands[0]
        .parameters
        .iter()
        .map(|p| p.name.as_ref())
        .collect();
    let contract = [
        "name",
        "deals",
        "duration",
        "starts",
        "timezone",
        "channel",
        "rule",
        "scoring",
        "progressive",
        "open-peaks",
        "empty-waste",
        "wild-card",
        "traditional-draw",
        "hints",
    ];
    assert_eq!(&start[..contract.len()], contract);
    assert!(all[0].default_member_permissions.is_empty());
}

#[test]
fn every_command_is_localised_at_every_level() {
    let all = all();
    let subcommands: Vec<_> = all.iter().flat_map(|top| top.subcommands.iter()).collect();
    assert_eq!(subcommands.len(), tree().len());
    for top in &all {
        assert_eq!(top.name_localizations.len(), 5, "{}", top.name);
    }
    for sub in subcommands {
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
