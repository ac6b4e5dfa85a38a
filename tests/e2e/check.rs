//! End-to-end: `tripeaks check` against the fake Discord. A good token and a store at its
//! schema pass with the invite link; a refused token and an unreachable database each fail in
//! one line that says what to do; an install link without the command scope is named by the
//! check and warned about by the bot at start-up; the token and the database URL may come from
//! files, and a file others may read fails the check without its secret shown. The token never
//! reaches the output.

use std::process::{Command, Output};

use base64::Engine as _;

use crate::support::{APPLICATION_ID, BotProcess, FakeDiscord, FakeOptions, TestDatabase};

/// A token shaped like Discord's: the bot's id in base64, a time, a signature.
fn token(signature: &str) -> String {
    let id = base64::engine::general_purpose::STANDARD_NO_PAD.encode(APPLICATION_ID.to_string());
    format!("{id}.GZq7xW.{signature}")
}

/// Runs `tripeaks check` with exactly these variables (no `.env`: the database's directory).
/// `tripeaks check` with a token, the fake Discord and a database URL, nothing else set.
fn check_with(
    database: &TestDatabase,
    fake: &FakeDiscord,
    token: &str,
    url: &str,
) -> (i32, Vec<String>) {
    let env = [
        ("DISCORD_TOKEN", token),
        ("DISCORD_API_BASE", fake.api_base()),
        ("DATABASE_URL", url),
    ];
    check(database, &env)
}

fn check(database: &TestDatabase, env: &[(&str, &str)]) -> (i32, Vec<String>) {
    let mut command = Command::new(crate::support::bot_binary());
    command
        .arg("check")
        .current_dir(database.dir())
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("NO_COLOR", "1");
    for (name, value) in env {
        command.env(name, value);
    }
    let Output {
        status,
        stdout,
        stderr,
    } = command.output().expect("tripeaks check runs");
    let mut lines: Vec<String> = String::from_utf8_lossy(&stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    lines.extend(String::from_utf8_lossy(&stderr).lines().map(str::to_owned));
    (status.code().unwrap_or(-1), lines)
}

fn fails(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|line| line.starts_with("FAIL"))
        .collect()
}

/// A fake that accepts one token only.
async fn fake_accepting(token: &str, install_scopes: Option<&[&str]>) -> FakeDiscord {
    FakeDiscord::start_with(FakeOptions {
        accepted_token: Some(token.to_owned()),
        install_scopes: install_scopes.map(|s| s.iter().map(|s| (*s).to_owned()).collect()),
        ..FakeOptions::default()
    })
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_good_set_up_passes_with_the_invite_link_and_creates_nothing() {
    let good = token("signature-good");
    let fake = fake_accepting(&good, Some(&["bot", "applications.commands"])).await;
    let database = TestDatabase::new().unwrap();
    let url = database.url();
    let env = [
        ("DISCORD_TOKEN", good.as_str()),
        ("DISCORD_API_BASE", fake.api_base()),
        ("DATABASE_URL", url.as_str()),
        ("METRICS_ADDR", "127.0.0.1:0"),
    ];
    let (code, lines) = check(&database, &env);
    assert_eq!(code, 0, "{lines:#?}");
    assert!(fails(&lines).is_empty(), "{lines:#?}");
    assert!(
        !database.sqlite_path().exists(),
        "the check created the store"
    );
    let joined = lines.join("\n");
    assert!(joined.contains("does not exist yet"), "{joined}");
    assert!(
        joined.contains(&format!("of application TriPeaks (id {APPLICATION_ID})")),
        "{joined}"
    );
    assert!(
        lines.last().unwrap().starts_with(&format!(
            "invite: https://discord.com/oauth2/authorize?client_id={APPLICATION_ID}&scope=bot+applications.commands"
        )),
        "{joined}"
    );
    assert!(!joined.contains("signature-good"), "the token was printed");

    // Once the bot has migrated the store, the check says it is up to date, and applies nothing.
    let store = tripeaks::store::Store::connect(&url).await.unwrap();
    store.close().await;
    let (code, lines) = check(&database, &env);
    assert_eq!(code, 0, "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.contains("schema up to date")),
        "{lines:#?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refused_token_is_one_line_saying_what_to_do() {
    let fake = fake_accepting(&token("signature-current"), None).await;
    let database = TestDatabase::new().unwrap();
    let old = token("signature-reset");
    let (code, lines) = check_with(&database, &fake, &old, &database.url());
    assert_eq!(code, 1, "{lines:#?}");
    let failed = fails(&lines);
    assert_eq!(failed.len(), 1, "{lines:#?}");
    assert!(
        failed[0].starts_with("FAIL discord")
            && failed[0].contains("refused")
            && failed[0].contains("Reset Token"),
        "{failed:?}"
    );
    assert!(!lines.join("\n").contains("signature-reset"));
    assert!(
        !lines.iter().any(|l| l.starts_with("invite:")),
        "no application, no invite: {lines:#?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unreachable_database_is_one_line_without_its_password() {
    let good = token("signature-good");
    let fake = fake_accepting(&good, None).await;
    let database = TestDatabase::new().unwrap();
    // A port nothing listens on: bound, then let go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("postgres://tripeaks:hunter2@127.0.0.1:{port}/tripeaks");
    let (code, lines) = check_with(&database, &fake, &good, &url);
    assert_eq!(code, 1, "{lines:#?}");
    let failed = fails(&lines);
    assert_eq!(failed.len(), 1, "{lines:#?}");
    assert!(
        failed[0].starts_with("FAIL database")
            && failed[0].contains(&format!("127.0.0.1:{port}"))
            && failed[0].contains("correct DATABASE_URL"),
        "{failed:?}"
    );
    assert!(!lines.join("\n").contains("hunter2"), "{lines:#?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_install_link_without_the_command_scope_is_named_and_warned_about() {
    let good = token("signature-good");
    let fake = fake_accepting(&good, Some(&["bot"])).await;
    let database = TestDatabase::new().unwrap();
    let (code, lines) = check_with(&database, &fake, &good, &database.url());
    assert_eq!(code, 1, "{lines:#?}");
    let failed = fails(&lines);
    assert_eq!(failed.len(), 1, "{lines:#?}");
    assert!(
        failed[0].contains("lacks the scope applications.commands"),
        "{failed:?}"
    );

    let bot = BotProcess::start_with(&fake, &database, &[("DISCORD_TOKEN", good.as_str())])
        .await
        .expect("the bot starts");
    let warning = bot
        .wait_for_line("lacks the scope", crate::WAIT)
        .await
        .unwrap();
    assert!(warning.contains("WARN"), "{warning}");
}

/// The token and the database URL in files (compose secrets): read as the bot reads them, and a
/// file that others may read is a failure naming the variable and the file, never the secret.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread")]
async fn secrets_in_files_pass_only_when_their_owner_alone_may_read_them() {
    use std::os::unix::fs::PermissionsExt as _;
    let good = token("signature-in-a-file");
    let fake = fake_accepting(&good, Some(&["bot", "applications.commands"])).await;
    let database = TestDatabase::new().unwrap();
    let token_file = database.dir().join("discord_token");
    let url_file = database.dir().join("database_url");
    std::fs::write(&token_file, format!("{good}\n")).unwrap();
    std::fs::write(&url_file, database.url()).unwrap();
    let set_mode = |mode| {
        for file in [&token_file, &url_file] {
            std::fs::set_permissions(file, std::fs::Permissions::from_mode(mode)).unwrap();
        }
    };
    let env = [
        ("DISCORD_TOKEN_FILE", token_file.to_str().unwrap()),
        ("DATABASE_URL_FILE", url_file.to_str().unwrap()),
        ("DISCORD_API_BASE", fake.api_base()),
    ];
    set_mode(0o600);
    let (code, lines) = check(&database, &env);
    assert_eq!(code, 0, "{lines:#?}");
    let joined = lines.join("\n");
    assert!(
        joined.contains(&format!("ok   database {} ", database.url())),
        "the store the file names: {joined}"
    );

    set_mode(0o644);
    let (code, lines) = check(&database, &env);
    assert_eq!(code, 1, "{lines:#?}");
    let failed = fails(&lines);
    assert_eq!(failed.len(), 2, "{lines:#?}");
    for (line, variable) in failed
        .iter()
        .zip(["DISCORD_TOKEN_FILE", "DATABASE_URL_FILE"])
    {
        assert!(
            line.starts_with("FAIL secrets")
                && line.contains(variable)
                && line.contains("mode 644"),
            "{line}"
        );
    }
    assert!(
        !lines.join("\n").contains("signature-in-a-file"),
        "{lines:#?}"
    );

    // Both forms of one secret: one line, and the default store is not looked at instead.
    set_mode(0o600);
    let both = [
        env[0],
        env[1],
        env[2],
        ("DATABASE_URL", "sqlite://elsewhere.db"),
    ];
    let (code, lines) = check(&database, &both);
    assert_eq!(code, 1, "{lines:#?}");
    let database_lines: Vec<_> = lines.iter().filter(|l| l.contains(" database ")).collect();
    assert_eq!(database_lines.len(), 1, "{lines:#?}");
    assert!(
        database_lines[0].starts_with("FAIL database")
            && database_lines[0].contains("DATABASE_URL or DATABASE_URL_FILE, not both"),
        "{lines:#?}"
    );
}
