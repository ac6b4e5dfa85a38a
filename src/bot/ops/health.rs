//! The operators' HTTP listener on `METRICS_ADDR` (off by default): `GET /metrics` is the
//! Prometheus (OpenMetrics) text of `metrics.rs`, `GET /healthz` is 200 `ok` when the bot takes
//! interactions (every shard this process should run connected, or the endpoint not draining
//! and not refusing Discord's signatures: `signatures.rs`) and the store answers a ping within
//! a second, else 503 with a one-line reason. The shards counted are those the process should run (`shards::ExpectedShards`: its range, or Discord's
//! recommended count once known), not those started so far: serenity starts a process's
//! shards 5 s apart, and one connected shard of four is not a healthy bot. The endpoint serves the same
//! `/healthz` on its own address, for a load balancer.
//!
//! HTTP/1 only, on the hyper that serenity's HTTP client already brings; a connection that does
//! not send its request headers within a few seconds is dropped.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::ops::RangeInclusive;
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
use crate::bot::ops::shards::ExpectedShards;
use crate::bot::ops::signatures::Signatures;
use crate::store::Store;

/// How long the store has to answer the health check's ping.
pub const PING_TIMEOUT: Duration = Duration::from_secs(1);
/// How long a client has to send its request headers.
const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// The most shards a reason names one by one; past them it says how many more.
const SHARDS_NAMED: usize = 8;

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
    /// The gateway shards this process runs: serenity's manager knows those started, `expected`
    /// those the process should run.
    Gateway {
        manager: Arc<serenity::ShardManager>,
        expected: Arc<ExpectedShards>,
    },
    /// The interactions endpoint, which may be draining, or refusing every signature.
    Endpoint {
        drain: Arc<Drain>,
        signatures: Arc<Signatures>,
    },
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

    /// Why interactions are not taken: a shard this process should run not connected (not
    /// started yet, or in another stage), or the endpoint draining; `None` when they are.
    async fn intake_problem(&self) -> Option<String> {
        let (manager, expected) = match &self.intake {
            Intake::Gateway { manager, expected } => (manager, expected),
            Intake::Endpoint { drain, signatures } => {
                if drain.is_draining() {
                    let in_flight = drain.in_flight();
                    return Some(format!(
                        "draining: stopping, {in_flight} interaction(s) still being answered"
                    ));
                }
                return signatures.problem();
            }
        };
        let stages: HashMap<u32, serenity::ConnectionStage> = manager
            .runners
            .lock()
            .await
            .iter()
            .map(|(id, runner)| (id.0, runner.stage))
            .collect();
        gateway_problem(expected.get(), &stages)
    }
}

/// Why the gateway is not up, given the shards this process should run (`None` while Discord's
/// recommended count is not known yet) and the stage of each shard started: every shard of the
/// range not connected is named, with its stage or "not started". Pure.
pub fn gateway_problem(
    expected: Option<RangeInclusive<u32>>,
    stages: &HashMap<u32, serenity::ConnectionStage>,
) -> Option<String> {
    let Some(expected) = expected else {
        return Some(
            "gateway not connected: waiting for Discord's recommended shard count".to_owned(),
        );
    };
    let total = expected.clone().count();
    let down: Vec<String> = expected
        .filter_map(|shard| match stages.get(&shard) {
            Some(serenity::ConnectionStage::Connected) => None,
            Some(stage) => Some(format!("{shard} ({stage})")),
            None => Some(format!("{shard} (not started)")),
        })
        .collect();
    if down.is_empty() {
        return None;
    }
    let mut named = down
        .iter()
        .take(SHARDS_NAMED)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if down.len() > SHARDS_NAMED {
        named.push_str(&format!(" and {} more", down.len() - SHARDS_NAMED));
    }
    Some(format!(
        "gateway not connected: {} of {total} shards of this process not connected: {named}",
        down.len()
    ))
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
            if let Intake::Gateway { .. } = health.intake {
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

#[cfg(test)]
mod tests {
    use super::*;
    use poise::serenity_prelude::ConnectionStage::{Connected, Connecting, Resuming};

    #[test]
    fn every_shard_this_process_should_run_is_counted_started_or_not() {
        let stages = |pairs: &[(u32, serenity::ConnectionStage)]| -> HashMap<_, _> {
            pairs.iter().copied().collect()
        };
        // One of four up, the others not started yet: was "ok" when only started ones counted.
        let one_up = gateway_problem(Some(0..=3), &stages(&[(0, Connected)])).unwrap();
        assert_eq!(
            one_up,
            "gateway not connected: 3 of 4 shards of this process not connected: 1 (not started), 2 (not started), 3 (not started)"
        );
        let mixed = stages(&[
            (4, Connected),
            (5, Resuming),
            (6, Connected),
            (7, Connecting),
        ]);
        let reason = gateway_problem(Some(4..=7), &mixed).unwrap();
        assert!(
            reason.contains("2 of 4") && reason.contains("5 (resuming)"),
            "{reason}"
        );
        let all = stages(&[
            (4, Connected),
            (5, Connected),
            (6, Connected),
            (7, Connected),
        ]);
        assert_eq!(gateway_problem(Some(4..=7), &all), None);
        // Shards of other processes are not this one's business.
        assert_eq!(
            gateway_problem(Some(4..=4), &stages(&[(4, Connected)])),
            None
        );
        let unknown = gateway_problem(None, &stages(&[(0, Connected)])).unwrap();
        assert!(unknown.contains("recommended shard count"), "{unknown}");
        let many = gateway_problem(Some(0..=19), &HashMap::new()).unwrap();
        assert!(many.ends_with("7 (not started) and 12 more"), "{many}");
        assert_eq!(many.lines().count(), 1);
    }
}
