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
mod tests;
