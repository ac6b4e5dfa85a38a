//! The bot's configuration, from the environment and `.env` (see `.env.example`).
//!
//! The token and the database URL are secrets: they may come from files (`DISCORD_TOKEN_FILE`,
//! `DATABASE_URL_FILE`: `secret_file.rs`), are kept out of `Debug` output and never logged (the
//! URL only with its password masked).

use std::fmt;

use thiserror::Error;

use crate::bot::ops::endpoint_settings::{EndpointSettings, EndpointSettingsError};
use crate::bot::ops::secret_file;
use crate::bot::ops::shards::{Sharding, ShardingError};

/// Where games are kept when `DATABASE_URL` is not set.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://tripeaks.db?mode=rwc";

#[derive(Clone)]
pub struct Config {
    pub token: String,
    pub database_url: String,
    /// Register the commands in this server only (instant; for development).
    pub dev_guild_id: Option<u64>,
    /// Send REST calls here (`{base}/api/v10/…`) with the rate limiter off, and take the gateway
    /// URL from `GET {base}/api/v10/gateway`. For tests and API proxies.
    pub api_base: Option<String>,
    /// Serve `/metrics` and `/healthz` on this address (off when unset).
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// The gateway shards of this process (`SHARD_COUNT` and `SHARDS`; all of them by default).
    pub sharding: Sharding,
    /// Take interactions over HTTP instead of the gateway (`INTERACTIONS_ADDR` and
    /// `DISCORD_PUBLIC_KEY`; off by default).
    pub endpoint: Option<EndpointSettings>,
    /// Settings that work but should be changed (a secret file others may read): logged at
    /// start, failed by `tripeaks check`. Never a secret in them.
    pub warnings: Vec<ConfigWarning>,
}

/// A setting that works but should be changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigWarning {
    /// The variable it is about, e.g. `DISCORD_TOKEN_FILE`.
    pub variable: &'static str,
    /// What is wrong and what to do, in one line.
    pub text: String,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &"<hidden>")
            .field("database_url", &redact_url(&self.database_url))
            .field("dev_guild_id", &self.dev_guild_id)
            .field("api_base", &self.api_base)
            .field("sharding", &self.sharding)
            .field("metrics_addr", &self.metrics_addr)
            .field("endpoint", &self.endpoint)
            .field("warnings", &self.warnings)
            .finish()
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error(
        "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token in it (or name a file holding it in DISCORD_TOKEN_FILE)"
    )]
    MissingToken,
    #[error("DISCORD_TOKEN_FILE {path} cannot be read: {reason}")]
    TokenFile { path: String, reason: String },
    #[error("set DISCORD_TOKEN or DISCORD_TOKEN_FILE, not both")]
    TwoTokens,
    #[error("DATABASE_URL_FILE {path} cannot be read: {reason}")]
    DatabaseUrlFile { path: String, reason: String },
    #[error("set DATABASE_URL or DATABASE_URL_FILE, not both")]
    TwoDatabaseUrls,
    #[error("DEV_GUILD_ID must be a server id (a number above 0), not `{0}`")]
    BadGuildId(String),
    #[error("DISCORD_API_BASE must start with http:// or https://, not `{0}`")]
    BadApiBase(String),
    #[error(transparent)]
    Sharding(#[from] ShardingError),
    #[error("METRICS_ADDR must be an address and port such as 127.0.0.1:9100, not `{0}`")]
    BadMetricsAddr(String),
    #[error(transparent)]
    Endpoint(#[from] EndpointSettingsError),
}

/// A database URL fit for logs: the password of `user:password@host` and the value of every
/// query parameter that names a password or key (`password`, `sslpassword`, `sslkey`, …)
/// become `***`.
///
/// The credentials end at the URL's last `@`, not at its first `?` or `/`: a password written
/// unencoded may hold either (`postgres://bot:pa?ss@db/tripeaks`). A URL whose query has an `@`
/// loses more than its password to the mask, never less.
pub fn redact_url(url: &str) -> String {
    let credentials = match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => url[scheme + 3..at]
            .split_once(':')
            .map(|(user, _)| (scheme, user, at)),
        _ => None,
    };
    let (mut redacted, rest) = match credentials {
        Some((scheme, user, at)) => (format!("{}{user}:***@", &url[..scheme + 3]), &url[at + 1..]),
        None => (String::new(), url),
    };
    let (base, query) = match rest.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (rest, None),
    };
    redacted.push_str(base);
    if let Some(query) = query {
        let pairs: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if is_secret(key) => format!("{key}=***"),
                _ => pair.to_string(),
            })
            .collect();
        redacted = format!("{redacted}?{}", pairs.join("&"));
    }
    redacted
}

fn is_secret(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    ["pass", "pwd", "secret", "key", "token"]
        .iter()
        .any(|word| key.contains(word))
}

/// Why a secret could not be had.
enum SecretProblem {
    /// Both the value and the file are set.
    Both,
    /// The file named cannot be read, or holds nothing.
    File { path: String, reason: String },
}

/// A secret given as a value (`value_variable`) or in a file (`file_variable`), not both;
/// `None` when neither is set. Notes a warning when others may read the file.
fn secret(
    non_empty: &impl Fn(&str) -> Option<String>,
    (value_variable, file_variable): (&'static str, &'static str),
    warnings: &mut Vec<ConfigWarning>,
) -> Result<Option<String>, SecretProblem> {
    match (non_empty(value_variable), non_empty(file_variable)) {
        (Some(_), Some(_)) => Err(SecretProblem::Both),
        (Some(value), None) => Ok(Some(value)),
        (None, Some(path)) => {
            let read = secret_file::read(&path).map_err(|why| SecretProblem::File {
                path: path.clone(),
                reason: why.0,
            })?;
            if let Some(mode) = read.open_to_others {
                warnings.push(ConfigWarning {
                    variable: file_variable,
                    text: secret_file::warning(file_variable, &path, mode),
                });
            }
            Ok(Some(read.secret))
        }
        (None, None) => Ok(None),
    }
}

/// The database URL of `DATABASE_URL` or `DATABASE_URL_FILE` (not both), else the default;
/// with a warning when others may read the file. `tripeaks backup` reads it the same way.
pub fn database_url(
    lookup: impl Fn(&str) -> Option<String>,
) -> Result<(String, Vec<ConfigWarning>), ConfigError> {
    let mut warnings = Vec::new();
    let non_empty = |name: &str| {
        lookup(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let url = secret(
        &non_empty,
        ("DATABASE_URL", "DATABASE_URL_FILE"),
        &mut warnings,
    )
    .map_err(|problem| match problem {
        SecretProblem::File { path, reason } => ConfigError::DatabaseUrlFile { path, reason },
        SecretProblem::Both => ConfigError::TwoDatabaseUrls,
    })?;
    Ok((
        url.unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string()),
        warnings,
    ))
}

impl Config {
    /// Reads `.env` (if present) into the environment, then the configuration from it.
    pub fn from_env() -> Result<Config, ConfigError> {
        // A missing .env is fine: the environment may carry everything.
        let _ = dotenvy::dotenv();
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// The configuration from any source of variables (for tests).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let non_empty = |name: &str| {
            lookup(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let mut warnings = Vec::new();
        let token = secret(
            &non_empty,
            ("DISCORD_TOKEN", "DISCORD_TOKEN_FILE"),
            &mut warnings,
        )
        .map_err(|problem| match problem {
            SecretProblem::File { path, reason } => ConfigError::TokenFile { path, reason },
            SecretProblem::Both => ConfigError::TwoTokens,
        })?
        .ok_or(ConfigError::MissingToken)?;
        let dev_guild_id = match non_empty("DEV_GUILD_ID") {
            Some(id) => Some(
                id.parse::<u64>()
                    .ok()
                    .filter(|&id| id != 0)
                    .ok_or(ConfigError::BadGuildId(id))?,
            ),
            None => None,
        };
        let api_base = match non_empty("DISCORD_API_BASE") {
            Some(base) if base.starts_with("http://") || base.starts_with("https://") => {
                Some(base.trim_end_matches('/').to_string())
            }
            Some(base) => return Err(ConfigError::BadApiBase(base)),
            None => None,
        };
        let metrics_addr = match non_empty("METRICS_ADDR") {
            Some(address) => Some(
                address
                    .parse()
                    .map_err(|_| ConfigError::BadMetricsAddr(address))?,
            ),
            None => None,
        };
        let (database_url, database_warnings) = database_url(&lookup)?;
        warnings.extend(database_warnings);
        let sharding = Sharding::from_settings(
            non_empty("SHARD_COUNT").as_deref(),
            non_empty("SHARDS").as_deref(),
            &database_url,
        )?;
        let endpoint = EndpointSettings::from_variables(non_empty)?;
        Ok(Config {
            token,
            metrics_addr,
            database_url,
            dev_guild_id,
            api_base,
            sharding,
            endpoint,
            warnings,
        })
    }
}

#[cfg(test)]
mod tests {
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
        let (url, _) =
            database_url(|name| (name == "DATABASE_URL_FILE").then(|| path.into())).unwrap();
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
}
