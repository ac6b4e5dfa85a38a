//! Numbers for operators: interactions by kind and outcome, how long they took, store errors,
//! deferred replies, gateway reconnects, games started and finished. Kept in one process-wide
//! registry of the Prometheus project's client (`prometheus-client`) and served as Prometheus
//! (OpenMetrics) text by `health.rs` when `METRICS_ADDR` is set. docs/operators.md lists every
//! metric.
//!
//! The rest of the bot only calls small hooks: [`note`] (what became of an interaction, from the
//! flows), [`game_started`], [`game_finished`], [`store_error`], [`deferred`], [`refused`] (a
//! request the interactions endpoint turned away, through `ops/refusal_log.rs`), [`verified`]
//! (one whose signature verified). [`Measured`] wraps
//! poise's framework so that every interaction is timed and counted in one place, and
//! [`GatewayWatch`] counts the gateway's sessions (both in `watch.rs`); [`gateway_connected`] is
//! set when the metrics are read (`health.rs`), and the store's conflicts are read off the store
//! at each scrape ([`StoreConflicts`]). Outside an interaction (the flows' tests), the hooks
//! count without harm.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, LazyLock, OnceLock};
use std::time::Duration;

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{
    DescriptorEncoder, EncodeLabelSet, EncodeLabelValue, EncodeMetric as _, LabelValueEncoder,
};
use prometheus_client::metrics::counter::{ConstCounter, Counter};
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::{Registry, Unit};

use crate::game::Status;
use crate::store::StoreError;

/// Upper bounds of the handling-time buckets, in seconds: fine below 10 ms, where taps are, and
/// up to Discord's 3 s deadline.
const HANDLING_BUCKETS: [f64; 18] = [
    0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5,
    2.0, 3.0, 5.0,
];

/// What kind of interaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Button,
    Command,
    Autocomplete,
}

/// How an interaction reached the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Transport {
    /// An INTERACTION_CREATE event on a gateway shard.
    Gateway,
    /// A signed POST to the interactions endpoint (`INTERACTIONS_ADDR`).
    Http,
}

/// What became of an interaction. When a handling notes several, the later in this order wins
/// (an error over everything).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Handled {
    /// Answered without changing a game (a board shown, statistics, settings, rules).
    Answered = 0,
    /// A move or a new game was saved.
    Applied = 1,
    /// The button was drawn for an older turn or game: the current board was shown instead.
    Stale = 2,
    /// The rules refused the move.
    Refused = 3,
    /// Someone pressed another player's button.
    Foreign = 4,
    /// A custom_id or option this bot did not make.
    Invalid = 5,
    /// The interaction had arrived before: answered without acting (`answer/once.rs`).
    Replayed = 6,
    /// A store failure or a panic: the player got an apology.
    Error = 7,
}

impl Handled {
    fn from_u8(value: u8) -> Handled {
        use Handled::*;
        [
            Answered, Applied, Stale, Refused, Foreign, Invalid, Replayed, Error,
        ]
        .get(usize::from(value))
        .copied()
        .unwrap_or(Error)
    }
}

/// A label value written as its lowercase name.
macro_rules! label_names {
    ($($kind:ty { $($variant:ident => $name:literal),* $(,)? })*) => {$(
        impl $kind {
            pub fn name(self) -> &'static str {
                match self { $(Self::$variant => $name),* }
            }
        }
        impl EncodeLabelValue for $kind {
            fn encode(&self, encoder: &mut LabelValueEncoder) -> Result<(), std::fmt::Error> {
                std::fmt::Write::write_str(encoder, self.name())
            }
        }
    )*};
}

label_names! {
    Kind { Button => "button", Command => "command", Autocomplete => "autocomplete" }
    Transport { Gateway => "gateway", Http => "http" }
    Handled {
        Answered => "answered", Applied => "applied", Stale => "stale", Refused => "refused",
        Foreign => "foreign", Invalid => "invalid", Replayed => "replayed", Error => "error",
    }
}

mod refusal;

pub use refusal::Refusal;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct InteractionLabels {
    kind: Kind,
    /// The button's verb (`card`, `draw`, …) or the subcommand (`new`, `stats`, …).
    action: &'static str,
    outcome: Handled,
    transport: Transport,
    /// The gateway shard it arrived on (several processes each run a range of shards); 0 over
    /// HTTP.
    shard: u32,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    kind: Kind,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct NameLabel {
    name: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ReasonLabel {
    reason: Refusal,
}

/// Every metric of the process, registered once.
pub struct Metrics {
    registry: Registry,
    interactions: Family<InteractionLabels, Counter>,
    handling: Family<KindLabel, Histogram>,
    store_errors: Family<NameLabel, Counter>,
    deferred: Family<KindLabel, Counter>,
    reconnects: Family<NameLabel, Counter>,
    connected: Gauge,
    started: Counter,
    finished: Family<NameLabel, Counter>,
    refusals: Family<ReasonLabel, Counter>,
    last_verified: Gauge,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

impl Metrics {
    fn new() -> Metrics {
        let mut registry = Registry::default();
        let interactions = Family::default();
        registry.register(
            "tripeaks_interactions",
            "Interactions answered, by kind, action and outcome",
            interactions.clone(),
        );
        let handling = Family::<KindLabel, Histogram>::new_with_constructor(
            (|| Histogram::new(HANDLING_BUCKETS)) as fn() -> Histogram,
        );
        registry.register_with_unit(
            "tripeaks_interaction_handling",
            "Time from an interaction's arrival to the end of its answer",
            Unit::Seconds,
            handling.clone(),
        );
        let store_errors = Family::default();
        registry.register(
            "tripeaks_store_errors",
            "Store failures that reached a player as an apology, by error",
            store_errors.clone(),
        );
        let deferred = Family::default();
        registry.register(
            "tripeaks_deferred_replies",
            "Interactions deferred because the answer was not ready in time",
            deferred.clone(),
        );
        let reconnects = Family::default();
        registry.register(
            "tripeaks_gateway_reconnects",
            "Gateway sessions after the first: resumed, or identified anew",
            reconnects.clone(),
        );
        let connected = Gauge::default();
        registry.register(
            "tripeaks_gateway_connected",
            "1 while the gateway shards this process runs are all connected (read when scraped)",
            connected.clone(),
        );
        let started = Counter::default();
        registry.register("tripeaks_games_started", "Games started", started.clone());
        let finished = Family::default();
        registry.register(
            "tripeaks_games_finished",
            "Games finished by a move, by outcome (won, blocked)",
            finished.clone(),
        );
        let refusals = Family::default();
        registry.register(
            "tripeaks_endpoint_refusals",
            "Requests the interactions endpoint turned away, or answered without acting, by reason",
            refusals.clone(),
        );
        let last_verified = Gauge::default();
        registry.register_with_unit(
            "tripeaks_endpoint_last_verified_timestamp",
            "When the interactions endpoint last took a request whose signature verified, in Unix time (0: none yet)",
            Unit::Seconds,
            last_verified.clone(),
        );
        registry.register_collector(Box::new(StoreConflicts));
        Metrics {
            registry,
            interactions,
            handling,
            store_errors,
            deferred,
            reconnects,
            connected,
            started,
            finished,
            refusals,
            last_verified,
        }
    }
}

/// `tripeaks_store_conflicts_total`: the store's own count ([`crate::store::conflicts_seen`]),
/// read when scraped.
#[derive(Debug)]
struct StoreConflicts;

impl Collector for StoreConflicts {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let counter = ConstCounter::new(crate::store::conflicts_seen());
        let metric = encoder.encode_descriptor(
            "tripeaks_store_conflicts",
            "Transactions the database rolled back for a deadlock or serialization failure, each tried again (0 under the store's one lock order)",
            None,
            counter.metric_type(),
        )?;
        counter.encode(metric)
    }
}

/// The metrics as Prometheus (OpenMetrics) text.
pub fn render() -> String {
    let mut text = String::new();
    // Writing into a String cannot fail.
    let _ = prometheus_client::encoding::text::encode(&mut text, &METRICS.registry);
    text
}

/// Where an interaction came from: its transport, and its gateway shard (0 over HTTP).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    pub transport: Transport,
    pub shard: u32,
}

impl Arrival {
    pub const HTTP: Arrival = Arrival {
        transport: Transport::Http,
        shard: 0,
    };

    pub fn gateway(shard: u32) -> Arrival {
        Arrival {
            transport: Transport::Gateway,
            shard,
        }
    }
}

/// Counts one answered interaction (with where it came from) and its handling time.
pub fn interaction(
    kind: Kind,
    action: &'static str,
    outcome: Handled,
    took: Duration,
    arrival: Arrival,
) {
    let labels = InteractionLabels {
        kind,
        action,
        outcome,
        transport: arrival.transport,
        shard: arrival.shard,
    };
    METRICS.interactions.get_or_create(&labels).inc();
    METRICS
        .handling
        .get_or_create(&KindLabel { kind })
        .observe(took.as_secs_f64());
}

/// A store failure answered with an apology.
pub fn store_error(error: &StoreError) {
    let name = match error {
        StoreError::Corrupt { .. } | StoreError::CorruptRecord { .. } => "corrupt",
        StoreError::Contention { .. } => "contention",
        StoreError::Database(_) => "database",
        _ => "other",
    };
    METRICS
        .store_errors
        .get_or_create(&NameLabel { name })
        .inc();
}

/// An interaction deferred (a deferred update or reply) before its answer.
pub fn deferred(kind: Kind) {
    METRICS.deferred.get_or_create(&KindLabel { kind }).inc();
}

/// A request the interactions endpoint turned away, or answered without acting.
pub fn refused(reason: Refusal) {
    METRICS
        .refusals
        .get_or_create(&ReasonLabel { reason })
        .inc();
}

/// The interactions endpoint took a request whose signature verified, now.
pub fn verified() {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    let seconds = now.map_or(0, |since| since.as_secs());
    METRICS
        .last_verified
        .set(i64::try_from(seconds).unwrap_or(i64::MAX));
}

/// Whether the gateway shards this process runs are all connected, as seen just now.
pub fn gateway_connected(up: bool) {
    METRICS.connected.set(i64::from(up));
}

pub fn game_started() {
    METRICS.started.inc();
}

/// A move ended a game (won or blocked); nothing for a game still in play.
pub fn game_finished(status: Status) {
    let name = match status {
        Status::Won => "won",
        Status::Blocked => "blocked",
        _ => return,
    };
    METRICS.finished.get_or_create(&NameLabel { name }).inc();
}

mod watch;

pub use watch::{GatewayWatch, Measured, action_of, measure};

/// What the flows noted about the interaction being handled.
#[derive(Debug, Default)]
struct Noted {
    /// The outcome so far (a `Handled` as its number; the later in its order wins).
    outcome: AtomicU8,
    /// The button's verb, noted once its custom_id was read (`Bot::press`): the metrics never
    /// parse a custom_id of their own.
    action: OnceLock<&'static str>,
}

tokio::task_local! {
    /// What the interaction being handled on this task noted so far.
    static NOTE: Arc<Noted>;
}

/// Notes what became of the interaction being handled (no-op outside one).
pub fn note(outcome: Handled) {
    let _ = NOTE.try_with(|noted| noted.outcome.fetch_max(outcome as u8, Ordering::Relaxed));
}

/// Notes the verb of the button being pressed (no-op outside an interaction); a press whose
/// custom_id is not this bot's notes none and counts as `invalid`.
pub fn note_action(verb: &'static str) {
    let _ = NOTE.try_with(|noted| noted.action.set(verb));
}

#[cfg(test)]
mod tests;
