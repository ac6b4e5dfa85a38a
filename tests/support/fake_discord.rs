//! A fake Discord on 127.0.0.1 for end-to-end tests: a REST server (`/api/v10/...`, what
//! serenity calls when `HttpBuilder::proxy` points at it) and a websocket gateway, both on random
//! free ports. Tests send interactions through the gateway and wait (always with a timeout) for
//! the bot's replies, which the fake records and applies to the messages it keeps.
//!
//! ```ignore
//! let fake = FakeDiscord::start().await;
//! let bot = BotProcess::start(&fake, &TestDatabase::new()?).await?;
//! let new_game = fake.slash("new").locale("es-ES").build();
//! let reply = fake.interact(&new_game).await?;
//! ```

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use serde_json::Value;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

use super::endpoint::{Endpoints, HttpAnswer};
use super::gateway::Fault as GatewayFault;
use super::interactions::{InteractionBuilder, InteractionPayload};
use super::recorded::{CommandRegistration, CommandScope, RecordedRequest, Reply};
use super::state::{FailureRule, FakeOptions, FakeState, Shared};
use super::{gateway, rest};

/// How long [`FakeDiscord::interact`] waits for the callback.
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(10);

/// The running fake. Dropping it stops its servers.
pub struct FakeDiscord {
    /// Shared with the servers; `guild_api.rs` and `command_access.rs` reach it too.
    pub(super) shared: Arc<Shared>,
    api_base: String,
    tasks: Vec<JoinHandle<()>>,
    /// The bots' interactions endpoints: once one is added, interactions are POSTed, signed,
    /// instead of sent on the gateway.
    endpoints: Endpoints,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
        // The last replies of a test are checked too (unless the test failed already).
        if !std::thread::panicking()
            && let Err(problem) = self.check_replies_accepted()
        {
            panic!("{problem}");
        }
    }
}

impl FakeDiscord {
    /// Starts the fake on two free ports of 127.0.0.1.
    pub async fn start() -> FakeDiscord {
        FakeDiscord::start_with(FakeOptions::default()).await
    }

    /// # Panics
    /// When 127.0.0.1 has no free port, which leaves nothing to test.
    pub async fn start_with(options: FakeOptions) -> FakeDiscord {
        FakeDiscord::start_at(IpAddr::from([127, 0, 0, 1]), options)
            .await
            .expect("two free ports on 127.0.0.1")
    }

    /// Starts the fake on two free ports of `ip`, which its API base and gateway URL then name:
    /// the gateway of a podman network, for a bot in a container on that network
    /// (`examples/container_check.rs --compose`). Never an address other machines reach.
    pub async fn start_at(ip: IpAddr, options: FakeOptions) -> anyhow::Result<FakeDiscord> {
        let rest_listener = TcpListener::bind((ip, 0))
            .await
            .with_context(|| format!("a free port for REST on {ip}"))?;
        let gateway_listener = TcpListener::bind((ip, 0))
            .await
            .with_context(|| format!("a free port for the gateway on {ip}"))?;
        let rest_address = rest_listener.local_addr().context("REST address")?;
        let gateway_address = gateway_listener.local_addr().context("gateway address")?;
        let shared = Arc::new(Shared::new(options, format!("ws://{gateway_address}")));
        let router = rest::router(Arc::clone(&shared));
        let tasks = vec![
            tokio::spawn(async move {
                let _ = axum::serve(rest_listener, router).await;
            }),
            tokio::spawn(gateway::serve(gateway_listener, Arc::clone(&shared))),
        ];
        Ok(FakeDiscord {
            shared,
            api_base: format!("http://{rest_address}"),
            tasks,
            endpoints: Endpoints::new(),
        })
    }

    /// The value for `DISCORD_API_BASE` / `HttpBuilder::proxy`: `http://127.0.0.1:PORT`.
    pub fn api_base(&self) -> &str {
        &self.api_base
    }

    /// What `GET /api/v10/gateway` answers: `ws://127.0.0.1:PORT`.
    pub fn gateway_url(&self) -> &str {
        &self.shared.gateway_url
    }

    /// Reads the state (requests, replies, messages, gateway counters).
    pub fn read<T>(&self, read: impl FnOnce(&FakeState) -> T) -> T {
        self.shared.read(read)
    }

    /// Waits until `check` finds something, re-checking on every change of the fake's state.
    pub async fn wait_until<T>(
        &self,
        timeout: Duration,
        what: &str,
        mut check: impl FnMut(&FakeState) -> Option<T>,
    ) -> anyhow::Result<T> {
        let mut changes = self.shared.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if let Some(found) = self.shared.read(&mut check) {
                return Ok(found);
            }
            match tokio::time::timeout_at(deadline, changes.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) => bail!("the fake Discord stopped while waiting for {what}"),
                Err(_) => {
                    let summary = self.shared.read(FakeState::summary);
                    bail!("timed out after {timeout:?} waiting for {what}; {summary}")
                }
            }
        }
    }

    // --- gateway ---

    /// How many READY events were sent (one per IDENTIFY).
    pub fn ready_count(&self) -> usize {
        self.read(|state| state.ready_count)
    }

    /// Waits until READY number `count` (from 1) was sent; returns that connection's IDENTIFY `d`.
    pub async fn wait_for_ready(&self, count: usize, timeout: Duration) -> anyhow::Result<Value> {
        self.wait_until(timeout, &format!("READY number {count}"), |state| {
            (state.ready_count >= count).then(|| state.identifies[count - 1].clone())
        })
        .await
    }

    /// Waits until every shard in `shards` has an open session; the IDENTIFY times so far.
    pub async fn wait_for_shards(
        &self,
        shards: &[u64],
        timeout: Duration,
    ) -> anyhow::Result<Vec<(std::time::Instant, u64)>> {
        self.wait_until(
            timeout,
            &format!("open sessions of shards {shards:?}"),
            |state| {
                let open = state.open_shards();
                shards
                    .iter()
                    .all(|shard| open.contains(shard))
                    .then(|| state.identified_at.clone())
            },
        )
        .await
    }

    /// Sends the interaction: POSTed, signed, to the bots' endpoints when there are any (and
    /// the answer taken as Discord takes it), else INTERACTION_CREATE on the newest open
    /// session of the interaction's shard.
    ///
    /// An interaction of a registered command that Discord would not deliver (outside its
    /// `contexts`, its guild, or its `default_member_permissions`: `command_access.rs`) is not
    /// sent: the error says why, and [`FakeDiscord::refused_commands`] lists it.
    pub async fn send_interaction(&self, interaction: &InteractionPayload) -> anyhow::Result<()> {
        self.admit(interaction)?;
        self.register_interaction(interaction);
        if self.endpoints.any() {
            let answer = self.post_interaction(interaction).await?;
            return super::endpoint::take_answer(&self.shared, interaction, &answer);
        }
        self.dispatch("INTERACTION_CREATE", &interaction.json)
            .await
            .map(|_| ())
    }

    // --- interactions over HTTP ---

    /// The application's public key, for the bot's `DISCORD_PUBLIC_KEY`.
    pub fn public_key_hex(&self) -> String {
        self.endpoints.public_key_hex()
    }

    /// From now on interactions are POSTed to this endpoint too (in turn with the others).
    pub fn add_endpoint(&self, address: std::net::SocketAddr) {
        self.endpoints.add(address);
    }

    pub fn remove_endpoint(&self, address: std::net::SocketAddr) {
        self.endpoints.remove(address);
    }

    /// POSTs the interaction, signed, to the next endpoint (the one after if that one refuses
    /// the connection) and returns the endpoint's answer as it came, without taking it. Refused
    /// as [`FakeDiscord::send_interaction`] refuses a command Discord would not deliver.
    pub async fn post_interaction(
        &self,
        interaction: &InteractionPayload,
    ) -> anyhow::Result<HttpAnswer> {
        self.admit(interaction)?;
        let body = serde_json::to_vec(&interaction.json)?;
        self.endpoints.deliver(&body).await
    }

    /// Takes an endpoint's answer that [`FakeDiscord::post_interaction`] returned as Discord
    /// takes it: a 200's body is the interaction's callback, a 202 must follow one.
    pub fn take_answer(
        &self,
        interaction: &InteractionPayload,
        answer: &HttpAnswer,
    ) -> anyhow::Result<()> {
        super::endpoint::take_answer(&self.shared, interaction, answer)
    }

    /// Any POST to one endpoint with these headers (forged requests); the answer as it came.
    pub async fn post_to(
        &self,
        address: std::net::SocketAddr,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> anyhow::Result<HttpAnswer> {
        self.endpoints
            .post(address, "/interactions", headers, body)
            .await
            .map_err(|unsent| anyhow!("the POST never reached {address}: {}", unsent.0))
    }

    /// The signature headers' values (signature, timestamp) for this body, signed now with the
    /// application's key.
    pub fn sign(&self, body: &[u8]) -> (String, String) {
        self.endpoints.sign(body)
    }

    /// The signature of `timestamp + body` (a timestamp of the test's choosing).
    pub fn sign_at(&self, timestamp: &str, body: &[u8]) -> String {
        self.endpoints.sign_at(timestamp, body)
    }

    /// Makes the interaction known to the REST side without sending it (for REST-only tests).
    pub fn register_interaction(&self, interaction: &InteractionPayload) {
        self.shared.update(|state| {
            if interaction.refusal_expected {
                state.refusals_expected.insert(interaction.id);
            }
            state.register_interaction(&interaction.json)
        });
    }

    /// Every reply to every interaction so far was accepted, as Discord would accept it
    /// (`validate.rs`), except those of interactions built with `expecting_refusal`. The waits
    /// for replies check this, and so does dropping the fake, so no test passes on a reply
    /// Discord would have refused.
    pub fn check_replies_accepted(&self) -> anyhow::Result<()> {
        let unexpected = self.read(FakeState::unexpected_refusals);
        if unexpected.is_empty() {
            return Ok(());
        }
        bail!(
            "the fake refused {} repl{} as Discord would (mark the interaction \
             `expecting_refusal()` if the test wants that):\n{}",
            unexpected.len(),
            if unexpected.len() == 1 { "y" } else { "ies" },
            unexpected.join("\n")
        )
    }

    /// Moves the fake's clock `by` ahead of the machine's: what Discord refuses past an
    /// interaction's 3 seconds or its token's 15 minutes is refused as if that time had passed.
    pub fn advance_clock(&self, by: std::time::Duration) {
        self.shared.update(|state| state.clock_ahead += by);
    }

    /// Turns off the check of [`FakeDiscord::check_replies_accepted`] for this whole fake: for
    /// tests of the fake itself that send what Discord refuses.
    pub fn allow_refusals(&self) {
        self.shared
            .update(|state| state.any_refusal_expected = true);
    }

    /// Forgets the recorded requests and replies (messages, interactions and sessions stay), so
    /// that a long run (the load generator) does not keep every picture it was sent.
    pub fn forget_history(&self) {
        self.shared.update(|state| {
            state.requests.clear();
            state.replies.clear();
        });
    }

    /// Replies the fake refused so far (expected or not).
    pub fn refusals(&self) -> Vec<super::state::Refusal> {
        self.read(|state| state.refusals.clone())
    }

    /// Sends any dispatch event (op 0 with this `t`); returns its sequence number.
    pub async fn dispatch(&self, event: &str, data: &Value) -> anyhow::Result<u64> {
        gateway::dispatch(&self.shared, event, data).map_err(|problem| anyhow!(problem))
    }

    /// Closes the newest session's connection with a close code (4000 = unknown error, after
    /// which a client resumes).
    pub async fn close_gateway(&self, code: u16) -> anyhow::Result<()> {
        self.inject_gateway_fault(GatewayFault::Close(code)).await
    }

    /// Injects a gateway fault (close code, dropped connection, Reconnect, Invalid Session) on
    /// the newest open session.
    pub async fn inject_gateway_fault(&self, fault: GatewayFault) -> anyhow::Result<()> {
        gateway::inject(&self.shared, fault).map_err(|problem| anyhow!(problem))
    }

    /// While `true`, new gateway connections are closed before the websocket handshake (the
    /// gateway cannot be reached); open ones stay.
    pub fn refuse_gateway_connections(&self, refusing: bool) {
        self.shared
            .update(|state| state.gateway_refusing = refusing);
    }

    /// With `Some(n)`, the gateway lets `n` connections in all through (those made so far
    /// included) and closes later ones before the handshake, as `refuse_gateway_connections`
    /// does: a process's first shards connect, the next ones cannot. `None` lifts it.
    pub fn limit_gateway_connections(&self, limit: Option<u64>) {
        self.shared
            .update(|state| state.gateway_connection_limit = limit);
    }

    /// How many IDENTIFYs and RESUMEs the gateway received so far.
    pub fn gateway_logins(&self) -> (usize, usize) {
        self.read(|state| (state.identifies.len(), state.resumes.len()))
    }

    /// Waits until the gateway received more than `identifies` IDENTIFYs or more than `resumes`
    /// RESUMEs and a session is open again (READY or RESUMED sent); returns the new counts.
    pub async fn wait_for_login_after(
        &self,
        (identifies, resumes): (usize, usize),
        timeout: Duration,
    ) -> anyhow::Result<(usize, usize)> {
        self.wait_until(timeout, "a new IDENTIFY or RESUME", |state| {
            let counts = (state.identifies.len(), state.resumes.len());
            let moved = counts.0 > identifies || counts.1 > resumes;
            (moved && state.open_sessions() > 0).then_some(counts)
        })
        .await
    }

    // --- commands and requests ---

    pub fn registrations(&self) -> Vec<CommandRegistration> {
        self.read(|state| state.registrations.clone())
    }

    /// Waits until registration number `count` (from 1) happened, and returns it.
    pub async fn wait_for_registration(
        &self,
        count: usize,
        timeout: Duration,
    ) -> anyhow::Result<CommandRegistration> {
        self.wait_until(
            timeout,
            &format!("command registration number {count}"),
            |state| state.registrations.get(count - 1).cloned(),
        )
        .await
    }

    /// The commands currently registered in a scope, as the fake echoes them.
    pub fn commands(&self, scope: CommandScope) -> Vec<Value> {
        self.read(|state| state.commands.get(&scope).cloned().unwrap_or_default())
    }

    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.read(|state| state.requests.clone())
    }

    /// Makes the next `count` requests with this method and a path containing `path_contains`
    /// fail with `status` (e.g. `fail_next("POST", "/callback", 500, 1)`).
    pub fn fail_next(&self, method: &str, path_contains: &str, status: u16, count: usize) {
        self.shared.update(|state| {
            state.failures.push(FailureRule {
                method: method.to_owned(),
                path_contains: path_contains.to_owned(),
                status,
                remaining: count,
            });
        });
    }

    // --- interactions ---

    /// `/tripeaks <subcommand>`; add options, user and locale on the builder.
    pub fn slash(&self, subcommand: &str) -> InteractionBuilder {
        self.command_with("tripeaks", Some(subcommand))
    }

    /// A top-level command without subcommand.
    pub fn command(&self, name: &str) -> InteractionBuilder {
        self.command_with(name, None)
    }

    /// `/<command> <subcommand>` of another top-level command, e.g. `tripeaks-events start`.
    pub fn subcommand(&self, command: &str, subcommand: &str) -> InteractionBuilder {
        self.command_with(command, Some(subcommand))
    }

    fn command_with(&self, name: &str, subcommand: Option<&str>) -> InteractionBuilder {
        self.shared.update(|state| {
            let registered = state.commands.iter().find_map(|(scope, commands)| {
                let command = commands.iter().find(|command| command["name"] == name)?;
                let guild = match scope {
                    CommandScope::Guild(guild) => Some(*guild),
                    CommandScope::Global => None,
                };
                Some((super::payloads::snowflake(&command["id"])?, guild))
            });
            let command = registered.unwrap_or_else(|| (state.next_id(), None));
            InteractionBuilder::command(name, subcommand, state.next_id(), command)
                .with_bot_permissions(state.bot_permissions.clone())
        })
    }

    /// A press of the button `custom_id` on `message` (a message object, e.g. from
    /// [`FakeDiscord::last_bot_message`]).
    pub fn button(&self, message: &Value, custom_id: &str) -> InteractionBuilder {
        self.shared.update(|state| {
            InteractionBuilder::button(message, custom_id, state.next_id())
                .with_bot_permissions(state.bot_permissions.clone())
        })
    }

    /// Waits for the callback to this interaction (also a refused one: check `status`).
    pub async fn wait_for_callback(
        &self,
        interaction: &InteractionPayload,
        timeout: Duration,
    ) -> anyhow::Result<Reply> {
        let what = format!("the callback to interaction {}", interaction.id);
        let reply = self
            .wait_until(timeout, &what, |state| {
                state
                    .replies_to(interaction.id)
                    .find(|reply| reply.callback_type().is_some())
                    .cloned()
            })
            .await?;
        self.check_replies_accepted()?;
        Ok(reply)
    }

    /// Waits until this interaction has at least `count` replies (callback, follow-ups, edits).
    pub async fn wait_for_replies(
        &self,
        interaction: &InteractionPayload,
        count: usize,
        timeout: Duration,
    ) -> anyhow::Result<Vec<Reply>> {
        let what = format!("{count} replies to interaction {}", interaction.id);
        let replies = self
            .wait_until(timeout, &what, |state| {
                let replies: Vec<Reply> = state.replies_to(interaction.id).cloned().collect();
                (replies.len() >= count).then_some(replies)
            })
            .await?;
        self.check_replies_accepted()?;
        Ok(replies)
    }

    /// Sends the interaction and waits for its callback (up to [`REPLY_TIMEOUT`]).
    pub async fn interact(&self, interaction: &InteractionPayload) -> anyhow::Result<Reply> {
        self.send_interaction(interaction).await?;
        self.wait_for_callback(interaction, REPLY_TIMEOUT).await
    }

    pub fn replies(&self, interaction: &InteractionPayload) -> Vec<Reply> {
        self.read(|state| state.replies_to(interaction.id).cloned().collect())
    }

    /// Every reply to every interaction, in the order they came.
    pub fn all_replies(&self) -> Vec<Reply> {
        self.read(|state| state.replies.clone())
    }

    /// A message as Discord has it now (`None` once deleted).
    pub fn message(&self, id: u64) -> Option<Value> {
        self.read(|state| state.message(id).cloned())
    }

    /// The message this interaction's reply created or updated (its `@original`).
    pub fn original_message(&self, interaction: &InteractionPayload) -> anyhow::Result<Value> {
        self.read(|state| {
            let stored = state
                .interactions
                .get(&interaction.id)
                .context("interaction never sent")?;
            let id = stored
                .original_message
                .context("the interaction has no response message")?;
            state
                .message(id)
                .cloned()
                .context("the response message was deleted")
        })
    }

    /// The message the bot created or changed last (ephemeral ones included).
    pub fn last_bot_message(&self) -> Option<Value> {
        self.read(|state| state.last_bot_message().cloned())
    }

    /// The non-ephemeral message the bot created or changed last.
    pub fn last_public_message(&self) -> Option<Value> {
        self.read(|state| state.last_public_message().cloned())
    }

    /// The message a reply created or changed, as it is now.
    pub fn message_of(&self, reply: &Reply) -> Option<Value> {
        self.message(reply.message_id?)
    }
}
