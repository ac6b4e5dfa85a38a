//! A TCP proxy on 127.0.0.1 between the bot and its database, that a test can cut, slow down and
//! restore: the database going away, a network that stalls, the database coming back.
//!
//! - [`DbProxy::cut`]: the listening socket is closed (new connections are refused, as with a
//!   stopped server) and every open connection is closed.
//! - [`DbProxy::slow`]: every chunk of bytes, both ways, waits this long before it is passed on.
//! - [`DbProxy::hold_next_write_ack`]: the database's answer to the next write it completes
//!   (PostgreSQL's `UPDATE n` or `COMMIT` completion) waits this long before it is passed on:
//!   the write is in the database, the bot does not know it yet (a failover, a stalled link).
//! - [`DbProxy::restore`]: listening again on the same port, no delay.
//!
//! ```ignore
//! let proxy = DbProxy::start("127.0.0.1:5432").await?;
//! let url = format!("postgres://postgres@{}/test", proxy.address());
//! proxy.cut().await;
//! proxy.restore().await;
//! ```

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// What the proxy does now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Open,
    Cut,
}

struct Control {
    upstream: SocketAddr,
    mode: watch::Sender<Mode>,
    /// Whether the port is open, as the serving task last set it.
    listening: watch::Sender<bool>,
    delay_millis: AtomicU64,
    /// Armed by `hold_next_write_ack`: how long to hold that answer (0: not armed).
    hold_write_ack_millis: AtomicU64,
    /// Open connections' tasks, aborted by a cut (which closes their sockets).
    connections: Mutex<Vec<JoinHandle<()>>>,
    accepted: AtomicU64,
}

/// The running proxy; dropping it stops it and closes every connection.
pub struct DbProxy {
    address: SocketAddr,
    control: Arc<Control>,
    task: JoinHandle<()>,
}

impl Drop for DbProxy {
    fn drop(&mut self) {
        self.task.abort();
        self.control.close_all();
    }
}

impl Control {
    fn close_all(&self) {
        let mut connections = self
            .connections
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for connection in connections.drain(..) {
            connection.abort();
        }
    }
}

impl DbProxy {
    /// Listens on a free port of 127.0.0.1 and forwards to `upstream` (e.g. `127.0.0.1:5432`).
    pub async fn start(upstream: &str) -> anyhow::Result<DbProxy> {
        let upstream: SocketAddr = upstream.parse().context("the database's address")?;
        let listener = listen("127.0.0.1:0".parse()?)?;
        let address = listener.local_addr()?;
        let control = Arc::new(Control {
            upstream,
            mode: watch::Sender::new(Mode::Open),
            listening: watch::Sender::new(true),
            delay_millis: AtomicU64::new(0),
            hold_write_ack_millis: AtomicU64::new(0),
            connections: Mutex::new(Vec::new()),
            accepted: AtomicU64::new(0),
        });
        let task = tokio::spawn(serve(listener, address, Arc::clone(&control)));
        Ok(DbProxy {
            address,
            control,
            task,
        })
    }

    /// `127.0.0.1:PORT`, to put in the database URL.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Connections accepted so far.
    pub fn accepted(&self) -> u64 {
        self.control.accepted.load(Ordering::SeqCst)
    }

    /// Refuses new connections and closes the open ones.
    pub async fn cut(&self) {
        self.control.mode.send_replace(Mode::Cut);
        self.wait_listening(false).await;
        self.control.close_all();
    }

    async fn wait_listening(&self, listening: bool) {
        let mut state = self.control.listening.subscribe();
        let _ = state.wait_for(|now| *now == listening).await;
    }

    /// Delays every chunk of bytes, both ways, by `delay` (zero: none).
    pub fn slow(&self, delay: Duration) {
        let millis = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX);
        self.control.delay_millis.store(millis, Ordering::SeqCst);
    }

    /// Holds the database's answer to the next completed write (`UPDATE n` or `COMMIT`) for
    /// `delay`, once: the write itself has happened when the hold starts.
    pub fn hold_next_write_ack(&self, delay: Duration) {
        let millis = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX);
        self.control
            .hold_write_ack_millis
            .store(millis, Ordering::SeqCst);
    }

    /// Accepts connections again (on the same port), without delay.
    pub async fn restore(&self) {
        self.slow(Duration::ZERO);
        self.control.mode.send_replace(Mode::Open);
        self.wait_listening(true).await;
    }
}

/// A listening socket that can take its port back right after it was closed.
fn listen(address: SocketAddr) -> anyhow::Result<TcpListener> {
    let socket = TcpSocket::new_v4()?;
    socket.set_reuseaddr(true)?;
    socket
        .bind(address)
        .with_context(|| format!("binding {address}"))?;
    Ok(socket.listen(64)?)
}

async fn serve(listener: TcpListener, address: SocketAddr, control: Arc<Control>) {
    let mut mode = control.mode.subscribe();
    let mut listener = Some(listener);
    loop {
        let Some(open) = &listener else {
            // Cut: wait for a restore, then listen again.
            if mode.wait_for(|mode| *mode == Mode::Open).await.is_err() {
                return;
            }
            match listen(address) {
                Ok(again) => {
                    listener = Some(again);
                    control.listening.send_replace(true);
                }
                Err(error) => {
                    eprintln!("[db proxy] cannot listen again: {error:#}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
            continue;
        };
        tokio::select! {
            biased;
            changed = mode.wait_for(|mode| *mode == Mode::Cut) => {
                if changed.is_err() {
                    return;
                }
                listener = None;
                control.listening.send_replace(false);
            }
            accepted = open.accept() => {
                let Ok((client, _)) = accepted else { continue };
                if *control.mode.borrow() == Mode::Cut {
                    continue; // closed at once
                }
                control.accepted.fetch_add(1, Ordering::SeqCst);
                let connection = tokio::spawn(forward(client, Arc::clone(&control)));
                control
                    .connections
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push(connection);
            }
        }
    }
}

/// One connection: bytes both ways until either side closes (or the task is aborted).
async fn forward(client: TcpStream, control: Arc<Control>) {
    let Ok(server) = TcpStream::connect(control.upstream).await else {
        return;
    };
    let _ = client.set_nodelay(true);
    let _ = server.set_nodelay(true);
    let (client_read, client_write) = client.into_split();
    let (server_read, server_write) = server.into_split();
    tokio::select! {
        _ = pipe(client_read, server_write, &control, false) => {}
        _ = pipe(server_read, client_write, &control, true) => {}
    }
}

async fn pipe(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    control: &Control,
    from_server: bool,
) {
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        let read = match from.read(&mut buffer).await {
            Ok(0) | Err(_) => return,
            Ok(read) => read,
        };
        let delay = control.delay_millis.load(Ordering::SeqCst);
        if delay > 0 {
            tokio::time::sleep(Duration::from_millis(delay)).await;
        }
        if from_server && completes_a_write(&buffer[..read]) {
            let hold = control.hold_write_ack_millis.swap(0, Ordering::SeqCst);
            if hold > 0 {
                tokio::time::sleep(Duration::from_millis(hold)).await;
            }
        }
        if to.write_all(&buffer[..read]).await.is_err() {
            return;
        }
    }
}

/// Whether these bytes from PostgreSQL hold the completion of a write: a CommandComplete
/// message (`C`) tagged `UPDATE n` or `COMMIT`.
fn completes_a_write(bytes: &[u8]) -> bool {
    [&b"UPDATE "[..], &b"COMMIT\0"[..]]
        .iter()
        .any(|tag| bytes.windows(tag.len()).any(|window| window == *tag))
}
