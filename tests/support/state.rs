//! The fake Discord's memory, shared by its REST server, its gateway and the test: what was
//! received, the messages and interactions Discord would keep, the gateway sessions. Every change
//! bumps a watch channel so that waits wake up without polling.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;
use tokio::sync::{mpsc, watch};

use super::recorded::{CommandRegistration, CommandScope, RecordedRequest, Reply};
use super::stored_interaction::StoredInteraction;

/// Settings of a fake Discord.
#[derive(Clone, Debug)]
pub struct FakeOptions {
    /// Sent in HELLO; the client heartbeats at this interval.
    pub heartbeat_interval: Duration,
    /// The shard count `GET /gateway/bot` recommends.
    pub shards: u32,
    /// When set, the one token the REST API accepts: any other is answered 401 (a token reset
    /// in the Developer Portal, or another application's). Interaction callbacks and webhooks
    /// carry no token header and are never refused.
    pub accepted_token: Option<String>,
    /// The scopes of the application's default install link (`install_params`); none set by
    /// default, as for a new application.
    pub install_scopes: Option<Vec<String>>,
}

impl Default for FakeOptions {
    fn default() -> Self {
        FakeOptions {
            heartbeat_interval: Duration::from_millis(41_250),
            shards: 1,
            accepted_token: None,
            install_scopes: None,
        }
    }
}

/// A frame for one gateway connection.
pub(crate) enum Outgoing {
    Text(String),
    Close(u16),
    /// Drop the TCP connection without a close frame (what a client sees as close code 1006).
    Drop,
}

/// A gateway session (created by IDENTIFY, continued by RESUME on another connection).
pub(crate) struct Session {
    pub id: String,
    pub seq: u64,
    pub connection: u64,
    /// `None` once its connection closed.
    pub outbox: Option<mpsc::UnboundedSender<Outgoing>>,
    /// `false` once the fake sent INVALID_SESSION (d=false) for it: a RESUME of it is refused.
    pub resumable: bool,
    /// `[shard id, shard count]` from its IDENTIFY (`[0, 1]` when it sent none).
    pub shard: (u64, u64),
}

/// Injected failures: the next `remaining` requests matching answer `status`.
pub(crate) struct FailureRule {
    pub method: String,
    pub path_contains: String,
    pub status: u16,
    pub remaining: usize,
}

/// A reply to an interaction that the fake refused, as Discord would have (or, with
/// `interaction_id` 0, a malformed channel message or scheduled event: see `note_refusal`).
#[derive(Clone, Debug)]
pub struct Refusal {
    /// The interaction replied to, when the fake knows it (0 otherwise).
    pub interaction_id: u64,
    pub method: String,
    pub path: String,
    pub status: u16,
    /// Discord's error body (`code`, `message`).
    pub answer: Option<Value>,
}

/// Everything the fake knows. Tests read it through [`super::FakeDiscord`] accessors or in
/// `wait_until` checks.
#[derive(Default)]
pub struct FakeState {
    pub requests: Vec<RecordedRequest>,
    pub replies: Vec<Reply>,
    pub registrations: Vec<CommandRegistration>,
    /// The `d` of every IDENTIFY.
    pub identifies: Vec<Value>,
    /// When each IDENTIFY arrived, with its shard id, in order.
    pub identified_at: Vec<(std::time::Instant, u64)>,
    /// Dispatches for a shard that no open session runs: on Discord the interaction would fail.
    pub undelivered: Vec<Value>,
    /// The `d` of every RESUME.
    pub resumes: Vec<Value>,
    /// Heartbeats received (each was acknowledged).
    pub heartbeats: usize,
    /// READY events sent (one per IDENTIFY).
    pub ready_count: usize,
    /// Gateway payloads with other opcodes (presence updates, member requests, garbage).
    pub other_gateway_payloads: Vec<Value>,
    pub(crate) messages: BTreeMap<u64, Value>,
    /// Ids of messages in the order the bot created or changed them (latest last).
    pub(crate) touched: Vec<u64>,
    pub(crate) interactions: HashMap<u64, StoredInteraction>,
    pub(crate) sessions: Vec<Session>,
    pub(crate) commands: HashMap<CommandScope, Vec<Value>>,
    pub(crate) failures: Vec<FailureRule>,
    /// Replies to interactions that the fake refused on its own (not injected failures).
    pub refusals: Vec<Refusal>,
    /// Interactions whose replies a test expects to be refused.
    pub(crate) refusals_expected: HashSet<u64>,
    /// Set by [`super::FakeDiscord::refuse_gateway_connections`]: new websocket connections are
    /// closed before the handshake, as when Discord's gateway cannot be reached.
    pub(crate) gateway_refusing: bool,
    /// Set by [`super::FakeDiscord::limit_gateway_connections`]: connections past this many
    /// accepted in all are closed before the handshake.
    pub(crate) gateway_connection_limit: Option<u64>,
    /// Gateway connections let through to the handshake so far.
    pub(crate) gateway_accepted: u64,
    /// Set by [`super::FakeDiscord::allow_refusals`]: no refusal fails the test.
    pub(crate) any_refusal_expected: bool,
    pub(crate) connections: u64,
    next_snowflake: u64,
    /// How far the fake's clock runs ahead of the machine's ([`super::FakeDiscord::advance_clock`]):
    /// the deadlines Discord keeps (3 s for an interaction's response, 15 minutes for its token)
    /// are read on it, so a test can pass them without waiting.
    pub(crate) clock_ahead: std::time::Duration,
    /// The bot's permissions per channel and per guild ([`super::permissions`]).
    pub(crate) bot_permissions: super::permissions::BotPermissions,
    /// Ids of the messages posted with `POST /channels/{channel}/messages`, in order.
    pub(crate) channel_posts: Vec<u64>,
    /// Each guild's scheduled events, in the order they were created (deleted ones removed).
    pub(crate) scheduled_events: BTreeMap<u64, Vec<Value>>,
    /// Interactions of registered commands that Discord would not have delivered.
    pub(crate) refused_commands: Vec<super::command_access::RefusedCommand>,
}

/// Discord's epoch, the zero of a snowflake's time.
const DISCORD_EPOCH_MILLIS: u64 = 1_420_070_400_000;

impl FakeState {
    /// A fresh snowflake (unique within this fake, increasing), with the time now in its top
    /// bits as Discord's have: the bot reads an interaction's age from its id.
    pub fn next_id(&mut self) -> u64 {
        let timed = self.now_millis().saturating_sub(DISCORD_EPOCH_MILLIS) << 22;
        self.next_snowflake = timed.max(self.next_snowflake + 1);
        self.next_snowflake
    }

    /// Unix milliseconds now, on the fake's clock.
    pub fn now_millis(&self) -> u64 {
        let now = std::time::SystemTime::now() + self.clock_ahead;
        now.duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    }

    /// How long ago, on the fake's clock, the snowflake `id` was made (an interaction's age).
    pub fn age_millis(&self, id: u64) -> u64 {
        self.now_millis()
            .saturating_sub((id >> 22) + DISCORD_EPOCH_MILLIS)
    }

    pub fn message(&self, id: u64) -> Option<&Value> {
        self.messages.get(&id)
    }

    /// Gateway sessions whose connection is open.
    pub fn open_sessions(&self) -> usize {
        self.sessions
            .iter()
            .filter(|session| session.outbox.is_some())
            .count()
    }

    /// The ids of all sessions, oldest first.
    pub fn session_ids(&self) -> Vec<String> {
        self.sessions
            .iter()
            .map(|session| session.id.clone())
            .collect()
    }

    /// The message the bot created or changed last (ephemeral ones included).
    pub fn last_bot_message(&self) -> Option<&Value> {
        self.touched
            .iter()
            .rev()
            .find_map(|id| self.messages.get(id))
    }

    /// The non-ephemeral message the bot created or changed last (e.g. the board, when an
    /// ephemeral refusal came after it).
    pub fn last_public_message(&self) -> Option<&Value> {
        let messages = self
            .touched
            .iter()
            .rev()
            .filter_map(|id| self.messages.get(id));
        messages
            .into_iter()
            .find(|message| message["flags"].as_u64().unwrap_or(0) & 64 == 0)
    }

    /// Replies to the interaction with this id, in order.
    pub fn replies_to(&self, interaction_id: u64) -> impl Iterator<Item = &Reply> {
        self.replies
            .iter()
            .filter(move |reply| reply.interaction_id == interaction_id)
    }

    pub(crate) fn store_message(&mut self, id: u64, message: Value) {
        self.messages.insert(id, message);
        self.touched.retain(|touched| *touched != id);
        self.touched.push(id);
    }

    /// Remembers an interaction before it goes out, with the message it was pressed on.
    pub(crate) fn register_interaction(&mut self, payload: &Value) -> Option<u64> {
        let interaction = StoredInteraction::from_payload(payload)?;
        if let Some(source) = interaction.source_message {
            self.messages
                .entry(source)
                .or_insert_with(|| payload["message"].clone());
        }
        let id = interaction.id;
        self.interactions.insert(id, interaction);
        Some(id)
    }

    pub(crate) fn interaction_by_token(&self, token: &str) -> Option<&StoredInteraction> {
        self.interactions
            .values()
            .find(|interaction| interaction.token == token)
    }

    /// The status of an injected failure for this request, if one applies (and uses it up).
    pub(crate) fn take_failure(&mut self, method: &str, path: &str) -> Option<u16> {
        let rule = self.failures.iter_mut().find(|rule| {
            rule.remaining > 0 && rule.method == method && path.contains(&rule.path_contains)
        })?;
        rule.remaining -= 1;
        Some(rule.status)
    }

    /// Records a refused reply to an interaction (a callback, follow-up or edit answered 4xx).
    pub(crate) fn note_refusal(&mut self, method: &str, path: &str, answer: &super::rest::Answer) {
        // Reads (GET) change nothing: a 404 there is an answer, not a refused reply.
        if answer.status < 400 || method == "GET" {
            return;
        }
        let parts: Vec<&str> = path.split('/').collect();
        let interaction_id = match parts.as_slice() {
            [.., "interactions", id, _token, "callback"] => id.parse().unwrap_or(0),
            [.., "webhooks", _app, token] | [.., "webhooks", _app, token, "messages", _] => self
                .interaction_by_token(token)
                .map_or(0, |interaction| interaction.id),
            // Outside interactions, what the bot sent malformed is a refusal; a 403 or 404 is
            // Discord's answer about the server as it is, which the bot has to take.
            ["", "api", "v10", "channels", _, "messages", ..]
            | ["", "api", "v10", "guilds", _, "scheduled-events", ..] => {
                let code = answer.body.as_ref().and_then(|body| body["code"].as_u64());
                let malformed = answer.status == 413
                    || (answer.status == 400 && matches!(code, Some(50006 | 50035 | 50109)));
                if !malformed {
                    return;
                }
                0
            }
            _ => return,
        };
        self.refusals.push(Refusal {
            interaction_id,
            method: method.to_owned(),
            path: path.to_owned(),
            status: answer.status,
            answer: answer.body.clone(),
        });
    }

    /// Refused replies that no test asked for, described one per line.
    pub fn unexpected_refusals(&self) -> Vec<String> {
        if self.any_refusal_expected {
            return Vec::new();
        }
        self.refusals
            .iter()
            .filter(|refusal| !self.refusals_expected.contains(&refusal.interaction_id))
            .map(|refusal| {
                format!(
                    "{} {} -> {} {}",
                    refusal.method,
                    refusal.path,
                    refusal.status,
                    refusal
                        .answer
                        .as_ref()
                        .map(Value::to_string)
                        .unwrap_or_default()
                )
            })
            .collect()
    }

    /// The newest session whose connection is open.
    /// The shard ids with an open session, in order.
    pub fn open_shards(&self) -> Vec<u64> {
        let mut shards: Vec<u64> = self
            .sessions
            .iter()
            .filter(|session| session.outbox.is_some())
            .map(|session| session.shard.0)
            .collect();
        shards.sort_unstable();
        shards.dedup();
        shards
    }

    /// The newest open session of the shard that Discord would send an event of `guild` on
    /// (`(guild_id >> 22) % shard count`, direct messages on shard 0).
    pub(crate) fn session_for(&mut self, guild: Option<u64>) -> Option<&mut Session> {
        let count = self
            .sessions
            .iter()
            .rev()
            .find(|session| session.outbox.is_some())
            .map_or(1, |session| session.shard.1.max(1));
        let shard = guild.map_or(0, |guild| (guild >> 22) % count);
        self.sessions
            .iter_mut()
            .rev()
            .find(|session| session.outbox.is_some() && session.shard.0 == shard)
    }

    pub(crate) fn open_session(&mut self) -> Option<&mut Session> {
        self.sessions
            .iter_mut()
            .rev()
            .find(|session| session.outbox.is_some())
    }

    pub(crate) fn close_connection(&mut self, connection: u64) {
        for session in &mut self.sessions {
            if session.connection == connection {
                session.outbox = None;
            }
        }
    }

    /// A few lines on what happened, for timeout messages.
    pub(crate) fn summary(&self) -> String {
        let open = self.open_sessions();
        let recent: Vec<String> = self
            .requests
            .iter()
            .rev()
            .take(8)
            .rev()
            .map(|request| format!("{} {} -> {}", request.method, request.path, request.status))
            .collect();
        format!(
            "READY sent {}, open sessions {open}, registrations {}, replies {}; last requests: [{}]",
            self.ready_count,
            self.registrations.len(),
            self.replies.len(),
            recent.join(", ")
        )
    }
}

/// The state behind a mutex plus the change signal.
pub(crate) struct Shared {
    pub options: FakeOptions,
    pub gateway_url: String,
    state: Mutex<FakeState>,
    changes: watch::Sender<u64>,
}

impl Shared {
    pub fn new(options: FakeOptions, gateway_url: String) -> Shared {
        Shared {
            options,
            gateway_url,
            state: Mutex::new(FakeState::default()),
            changes: watch::Sender::new(0),
        }
    }

    pub fn read<T>(&self, read: impl FnOnce(&FakeState) -> T) -> T {
        read(&self.lock())
    }

    /// Changes the state and wakes every waiter.
    pub fn update<T>(&self, change: impl FnOnce(&mut FakeState) -> T) -> T {
        let result = change(&mut self.lock());
        self.changes.send_modify(|version| *version += 1);
        result
    }

    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, FakeState> {
        // A panic while holding the lock leaves plain data behind: keep using it.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
