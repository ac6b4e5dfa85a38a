//! Starting the bot: listen for SIGTERM, open the store (waiting for a database that is still
//! starting), then serve over one transport until told to stop: the gateway by default, or
//! Discord's signed POSTs when `INTERACTIONS_ADDR` is set (`http/`). Each transport closes
//! the store when it is done.

use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context as _, Result};
use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use crate::bot::answer::channel_rest::RestDiscord;
use crate::bot::game::bot::Bot;
use crate::bot::game::event_clock;
use crate::bot::game::limits::HANDLED_AT_ONCE;
use crate::bot::ops::config::{Config, redact_url};
use crate::bot::{gateway, http};
use crate::store::Store;

/// Connects, registers the commands and serves until SIGTERM or Ctrl-C.
pub async fn run(config: Config) -> Result<()> {
    for warning in &config.warnings {
        warn!("{}", warning.text);
    }
    crate::i18n::init();
    crate::render::warm_up();
    // Listening from the start: in a container the bot is PID 1, which the kernel gives no
    // default action for SIGTERM, so without a handler `compose stop` would wait out its grace
    // period and kill a bot still waiting for its database.
    let mut shutdown = Box::pin(shutdown_signal());
    let store = connect_store(&config.database_url, shutdown.as_mut())
        .await
        .with_context(|| {
            format!(
                "opening the game store at {}",
                redact_url(&config.database_url)
            )
        })?;
    let Some(store) = store else {
        info!("stopped while waiting for the game store");
        return Ok(());
    };
    info!(database = %redact_url(&config.database_url), "game store ready");
    if let Some(base) = &config.api_base {
        info!(%base, "REST calls go to DISCORD_API_BASE, rate limiter off");
    }
    let discord = Arc::new(RestDiscord::new(rest_client(&config)));
    // Over HTTP the door lets in as many as the bot handles; over the gateway the same default.
    let at_once = config
        .endpoint
        .as_ref()
        .map_or(HANDLED_AT_ONCE, |settings| settings.max_in_flight);
    let bot = Arc::new(
        Bot::new(store)
            .with_discord(discord)
            .handling_at_once(at_once),
    );
    // Server events end with nobody asking, on either transport.
    let clock = tokio::spawn(event_clock::run(Arc::clone(&bot)));
    let http = rest_client(&config);
    let served = match &config.endpoint {
        Some(settings) => http::run(&config, settings, bot, http, shutdown).await,
        None => gateway::serve(&config, bot, http, shutdown).await,
    };
    clock.abort();
    served
}

/// A client of Discord's REST API with the bot's token (to `DISCORD_API_BASE` when set, with
/// no rate limiter: a test's fake Discord).
fn rest_client(config: &Config) -> serenity::Http {
    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    http.build()
}

/// How long the bot waits at start for a database that does not answer yet (a PostgreSQL
/// container starting beside it: compose files cannot all make the bot wait for its health).
const STORE_WAIT: std::time::Duration = std::time::Duration::from_secs(90);

/// Opens the store, trying again every 2 s while the database is unavailable (refused, starting
/// up), for up to [`STORE_WAIT`]; any other error at once. `None` when `shutdown` came first
/// (between two tries: a migration under way is never cut short).
async fn connect_store(
    url: &str,
    mut shutdown: std::pin::Pin<&mut impl std::future::Future<Output = ()>>,
) -> Result<Option<Store>, crate::store::StoreError> {
    let started = Instant::now();
    loop {
        match Store::connect(url).await {
            Err(error) if error.is_unavailable() && started.elapsed() < STORE_WAIT => {
                warn!(
                    database = %redact_url(url),
                    "the game store is not answering yet ({}); trying again",
                    crate::bot::ops::check::one_line(&error.to_string())
                );
                tokio::select! {
                    () = tokio::time::sleep(std::time::Duration::from_secs(2)) => {}
                    () = shutdown.as_mut() => return Ok(None),
                }
            }
            connected => return connected.map(Some),
        }
    }
}

/// Waits for Ctrl-C or SIGTERM. SIGTERM is listened for from this call on, not from the first
/// poll: a SIGTERM in between would be lost on PID 1.
fn shutdown_signal() -> impl std::future::Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate());
    async move {
        let ctrl_c = tokio::signal::ctrl_c();
        #[cfg(unix)]
        {
            let mut term = match term {
                Ok(term) => term,
                Err(error) => {
                    warn!(%error, "cannot listen for SIGTERM; Ctrl-C still works");
                    let _ = ctrl_c.await;
                    return;
                }
            };
            tokio::select! {
                _ = ctrl_c => {}
                _ = term.recv() => {}
            }
        }
        #[cfg(not(unix))]
        let _ = ctrl_c.await;
    }
}
