//! The operators' HTTP listener on `METRICS_ADDR` (off by default): `GET /metrics` is the
//! Prometheus (OpenMetrics) text of `metrics.rs`, `GET /healthz` is 200 `ok` when the bot takes
//! interactions (the gateway connected, or the endpoint not draining) and the store answers a
//! ping within a second, else 503 with a one-line reason. The endpoint serves the same
//! `/healthz` on its own address, for a load balancer.
//!
//! HTTP/1 only, on the hyper that serenity's HTTP client already brings; a connection that does
//! not send its request headers within a few seconds is dropped.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result};
use bytes::Bytes;
use http_body_util::Full;
use hyper::body::Incoming;
use hyper::header::{CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use poise::serenity_prelude as serenity;
use tokio::net::TcpListener;
use tracing::{info, warn};

use crate::bot::ops::drain::Drain;
use crate::store::Store;

/// How long the store has to answer the health check's ping.
pub const PING_TIMEOUT: Duration = Duration::from_secs(1);
/// How long a client has to send its request headers.
const HEADER_TIMEOUT: Duration = Duration::from_secs(5);

const OPENMETRICS: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";
const PLAIN: &str = "text/plain; charset=utf-8";

/// What the health check looks at.
#[derive(Clone)]
pub struct Health {
    pub store: Store,
    pub intake: Intake,
}

/// How interactions come in, as the health check sees it.
#[derive(Clone)]
pub enum Intake {
    /// The gateway shards this process runs.
    Gateway(Arc<serenity::ShardManager>),
    /// The interactions endpoint, which may be draining.
    Endpoint(Arc<Drain>),
}

impl Health {
    /// `Ok` when healthy, else the reason, in one line.
    pub async fn check(&self) -> Result<(), String> {
        if let Some(reason) = self.intake_problem().await {
            return Err(reason);
        }
        match tokio::time::timeout(PING_TIMEOUT, self.store.ping()).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(error)) => Err(one_line(&format!("store not answering: {error}"))),
            Err(_) => Err(format!(
                "store not answering: no answer to a ping within {} ms",
                PING_TIMEOUT.as_millis()
            )),
        }
    }

    /// Why interactions are not taken: the gateway not connected (no shard running yet, or a
    /// shard in another stage; a shard between a restart and its boot is not in the shard
    /// manager's list), or the endpoint draining; `None` when they are.
    async fn intake_problem(&self) -> Option<String> {
        let shards = match &self.intake {
            Intake::Gateway(shards) => shards,
            Intake::Endpoint(drain) => {
                return drain.is_draining().then(|| {
                    format!(
                        "draining: stopping, {} interaction(s) still being answered",
                        drain.in_flight()
                    )
                });
            }
        };
        let runners = shards.runners.lock().await;
        if runners.is_empty() {
            return Some("gateway not connected: no shard running yet".to_owned());
        }
        runners.iter().find_map(|(id, runner)| {
            (runner.stage != serenity::ConnectionStage::Connected)
                .then(|| format!("gateway not connected: shard {id} is {}", runner.stage))
        })
    }
}

/// Binds `address` (an error if it cannot) and serves on a task of its own.
pub async fn serve(address: SocketAddr, health: Health) -> Result<()> {
    let listener = TcpListener::bind(address)
        .await
        .with_context(|| format!("listening on METRICS_ADDR {address}"))?;
    let bound = listener.local_addr().unwrap_or(address);
    info!(address = %bound, "metrics at /metrics, health at /healthz");
    tokio::spawn(accept(listener, health));
    Ok(())
}

async fn accept(listener: TcpListener, health: Health) {
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(error) => {
                // Out of file descriptors or similar: give the system a moment.
                warn!(%error, "the metrics listener could not accept a connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let health = health.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |request| {
                let health = health.clone();
                async move { Ok::<_, Infallible>(answer(&health, &request).await) }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

async fn answer(health: &Health, request: &Request<Incoming>) -> Response<Full<Bytes>> {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return text(
            StatusCode::METHOD_NOT_ALLOWED,
            PLAIN,
            "GET only\n".to_owned(),
        );
    }
    match request.uri().path() {
        "/metrics" => {
            if let Intake::Gateway(_) = health.intake {
                let connected = health.intake_problem().await.is_none();
                crate::bot::ops::metrics::gateway_connected(connected);
            }
            text(
                StatusCode::OK,
                OPENMETRICS,
                crate::bot::ops::metrics::render(),
            )
        }
        "/healthz" => match health.check().await {
            Ok(()) => text(StatusCode::OK, PLAIN, "ok\n".to_owned()),
            Err(reason) => text(
                StatusCode::SERVICE_UNAVAILABLE,
                PLAIN,
                format!("{reason}\n"),
            ),
        },
        _ => text(
            StatusCode::NOT_FOUND,
            PLAIN,
            "not found: try /metrics or /healthz\n".to_owned(),
        ),
    }
}

fn text(status: StatusCode, kind: &'static str, body: String) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A reason fit for one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
