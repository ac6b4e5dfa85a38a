//! The configuration read from the environment: defaults, secrets from files, and errors that
//! say what to set.

use super::*;

fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
    Config::from_lookup(|name| {
        vars.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.to_string())
    })
}

#[test]
fn a_token_is_required_and_never_printed() {
    assert_eq!(config(&[]).unwrap_err(), ConfigError::MissingToken);
    assert_eq!(
        config(&[("DISCORD_TOKEN", "  ")]).unwrap_err(),
        ConfigError::MissingToken
    );
    assert!(
        ConfigError::MissingToken
            .to_string()
            .contains(".env.example")
    );
    let c = config(&[("DISCORD_TOKEN", "secret-token")]).unwrap();
    assert!(!format!("{c:?}").contains("secret-token"));
    assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
    assert_eq!((c.dev_guild_id, c.api_base), (None, None));
    assert_eq!(c.metrics_addr, None, "metrics are off by default");
    assert_eq!(c.endpoint, None, "the gateway by default");
    assert_eq!(
        c.sharding,
        Sharding::Auto,
        "every shard in one process by default"
    );
}

#[test]
fn the_token_may_come_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("token");
    std::fs::write(&path, "file-token\n").unwrap();
    let path = path.to_str().unwrap();
    let c = config(&[("DISCORD_TOKEN_FILE", path)]).unwrap();
    assert_eq!(c.token, "file-token", "trimmed");
    assert_eq!(
        config(&[("DISCORD_TOKEN_FILE", path), ("DISCORD_TOKEN", "t")]).unwrap_err(),
        ConfigError::TwoTokens
    );
    let missing = dir.path().join("absent");
    let error = config(&[("DISCORD_TOKEN_FILE", missing.to_str().unwrap())]).unwrap_err();
    assert!(matches!(&error, ConfigError::TokenFile { path, .. } if path.ends_with("absent")));
    std::fs::write(dir.path().join("empty"), " \n").unwrap();
    let empty = dir.path().join("empty");
    assert!(matches!(
        config(&[("DISCORD_TOKEN_FILE", empty.to_str().unwrap())]).unwrap_err(),
        ConfigError::TokenFile { reason, .. } if reason.contains("empty")
    ));
}

#[test]
fn the_database_url_may_come_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("database_url");
    std::fs::write(&path, "postgres://bot:hunter2@db:5432/tripeaks\n").unwrap();
    let path = path.to_str().unwrap();
    let c = config(&[("DISCORD_TOKEN", "t"), ("DATABASE_URL_FILE", path)]).unwrap();
    assert_eq!(c.database_url, "postgres://bot:hunter2@db:5432/tripeaks");
    assert!(!format!("{c:?}").contains("hunter2"));
    // Shard settings judge the URL from the file.
    let sharded = config(&[
        ("DISCORD_TOKEN", "t"),
        ("DATABASE_URL_FILE", path),
        ("SHARD_COUNT", "2"),
        ("SHARDS", "0-0"),
    ]);
    assert!(sharded.is_ok(), "{sharded:?}");
    let both = config(&[
        ("DISCORD_TOKEN", "t"),
        ("DATABASE_URL_FILE", path),
        ("DATABASE_URL", "sqlite://x.db"),
    ]);
    assert_eq!(both.unwrap_err(), ConfigError::TwoDatabaseUrls);
    assert_eq!(
        ConfigError::TwoDatabaseUrls.to_string(),
        "set DATABASE_URL or DATABASE_URL_FILE, not both"
    );
    let missing = dir.path().join("absent");
    let error = config(&[
        ("DISCORD_TOKEN", "t"),
        ("DATABASE_URL_FILE", missing.to_str().unwrap()),
    ])
    .unwrap_err();
    assert!(
        matches!(&error, ConfigError::DatabaseUrlFile { path, .. } if path.ends_with("absent")),
        "{error:?}"
    );
    assert!(!error.to_string().contains('\n'), "one line");
    let (url, _) = database_url(|name| (name == "DATABASE_URL_FILE").then(|| path.into())).unwrap();
    assert_eq!(
        url, "postgres://bot:hunter2@db:5432/tripeaks",
        "backup reads it too"
    );
}

#[cfg(unix)]
#[test]
fn secret_files_others_can_read_are_warned_about_without_the_secret() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let (token, url) = (dir.path().join("token"), dir.path().join("url"));
    std::fs::write(&token, "secret-token").unwrap();
    std::fs::write(&url, "postgres://bot:hunter2@db/tripeaks").unwrap();
    let set_mode = |mode| {
        for file in [&token, &url] {
            std::fs::set_permissions(file, std::fs::Permissions::from_mode(mode)).unwrap();
        }
    };
    let read = || {
        config(&[
            ("DISCORD_TOKEN_FILE", token.to_str().unwrap()),
            ("DATABASE_URL_FILE", url.to_str().unwrap()),
        ])
        .unwrap()
    };
    set_mode(0o600);
    assert_eq!(read().warnings, []);
    set_mode(0o644);
    let warned = read().warnings;
    let variables: Vec<_> = warned.iter().map(|w| w.variable).collect();
    assert_eq!(variables, ["DISCORD_TOKEN_FILE", "DATABASE_URL_FILE"]);
    for warning in &warned {
        assert!(warning.text.contains("mode 644"), "{warning:?}");
        assert!(
            !warning.text.contains("secret-token") && !warning.text.contains("hunter2"),
            "{warning:?}"
        );
    }
    set_mode(0o640);
    assert_eq!(
        read().warnings.len(),
        2,
        "readable by the group is warned about too"
    );
}

#[test]
fn shard_settings_need_postgres() {
    let sharded = |url: &str| {
        config(&[
            ("DISCORD_TOKEN", "t"),
            ("DATABASE_URL", url),
            ("SHARD_COUNT", "4"),
            ("SHARDS", "2-3"),
        ])
    };
    assert_eq!(
        sharded("postgres://u@h/db").unwrap().sharding,
        Sharding::Range {
            first: 2,
            last: 3,
            count: 4
        }
    );
    assert_eq!(
        sharded("sqlite://x.db").unwrap_err(),
        ConfigError::Sharding(ShardingError::NeedsPostgres)
    );
}

#[test]
fn optional_settings_are_checked() {
    let c = config(&[
        ("DISCORD_TOKEN", "t"),
        ("DEV_GUILD_ID", "123"),
        ("DISCORD_API_BASE", "http://127.0.0.1:8765/"),
        ("DATABASE_URL", "postgres://x@127.0.0.1/test"),
    ])
    .unwrap();
    assert_eq!(c.dev_guild_id, Some(123));
    assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:8765"));
    assert_eq!(c.database_url, "postgres://x@127.0.0.1/test");
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "t"), ("DEV_GUILD_ID", "abc")]),
        Err(ConfigError::BadGuildId(_))
    ));
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "t"), ("DISCORD_API_BASE", "ftp://x")]),
        Err(ConfigError::BadApiBase(_))
    ));
    let c = config(&[("DISCORD_TOKEN", "t"), ("METRICS_ADDR", " 127.0.0.1:9100 ")]).unwrap();
    assert_eq!(c.metrics_addr, Some(([127, 0, 0, 1], 9100).into()));
    assert_eq!(
        config(&[("DISCORD_TOKEN", "t"), ("METRICS_ADDR", "9100")]).unwrap_err(),
        ConfigError::BadMetricsAddr("9100".into())
    );
    // Server id 0 does not exist (and used to panic at start-up).
    assert_eq!(
        config(&[("DISCORD_TOKEN", "t"), ("DEV_GUILD_ID", "0")]).unwrap_err(),
        ConfigError::BadGuildId("0".into())
    );
}

#[test]
fn every_form_of_database_credential_is_kept_out_of_logs() {
    assert_eq!(
        redact_url("postgres://u:secret@h/db"),
        "postgres://u:***@h/db"
    );
    assert_eq!(redact_url("postgres://u@h/db"), "postgres://u@h/db");
    assert_eq!(
        redact_url("sqlite://tripeaks.db?mode=rwc"),
        "sqlite://tripeaks.db?mode=rwc"
    );
    assert_eq!(
        redact_url("postgres://h/db?user=u&password=secret&sslmode=require&sslpassword=x"),
        "postgres://h/db?user=u&password=***&sslmode=require&sslpassword=***"
    );
    // Was: split at the first `?`, so a password holding one was logged whole.
    for (url, secret) in [
        ("postgres://bot:pa?ss@h/db", "pa?ss"),
        (
            "postgres://bot:a/b?c@d@h:5432/db?sslmode=require",
            "a/b?c@d",
        ),
        ("postgres://h/db?password=hunter4&user=a@b", "hunter4"),
    ] {
        let shown = redact_url(url);
        assert!(!shown.contains(secret), "{url} -> {shown}");
        assert!(shown.contains("***"), "{url} -> {shown}");
    }
    assert_eq!(
        redact_url("postgres://bot:pa?ss@h/db?sslmode=require"),
        "postgres://bot:***@h/db?sslmode=require"
    );
    let c = config(&[
        ("DISCORD_TOKEN", "t"),
        ("DATABASE_URL", "postgres://u:hunter2@h/db?password=hunter3"),
    ])
    .unwrap();
    let shown = format!("{c:?}");
    assert!(
        !shown.contains("hunter2") && !shown.contains("hunter3"),
        "{shown}"
    );
}
