//! The files an operator deploys with, held to what the bot needs of them: each compose file
//! gives the bot longer to stop than its drain may take, keeps every secret out of the
//! environment, and the build context (`.dockerignore`) leaves out stores, their backups and
//! `.env` files at any depth while keeping every source the build needs.
//!
//! `.dockerignore` is read with Docker's rules as far as this file uses them (`*` within a path
//! segment, `**` across segments, a pattern that names a folder leaves out all it holds, a later
//! `!pattern` takes a path back); `tools/container_check.sh` also builds from the real context
//! with decoy files in it and looks inside.

use std::path::Path;
use std::time::Duration;

use tripeaks::bot::ops::drain::{CONTAINER_STOP_GRACE, DEFAULT_DRAIN_GRACE, longest_stop};

fn read(file: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .unwrap_or_else(|error| panic!("{file}: {error}"))
}

/// The lines of one service of a compose file (its name at two spaces, its settings deeper).
fn service<'a>(compose: &'a str, name: &str) -> Vec<&'a str> {
    let header = format!("  {name}:");
    compose
        .lines()
        .skip_while(|line| line.trim_end() != header)
        .skip(1)
        .take_while(|line| line.is_empty() || line.starts_with("    ") || line.starts_with("   #"))
        .collect()
}

/// A compose duration: `70s`, `1m10s`, `2m`.
fn duration(text: &str) -> Duration {
    let mut seconds = 0;
    let mut number = String::new();
    for c in text.trim().chars() {
        match c {
            '0'..='9' => number.push(c),
            'm' => seconds += 60 * number.drain(..).as_str().parse::<u64>().unwrap(),
            's' => seconds += number.drain(..).as_str().parse::<u64>().unwrap(),
            _ => panic!("not a compose duration: {text}"),
        }
    }
    assert!(number.is_empty(), "a duration without its unit: {text}");
    Duration::from_secs(seconds)
}

#[test]
fn compose_gives_the_bot_longer_to_stop_than_its_drain_may_take() {
    // The grace (INTERACTIONS_DRAIN_GRACE, its default), then the drain answers what was taken
    // (DRAIN_LIMIT), keeps open connections (LINGER), then answers what those brought
    // (DRAIN_LIMIT again): src/bot/ops/drain.rs.
    let longest_stop = longest_stop(DEFAULT_DRAIN_GRACE);
    for file in ["compose.yaml", "compose.sqlite.yaml"] {
        let compose = read(file);
        let bot = service(&compose, "bot");
        assert!(!bot.is_empty(), "{file} has no bot service");
        let grace = bot
            .iter()
            .find_map(|line| line.trim().strip_prefix("stop_grace_period:"))
            .unwrap_or_else(|| panic!("{file}: the bot has compose's default 10 s to stop"));
        assert!(
            duration(grace) > longest_stop,
            "{file}: stop_grace_period {grace} is not above the drain's {longest_stop:?}"
        );
        assert_eq!(
            duration(grace),
            CONTAINER_STOP_GRACE,
            "{file}: `tripeaks check` judges the grace against CONTAINER_STOP_GRACE"
        );
    }
}

#[test]
fn compose_keeps_every_secret_in_files() {
    for file in ["compose.yaml", "compose.sqlite.yaml"] {
        let compose = read(file);
        for line in compose
            .lines()
            .filter(|line| !line.trim_start().starts_with('#'))
        {
            let setting = line.trim();
            let secret_in_environment = setting.starts_with("DISCORD_TOKEN:")
                || setting.starts_with("POSTGRES_PASSWORD:")
                || (setting.starts_with("DATABASE_URL:") && setting.contains('@'));
            assert!(
                !secret_in_environment,
                "{file}: a secret in the environment: {setting}"
            );
        }
    }
    let compose = read("compose.yaml");
    for (service_name, variable) in [
        ("bot", "DISCORD_TOKEN_FILE"),
        ("bot", "DATABASE_URL_FILE"),
        ("db", "POSTGRES_PASSWORD_FILE"),
    ] {
        assert!(
            service(&compose, service_name).iter().any(|line| line
                .trim()
                .starts_with(&format!("{variable}: /run/secrets/"))),
            "compose.yaml: {service_name} has no {variable}"
        );
    }
}

/// Go's `filepath.Match` on one segment: `*` any run of characters, `?` one, the rest literal.
fn segment_matches(pattern: &[u8], name: &[u8]) -> bool {
    match (pattern.first(), name.first()) {
        (None, None) => true,
        (Some(b'*'), _) => {
            segment_matches(&pattern[1..], name)
                || (!name.is_empty() && segment_matches(pattern, &name[1..]))
        }
        (Some(b'?'), Some(_)) => segment_matches(&pattern[1..], &name[1..]),
        (Some(p), Some(n)) if p == n => segment_matches(&pattern[1..], &name[1..]),
        _ => false,
    }
}

/// Whether `pattern` (split at `/`) matches the path `segments` or a folder above it.
fn path_matches(pattern: &[&str], segments: &[&str]) -> bool {
    match (pattern.first(), segments.first()) {
        // The pattern named a folder the path is in.
        (None, _) => true,
        (Some(&"**"), _) => {
            path_matches(&pattern[1..], segments)
                || (!segments.is_empty() && path_matches(pattern, &segments[1..]))
        }
        (Some(p), Some(s)) => {
            segment_matches(p.as_bytes(), s.as_bytes())
                && path_matches(&pattern[1..], &segments[1..])
        }
        (Some(_), None) => false,
    }
}

/// Whether `.dockerignore` leaves `path` (relative to the root) out of the build context.
fn left_out(dockerignore: &str, path: &str) -> bool {
    let segments: Vec<&str> = path.split('/').collect();
    let mut out = false;
    for line in dockerignore.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (taken_back, pattern) = match line.strip_prefix('!') {
            Some(pattern) => (true, pattern),
            None => (false, line),
        };
        let pattern: Vec<&str> = pattern
            .trim_matches('/')
            .split('/')
            .filter(|s| !s.is_empty())
            .collect();
        if path_matches(&pattern, &segments) {
            out = !taken_back;
        }
    }
    out
}

#[test]
fn the_build_context_leaves_out_stores_backups_and_env_files_at_any_depth() {
    let dockerignore = read(".dockerignore");
    for kept_out in [
        "tripeaks.db",
        "tripeaks.db-wal",
        "data/tripeaks.db",
        "deploy/old/tripeaks.db-shm",
        "backups/tripeaks-2026-12-01.db",
        "backups/tripeaks.db.a1B2c3.partial",
        ".env",
        ".env.production",
        ".env.local",
        "secrets/database_url",
        "target/release/tripeaks",
        ".git/config",
        "tools/container_check.sh",
    ] {
        assert!(
            left_out(&dockerignore, kept_out),
            "{kept_out} would be sent to the builder"
        );
    }
    for needed in [
        "Cargo.toml",
        "Cargo.lock",
        "build.rs",
        "src/main.rs",
        "src/store/backup.rs",
        "crates/game/src/lib.rs",
        "crates/game/Cargo.toml",
        "migrations/sqlite",
        "locales/en-US",
        "assets/DejaVuSans-Bold.ttf",
        // A member of the workspace: cargo reads its manifest before building anything.
        "tools/cycles/Cargo.toml",
        "tools/cycles/src/main.rs",
    ] {
        let exists = Path::new(env!("CARGO_MANIFEST_DIR")).join(needed).exists();
        assert!(exists, "{needed} is not in the repository any more");
        assert!(
            !left_out(&dockerignore, needed),
            "{needed} would be missing from the build"
        );
    }
}

#[test]
fn the_dockerignore_reader_follows_dockers_rules() {
    assert!(left_out("*.db", "x.db") && !left_out("*.db", "a/x.db"));
    assert!(left_out("**/*.db", "x.db") && left_out("**/*.db", "a/b/x.db"));
    assert!(left_out("target/", "target/debug/x") && !left_out("target/", "src/target.rs"));
    assert!(!left_out("*.md\n!README.md", "README.md") && left_out("*.md", "README.md"));
    assert!(!left_out(".env", ".env.production") && left_out(".env.*", ".env.production"));
}
