//! The fake's side of interactions over HTTP: it signs each interaction with an Ed25519 key made
//! for this fake (the bot is given its public key as `DISCORD_PUBLIC_KEY`) and POSTs it to the
//! bots' endpoints, taking turns as a load balancer would and trying the next one when a
//! connection is refused (a process stopped). The HTTP answer is taken as Discord takes it:
//! 200 with an interaction response is the callback, made inline (and a callback made after it
//! is refused as already acknowledged); 202 is accepted only after a callback was made for the
//! interaction; anything else is the endpoint refusing the interaction.

use std::net::SocketAddr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, bail};
use bytes::Bytes;
use ed25519_dalek::{Signer, SigningKey};
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use serde_json::Value;

use super::interactions::InteractionPayload;
use super::replies;
use super::rest::Parsed;
use super::state::{Refusal, Shared};

/// The bots' endpoints and the key interactions are signed with.
pub(crate) struct Endpoints {
    key: SigningKey,
    addresses: Mutex<Vec<SocketAddr>>,
    next: AtomicUsize,
    /// Open connections not in use, per endpoint (kept alive, as Discord's are), with when each
    /// became idle.
    idle: Mutex<Vec<Idle>>,
}

/// A kept connection to an endpoint, and since when it is idle.
type Idle = (SocketAddr, SendRequest<Full<Bytes>>, std::time::Instant);

/// How long the fake keeps a connection idle before it stops using it: below the bot's 5 s, as
/// the operators' guide tells a load balancer (nginx `keepalive_timeout 4s`). A kept connection
/// used just as its server closes it loses a request already written, which no proxy retries.
const KEEP_IDLE: std::time::Duration = std::time::Duration::from_secs(4);

/// What an endpoint answered to one POST.
#[derive(Debug, Clone)]
pub struct HttpAnswer {
    pub status: u16,
    pub body: Bytes,
    /// The endpoint that answered.
    pub address: SocketAddr,
}

impl HttpAnswer {
    pub fn json(&self) -> Option<Value> {
        serde_json::from_slice(&self.body).ok()
    }
}

impl Endpoints {
    pub fn new() -> Endpoints {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).expect("random bytes for the fake's signing key");
        Endpoints {
            key: SigningKey::from_bytes(&seed),
            addresses: Mutex::new(Vec::new()),
            next: AtomicUsize::new(0),
            idle: Mutex::new(Vec::new()),
        }
    }

    /// The public key, as the developer portal shows it (64 hex digits).
    pub fn public_key_hex(&self) -> String {
        hex(self.key.verifying_key().as_bytes())
    }

    /// The signature headers' values for this body, signed now.
    pub fn sign(&self, body: &[u8]) -> (String, String) {
        let timestamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_secs()
            .to_string();
        (self.sign_at(&timestamp, body), timestamp)
    }

    /// The signature of `timestamp + body`.
    pub fn sign_at(&self, timestamp: &str, body: &[u8]) -> String {
        let mut message = timestamp.as_bytes().to_vec();
        message.extend_from_slice(body);
        hex(&self.key.sign(&message).to_bytes())
    }

    pub fn add(&self, address: SocketAddr) {
        lock(&self.addresses).push(address);
    }

    pub fn remove(&self, address: SocketAddr) {
        lock(&self.addresses).retain(|known| *known != address);
    }

    pub fn any(&self) -> bool {
        !lock(&self.addresses).is_empty()
    }

    /// POSTs a signed body to the endpoints in turn, from the next one; a refused connection
    /// passes it to the following one (the load balancer's retry), anything else is the answer.
    pub async fn deliver(&self, body: &[u8]) -> anyhow::Result<HttpAnswer> {
        let addresses = lock(&self.addresses).clone();
        anyhow::ensure!(!addresses.is_empty(), "no endpoint to POST to");
        let first = self.next.fetch_add(1, Ordering::Relaxed);
        let mut problems = Vec::new();
        for turn in 0..addresses.len() {
            let address = addresses[(first + turn) % addresses.len()];
            let (signature, timestamp) = self.sign(body);
            let headers = [
                ("x-signature-ed25519", signature.as_str()),
                ("x-signature-timestamp", timestamp.as_str()),
            ];
            match self.post(address, "/interactions", &headers, body).await {
                Ok(answer) => return Ok(answer),
                Err(Unsent(problem)) => problems.push(format!("{address}: {problem}")),
            }
        }
        bail!("no endpoint took the interaction: {}", problems.join("; "))
    }

    /// One POST to one endpoint, on a kept connection or a new one. `Unsent` when the request
    /// never reached the endpoint (refused, or a kept connection it had closed), so it may go
    /// elsewhere; an error after it was sent is an answer with status 0.
    pub async fn post(
        &self,
        address: SocketAddr,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Result<HttpAnswer, Unsent> {
        let mut request = hyper::Request::post(path)
            .header("host", address.to_string())
            .header("content-type", "application/json")
            .header(
                "user-agent",
                "Discord-Interactions/1.0 (+https://discord.com)",
            );
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let mut request = request
            .body(Full::new(Bytes::copy_from_slice(body)))
            .map_err(|error| Unsent(error.to_string()))?;
        loop {
            let (mut sender, kept) = match self.take_idle(address) {
                Some(sender) => (sender, true),
                None => (connect(address).await?, false),
            };
            let sent = match sender.try_send_request(request).await {
                Ok(response) => response,
                Err(mut error) => match error.take_message() {
                    // A kept connection the endpoint closed meanwhile: a new one.
                    Some(unsent) if kept => {
                        request = unsent;
                        continue;
                    }
                    Some(_) => return Err(Unsent(error.into_error().to_string())),
                    None => {
                        return Ok(HttpAnswer {
                            status: 0,
                            body: Bytes::from(error.into_error().to_string()),
                            address,
                        });
                    }
                },
            };
            let status = sent.status().as_u16();
            let body = match sent.into_body().collect().await {
                Ok(body) => body.to_bytes(),
                Err(error) => Bytes::from(format!("the body broke off: {error}")),
            };
            if sender.is_ready() {
                lock(&self.idle).push((address, sender, std::time::Instant::now()));
            }
            return Ok(HttpAnswer {
                status,
                body,
                address,
            });
        }
    }

    fn take_idle(&self, address: SocketAddr) -> Option<SendRequest<Full<Bytes>>> {
        let mut idle = lock(&self.idle);
        idle.retain(|(_, _, since)| since.elapsed() < KEEP_IDLE);
        while let Some(position) = idle.iter().position(|(at, _, _)| *at == address) {
            let (_, sender, _) = idle.swap_remove(position);
            if !sender.is_closed() {
                return Some(sender);
            }
        }
        None
    }
}

/// A request that never reached the endpoint.
#[derive(Debug)]
pub struct Unsent(pub String);

async fn connect(address: SocketAddr) -> Result<SendRequest<Full<Bytes>>, Unsent> {
    let stream = tokio::net::TcpStream::connect(address)
        .await
        .map_err(|error| Unsent(error.to_string()))?;
    let _ = stream.set_nodelay(true);
    let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|error| Unsent(error.to_string()))?;
    tokio::spawn(connection);
    Ok(sender)
}

/// Takes the endpoint's answer to an interaction as Discord does; `Err` for an endpoint that
/// refused it (not 200 or 202) or answered in a way Discord refuses (recorded as a refusal).
pub(crate) fn take_answer(
    shared: &Shared,
    interaction: &InteractionPayload,
    answer: &HttpAnswer,
) -> anyhow::Result<()> {
    match answer.status {
        200 => {
            let json: Value = serde_json::from_slice(&answer.body)
                .with_context(|| format!("a 200 that is not JSON: {answer:?}"))?;
            let parsed = Parsed {
                json: Some(json),
                ..Parsed::default()
            };
            shared.update(|state| {
                let id = interaction.id.to_string();
                let taken = replies::callback(state, (&id, &interaction.token), &parsed, None);
                let path = format!("(inline) /interactions/{id}/{}/callback", interaction.token);
                state.note_refusal("POST", &path, &taken);
            });
            Ok(())
        }
        202 => {
            shared.update(|state| {
                // A callback tried (even one refused or failed): the bot did its part. (A
                // long run's fake forgets replies, not whether an interaction was answered.)
                let called_back = state
                    .interactions
                    .get(&interaction.id)
                    .is_some_and(|stored| stored.acknowledged)
                    || state
                        .replies_to(interaction.id)
                        .any(|reply| reply.callback_type().is_some());
                if !called_back && answer.body.is_empty() {
                    state.refusals.push(Refusal {
                        interaction_id: interaction.id,
                        method: "POST".to_owned(),
                        path: "(202 without a callback)".to_owned(),
                        status: 202,
                        answer: None,
                    });
                }
                if !answer.body.is_empty() {
                    state.refusals.push(Refusal {
                        interaction_id: interaction.id,
                        method: "POST".to_owned(),
                        path: "(202 with a body)".to_owned(),
                        status: 202,
                        answer: serde_json::from_slice(&answer.body).ok(),
                    });
                }
            });
            Ok(())
        }
        status => bail!(
            "the endpoint {} refused the interaction: {status} {}",
            answer.address,
            String::from_utf8_lossy(&answer.body)
        ),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
