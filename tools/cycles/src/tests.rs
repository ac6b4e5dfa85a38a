//! The check on small crates written to a temporary folder: which edges it finds (and names),
//! which cycles count, what it leaves out, and the errors it refuses to skip.

use std::collections::BTreeMap;
use std::fs;

use tempfile::TempDir;

use crate::check::{Report, check};
use crate::tree::Root;

/// A crate of these files (path below the source folder, text), named `name`.
fn write(dir: &TempDir, name: &str, files: &[(&str, &str)]) -> Root {
    let src = dir.path().join(name);
    for (path, text) in files {
        let path = src.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    Root::parse(&format!("{name}={}", src.display())).unwrap()
}

fn run(files: &[(&str, &str)]) -> Report {
    let dir = TempDir::new().unwrap();
    let root = write(&dir, "krate", files);
    check(&[root], 12).unwrap()
}

/// Each edge as `from -> to` (paths below the root), with its names.
fn edges(report: &Report) -> BTreeMap<String, Vec<String>> {
    let short = |f: usize| {
        let label = &report.tree.files[f].label;
        label[label.find("krate/").map_or(0, |i| i + 6)..].to_string()
    };
    let edges = report.graph.edges.keys();
    edges
        .map(|&(a, b)| {
            (
                format!("{} -> {}", short(a), short(b)),
                report.graph.names(a, b),
            )
        })
        .collect()
}

/// The cycles found, each as `a.rs -> b.rs -> a.rs`.
fn cycles(report: &Report) -> Vec<String> {
    let short = |f: &usize| {
        let label = &report.tree.files[*f].label;
        label[label.find("krate/").map_or(0, |i| i + 6)..].to_string()
    };
    let groups = report.groups.iter().flat_map(|g| &g.cycles);
    groups
        .map(|c| {
            c.iter()
                .chain(&c[..1])
                .map(short)
                .collect::<Vec<_>>()
                .join(" -> ")
        })
        .collect()
}

#[test]
fn use_lines_and_inline_paths_tie_siblings_into_a_cycle() {
    let report = run(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        (
            "a.rs",
            "use crate::b::{self, Thing as T};\npub fn f() -> T { b::make() }\n",
        ),
        (
            "b.rs",
            "pub struct Thing;\npub fn make() -> Thing { super::a::f() }\n",
        ),
    ]);
    let edges = edges(&report);
    assert_eq!(edges["a.rs -> b.rs"], ["b", "b::Thing", "b::make"]);
    assert_eq!(edges["b.rs -> a.rs"], ["a::f"]);
    assert_eq!(cycles(&report), ["a.rs -> b.rs -> a.rs"]);
}

#[test]
fn a_parent_and_its_children_may_reference_each_other() {
    let report = run(&[
        ("lib.rs", "mod store;\n"),
        (
            "store/mod.rs",
            "mod games;\npub struct Store;\npub use games::Game;\n",
        ),
        (
            "store/games.rs",
            "use super::Store;\npub struct Game;\nimpl Store { pub fn game(&self) {} }\n",
        ),
    ]);
    assert!(edges(&report).contains_key("store/mod.rs -> store/games.rs"));
    assert!(edges(&report).contains_key("store/games.rs -> store/mod.rs"));
    assert!(cycles(&report).is_empty());
    assert_eq!(report.tied, 1);
}

#[test]
fn a_cycle_that_needs_a_parent_child_edge_to_close_is_allowed() {
    let report = run(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        (
            "a/mod.rs",
            "mod x;\npub struct P;\npub fn go() { x::run() }\n",
        ),
        ("a/x.rs", "pub fn run() { crate::b::f() }\n"),
        ("b.rs", "pub fn f() -> crate::a::P { crate::a::P }\n"),
    ]);
    assert_eq!(report.tied, 1);
    assert!(cycles(&report).is_empty());
}

#[test]
fn methods_called_on_self_across_files_make_a_cycle() {
    let report = run(&[
        ("lib.rs", "mod a;\nmod b;\npub struct Bot;\n"),
        (
            "a.rs",
            "use crate::Bot;\nimpl Bot { pub fn one(&self) { self.two() } }\n",
        ),
        (
            "b.rs",
            "use crate::Bot;\nimpl Bot { pub fn two(&self) { self.one() } }\n",
        ),
    ]);
    assert_eq!(edges(&report)["a.rs -> b.rs"], ["Bot::two"]);
    assert_eq!(cycles(&report), ["a.rs -> b.rs -> a.rs"]);
}

#[test]
fn methods_called_on_any_receiver_count() {
    let report = run(&[
        (
            "lib.rs",
            "mod engine;\nmod panel;\npub struct Holder { pub inner: engine::Engine }\n\
             pub struct Ctx { p: panel::Panel }\n\
             impl Ctx { pub fn data(&self) -> &panel::Panel { &self.p } }\n",
        ),
        (
            "engine.rs",
            "pub struct Engine;\nimpl Engine {\n    pub fn tick(&self, ctx: &crate::Ctx) {\n        \
             ctx.data().refresh(1)\n    }\n}\n",
        ),
        (
            "panel.rs",
            "pub struct Panel;\nimpl Panel {\n    pub fn refresh(&self, n: u32) {}\n    \
             pub fn go(&self, h: &crate::Holder, c: &crate::Ctx) { h.inner.tick(c) }\n}\n",
        ),
    ]);
    let edges = edges(&report);
    assert_eq!(edges["engine.rs -> panel.rs"], ["Panel::refresh"]);
    assert_eq!(edges["panel.rs -> engine.rs"], ["Engine::tick"]);
    assert_eq!(cycles(&report), ["engine.rs -> panel.rs -> engine.rs"]);
}

#[test]
fn paths_to_methods_and_self_paths_count() {
    let report = run(&[
        (
            "lib.rs",
            "mod a;\nmod b;\npub struct Bot;\nimpl Bot { fn new() -> Bot { Bot } }\n",
        ),
        (
            "a.rs",
            "impl crate::Bot {\n    pub fn press() { crate::Bot::answer() }\n}\n",
        ),
        (
            "b.rs",
            "impl crate::Bot {\n    pub fn answer() { Self::press() }\n}\n",
        ),
    ]);
    let edges = edges(&report);
    assert_eq!(edges["a.rs -> b.rs"], ["Bot::answer"]);
    assert_eq!(edges["b.rs -> a.rs"], ["Bot::press"]);
}

#[test]
fn a_name_several_files_define_is_skipped_and_counted() {
    let report = run(&[
        ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
        ("a.rs", "pub struct A;\nimpl A { pub fn run(&self) {} }\n"),
        ("b.rs", "pub struct B;\nimpl B { pub fn run(&self) {} }\n"),
        (
            "c.rs",
            "use crate::{a, b};\npub fn go(x: &dyn Fn() -> u8) { x.thing().run() }\n",
        ),
    ]);
    assert_eq!(report.skipped.ambiguous["run"].1, 1);
    let edges = edges(&report);
    assert!(edges["c.rs -> a.rs"].iter().all(|n| !n.contains("run")));
}

#[test]
fn common_names_wrong_arity_and_hidden_methods_are_not_calls_of_the_crate() {
    let report = run(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        (
            "a.rs",
            "pub struct Deck;\nimpl Deck {\n    pub fn len(&self) -> usize { 0 }\n    \
             pub fn deal(&self, n: u8) {}\n    fn shuffle(&self) {}\n}\n",
        ),
        (
            "b.rs",
            "use crate::a::Deck;\npub fn f(v: Vec<u8>, d: Deck) {\n    v.len();\n    \
             v.deal(1, 2);\n    v.shuffle();\n}\n",
        ),
    ]);
    assert_eq!(edges(&report)["b.rs -> a.rs"], ["a::Deck"]);
    assert_eq!(report.skipped.common, 1);
}

#[test]
fn a_call_names_a_type_its_file_reaches() {
    // b.rs knows nothing that leads to a.rs: its `connect` is someone else's.
    let report = run(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        (
            "a.rs",
            "pub struct Drain;\nimpl Drain { pub fn connect(&self) {} }\n",
        ),
        ("b.rs", "pub fn open(o: sqlx::Options) { o.connect() }\n"),
    ]);
    assert!(edges(&report).is_empty());
}

#[test]
fn the_receiver_name_picks_among_types() {
    let report = run(&[
        ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
        (
            "a.rs",
            "pub struct Store;\nimpl Store { pub fn get(&self) {} }\n",
        ),
        (
            "b.rs",
            "pub struct Cache;\nimpl Cache { pub fn get(&self) {} }\n",
        ),
        (
            "c.rs",
            "use crate::{a::Store, b::Cache};\npub fn f(s: Store) { s.inner.store.get() }\n",
        ),
    ]);
    assert_eq!(edges(&report)["c.rs -> a.rs"], ["a::Store", "Store::get"]);
}

#[test]
fn tests_are_left_out() {
    let report = run(&[
        ("lib.rs", "mod a;\nmod b;\n#[cfg(test)]\nmod tests;\n"),
        (
            "a.rs",
            "pub fn f() {}\n#[cfg(test)]\nmod tests { use crate::b::g; }\nmod more;\n",
        ),
        ("a/more/tests.rs", "use crate::b::g;\n"),
        (
            "a/more.rs",
            "#[cfg(all(test, unix))]\nfn t() { crate::b::g() }\n#[test]\nfn u() { crate::b::g() }\n",
        ),
        ("b.rs", "pub fn g() { crate::a::f() }\n"),
        ("tests.rs", "use crate::a::f;\n"),
    ]);
    assert_eq!(edges(&report).keys().collect::<Vec<_>>(), ["b.rs -> a.rs"]);
    assert_eq!(report.tree.files.len(), 4);
}

#[test]
fn macros_calls_and_globs_and_path_attributes_are_read() {
    let report = run(&[
        (
            "lib.rs",
            "mod a;\nmod b;\n#[path = \"elsewhere/c.rs\"]\nmod c;\n",
        ),
        (
            "a.rs",
            "pub struct Tally;\nimpl Tally { pub fn bump(&self) {} }\npub const N: usize = 3;\n",
        ),
        (
            "b.rs",
            "pub fn f(t: &crate::a::Tally) -> String {\n    format!(\"{:?}\", t.bump())\n}\n",
        ),
        (
            "elsewhere/c.rs",
            "use super::a::*;\npub fn g() -> Vec<u8> { vec![0; crate::b::f()] }\n",
        ),
    ]);
    let edges = edges(&report);
    assert_eq!(edges["b.rs -> a.rs"], ["a::Tally", "Tally::bump"]);
    assert_eq!(edges["elsewhere/c.rs -> a.rs"], ["a::*"]);
    assert_eq!(edges["elsewhere/c.rs -> b.rs"], ["b::f"]);
}

#[test]
fn another_given_crate_is_reached_by_name_and_through_a_reexport() {
    let dir = TempDir::new().unwrap();
    let game = write(
        &dir,
        "game",
        &[
            ("lib.rs", "mod state;\npub use state::Game;\n"),
            ("state.rs", "pub struct Game;\n"),
        ],
    );
    let app = write(
        &dir,
        "krate",
        &[
            ("lib.rs", "pub use game as engine;\nmod a;\n"),
            (
                "a.rs",
                "use game::Game;\npub fn f() { crate::engine::Game::new(); }\n",
            ),
        ],
    );
    let report = check(&[app, game], 12).unwrap();
    let edges = edges(&report);
    let into_game: Vec<&String> = edges.keys().filter(|k| k.starts_with("a.rs")).collect();
    assert_eq!(into_game.len(), 1, "{edges:?}");
    assert!(into_game[0].ends_with("game/lib.rs"));
}

#[test]
fn a_file_that_does_not_parse_is_an_error_naming_it() {
    let dir = TempDir::new().unwrap();
    let root = write(
        &dir,
        "krate",
        &[("lib.rs", "mod a;\n"), ("a.rs", "fn f( {\n")],
    );
    let error = check(&[root], 12).err().unwrap().to_string();
    assert!(error.contains("krate/a.rs:1:"), "{error}");
}

#[test]
fn a_module_without_its_file_is_an_error() {
    let dir = TempDir::new().unwrap();
    let root = write(&dir, "krate", &[("lib.rs", "mod gone;\n")]);
    let error = check(&[root], 12).err().unwrap().to_string();
    assert!(error.contains("`mod gone` has no file"), "{error}");
}
