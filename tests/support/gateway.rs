//! The fake gateway: a plain `ws://` websocket that speaks Discord's gateway protocol as far as a
//! bot needs it. On connect it sends HELLO (op 10); IDENTIFY (op 2) starts a session and gets
//! READY (op 0, seq 1); heartbeats (op 1) get ACKs (op 11); RESUME (op 6) of a known session gets
//! RESUMED (events sent while disconnected are not replayed: the fake refuses to send without an
//! open session), of an unknown one INVALID_SESSION (op 9, not resumable), so the client
//! identifies again. Frames are uncompressed JSON text, which serenity accepts although its
//! IDENTIFY asks for `compress: true`.
//!
//! Faults a test can inject on the newest open session ([`Fault`]): a close frame with a code, a
//! connection dropped without one (1006), an opcode 7 Reconnect, an opcode 9 Invalid Session; and
//! the gateway can refuse new connections for a while, or past a number of them.

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

use super::payloads::ready_json;
use super::state::{Outgoing, Session, Shared};

pub(crate) async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    loop {
        match listener.accept().await {
            Ok((stream, _)) => drop(tokio::spawn(connection(stream, Arc::clone(&shared)))),
            // Out of file descriptors or similar: give the system a moment.
            Err(_) => tokio::time::sleep(std::time::Duration::from_millis(10)).await,
        }
    }
}

async fn connection(stream: TcpStream, shared: Arc<Shared>) {
    let refused = shared.update(|state| {
        let over_limit = state
            .gateway_connection_limit
            .is_some_and(|limit| state.gateway_accepted >= limit);
        let refused = state.gateway_refusing || over_limit;
        if !refused {
            state.gateway_accepted += 1;
        }
        refused
    });
    if refused {
        return; // dropping the stream closes it before the websocket handshake
    }
    let socket = match tokio_tungstenite::accept_async(stream).await {
        Ok(socket) => socket,
        Err(error) => {
            eprintln!("fake gateway: handshake failed: {error}");
            return;
        }
    };
    let (mut sink, mut incoming) = socket.split();
    let (outbox, mut outgoing) = mpsc::unbounded_channel();
    let connection = shared.update(|state| {
        state.connections += 1;
        state.connections
    });
    let interval = u64::try_from(shared.options.heartbeat_interval.as_millis()).unwrap_or(u64::MAX);
    let hello = json!({ "op": 10, "s": null, "t": null, "d": { "heartbeat_interval": interval } });
    let _ = outbox.send(Outgoing::Text(hello.to_string()));
    loop {
        tokio::select! {
            out = outgoing.recv() => match out {
                Some(Outgoing::Text(text)) => {
                    if sink.send(Message::Text(text)).await.is_err() {
                        break;
                    }
                }
                Some(Outgoing::Close(code)) => {
                    let frame = CloseFrame { code: code.into(), reason: "fake closed".into() };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    break;
                }
                // Leaving the loop drops the socket: TCP closes with no close frame.
                Some(Outgoing::Drop) | None => break,
            },
            frame = incoming.next() => match frame {
                Some(Ok(Message::Text(text))) => receive(&shared, connection, &outbox, &text),
                Some(Ok(Message::Binary(bytes))) => shared.update(|state| {
                    state.other_gateway_payloads.push(json!({ "binary_frame_bytes": bytes.len() }));
                }),
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
        }
    }
    shared.update(|state| state.close_connection(connection));
}

fn receive(shared: &Shared, connection: u64, outbox: &mpsc::UnboundedSender<Outgoing>, text: &str) {
    let payload: Value = serde_json::from_str(text).unwrap_or_else(|_| json!({ "unparsed": text }));
    match payload["op"].as_u64() {
        Some(1) => {
            shared.update(|state| state.heartbeats += 1);
            let _ = outbox.send(Outgoing::Text(json!({ "op": 11 }).to_string()));
        }
        Some(2) => identify(shared, connection, outbox, &payload["d"]),
        Some(6) => resume(shared, connection, outbox, &payload["d"]),
        _ => shared.update(|state| state.other_gateway_payloads.push(payload)),
    }
}

fn identify(
    shared: &Shared,
    connection: u64,
    outbox: &mpsc::UnboundedSender<Outgoing>,
    identify: &Value,
) {
    shared.update(|state| {
        let session_id = format!("fake-session-{}", state.next_id());
        let shard = match identify["shard"].is_array() {
            true => identify["shard"].clone(),
            false => json!([0, 1]),
        };
        let ready = ready_json(&session_id, &shared.gateway_url, &shard);
        let frame = json!({ "op": 0, "s": 1, "t": "READY", "d": ready });
        let _ = outbox.send(Outgoing::Text(frame.to_string()));
        let shard_pair = (
            shard[0].as_u64().unwrap_or(0),
            shard[1].as_u64().unwrap_or(1),
        );
        state.identifies.push(identify.clone());
        state
            .identified_at
            .push((std::time::Instant::now(), shard_pair.0));
        state.ready_count += 1;
        state.sessions.push(Session {
            id: session_id,
            seq: 1,
            connection,
            outbox: Some(outbox.clone()),
            resumable: true,
            shard: shard_pair,
        });
    });
}

fn resume(
    shared: &Shared,
    connection: u64,
    outbox: &mpsc::UnboundedSender<Outgoing>,
    resume: &Value,
) {
    shared.update(|state| {
        state.resumes.push(resume.clone());
        let wanted = resume["session_id"].as_str().unwrap_or_default();
        let Some(session) = state
            .sessions
            .iter_mut()
            .find(|session| session.id == wanted && session.resumable)
        else {
            let _ = outbox.send(Outgoing::Text(json!({ "op": 9, "d": false }).to_string()));
            return;
        };
        session.seq += 1;
        session.connection = connection;
        session.outbox = Some(outbox.clone());
        let frame = json!({ "op": 0, "s": session.seq, "t": "RESUMED", "d": {} });
        let _ = outbox.send(Outgoing::Text(frame.to_string()));
    });
}

/// Sends a dispatch event (op 0) on the newest open session of the shard Discord would use for
/// its `guild_id` (shard 0 without one). With no such session it is recorded as undelivered.
pub(crate) fn dispatch(shared: &Shared, event: &str, data: &Value) -> Result<u64, String> {
    let guild = data["guild_id"]
        .as_str()
        .and_then(|id| id.parse::<u64>().ok())
        .or_else(|| data["guild_id"].as_u64());
    shared.update(|state| {
        let summary = state.summary();
        let Some(session) = state.session_for(guild) else {
            state.undelivered.push(data.clone());
            return Err(format!(
                "no open gateway session of the shard for guild {guild:?} to send {event} on ({summary})"
            ));
        };
        session.seq += 1;
        let frame = json!({ "op": 0, "s": session.seq, "t": event, "d": data });
        let outbox = session.outbox.as_ref().expect("open_session has an outbox");
        outbox
            .send(Outgoing::Text(frame.to_string()))
            .map_err(|_| format!("the gateway connection closed before {event} went out"))?;
        Ok(session.seq)
    })
}

/// A gateway fault, injected on the newest open session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A close frame with this code (4000 = unknown error, after which a client resumes).
    Close(u16),
    /// The TCP connection dropped without a close frame: the client sees 1006.
    Drop,
    /// Opcode 7 Reconnect: the client should reconnect and resume. The fake leaves the
    /// connection open until the client closes it, as Discord does.
    Reconnect,
    /// Opcode 9 Invalid Session with `d` = resumable. With `false` the session is forgotten, so
    /// the client must identify again.
    InvalidSession { resumable: bool },
}

/// Injects a fault on the newest open session.
pub(crate) fn inject(shared: &Shared, fault: Fault) -> Result<(), String> {
    shared.update(|state| {
        let session = state
            .open_session()
            .ok_or_else(|| format!("no open gateway session to inject {fault:?} on"))?;
        let gone = |_| "the connection was already gone".to_owned();
        match fault {
            Fault::Close(code) => {
                let outbox = session.outbox.take().expect("open_session has an outbox");
                outbox.send(Outgoing::Close(code)).map_err(gone)
            }
            Fault::Drop => {
                let outbox = session.outbox.take().expect("open_session has an outbox");
                outbox.send(Outgoing::Drop).map_err(gone)
            }
            Fault::Reconnect => {
                let outbox = session.outbox.as_ref().expect("open_session has an outbox");
                let frame = json!({ "op": 7, "d": null });
                outbox.send(Outgoing::Text(frame.to_string())).map_err(gone)
            }
            Fault::InvalidSession { resumable } => {
                // Nothing more goes out on this session; a resumable one may come back by RESUME.
                let outbox = session.outbox.take().expect("open_session has an outbox");
                session.resumable = resumable;
                let frame = json!({ "op": 9, "d": resumable });
                outbox.send(Outgoing::Text(frame.to_string())).map_err(gone)
            }
        }
    })
}
