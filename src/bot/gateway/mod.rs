//! The bot's entry point on Discord: starts serenity and poise, registers the commands, receives
//! button presses and answers them, and turns poise's errors into apologies.
//!
//! Every button press goes through one global handler (no collectors), so buttons keep working
//! across restarts. poise dispatches the commands, through the tree `answer/registration.rs`
//! builds from the declarations in `flows/`; every command, and one this bot does not have,
//! is answered by `answer/slash.rs`, as over HTTP; a press by `answer/press.rs`.

pub mod startup;

use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context as _, Result};
use poise::serenity_prelude as serenity;
use tracing::{error, info, warn};

use crate::bot::answer::first_response::Acknowledged;
use crate::bot::answer::interaction::{Command, Press};
use crate::bot::answer::press;
use crate::bot::answer::registration;
use crate::bot::answer::slash;
use crate::bot::answer::wire::{Context, Error, no_mentions, send};
use crate::bot::game::bot::Bot;
use crate::bot::game::reply::Reply;
use crate::bot::http;
use crate::bot::ops::config::{Config, redact_url};
use crate::bot::ops::health;
use crate::bot::ops::metrics;
use crate::i18n::Locale;
use crate::store::Store;

/// Connects, registers the commands and serves until SIGTERM or Ctrl-C.
pub async fn run(config: Config) -> Result<()> {
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
    let bot = Arc::new(Bot::new(store));

    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        info!(%base, "REST calls go to DISCORD_API_BASE, rate limiter off");
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();
    if let Some(settings) = &config.endpoint {
        return serve_endpoint(&config, settings, bot, http, shutdown).await;
    }

    let dev_guild = config.dev_guild_id;
    let setup_bot = Arc::clone(&bot);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: registration::all(),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            initialize_owners: false,
            allowed_mentions: Some(no_mentions()),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match dev_guild {
                    Some(guild) => {
                        poise::builtins::register_in_guild(
                            ctx,
                            commands,
                            serenity::GuildId::new(guild),
                        )
                        .await?;
                        info!(guild, "commands registered in the development server");
                    }
                    None => {
                        poise::builtins::register_globally(ctx, commands).await?;
                        info!(
                            "commands registered globally (Discord may take a while to show them)"
                        );
                    }
                }
                info!(
                    user = %ready.user.name,
                    "ready; invite link: {}",
                    crate::bot::ops::check::invite_link(ready.application.id.get())
                );
                let http = std::sync::Arc::clone(&ctx.http);
                tokio::spawn(
                    async move { crate::bot::ops::check::warn_about_application(&http).await },
                );
                Ok(setup_bot)
            })
        })
        .build();

    let ready = crate::bot::gateway::startup::ReadyCount::default();
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(Watched {
            framework: metrics::Measured::new(framework, registration::subcommand_names()),
            gateway: metrics::GatewayWatch::new(),
            ready: ready.clone(),
        })
        .await
        .context("building the Discord client")?;
    if let Some(address) = config.metrics_addr {
        let store = bot.store().clone();
        let shards = Arc::clone(&client.shard_manager);
        let intake = health::Intake::Gateway(shards);
        health::serve(address, health::Health { store, intake }).await?;
    }

    let shard_manager = Arc::clone(&client.shard_manager);
    tokio::spawn(async move {
        shutdown.await;
        info!("shutting down");
        shard_manager.shutdown_all().await;
    });
    crate::bot::gateway::startup::start(&mut client, config.sharding, bot.store(), ready).await?;
    bot.store().close().await;
    info!("stopped");
    Ok(())
}

/// Takes interactions over HTTP (`http/`) until SIGTERM, then drains and closes the store.
async fn serve_endpoint(
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
    let health = health::Health {
        store: bot.store().clone(),
        intake: health::Intake::Endpoint(Arc::clone(&drain)),
    };
    if let Some(address) = config.metrics_addr {
        health::serve(address, health.clone()).await?;
    }
    let store = bot.store().clone();
    let http = Arc::new(http);
    let dev_guild = config.dev_guild_id;
    http::serve(settings, bot, http, dev_guild, (drain, health), shutdown).await?;
    store.close().await;
    info!("stopped");
    Ok(())
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

/// What serenity hands every event to: poise's framework, timed and counted (`Measured`), with
/// the gateway's sessions seen on the way (READY, RESUMED). There is no serenity event handler:
/// serenity copies every event (a press with its whole message) and spawns a task for each
/// handler, 2% of a tap's CPU for one handler in a profile (`tools/perf_categories.py`).
struct Watched<F> {
    framework: metrics::Measured<F>,
    gateway: metrics::GatewayWatch,
    ready: crate::bot::gateway::startup::ReadyCount,
}

#[serenity::async_trait]
impl<F: serenity::Framework> serenity::Framework for Watched<F> {
    async fn init(&mut self, client: &serenity::Client) {
        self.framework.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        if let serenity::FullEvent::Ready { .. } = event {
            self.ready.ready(ctx.shard_id);
        }
        self.gateway.saw(ctx.shard_id, &event);
        self.framework.dispatch(ctx, event).await;
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

async fn on_event(
    framework: poise::FrameworkContext<'_, Arc<Bot>, Error>,
    event: &serenity::FullEvent,
) -> Result<()> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(press),
    } = event
    {
        let http = &framework.serenity_context.http;
        let arrival = metrics::Arrival::gateway(framework.serenity_context.shard_id.0);
        let press = Press::from(press);
        let nobody = Acknowledged::nobody();
        press::answer(framework.user_data, http, &press, arrival, nobody).await;
    }
    Ok(())
}

/// Tells the player, in their language, that their command could not be done.
async fn apologise(ctx: Context<'_>) {
    let locale = Locale::negotiate(ctx.locale().unwrap_or_default());
    let apology = Reply::ephemeral(crate::i18n::Message::ErrorGeneric.text(locale));
    if let Err(error) = send(ctx, apology).await {
        error!("the apology could not be sent either: {error:#}");
    }
}

/// Answers a command (or its autocomplete) that this bot does not have as every command is
/// answered, through `slash.rs`: an apology for the player only and a log line, or no choices;
/// never silence.
async fn answer_unknown(
    framework: poise::FrameworkContext<'_, Arc<Bot>, Error>,
    interaction: &serenity::CommandInteraction,
) {
    let (bot, context) = (framework.user_data, framework.serenity_context);
    let command = Command::from(interaction);
    if command.is_autocomplete() {
        let choices = slash::complete(bot, &command).await;
        let response =
            serenity::CreateInteractionResponse::Autocomplete(slash::suggestions(choices));
        if let Err(error) = interaction.create_response(&context.http, response).await {
            error!("answering an unknown autocomplete failed: {error:#}");
        }
        return;
    }
    let arrival = metrics::Arrival::gateway(context.shard_id.0);
    slash::answer(
        bot,
        &context.http,
        &command,
        arrival,
        Acknowledged::nobody(),
    )
    .await;
}

async fn on_error(error: poise::FrameworkError<'_, Arc<Bot>, Error>) {
    match error {
        poise::FrameworkError::Setup { error, .. } => error!("start-up failed: {error:#}"),
        poise::FrameworkError::Command { error, ctx, .. } => {
            metrics::note(metrics::Handled::Error);
            error!(command = %ctx.command().qualified_name, "command failed: {error:#}");
            apologise(ctx).await;
        }
        poise::FrameworkError::ArgumentParse {
            error, ctx, input, ..
        } => {
            metrics::note(metrics::Handled::Invalid);
            warn!(command = %ctx.command().qualified_name, ?input, "bad command option: {error}");
            apologise(ctx).await;
        }
        poise::FrameworkError::CommandStructureMismatch {
            description, ctx, ..
        } => {
            metrics::note(metrics::Handled::Invalid);
            warn!(command = %ctx.command().qualified_name, "an interaction does not match the command: {description}");
            let ctx = poise::Context::Application(ctx);
            apologise(ctx).await;
        }
        poise::FrameworkError::SubcommandRequired { ctx } => {
            metrics::note(metrics::Handled::Invalid);
            warn!(command = %ctx.command().qualified_name, "a command without its subcommand");
            apologise(ctx).await;
        }
        poise::FrameworkError::UnknownInteraction {
            framework,
            interaction,
            ..
        } => answer_unknown(framework, interaction).await,
        other => {
            if let Err(error) = poise::builtins::on_error(other).await {
                error!("handling an error failed: {error}");
            }
        }
    }
}
