//! The catalogue tests: every locale has exactly the messages en-US has, en-US has exactly the
//! messages the code uses, and no message in any locale refers to a variable that the code does
//! not pass (looking at every variant of every selector, not only the one a test happens to
//! pick). The checker is run on the real files and on broken copies, to show it can fail.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::i18n::bundles::{
    FILE_COUNT, SOURCES, build_bundle, bundle_variables, source_message_ids,
};
use crate::i18n::{Arg, Locale, Message, command_text_ids, load_problems, text, try_text};

/// What the code passes: message id → variable names. The slash-command texts are the ones the
/// command tree uses, which the bot's tests hold equal to `command_text_ids` (they pass none).
fn code_catalogue() -> BTreeMap<String, BTreeSet<String>> {
    Message::CATALOGUE
        .iter()
        .map(|(id, variables)| {
            let variables = variables.iter().map(|v| v.to_string()).collect();
            (id.to_string(), variables)
        })
        .chain(
            command_text_ids()
                .into_iter()
                .map(|id| (id, BTreeSet::new())),
        )
        .collect()
}

type Files<'a> = Vec<(&'a str, &'a str)>;

/// Everything wrong between the code's catalogue and the locales; the first locale is the
/// source (en-US).
fn catalogue_problems(
    catalogue: &BTreeMap<String, BTreeSet<String>>,
    locales: &[(&str, Files)],
) -> Vec<String> {
    let mut problems = Vec::new();
    let (source_tag, source_files) = &locales[0];
    let source_ids = source_message_ids(source_files);
    for id in catalogue.keys().filter(|id| !source_ids.contains(*id)) {
        problems.push(format!("{source_tag} lacks `{id}`, which the code uses"));
    }
    for id in source_ids.iter().filter(|id| !catalogue.contains_key(*id)) {
        problems.push(format!(
            "{source_tag} has `{id}`, which the code never uses"
        ));
    }
    for (tag, files) in locales {
        let bundle = build_bundle(tag, files, &mut problems);
        let ids = source_message_ids(files);
        for id in source_ids.difference(&ids) {
            problems.push(format!("{tag} lacks `{id}`, which {source_tag} has"));
        }
        for id in ids.difference(&source_ids) {
            problems.push(format!("{tag} has `{id}`, which {source_tag} lacks"));
        }
        for id in &ids {
            let Some(passed) = catalogue.get(id) else {
                continue;
            };
            let used = bundle_variables(&bundle, id).unwrap_or_default();
            for name in used.difference(passed) {
                problems.push(format!(
                    "{tag} `{id}` uses ${name}, which the code does not pass"
                ));
            }
            if tag == source_tag {
                for name in passed.difference(&used) {
                    problems.push(format!(
                        "{tag} `{id}` never uses ${name}, which the code passes"
                    ));
                }
            }
        }
    }
    problems
}

fn real_locales() -> Vec<(&'static str, Files<'static>)> {
    SOURCES
        .iter()
        .map(|(tag, files)| (*tag, files.to_vec()))
        .collect()
}

#[test]
fn the_embedded_files_load_cleanly() {
    assert_eq!(load_problems(), &[] as &[String]);
    for (locale, (tag, _)) in Locale::ALL.iter().zip(SOURCES.iter()) {
        assert_eq!(locale.tag(), *tag);
    }
}

#[test]
fn every_locale_matches_the_catalogue() {
    assert_eq!(
        catalogue_problems(&code_catalogue(), &real_locales()),
        Vec::<String>::new()
    );
}

#[test]
fn the_checker_catches_missing_extra_and_unpassed() {
    let mut locales = real_locales();
    let edit = |files: &mut Files<'static>, name: &str, from: &str, to: &str| {
        let (_, source) = files.iter_mut().find(|(file, _)| *file == name).unwrap();
        assert!(source.contains(from), "{name} has no {from:?}");
        *source = Box::leak(source.replacen(from, to, 1).into_boxed_str());
    };
    // Spanish: one message gone, one too many, one with a variable the code does not pass,
    // hidden in a variant no test would pick.
    let spanish = &mut locales[1].1;
    edit(spanish, "game.ftl", "button-hint = Pista\n", "");
    edit(
        spanish,
        "game.ftl",
        "button-undo = Deshacer\n",
        "button-undo = Deshacer\nbutton-extra = Más\n",
    );
    edit(
        spanish,
        "board.ftl",
        "[0] Mazo: vacío",
        "[0] Mazo: vacío desde el movimiento { $moves }",
    );
    // English: one message the code uses gone, one variable the code passes unused.
    let english = &mut locales[0].1;
    edit(
        english,
        "game.ftl",
        "hint-draw = Hint: draw a card from the stock.\n",
        "",
    );
    edit(
        english,
        "board.ftl",
        "board-waste = waste: { $card }",
        "board-waste = waste",
    );
    let problems = catalogue_problems(&code_catalogue(), &locales);
    let expected = [
        "en-US lacks `hint-draw`, which the code uses",
        "en-US `board-waste` never uses $card, which the code passes",
        "es-ES lacks `button-hint`, which en-US has",
        "es-ES has `button-extra`, which en-US lacks",
        "es-ES `board-stock` uses $moves, which the code does not pass",
    ];
    for problem in expected {
        assert!(
            problems.iter().any(|p| p == problem),
            "{problem}\n{problems:#?}"
        );
    }
    // With `hint-draw` gone from en-US, the other locales' copy is reported as extra.
    assert!(problems.contains(&"nl has `hint-draw`, which en-US lacks".to_string()));
}

#[test]
fn the_locales_folder_holds_exactly_the_embedded_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let folders: BTreeSet<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let tags: BTreeSet<String> = SOURCES.iter().map(|(tag, _)| tag.to_string()).collect();
    assert_eq!(folders, tags);
    for (tag, files) in &SOURCES {
        let on_disk: BTreeSet<String> = std::fs::read_dir(root.join(tag))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        let embedded: BTreeSet<String> = files.iter().map(|(name, _)| name.to_string()).collect();
        assert_eq!(on_disk, embedded, "{tag}");
        assert_eq!(embedded.len(), FILE_COUNT);
    }
}

/// Sample values for every variable: numbers where the code passes numbers.
fn sample_args(variables: &[&'static str]) -> Vec<(&'static str, Arg<'static>)> {
    variables
        .iter()
        .map(|&name| {
            let value = match name {
                "count" | "score" | "moves" | "stock" => Arg::Number(2),
                "errors" => Arg::from("on"),
                _ => Arg::from("X"),
            };
            (name, value)
        })
        .collect()
}

#[test]
fn every_message_formats_in_every_locale_without_marks_or_fallback() {
    for locale in Locale::ALL {
        for (id, variables) in Message::CATALOGUE {
            let formatted = try_text(locale, id, &sample_args(variables))
                .unwrap_or_else(|error| panic!("{error}"));
            assert!(!formatted.trim().is_empty(), "{locale} {id}");
            assert!(
                !formatted.contains(['\u{2068}', '\u{2069}']),
                "{locale} {id}: isolation marks"
            );
            assert!(
                formatted.chars().count() <= 2000,
                "{locale} {id}: too long for Discord"
            );
            if id.starts_with("button-") {
                assert!(
                    formatted.chars().count() <= 80,
                    "{locale} {id}: button label"
                );
            }
        }
    }
}

#[test]
fn strict_formatting_reports_what_is_wrong() {
    assert_eq!(
        try_text(Locale::EsEs, "no-such-message", &[]),
        Err(crate::i18n::TextError::Missing {
            locale: Locale::EsEs,
            id: "no-such-message".to_string()
        })
    );
    // $count is missing, even though the variant picked would not need it for 0.
    let error = try_text(Locale::Nl, "board-stock", &[]).unwrap_err();
    assert!(error.to_string().contains("count"), "{error}");
    // The lenient form never fails: the id itself when nothing has it.
    assert_eq!(text(Locale::Fr, "no-such-message", &[]), "no-such-message");
}

#[test]
fn french_punctuation_has_no_break_spaces() {
    for (id, variables) in Message::CATALOGUE {
        let formatted = text(Locale::Fr, id, &sample_args(variables));
        for mark in [" :", " ;", " !", " ?", "« ", " »"] {
            assert!(
                !formatted.contains(mark),
                "fr {id}: {formatted:?} has {mark:?}"
            );
        }
    }
}
