//! The fake gateway: a plain `ws://` websocket that speaks Discord's gateway protocol as far as a
//! bot needs it. On connect it sends HELLO (op 10); IDENTIFY (op 2) starts a session and gets
//! READY (op 0, seq 1); heartbeats (op 1) get ACKs (op 11); RESUME (op 6) of a known session gets
//! RESUMED (events sent while disconnected are not replayed: the fake refuses to send without an
//! open session), of an unknown one INVALID_SESSION (op 9, not resumable), so the client
//! identifies again. Frames are uncompressed JSON text, which serenity accepts although its
//! IDENTIFY asks for `compress: true`.

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
                None => break,
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
        state.identifies.push(identify.clone());
        state.ready_count += 1;
        state.sessions.push(Session {
            id: session_id,
            seq: 1,
            connection,
            outbox: Some(outbox.clone()),
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
            .find(|session| session.id == wanted)
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

/// Sends a dispatch event (op 0) on the newest open session.
pub(crate) fn dispatch(shared: &Shared, event: &str, data: &Value) -> Result<u64, String> {
    shared.update(|state| {
        let summary = state.summary();
        let session = state
            .open_session()
            .ok_or_else(|| format!("no open gateway session to send {event} on ({summary})"))?;
        session.seq += 1;
        let frame = json!({ "op": 0, "s": session.seq, "t": event, "d": data });
        let outbox = session.outbox.as_ref().expect("open_session has an outbox");
        outbox
            .send(Outgoing::Text(frame.to_string()))
            .map_err(|_| format!("the gateway connection closed before {event} went out"))?;
        Ok(session.seq)
    })
}

/// Closes the newest open session's connection with this close code.
pub(crate) fn close(shared: &Shared, code: u16) -> Result<(), String> {
    shared.update(|state| {
        let session = state
            .open_session()
            .ok_or("no open gateway session to close")?;
        let outbox = session.outbox.take().expect("open_session has an outbox");
        outbox
            .send(Outgoing::Close(code))
            .map_err(|_| "the connection was already gone".to_owned())
    })
}
