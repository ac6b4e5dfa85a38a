//! The fake Discord's memory, shared by its REST server, its gateway and the test: what was
//! received, the messages and interactions Discord would keep, the gateway sessions. Every change
//! bumps a watch channel so that waits wake up without polling.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};

use super::payloads::{GUILD_ID, snowflake};
use super::recorded::{CommandRegistration, CommandScope, RecordedRequest, Reply};

/// Settings of a fake Discord.
#[derive(Clone, Debug)]
pub struct FakeOptions {
    /// Sent in HELLO; the client heartbeats at this interval.
    pub heartbeat_interval: Duration,
}

impl Default for FakeOptions {
    fn default() -> Self {
        FakeOptions {
            heartbeat_interval: Duration::from_millis(41_250),
        }
    }
}

/// A frame for one gateway connection.
pub(crate) enum Outgoing {
    Text(String),
    Close(u16),
}

/// A gateway session (created by IDENTIFY, continued by RESUME on another connection).
pub(crate) struct Session {
    pub id: String,
    pub seq: u64,
    pub connection: u64,
    /// `None` once its connection closed.
    pub outbox: Option<mpsc::UnboundedSender<Outgoing>>,
}

/// An interaction the test sent, as the REST side needs to know it.
#[derive(Clone, Debug)]
pub(crate) struct StoredInteraction {
    pub id: u64,
    pub token: String,
    /// Interaction type: 2 command, 3 component, 4 autocomplete.
    pub kind: u64,
    pub user: Value,
    /// The command's full name (`tripeaks new`) for commands.
    pub name: Option<String>,
    /// The message a component sits on.
    pub source_message: Option<u64>,
    pub original_message: Option<u64>,
    pub followups: Vec<u64>,
    pub acknowledged: bool,
}

impl StoredInteraction {
    fn from_payload(payload: &Value) -> Option<StoredInteraction> {
        let data = &payload["data"];
        let mut name = data["name"].as_str().map(str::to_owned);
        let mut options = data["options"].as_array();
        while let (Some(full), Some([first, ..])) = (name.as_mut(), options.map(Vec::as_slice)) {
            if !matches!(first["type"].as_u64(), Some(1 | 2)) {
                break;
            }
            full.push(' ');
            full.push_str(first["name"].as_str().unwrap_or_default());
            options = first["options"].as_array();
        }
        let user = match payload["member"]["user"].is_object() {
            true => payload["member"]["user"].clone(),
            false => payload["user"].clone(),
        };
        Some(StoredInteraction {
            id: snowflake(&payload["id"])?,
            token: payload["token"].as_str()?.to_owned(),
            kind: payload["type"].as_u64()?,
            user,
            name,
            source_message: snowflake(&payload["message"]["id"]),
            original_message: None,
            followups: Vec::new(),
            acknowledged: false,
        })
    }

    /// `interaction_metadata` of the messages this interaction creates.
    pub fn metadata(&self) -> Value {
        let mut metadata = json!({
            "id": self.id.to_string(),
            "type": self.kind,
            "user": self.user,
            "authorizing_integration_owners": { "0": GUILD_ID.to_string() },
        });
        if let Some(name) = &self.name {
            metadata["name"] = json!(name);
            metadata["command_type"] = json!(1);
        }
        if let Some(source) = self.source_message {
            metadata["interacted_message_id"] = json!(source.to_string());
        }
        metadata
    }

    /// The deprecated `interaction` field, which Discord still sends for command responses.
    pub fn legacy(&self) -> Option<Value> {
        let name = self.name.as_ref()?;
        Some(
            json!({ "id": self.id.to_string(), "type": self.kind, "name": name, "user": self.user }),
        )
    }
}

/// Injected failures: the next `remaining` requests matching answer `status`.
pub(crate) struct FailureRule {
    pub method: String,
    pub path_contains: String,
    pub status: u16,
    pub remaining: usize,
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
    /// The `d` of every RESUME.
    pub resumes: Vec<Value>,
    /// Heartbeats received (each was acknowledged).
    pub heartbeats: usize,
    /// READY events sent (one per IDENTIFY).
    pub ready_count: usize,
    /// Gateway payloads with other opcodes (presence updates, member requests, garbage).
    pub other_gateway_payloads: Vec<Value>,
    pub(crate) messages: BTreeMap<u64, Value>,
    pub(crate) last_bot_message: Option<u64>,
    pub(crate) interactions: HashMap<u64, StoredInteraction>,
    pub(crate) sessions: Vec<Session>,
    pub(crate) commands: HashMap<CommandScope, Vec<Value>>,
    pub(crate) failures: Vec<FailureRule>,
    pub(crate) connections: u64,
    next_snowflake: u64,
}

impl FakeState {
    /// A fresh snowflake (unique within this fake).
    pub fn next_id(&mut self) -> u64 {
        self.next_snowflake += 1;
        1_200_000_000_000_000_000 + self.next_snowflake
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

    pub fn last_bot_message(&self) -> Option<&Value> {
        self.messages.get(&self.last_bot_message?)
    }

    /// Replies to the interaction with this id, in order.
    pub fn replies_to(&self, interaction_id: u64) -> impl Iterator<Item = &Reply> {
        self.replies
            .iter()
            .filter(move |reply| reply.interaction_id == interaction_id)
    }

    pub(crate) fn store_message(&mut self, id: u64, message: Value) {
        self.messages.insert(id, message);
        self.last_bot_message = Some(id);
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

    /// The newest session whose connection is open.
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
