//! Every command's parse held to its declaration: it reads exactly the options it declares
//! (each one, and no other), each option given changes the value read, a declared option of
//! the wrong type is refused, a required one missing too; and the parse entry finds commands
//! by name.

use std::collections::{BTreeSet, HashMap};

use super::*;
use crate::bot::flows::{NewGame, ShowLeaderboard};
use crate::bot::game::declaration::{OptionType, Target};
use crate::game::Rule;

fn given(name: &str, value: OptionValue) -> OptionData {
    OptionData {
        name: name.to_owned(),
        value,
    }
}

/// The users Discord resolved for the samples' user options.
fn users() -> HashMap<u64, Target> {
    let ben = Target {
        user: 42,
        name: "Ben".into(),
        bot: false,
    };
    HashMap::from([(42, ben)])
}

/// A value Discord sends for an option of this type (a choice's last index: the first is some
/// options' default).
fn sample(option: &OptionDecl) -> OptionValue {
    match option.kind {
        OptionType::String => OptionValue::String("x".into()),
        OptionType::Boolean => OptionValue::Boolean(true),
        OptionType::User => OptionValue::User(42),
        OptionType::Channel => OptionValue::Channel(5),
        OptionType::Integer { max, .. } => OptionValue::Integer(max),
        OptionType::Choice(choices) => OptionValue::Integer(choices().len() as i64 - 1),
    }
}

/// A value of another type than the option's.
fn of_another_type(option: &OptionDecl) -> OptionValue {
    match option.kind {
        OptionType::Boolean => OptionValue::String("yes".into()),
        _ => OptionValue::Boolean(true),
    }
}

/// The required options of `declared`, given their samples.
fn required(declared: &Declared) -> Vec<OptionData> {
    (declared.options)()
        .iter()
        .filter(|option| option.required)
        .map(|option| given(option.name, sample(option)))
        .collect()
}

/// What the command's parse makes of these options, and which options it asked for.
fn parse(declared: &Declared, sent: &[OptionData]) -> (Result<String, Unreadable>, Vec<String>) {
    let users = users();
    let o = Options::new(sent, &users);
    let read = (declared.describe)(&o);
    (
        read,
        o.asked().iter().map(|name| name.to_string()).collect(),
    )
}

#[test]
fn every_command_reads_exactly_the_options_it_declares() {
    let all: Vec<&Declared> = COMMANDS.iter().flat_map(|top| top.subcommands).collect();
    let names: BTreeSet<_> = all.iter().map(|declared| declared.name).collect();
    assert_eq!(names.len(), all.len(), "subcommand names are unique");
    for declared in all {
        let options = (declared.options)();
        let names: Vec<&str> = options.iter().map(|option| option.name).collect();
        let unique: BTreeSet<&str> = names.iter().copied().collect();
        assert_eq!(unique.len(), names.len(), "/tripeaks {}", declared.name);
        let (read, asked) = parse(declared, &required(declared));
        let bare = read.unwrap_or_else(|e| panic!("/tripeaks {}: {e}", declared.name));
        let asked: BTreeSet<&str> = asked.iter().map(String::as_str).collect();
        assert_eq!(
            asked, unique,
            "/tripeaks {} reads exactly the options it declares",
            declared.name
        );
        for option in &options {
            let what = format!("/tripeaks {} {}", declared.name, option.name);
            let others = required(declared)
                .into_iter()
                .filter(|other| other.name != option.name);
            let with = |value: OptionValue| -> Vec<OptionData> {
                others.clone().chain([given(option.name, value)]).collect()
            };
            let (read, _) = parse(declared, &with(sample(option)));
            let read = read.unwrap_or_else(|e| panic!("{what}: {e}"));
            if option.required {
                let (missing, _) = parse(declared, &others.clone().collect::<Vec<_>>());
                assert_eq!(missing, Err(Unreadable::Missing(option.name)), "{what}");
            } else {
                assert_ne!(read, bare, "{what} changes nothing it is read into");
            }
            let (wrong, _) = parse(declared, &with(of_another_type(option)));
            assert_eq!(wrong, Err(Unreadable::BadOption(option.name)), "{what}");
        }
    }
}

/// Command data as Discord sends it for `/tripeaks <sub>` with these options.
fn data(sub: &str, options: Vec<OptionData>) -> CommandData {
    CommandData {
        name: TOP.into(),
        options: vec![given(sub, OptionValue::SubCommand(options))],
        users: users(),
        ..CommandData::default()
    }
}

#[test]
fn options_are_read_into_the_commands_values() {
    let sent = data(
        "new",
        vec![
            given("rule", OptionValue::Integer(1)),
            given("code", OptionValue::String("TP1-E-0000001".into())),
            given("wild-card", OptionValue::Boolean(true)),
            given("not-an-option", OptionValue::String("ignored".into())),
        ],
    );
    let (declared, o) = find(&sent).unwrap();
    assert_eq!(declared.name, "new");
    let new = <NewGame as crate::bot::game::slash_command::SlashCommand>::parse(&o).unwrap();
    assert_eq!(new.rule, Some(Rule::Classic));
    assert_eq!(new.code.as_deref(), Some("TP1-E-0000001"));
    assert_eq!(new.modes.wild_card, Some(true));
    assert!(!new.winnable);
    let sent = data(
        "leaderboard",
        vec![given("date", OptionValue::String("2026-12-01".into()))],
    );
    let (declared, o) = find(&sent).unwrap();
    let expected = ShowLeaderboard::Daily {
        date: Some("2026-12-01".into()),
    };
    assert_eq!((declared.describe)(&o), Ok(format!("{expected:?}")));
}

#[test]
fn commands_the_bot_does_not_have_are_unreadable() {
    let unknown = |data: CommandData| find(&data).map(|(declared, _)| declared.name);
    assert_eq!(
        unknown(data("nope", Vec::new())),
        Err(Unreadable::UnknownSubcommand("nope".into()))
    );
    let top_only = CommandData {
        name: TOP.into(),
        ..CommandData::default()
    };
    assert_eq!(unknown(top_only), Err(Unreadable::NoSubcommand));
    let other = CommandData {
        name: "other".into(),
        ..data("new", Vec::new())
    };
    assert_eq!(
        unknown(other),
        Err(Unreadable::UnknownCommand("other".into()))
    );
    let not_a_subcommand = CommandData {
        options: vec![given("new", OptionValue::String("x".into()))],
        ..data("new", Vec::new())
    };
    assert_eq!(unknown(not_a_subcommand), Err(Unreadable::NoSubcommand));
}

#[test]
fn the_option_being_typed_is_found_by_its_declaration() {
    let typing = data(
        "play",
        vec![given("card", OptionValue::Focused("6".into()))],
    );
    let (option, typed) = focused(&typing).unwrap();
    assert_eq!((option.name, typed), ("card", "6"));
    assert!(option.completer.is_some());
    // An option without suggestions, or none being typed.
    let code = data("new", vec![given("code", OptionValue::Focused("T".into()))]);
    assert_eq!(
        focused(&code).map(|(option, _)| option.name),
        Err(Unreadable::NothingToComplete("code".into()))
    );
    let none = data(
        "play",
        vec![given("card", OptionValue::String("6C".into()))],
    );
    assert!(focused(&none).is_err());
}
