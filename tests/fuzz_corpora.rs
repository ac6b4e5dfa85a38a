//! Every fuzz target's corpus (`fuzz/corpus/<target>/`) replayed through the target's body
//! (`tripeaks::fuzzing`), as `cargo fuzz` runs it: an input that once made a parser panic or
//! broke a round trip stays in its corpus, so the finding stays fixed under `cargo test`. A
//! target without a corpus, a corpus without a target, and a target without its file in
//! `fuzz/fuzz_targets/` fail too.

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use tripeaks::fuzzing::TARGETS;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

/// The files of a corpus, sorted by name.
fn corpus(target: &str) -> Vec<PathBuf> {
    let dir = fuzz_dir().join("corpus").join(target);
    let entries = fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("the corpus of {target} ({}): {error}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a corpus entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn every_corpus_replays_without_a_panic_or_a_broken_round_trip() {
    let mut failed = Vec::new();
    for (target, body) in TARGETS {
        let files = corpus(target);
        assert!(!files.is_empty(), "the corpus of {target} is empty");
        for file in files {
            let data = fs::read(&file).expect("a corpus file reads");
            if catch_unwind(AssertUnwindSafe(|| body(&data))).is_err() {
                failed.push(file.display().to_string());
            }
        }
    }
    assert!(
        failed.is_empty(),
        "inputs that fail their target: {failed:#?}"
    );
}

#[test]
fn every_target_has_its_file_and_every_corpus_its_target() {
    let names: Vec<&str> = TARGETS.iter().map(|(name, _)| *name).collect();
    let manifest = fs::read_to_string(fuzz_dir().join("Cargo.toml")).expect("fuzz/Cargo.toml");
    for name in &names {
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "fuzz/Cargo.toml has no [[bin]] {name}"
        );
        let file = fuzz_dir().join("fuzz_targets").join(format!("{name}.rs"));
        let source =
            fs::read_to_string(&file).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
        assert!(
            source.contains(&format!("tripeaks::fuzzing::{name}(data)")),
            "{} does not call tripeaks::fuzzing::{name}",
            file.display()
        );
    }
    for entry in fs::read_dir(fuzz_dir().join("corpus")).expect("fuzz/corpus") {
        let entry = entry.expect("a corpus folder");
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(
            names.contains(&name.as_str()),
            "fuzz/corpus/{name} has no target"
        );
    }
}
