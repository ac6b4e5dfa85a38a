//! One HTTP request to the endpoint: `POST /interactions` (Discord's signed interaction) or
//! `GET /healthz` (for a load balancer).
//!
//! An interaction is read within a bound (size and time), its signature checked with serenity's
//! `Verifier` before anything is parsed (401 otherwise; what it let in and refused is noted
//! for `/healthz`, `ops/signatures.rs`), then parsed into what the bot reads of
//! it (`answer/interaction.rs`: a press's message is skipped unread). A PING is answered PONG.
//! Anything else takes a place under the in-flight cap (`door.rs`; 503 with `Retry-After: 1`
//! when there is none, before anything of it is done or recorded). An autocomplete is
//! answered with its choices, in the HTTP response; a press or a command is handed to
//! `answer/press.rs` or `answer/slash.rs` on a task of its own, counted in flight
//! (`drain.rs`), and the POST is answered once its first response was made, as Discord asks of
//! interactions received over HTTP: with that response in the 200's body when it carries no
//! file and nothing follows it (a refusal, a confirmation), else 202 with no body once the
//! callback made it (a board with its picture, a deferral). The rest of the answer (a late
//! reply, follow-ups) goes on after, as over the gateway. Every request turned away is counted
//! and logged within bounds (`ops/refusal_log.rs`).

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::Incoming;
use hyper::header::{
    CACHE_CONTROL, CONNECTION, CONTENT_LENGTH, CONTENT_TYPE, HeaderValue, RETRY_AFTER,
};
use hyper::{Method, Request, Response, StatusCode};
use poise::serenity_prelude as serenity;
use tokio::sync::oneshot;
use tracing::warn;

use super::Endpoint;
use crate::bot::answer::first_response::{Acknowledged, FirstResponse};
use crate::bot::answer::interaction::{Command, Interaction, Press};
use crate::bot::answer::invocation::subcommand_name;
use crate::bot::answer::press;
use crate::bot::answer::slash;
use crate::bot::ops::metrics::{self, Arrival, Kind, Refusal};
use crate::bot::ops::refusal_log::refuse;
use crate::bot::ops::signatures::TOO_OLD;

/// The largest interaction taken: a press carries its whole message (a board's is a few
/// kilobytes), far under this.
pub const MAX_BODY: usize = 256 * 1024;
/// How long a client has to send the body once its headers came.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(5);
/// How far a signed timestamp may be from this machine's clock: a signature is not taken
/// again long after it was made.
pub const TIMESTAMP_WINDOW: Duration = Duration::from_secs(5 * 60);
/// How long the POST waits for the first response to be made (the pipeline defers after
/// 1.5 s; this only bounds a callback Discord itself does not answer).
const FIRST_RESPONSE_WAIT: Duration = Duration::from_secs(10);

const JSON: &str = "application/json";
const PLAIN: &str = "text/plain; charset=utf-8";

/// Answers one request; while the process drains, the answer closes its connection.
pub async fn handle(endpoint: Arc<Endpoint>, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let draining = Arc::clone(&endpoint.drain);
    let mut response = route(endpoint, request).await;
    if draining.is_draining() {
        let close = HeaderValue::from_static("close");
        response.headers_mut().insert(CONNECTION, close);
    }
    response
}

async fn route(endpoint: Arc<Endpoint>, request: Request<Incoming>) -> Response<Full<Bytes>> {
    match (request.method(), request.uri().path()) {
        (&Method::POST, "/interactions") => interaction(endpoint, request).await,
        (&Method::GET | &Method::HEAD, "/healthz") => match endpoint.health.check().await {
            Ok(()) => text(StatusCode::OK, "ok\n"),
            Err(reason) => text(StatusCode::SERVICE_UNAVAILABLE, &format!("{reason}\n")),
        },
        (method, path) => {
            let shown: String = path.chars().take(64).collect();
            refuse(Refusal::NotFound, format_args!("{method} {shown:?}"));
            match path {
                "/interactions" | "/healthz" => text(
                    StatusCode::METHOD_NOT_ALLOWED,
                    "POST /interactions, GET /healthz\n",
                ),
                _ => text(StatusCode::NOT_FOUND, "not found: POST /interactions\n"),
            }
        }
    }
}

async fn interaction(endpoint: Arc<Endpoint>, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let (parts, body) = request.into_parts();
    let declared = parts
        .headers
        .get(CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok()?.parse::<usize>().ok());
    let too_large = || {
        refuse(
            Refusal::TooLarge,
            format_args!("a body past {MAX_BODY} bytes"),
        );
        text(StatusCode::PAYLOAD_TOO_LARGE, "too large\n")
    };
    if declared.is_some_and(|length| length > MAX_BODY) {
        return too_large();
    }
    let body =
        match tokio::time::timeout(BODY_TIMEOUT, Limited::new(body, MAX_BODY).collect()).await {
            Ok(Ok(collected)) => collected.to_bytes(),
            Ok(Err(error)) if error.downcast_ref::<LengthLimitError>().is_some() => {
                return too_large();
            }
            Ok(Err(error)) => {
                refuse(
                    Refusal::Malformed,
                    format_args!("a body that could not be read: {error}"),
                );
                return text(StatusCode::BAD_REQUEST, "the body could not be read\n");
            }
            Err(_) => {
                let seconds = BODY_TIMEOUT.as_secs();
                refuse(
                    Refusal::TooSlow,
                    format_args!("a body not sent within {seconds} s"),
                );
                return text(StatusCode::REQUEST_TIMEOUT, "the body came too slowly\n");
            }
        };
    let header = |name: &str| {
        parts
            .headers
            .get(name)
            .and_then(|value| value.to_str().ok())
    };
    let verified = verify(
        &endpoint,
        header("x-signature-ed25519"),
        header("x-signature-timestamp"),
        &body,
    );
    if let Err(problem) = verified {
        // Discord itself sends bad signatures now and then, to check that they are refused;
        // only a request that looks like Discord's (both headers) counts for `/healthz`.
        if problem != NO_HEADERS {
            endpoint.signatures.refused(problem);
        }
        refuse(
            Refusal::Signature,
            format_args!("its signature does not hold: {problem}"),
        );
        return text(StatusCode::UNAUTHORIZED, "invalid request signature\n");
    }
    endpoint.signatures.verified();
    metrics::verified();
    let interaction = match Interaction::from_json(&body) {
        Ok(interaction) => interaction,
        Err(error) => {
            refuse(
                Refusal::Malformed,
                format_args!("a signed interaction that cannot be read: {error}"),
            );
            return text(
                StatusCode::BAD_REQUEST,
                "an interaction this bot cannot read\n",
            );
        }
    };
    match interaction {
        Interaction::Ping => json(&serde_json::json!({ "type": 1 })),
        Interaction::Autocomplete(command) => match endpoint.door.admit_interaction() {
            Some(_admitted) => autocomplete(&endpoint, command).await,
            None => busy(&endpoint),
        },
        Interaction::Press(press) => answer_in_background(endpoint, Answering::Press(press)).await,
        Interaction::Command(command) => {
            answer_in_background(endpoint, Answering::Command(command)).await
        }
        Interaction::Other(kind) => {
            refuse(
                Refusal::Malformed,
                format_args!("an interaction of a kind this bot never asks for ({kind}: a modal?)"),
            );
            text(
                StatusCode::BAD_REQUEST,
                "an interaction this bot does not take\n",
            )
        }
    }
}

/// A signed interaction past the in-flight cap: 503, to be tried again in a second. Nothing of
/// it was done or recorded, so a proxy that tries it again finds it new; Discord tries nothing
/// again (the player sees that the interaction failed).
fn busy(endpoint: &Endpoint) -> Response<Full<Bytes>> {
    let cap = endpoint.door.max_in_flight();
    refuse(
        Refusal::InFlight,
        format_args!("a signed interaction past the {cap} in flight (INTERACTIONS_MAX_IN_FLIGHT)"),
    );
    let mut response = text(
        StatusCode::SERVICE_UNAVAILABLE,
        "busy: too many interactions in flight; try again in a second\n",
    );
    let retry = HeaderValue::from_static("1");
    response.headers_mut().insert(RETRY_AFTER, retry);
    response
}

/// The refusal of a request without the signature headers (not Discord's).
const NO_HEADERS: &str = "no signature headers";

/// The signature of `timestamp + body` under the application's key, and a timestamp near now.
fn verify(
    endpoint: &Endpoint,
    signature: Option<&str>,
    timestamp: Option<&str>,
    body: &[u8],
) -> Result<(), &'static str> {
    let (Some(signature), Some(timestamp)) = (signature, timestamp) else {
        return Err(NO_HEADERS);
    };
    endpoint
        .verifier
        .verify(signature, timestamp, body)
        .map_err(|()| "the signature is not the application's")?;
    let signed = timestamp
        .parse::<u64>()
        .map_err(|_| "the timestamp is not a number")?;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    match now.abs_diff(signed) <= TIMESTAMP_WINDOW.as_secs() {
        true => Ok(()),
        false => Err(TOO_OLD),
    }
}

/// The action a command is counted under: its subcommand, if it is one of the bot's.
fn action(endpoint: &Endpoint, command: &Command) -> &'static str {
    metrics::action_of(subcommand_name(&command.data), endpoint.subcommands)
}

/// What is answered on a task of its own.
enum Answering {
    Press(Press),
    Command(Command),
}

/// Answers a press or a command on a task of its own, counted in flight (503 past the cap);
/// answers the POST once its first response was made: inline, or 202 after the callback.
async fn answer_in_background(
    endpoint: Arc<Endpoint>,
    answering: Answering,
) -> Response<Full<Bytes>> {
    let Some(admitted) = endpoint.door.admit_interaction() else {
        return busy(&endpoint);
    };
    let (first_response, made) = oneshot::channel();
    let taken = endpoint.drain.take();
    // A press's verb is noted by its flow, once it has read the custom_id.
    let (labels, id) = match &answering {
        Answering::Press(press) => ((Kind::Button, "invalid"), press.address.id),
        Answering::Command(command) => {
            let labels = (Kind::Command, action(&endpoint, command));
            (labels, command.address.id)
        }
    };
    tokio::spawn(async move {
        let _taken = (taken, admitted);
        let acknowledged = Acknowledged::to(first_response);
        let (bot, http) = (&*endpoint.bot, &*endpoint.http);
        let answered = async {
            match &answering {
                Answering::Press(press) => {
                    press::answer(bot, http, press, Arrival::HTTP, acknowledged).await;
                }
                Answering::Command(command) => {
                    slash::answer(bot, http, command, Arrival::HTTP, acknowledged).await;
                }
            }
        };
        metrics::measure(labels, Arrival::HTTP, answered).await;
    });
    match tokio::time::timeout(FIRST_RESPONSE_WAIT, made).await {
        Ok(Ok(FirstResponse::Inline(body))) => return with_type(StatusCode::OK, JSON, body),
        Ok(Ok(FirstResponse::Called)) => {}
        Ok(Err(_)) => warn!(%id, "an interaction ended without a response"),
        Err(_) => warn!(%id, "no response made in time to an interaction"),
    }
    let mut response = Response::new(Full::new(Bytes::new()));
    *response.status_mut() = StatusCode::ACCEPTED;
    response
}

/// The choices for the option being typed, in the HTTP response (`slash::complete`, as on the
/// gateway).
async fn autocomplete(endpoint: &Endpoint, command: Command) -> Response<Full<Bytes>> {
    let labels = (Kind::Autocomplete, action(endpoint, &command));
    let choosing = slash::complete(&endpoint.bot, &command);
    let choices = metrics::measure(labels, Arrival::HTTP, choosing).await;
    let response = serenity::CreateInteractionResponse::Autocomplete(slash::suggestions(choices));
    json(&response)
}

fn json(value: &impl serde::Serialize) -> Response<Full<Bytes>> {
    match serde_json::to_vec(value) {
        Ok(body) => with_type(StatusCode::OK, JSON, body),
        Err(error) => {
            warn!(%error, "an answer could not be written as JSON");
            text(StatusCode::INTERNAL_SERVER_ERROR, "internal error\n")
        }
    }
}

fn text(status: StatusCode, body: &str) -> Response<Full<Bytes>> {
    with_type(status, PLAIN, body.as_bytes().to_vec())
}

fn with_type(status: StatusCode, kind: &'static str, body: Vec<u8>) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
