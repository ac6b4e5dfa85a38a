//! The adapters between serenity and the metrics: [`Measured`] wraps poise's framework so that
//! every interaction is timed and counted around its whole handling (its answer included), with
//! the outcome the flows noted; [`GatewayWatch`] counts the gateway's sessions (READY, RESUMED).

use std::collections::HashSet;
use std::future::Future;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use poise::serenity_prelude as serenity;

use super::{Arrival, Handled, Kind, METRICS, NOTE, NameLabel, Noted, interaction};

/// The kind and action of an event that is an interaction.
fn interaction_of(
    event: &serenity::FullEvent,
    subcommands: &[&'static str],
) -> Option<(Kind, &'static str)> {
    let serenity::FullEvent::InteractionCreate { interaction } = event else {
        return None;
    };
    Some(of_interaction(interaction, subcommands))
}

/// The kind and action of an interaction serenity parsed (the gateway's). Actions are this bot's
/// verbs and subcommands only (anything else is `invalid`), so the labels stay few.
fn of_interaction(
    interaction: &serenity::Interaction,
    subcommands: &[&'static str],
) -> (Kind, &'static str) {
    match interaction {
        // The verb is noted by the flow once it has read the custom_id (`note_action`).
        serenity::Interaction::Component(_) => (Kind::Button, "invalid"),
        serenity::Interaction::Command(command) => (
            Kind::Command,
            action_of(subcommand(&command.data.options), subcommands),
        ),
        serenity::Interaction::Autocomplete(command) => (
            Kind::Autocomplete,
            action_of(subcommand(&command.data.options), subcommands),
        ),
        _ => (Kind::Command, "invalid"),
    }
}

/// Runs the handling of one interaction, timed and counted with the outcome its flows noted,
/// under the action they noted (else `action`).
pub async fn measure<T>(
    (kind, action): (Kind, &'static str),
    arrival: Arrival,
    handling: impl Future<Output = T>,
) -> T {
    let started = Instant::now();
    let noted = Arc::new(Noted::default());
    let handled = NOTE.scope(Arc::clone(&noted), handling).await;
    let outcome = Handled::from_u8(noted.outcome.load(Ordering::Relaxed));
    let action = noted.action.get().copied().unwrap_or(action);
    interaction(kind, action, outcome, started.elapsed(), arrival);
    handled
}

fn subcommand(options: &[serenity::CommandDataOption]) -> &str {
    options.first().map_or("", |option| option.name.as_str())
}

/// The action a command counts under: its subcommand when it is one of `subcommands` (the
/// bot's), else `invalid`.
pub fn action_of(subcommand: &str, subcommands: &[&'static str]) -> &'static str {
    subcommands
        .iter()
        .find(|known| **known == subcommand)
        .copied()
        .unwrap_or("invalid")
}

/// Poise's framework, with every interaction timed and counted around its handling.
pub struct Measured<F> {
    framework: F,
    /// The subcommands of `/tripeaks`, the only command actions counted by name.
    subcommands: Vec<&'static str>,
}

impl<F> Measured<F> {
    /// Wraps `framework`; `subcommands` are the names counted as actions (the bot's list).
    pub fn new(framework: F, subcommands: &[&'static str]) -> Measured<F> {
        Measured {
            framework,
            subcommands: subcommands.to_vec(),
        }
    }
}

#[serenity::async_trait]
impl<F: serenity::Framework> serenity::Framework for Measured<F> {
    async fn init(&mut self, client: &serenity::Client) {
        self.framework.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let Some(labels) = interaction_of(&event, &self.subcommands) else {
            return self.framework.dispatch(ctx, event).await;
        };
        let arrival = Arrival::gateway(ctx.shard_id.0);
        measure(labels, arrival, self.framework.dispatch(ctx, event)).await;
    }
}

/// Counts the gateway's sessions after the first of each shard: a READY again (an identify
/// anew) or a RESUMED. Called from the framework (`gateway/`), which sees every event: a serenity
/// event handler would cost a copy of every event.
#[derive(Default)]
pub struct GatewayWatch {
    /// The shards that have been ready once.
    ready_seen: Mutex<HashSet<u32>>,
}

impl GatewayWatch {
    pub fn new() -> GatewayWatch {
        GatewayWatch::default()
    }

    /// Looks at an event that arrived on `shard`; only READY and RESUMED count.
    pub fn saw(&self, shard: serenity::ShardId, event: &serenity::FullEvent) {
        let name = match event {
            serenity::FullEvent::Ready { .. } => {
                let mut seen = self
                    .ready_seen
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                if seen.insert(shard.0) {
                    return;
                }
                "identify"
            }
            serenity::FullEvent::Resume { .. } => "resume",
            _ => return,
        };
        METRICS.reconnects.get_or_create(&NameLabel { name }).inc();
    }
}
