//! `tripeaks check`: reads the bot's configuration as the bot does and looks at everything a
//! set-up needs before users find out: the token (present, well formed, accepted by Discord, and
//! which application it belongs to), secret files others may read, the database (it opens; the
//! migrations it lacks, none applied), the metrics address (it can be bound), the endpoint's
//! drain grace against the compose files' stop grace, the shard settings against the backend
//! and Discord's recommendation. One [`Finding`] per line, then the invite link (`findings.rs`).
//!
//! Also the start-up warnings the bot logs from the same facts ([`warn_about_application`]).

mod findings;

use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::warn;

pub use findings::{
    Finding, INVITE_PERMISSIONS, Report, SCOPES, application_problems, invite_link, one_line,
    token_shape,
};

use crate::bot::ops::config::{Config, ConfigError, redact_url};
use crate::bot::ops::shards::Sharding;
use crate::store::{self, Backend, Schema};

/// How long each call to Discord may take.
const DISCORD_TIMEOUT: Duration = Duration::from_secs(10);

/// The variables each configuration error is about, dropped to check the rest.
fn variables_of(error: &ConfigError) -> &'static [&'static str] {
    match error {
        ConfigError::MissingToken | ConfigError::TokenFile { .. } | ConfigError::TwoTokens => {
            &["DISCORD_TOKEN", "DISCORD_TOKEN_FILE"]
        }
        ConfigError::DatabaseUrlFile { .. } | ConfigError::TwoDatabaseUrls => {
            &["DATABASE_URL", "DATABASE_URL_FILE"]
        }
        ConfigError::BadGuildId(_) => &["DEV_GUILD_ID"],
        ConfigError::BadApiBase(_) => &["DISCORD_API_BASE"],
        ConfigError::Sharding(_) => &["SHARD_COUNT", "SHARDS"],
        ConfigError::BadMetricsAddr(_) => &["METRICS_ADDR"],
        ConfigError::Endpoint(error) => error.variables(),
    }
}

fn subject_of(error: &ConfigError) -> &'static str {
    match error {
        ConfigError::MissingToken | ConfigError::TokenFile { .. } | ConfigError::TwoTokens => {
            "token"
        }
        ConfigError::DatabaseUrlFile { .. } | ConfigError::TwoDatabaseUrls => "database",
        ConfigError::Sharding(_) => "shards",
        ConfigError::BadMetricsAddr(_) => "metrics",
        ConfigError::Endpoint(_) => "endpoint",
        ConfigError::BadGuildId(_) | ConfigError::BadApiBase(_) => "config",
    }
}

/// The configuration with every bad setting reported and left out (a bad token replaced by
/// none), so that the rest can still be checked. `None` for the token when it is unusable.
pub fn read_config(
    lookup: impl Fn(&str) -> Option<String>,
) -> (Config, Option<String>, Vec<Finding>) {
    let mut dropped: Vec<&'static str> = Vec::new();
    let mut findings = Vec::new();
    let mut token_usable = true;
    loop {
        let without = |name: &str| {
            if !token_usable && name == "DISCORD_TOKEN" {
                return Some("-".to_owned());
            }
            (!dropped.contains(&name)).then(|| lookup(name)).flatten()
        };
        match Config::from_lookup(without) {
            Ok(config) => {
                let token = token_usable.then(|| config.token.clone());
                // A secret file others may read works, but is not "all well".
                findings.extend(
                    config
                        .warnings
                        .iter()
                        .map(|warning| Finding::wrong("secrets", warning.text.clone())),
                );
                return (config, token, findings);
            }
            Err(error) => {
                findings.push(Finding::wrong(subject_of(&error), error.to_string()));
                let variables = variables_of(&error);
                if variables.contains(&"DISCORD_TOKEN") {
                    token_usable = false;
                }
                dropped.extend_from_slice(variables);
            }
        }
    }
}

/// The whole check, from the environment (and `.env`) as the bot reads it.
pub async fn run() -> Report {
    let _ = dotenvy::dotenv();
    run_with(|name| std::env::var(name).ok()).await
}

/// The whole check from any source of variables.
pub async fn run_with(lookup: impl Fn(&str) -> Option<String>) -> Report {
    let public_key = lookup("DISCORD_PUBLIC_KEY");
    let (config, token, mut findings) = read_config(lookup);
    let mut report = Report::default();
    let mut recommended_shards = None;
    if let Some(token) = token {
        match token_shape(&token) {
            Ok(id) => findings.push(Finding::ok(
                "token",
                format!("present and well formed (bot id {id})"),
            )),
            Err(problem) => findings.push(Finding::wrong(
                "token",
                format!("DISCORD_TOKEN is not a bot token: {problem}"),
            )),
        }
        let http = http_client(&token, config.api_base.as_deref());
        let discord = discord(&http, public_key.as_deref()).await;
        findings.extend(discord.findings);
        report.invite = discord.application.map(invite_link);
        recommended_shards = discord.recommended_shards;
    }
    // A database setting that could not be read is reported already: the default store the
    // configuration fell back to is not the one meant.
    let database_unread = findings
        .iter()
        .any(|finding| finding.subject == "database" && !finding.ok);
    if !database_unread {
        findings.push(database(&config.database_url).await);
    }
    findings.push(metrics(config.metrics_addr).await);
    let grace = config
        .endpoint
        .as_ref()
        .map(|endpoint| endpoint.drain_grace);
    findings.extend(grace.and_then(findings::drain_grace_finding));
    if let Some(finding) = shards(&config, recommended_shards) {
        findings.push(finding);
    }
    report.findings = findings;
    report
}

/// serenity's REST client as the bot builds it (`DISCORD_API_BASE` honoured).
pub fn http_client(token: &str, api_base: Option<&str>) -> serenity::Http {
    let mut http = serenity::HttpBuilder::new(token);
    if let Some(base) = api_base {
        http = http.proxy(base.to_owned()).ratelimiter_disabled(true);
    }
    http.build()
}

struct Discord {
    findings: Vec<Finding>,
    application: Option<u64>,
    recommended_shards: Option<u32>,
}

/// The token against Discord: the bot user, its application, the recommended shard count.
async fn discord(http: &serenity::Http, public_key: Option<&str>) -> Discord {
    let mut discord = Discord {
        findings: Vec::new(),
        application: None,
        recommended_shards: None,
    };
    let user = match bounded(http.get_current_user()).await {
        Ok(user) => user,
        Err(problem) => {
            discord.findings.push(Finding::wrong("discord", problem));
            return discord;
        }
    };
    match bounded(http.get_current_application_info()).await {
        Ok(application) => {
            discord.findings.push(Finding::ok(
                "discord",
                format!(
                    "token accepted: bot user {} (id {}) of application {} (id {})",
                    user.name, user.id, application.name, application.id
                ),
            ));
            let scopes = install_scopes(&application);
            let problems =
                application_problems(scopes.as_deref(), &application.verify_key, public_key);
            discord.findings.extend(
                problems
                    .into_iter()
                    .map(|problem| Finding::wrong("discord", problem)),
            );
            discord.application = Some(application.id.get());
        }
        Err(problem) => discord.findings.push(Finding::wrong(
            "discord",
            format!(
                "the token's user {} is accepted, its application is not: {problem}",
                user.name
            ),
        )),
    }
    if let Ok(gateway) = bounded(http.get_bot_gateway()).await {
        discord.recommended_shards = Some(gateway.shards);
    }
    discord
}

/// The scopes of an application's default install link (guild installs), if it has one.
fn install_scopes(application: &serenity::CurrentApplicationInfo) -> Option<Vec<String>> {
    let params = application.install_params.as_ref().or_else(|| {
        application
            .integration_types_config
            .get(&serenity::InstallationContext::Guild)
            .and_then(|config| config.oauth2_install_params.as_ref())
    })?;
    let scopes = params
        .scopes
        .iter()
        .filter_map(|scope| serde_json::to_value(scope).ok())
        .filter_map(|value| value.as_str().map(str::to_owned))
        .collect();
    Some(scopes)
}

/// A call to Discord with a time limit; its failure in words, with what to do.
async fn bounded<T>(
    call: impl std::future::Future<Output = serenity::Result<T>>,
) -> Result<T, String> {
    match tokio::time::timeout(DISCORD_TIMEOUT, call).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(discord_problem(&error)),
        Err(_) => Err(format!(
            "Discord did not answer within {} s: check the network (a proxy?) and DISCORD_API_BASE",
            DISCORD_TIMEOUT.as_secs()
        )),
    }
}

fn discord_problem(error: &serenity::Error) -> String {
    use serenity::HttpError;
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 401 =>
        {
            "the token is refused by Discord (401 Unauthorized): it was reset or is another kind of secret; copy the bot token again (Developer Portal > Bot > Reset Token) into DISCORD_TOKEN or DISCORD_TOKEN_FILE".to_owned()
        }
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => format!(
            "Discord answered {} to {} {}: {}",
            response.status_code, response.method, response.url, response.error.message
        ),
        serenity::Error::Http(HttpError::Request(request)) => format!(
            "Discord cannot be reached: {}; check the network (a proxy?) and DISCORD_API_BASE",
            with_causes(request)
        ),
        other => format!("asking Discord failed: {other}"),
    }
}

/// An error and its causes, joined ("error sending request …: connection refused").
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        cause = inner.source();
    }
    text
}

/// The database: it opens (read-only, nothing created), and the migrations it lacks.
async fn database(url: &str) -> Finding {
    let shown = redact_url(url);
    match store::inspect(url).await {
        Ok(schema) => schema_finding(&shown, &schema),
        Err(error) => Finding::wrong(
            "database",
            format!(
                "{shown} cannot be opened: {}; start the database or correct DATABASE_URL",
                one_line(&error.to_string())
            ),
        ),
    }
}

/// What a database's schema means for the bot (pure).
pub fn schema_finding(shown: &str, schema: &Schema) -> Finding {
    if !schema.unknown.is_empty() {
        return Finding::wrong(
            "database",
            format!(
                "{shown} has migrations this version does not know ({:?}): a newer version of the bot wrote it; run that version or restore a backup",
                schema.unknown
            ),
        );
    }
    if !schema.exists {
        return Finding::ok(
            "database",
            format!("{shown} does not exist yet: the bot creates it at start"),
        );
    }
    if schema.missing.is_empty() {
        let version = schema
            .version()
            .map_or("none".to_owned(), |v| v.to_string());
        return Finding::ok(
            "database",
            format!("{shown} opens; schema up to date (migration {version})"),
        );
    }
    let names: Vec<String> = schema
        .missing
        .iter()
        .map(|(version, name)| format!("{version} {name}"))
        .collect();
    Finding::ok(
        "database",
        format!(
            "{shown} opens; it lacks {} migration(s), which the bot applies at start: {}",
            schema.missing.len(),
            names.join(", ")
        ),
    )
}

/// Whether the metrics address can be bound (it cannot while the bot already runs on it).
async fn metrics(address: Option<std::net::SocketAddr>) -> Finding {
    let Some(address) = address else {
        return Finding::ok("metrics", "METRICS_ADDR unset: no /metrics, no /healthz");
    };
    match tokio::net::TcpListener::bind(address).await {
        Ok(_) => Finding::ok("metrics", format!("METRICS_ADDR {address} can be bound")),
        Err(error) => Finding::wrong(
            "metrics",
            format!(
                "METRICS_ADDR {address} cannot be bound: {error}; is the bot already running, or another program on that port?"
            ),
        ),
    }
}

/// The shard settings against the backend and Discord's recommendation.
fn shards(config: &Config, recommended: Option<u32>) -> Option<Finding> {
    let backend = Backend::of_url(&config.database_url).ok()?;
    Some(match (config.sharding, recommended) {
        (Sharding::Range { count, .. }, Some(recommended)) if count < recommended => {
            Finding::wrong(
                "shards",
                format!(
                    "SHARD_COUNT={count} is below the {recommended} Discord recommends: Discord refuses too few shards; raise SHARD_COUNT on every process"
                ),
            )
        }
        (sharding, _) => Finding::ok(
            "shards",
            format!(
                "{sharding} in this process, on {}",
                match backend {
                    Backend::Sqlite => "SQLite (one process)",
                    Backend::Postgres => "PostgreSQL",
                }
            ),
        ),
    })
}

/// Logs a warning for each thing an application's settings lack (the install link's scopes, a
/// public key of another application). Run once at start-up; a failure to ask is only logged.
pub async fn warn_about_application(http: &serenity::Http) {
    let public_key = std::env::var("DISCORD_PUBLIC_KEY").ok();
    match bounded(http.get_current_application_info()).await {
        Ok(application) => {
            let scopes = install_scopes(&application);
            for problem in application_problems(
                scopes.as_deref(),
                &application.verify_key,
                public_key.as_deref(),
            ) {
                warn!("{problem}");
            }
        }
        Err(problem) => warn!("could not read the application's settings: {problem}"),
    }
}
