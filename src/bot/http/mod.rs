//! Interactions over HTTP: with `INTERACTIONS_ADDR` and `DISCORD_PUBLIC_KEY` set, Discord POSTs
//! every interaction, signed with Ed25519, to `POST /interactions` on that address, and the bot
//! opens no gateway connection. Any number of identical processes on one PostgreSQL can stand
//! behind a load balancer: none holds a session, so a deploy drains one while the others
//! answer.
//!
//! - `ops/endpoint_settings.rs`: the settings, read together.
//! - `door.rs`: the bounds at the door: the open connections and the interactions in flight
//!   capped, a request's head read into small buffers; what is turned away is counted and
//!   logged within bounds (`ops/refusal_log.rs`).
//! - `request.rs`: one request: the body bounded, the signature checked, the interaction read
//!   (only what the bot uses: `answer/interaction.rs`), PING answered, a press or a command
//!   handed to `answer/press.rs` or `answer/slash.rs` (the same entries as the gateway's), the
//!   POST answered once its first response was made (in the 200's body when it carries no
//!   file, else 202 after the callback); `/healthz` for the load balancer.
//! - `ops/drain.rs`: on SIGTERM, `/healthz` says draining and every answer closes its connection;
//!   new connections are still taken for the grace (`INTERACTIONS_DRAIN_GRACE`, 10 s by
//!   default), until the load balancer's next health check has seen the draining; then no new
//!   connection (a request already written to an open one is still answered), and the
//!   interactions already taken are answered (follow-ups included) before the process ends, up
//!   to [`DRAIN_LIMIT`]; then the connections still open get up to [`LINGER`] to be used (and
//!   closed) before the rest are closed.
//!
//! The commands are registered once per start with Discord's bulk overwrite, as the gateway
//! does at READY, so replicas starting together agree.

mod door;
mod request;

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result};
use hyper_util::rt::TokioIo;
use poise::serenity_prelude as serenity;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tracing::{info, warn};

use crate::bot::ops::drain::Drain;
use crate::bot::ops::endpoint_settings::EndpointSettings;
use crate::bot::ops::metrics::Refusal;
use crate::bot::ops::refusal_log::refuse;
use crate::bot::ops::signatures::Signatures;

use crate::bot::answer::registration;
use crate::bot::game::bot::Bot;
use crate::bot::ops::config::Config;
use crate::bot::ops::health::{self, Health};

pub use crate::bot::ops::drain::{DRAIN_LIMIT, LINGER};

/// What every request of the endpoint uses.
pub struct Endpoint {
    bot: Arc<Bot>,
    http: Arc<serenity::Http>,
    verifier: serenity::interactions_endpoint::Verifier,
    drain: Arc<Drain>,
    /// What the signature check let in and refused, for `/healthz`.
    signatures: Arc<Signatures>,
    door: door::Door,
    health: Health,
    /// The subcommands counted by name in the metrics.
    subcommands: &'static [&'static str],
}

/// Registers the commands, then serves `POST /interactions` on the settings' address until
/// `shutdown`, then drains.
pub async fn serve(
    settings: &EndpointSettings,
    bot: Arc<Bot>,
    http: Arc<serenity::Http>,
    dev_guild: Option<u64>,
    (drain, signatures, health): (Arc<Drain>, Arc<Signatures>, Health),
    shutdown: impl Future<Output = ()>,
) -> Result<()> {
    let verifier = settings
        .verifier()
        .context("DISCORD_PUBLIC_KEY is not a valid Ed25519 public key")?;
    let listener = TcpListener::bind(settings.address)
        .await
        .with_context(|| format!("listening on INTERACTIONS_ADDR {}", settings.address))?;
    register(&http, dev_guild).await?;
    let bound = listener.local_addr().unwrap_or(settings.address);
    info!(address = %bound, "interactions at POST /interactions, health at /healthz; no gateway connection");
    let endpoint = Arc::new(Endpoint {
        bot,
        http,
        verifier,
        drain: Arc::clone(&drain),
        signatures,
        door: door::Door::new(settings),
        health,
        subcommands: registration::subcommand_names(),
    });
    let (stop, stopping) = watch::channel(false);
    accept_until(&listener, &endpoint, &stopping, shutdown).await;
    drain.start();
    let grace = settings.drain_grace;
    if !grace.is_zero() {
        info!(
            grace_s = grace.as_secs(),
            "stopping: /healthz says draining; still taking connections for the grace \
             (INTERACTIONS_DRAIN_GRACE), until the load balancer has seen it"
        );
        accept_until(&listener, &endpoint, &stopping, tokio::time::sleep(grace)).await;
    }
    drop(listener);
    info!(
        in_flight = drain.in_flight(),
        "stopping: no new connection; answering the interactions already taken"
    );
    // Open connections are still served meanwhile, each answer closing its connection: a
    // request a load balancer already wrote to one is answered, not cut off unread.
    let mut left = drain.idle(DRAIN_LIMIT).await;
    if left == 0 {
        let open = drain.disconnected(LINGER).await;
        left = drain.idle(DRAIN_LIMIT).await;
        info!(open, "closing the connections still open");
    }
    let _ = stop.send(true);
    match left {
        0 => info!("every interaction taken was answered"),
        left => warn!(
            left,
            "stopping with interactions still being answered after {DRAIN_LIMIT:?}"
        ),
    }
    Ok(())
}

/// Takes connections (each on a task of its own, under the cap) until `until` ends.
async fn accept_until(
    listener: &TcpListener,
    endpoint: &Arc<Endpoint>,
    stopping: &watch::Receiver<bool>,
    until: impl Future<Output = ()>,
) {
    let mut until = std::pin::pin!(until);
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => match endpoint.door.admit_connection() {
                    Some(admitted) => {
                        let endpoint = Arc::clone(endpoint);
                        tokio::spawn(connection(stream, admitted, endpoint, stopping.clone()));
                    }
                    None => {
                        // Closed at once, unread.
                        drop(stream);
                        let cap = endpoint.door.max_connections();
                        refuse(
                            Refusal::Connections,
                            format_args!(
                                "a connection past the {cap} open ones \
                                 (INTERACTIONS_MAX_CONNECTIONS), closed unread"
                            ),
                        );
                    }
                },
                Err(error) => {
                    // Out of file descriptors or similar: give the system a moment.
                    warn!(%error, "the interactions endpoint could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
            () = &mut until => return,
        }
    }
}

/// Serves one connection (admitted under the cap) until it closes; once the process stops,
/// lets the request under way finish and closes it. A head past its bound or bytes that are
/// not HTTP are counted as refusals (hyper answered 431 or 400).
async fn connection(
    stream: tokio::net::TcpStream,
    _admitted: door::Admitted,
    endpoint: Arc<Endpoint>,
    mut stopping: watch::Receiver<bool>,
) {
    let _open = endpoint.drain.connect();
    let service = hyper::service::service_fn(move |request| {
        let endpoint = Arc::clone(&endpoint);
        async move { Ok::<_, Infallible>(request::handle(endpoint, request).await) }
    });
    let connection = door::http1().serve_connection(TokioIo::new(stream), service);
    let mut connection = std::pin::pin!(connection);
    let ended = tokio::select! {
        ended = connection.as_mut() => Some(ended),
        _ = stopping.wait_for(|stop| *stop) => None,
    };
    let ended = match ended {
        Some(ended) => ended,
        None => {
            connection.as_mut().graceful_shutdown();
            connection.await
        }
    };
    if let Err(error) = ended
        && let Some(refusal) = door::refusal_of(&error)
    {
        refuse(
            refusal,
            format_args!("a request hyper could not take: {error}"),
        );
    }
}

/// The commands, registered with the bulk overwrite (in the development server when
/// `DEV_GUILD_ID` is set), as the gateway registers them at READY.
async fn register(http: &serenity::Http, dev_guild: Option<u64>) -> Result<()> {
    let application = http
        .get_current_application_info()
        .await
        .context("asking Discord for the application (is DISCORD_TOKEN right?)")?;
    http.set_application_id(application.id);
    let commands = poise::builtins::create_application_commands(&registration::all());
    match dev_guild {
        Some(guild) => {
            let guild = serenity::GuildId::new(guild);
            http.create_guild_commands(guild, &commands)
                .await
                .context("registering the commands in the development server")?;
            info!(%guild, "commands registered in the development server");
        }
        None => {
            http.create_global_commands(&commands)
                .await
                .context("registering the commands")?;
            info!("commands registered globally (Discord may take a while to show them)");
        }
    }
    info!(
        "invite link: {}",
        crate::bot::ops::check::invite_link(application.id.get())
    );
    crate::bot::ops::check::warn_about_application(http).await;
    Ok(())
}

/// Takes interactions over HTTP (`http/`) until SIGTERM, then drains and closes the store.
pub async fn run(
    config: &Config,
    settings: &crate::bot::ops::endpoint_settings::EndpointSettings,
    bot: Arc<Bot>,
    http: serenity::Http,
    shutdown: impl std::future::Future<Output = ()>,
) -> Result<()> {
    if config.database_url.starts_with("sqlite") {
        info!(
            "interactions over HTTP on SQLite: run this one process only; replicas behind a load balancer need PostgreSQL (DATABASE_URL=postgres://…)"
        );
    }
    if config.sharding != crate::bot::ops::shards::Sharding::Auto {
        warn!("SHARD_COUNT and SHARDS are the gateway's; over HTTP there are no shards to run");
    }
    let drain = Arc::new(crate::bot::ops::drain::Drain::default());
    let signatures = Arc::new(Signatures::default());
    let health = Health {
        store: bot.store().clone(),
        intake: health::Intake::Endpoint {
            drain: Arc::clone(&drain),
            signatures: Arc::clone(&signatures),
        },
    };
    if let Some(address) = config.metrics_addr {
        health::serve(address, health.clone()).await?;
    }
    let store = bot.store().clone();
    let http = Arc::new(http);
    let dev_guild = config.dev_guild_id;
    let watched = (drain, signatures, health);
    serve(settings, bot, http, dev_guild, watched, shutdown).await?;
    store.close().await;
    info!("stopped");
    Ok(())
}
