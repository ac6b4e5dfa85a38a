//! The fake REST API under `/api/v10`: one catch-all handler that reads the body (JSON, or
//! multipart with `payload_json` and `files[n]`), records the request, applies injected failures,
//! and routes by path segments. Unknown routes answer 404 as Discord does, and are recorded too.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::Response;
use serde_json::{Value, json};

use super::payloads::{
    APPLICATION_ID, application_info_json, bot_user_json, command_echo, error_json,
    gateway_bot_json,
};
use super::recorded::{CommandRegistration, CommandScope, RecordedRequest, UploadedFile};
use super::state::{FakeState, Shared};
use super::validate;
use super::{channels, replies, scheduled_events};

/// The `retry_after` of an injected 429, in seconds.
pub(crate) const RETRY_AFTER_SECONDS: f64 = 0.2;

/// Larger than Discord's upload limit, so that the bot's files always arrive whole.
const BODY_LIMIT: usize = 64 * 1024 * 1024;

pub(crate) fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .fallback(handle)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(shared)
}

/// A request body, parsed.
#[derive(Default)]
pub(crate) struct Parsed {
    pub json: Option<Value>,
    pub raw: Option<String>,
    pub files: Vec<UploadedFile>,
}

/// What a route answers: status and JSON body (none for 204).
pub(crate) struct Answer {
    pub status: u16,
    pub body: Option<Value>,
}

impl Answer {
    pub fn ok(body: Value) -> Answer {
        Answer {
            status: 200,
            body: Some(body),
        }
    }

    pub fn no_content() -> Answer {
        Answer {
            status: 204,
            body: None,
        }
    }

    pub fn error(status: u16, code: u64, message: &str) -> Answer {
        Answer {
            status,
            body: Some(error_json(code, message)),
        }
    }

    /// Discord's refusal as a rule states it: status, JSON code, message.
    pub fn refused((status, code, message): (u16, u64, &str)) -> Answer {
        Answer::error(status, code, message)
    }

    /// A 400 "Invalid Form Body" naming what is wrong (code 50035).
    pub fn invalid(problem: &str) -> Answer {
        Answer::error(400, 50035, &format!("Invalid Form Body: {problem}"))
    }

    /// The answer to a request that [`super::FakeDiscord::fail_next`] made fail.
    /// A 429 says how long to wait, as Discord's do.
    pub fn injected(status: u16) -> Answer {
        if status == 429 {
            return Answer {
                status,
                body: Some(json!({
                    "message": "You are being rate limited.",
                    "retry_after": RETRY_AFTER_SECONDS,
                    "global": false,
                    "code": 0,
                })),
            };
        }
        Answer::error(status, 0, "failure injected by the fake")
    }
}

async fn handle(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let authorization = header_text(request.headers(), AUTHORIZATION);
    let content_type = header_text(request.headers(), CONTENT_TYPE);
    let method = request.method().to_string();
    let path = request.uri().path().to_owned();
    let query = request.uri().query().map(str::to_owned);
    let parsed = read_body(request, content_type.as_deref()).await;
    let answer = shared.update(|state| {
        let injected = state.take_failure(&method, &path);
        let answer = match &parsed {
            Err(problem) => Answer::error(400, 50035, &format!("Invalid Form Body: {problem}")),
            Ok(_) if refused(&shared.options, authorization.as_deref(), &path) => {
                Answer::error(401, 0, "401: Unauthorized")
            }
            Ok(body) => route(
                state,
                (&shared.gateway_url, &shared.options),
                (&method, &path, query.as_deref()),
                body,
                injected,
            ),
        };
        if injected.is_none() {
            state.note_refusal(&method, &path, &answer);
        }
        let body = parsed.as_ref().ok();
        state.requests.push(RecordedRequest {
            method: method.clone(),
            path: path.clone(),
            query: query.clone(),
            authorization,
            content_type,
            json: body.and_then(|body| body.json.clone()),
            raw_body: body.and_then(|body| body.raw.clone()),
            files: body.map(|body| body.files.clone()).unwrap_or_default(),
            status: answer.status,
            answer: answer.body.clone(),
        });
        answer
    });
    respond(answer)
}

/// Whether a request is refused for its token ([`super::FakeOptions::accepted_token`]).
fn refused(options: &super::FakeOptions, authorization: Option<&str>, path: &str) -> bool {
    let Some(accepted) = &options.accepted_token else {
        return false;
    };
    let tokenless = path.contains("/interactions/") || path.contains("/webhooks/");
    !tokenless && authorization != Some(format!("Bot {accepted}").as_str())
}

fn header_text(headers: &HeaderMap, name: HeaderName) -> Option<String> {
    headers.get(name)?.to_str().ok().map(str::to_owned)
}

fn respond(answer: Answer) -> Response {
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = match answer.body {
        Some(body) => {
            let mut response = Response::new(Body::from(body.to_string()));
            response
                .headers_mut()
                .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
            response
        }
        None => Response::new(Body::empty()),
    };
    *response.status_mut() = status;
    response
}

async fn read_body(request: Request, content_type: Option<&str>) -> Result<Parsed, String> {
    if content_type.is_some_and(|kind| kind.starts_with("multipart/form-data")) {
        return read_multipart(request).await;
    }
    let bytes = axum::body::to_bytes(request.into_body(), BODY_LIMIT)
        .await
        .map_err(|error| error.to_string())?;
    if bytes.is_empty() {
        return Ok(Parsed::default());
    }
    Ok(match serde_json::from_slice(&bytes) {
        Ok(json) => Parsed {
            json: Some(json),
            ..Parsed::default()
        },
        Err(_) => Parsed {
            raw: Some(String::from_utf8_lossy(&bytes).into_owned()),
            ..Parsed::default()
        },
    })
}

async fn read_multipart(request: Request) -> Result<Parsed, String> {
    let mut form = Multipart::from_request(request, &())
        .await
        .map_err(|error| error.body_text())?;
    let mut parsed = Parsed::default();
    while let Some(field) = form.next_field().await.map_err(|error| error.body_text())? {
        let name = field.name().unwrap_or_default().to_owned();
        let filename = field.file_name().map(str::to_owned);
        let content_type = field.content_type().map(str::to_owned);
        let bytes = field.bytes().await.map_err(|error| error.body_text())?;
        if name == "payload_json" {
            let json =
                serde_json::from_slice(&bytes).map_err(|error| format!("payload_json: {error}"))?;
            parsed.json = Some(json);
            continue;
        }
        let index = name
            .strip_prefix("files[")
            .and_then(|rest| rest.strip_suffix(']'));
        parsed.files.push(UploadedFile {
            index: index.and_then(|index| index.parse().ok()),
            field: name,
            filename: filename.unwrap_or_default(),
            content_type,
            description: None,
            bytes: bytes.to_vec(),
        });
    }
    let json = parsed.json.clone().unwrap_or_default();
    let listed = json["data"]["attachments"]
        .as_array()
        .or(json["attachments"].as_array());
    for file in &mut parsed.files {
        let entry = listed.into_iter().flatten().find(|entry| {
            super::payloads::snowflake(&entry["id"]).is_some_and(|id| Some(id) == file.index)
        });
        file.description = entry
            .and_then(|entry| entry["description"].as_str())
            .map(str::to_owned);
    }
    Ok(parsed)
}

/// Routes a request. An injected failure is recorded as the reply it fails (so that tests can
/// wait for it) or answered before any other route does its work.
fn route(
    state: &mut FakeState,
    (gateway_url, options): (&str, &super::FakeOptions),
    (method, path, query): (&str, &str, Option<&str>),
    body: &Parsed,
    injected: Option<u16>,
) -> Answer {
    let Some(rest) = path.strip_prefix("/api/v10/") else {
        return Answer::error(404, 0, "404: Not Found (the fake serves /api/v10/ only)");
    };
    let segments: Vec<&str> = rest.trim_end_matches('/').split('/').collect();
    match (method, segments.as_slice()) {
        ("POST", ["interactions", id, token, "callback"]) => {
            return replies::callback(state, (id, token), body, injected);
        }
        (_, ["webhooks", app, token]) => {
            return replies::webhook(state, method, (app, token, None), body, injected);
        }
        (_, ["webhooks", app, token, "messages", message]) => {
            return replies::webhook(state, method, (app, token, Some(message)), body, injected);
        }
        _ => {}
    }
    if let Some(status) = injected {
        return Answer::injected(status);
    }
    match (method, segments.as_slice()) {
        ("GET", ["gateway"]) => Answer::ok(json!({ "url": gateway_url })),
        ("GET", ["gateway", "bot"]) => Answer::ok(gateway_bot_json(gateway_url, options.shards)),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => {
            let mut application = application_info_json();
            if let Some(scopes) = &options.install_scopes {
                application["install_params"] = json!({ "scopes": scopes, "permissions": "34816" });
            }
            Answer::ok(application)
        }
        ("GET", ["users", "@me"]) => Answer::ok(bot_user_json()),
        (_, ["channels", channel, "messages"]) => {
            channels::route(state, method, (channel, None), query, body)
        }
        (_, ["channels", channel, "messages", message]) => {
            channels::route(state, method, (channel, Some(message)), query, body)
        }
        (_, ["guilds", guild, "scheduled-events"]) => {
            scheduled_events::route(state, method, (guild, None), query, body)
        }
        (_, ["guilds", guild, "scheduled-events", event]) => {
            scheduled_events::route(state, method, (guild, Some(event)), query, body)
        }
        (_, ["applications", app, "commands"]) => {
            commands(state, method, app, CommandScope::Global, body)
        }
        (_, ["applications", app, "guilds", guild, "commands"]) => match guild.parse() {
            Ok(guild) => commands(state, method, app, CommandScope::Guild(guild), body),
            Err(_) => Answer::error(404, 10004, "Unknown Guild"),
        },
        _ => Answer::error(404, 0, "404: Not Found"),
    }
}

/// Command registration: `PUT` overwrites the scope's commands, `POST` adds or replaces one,
/// `GET` lists them. Commands are checked against Discord's limits first.
fn commands(
    state: &mut FakeState,
    method: &str,
    app: &str,
    scope: CommandScope,
    body: &Parsed,
) -> Answer {
    if app.parse() != Ok(APPLICATION_ID) {
        return Answer::error(404, 10002, "Unknown Application");
    }
    let current = state.commands.get(&scope).cloned().unwrap_or_default();
    let sent: Vec<Value> = match (method, &body.json) {
        ("GET", _) => return Answer::ok(json!(current)),
        ("PUT", Some(Value::Array(commands))) => commands.clone(),
        ("POST", Some(command @ Value::Object(_))) => vec![command.clone()],
        ("PUT" | "POST", _) => {
            return Answer::error(400, 50109, "The request body contains invalid JSON.");
        }
        _ => return Answer::error(405, 0, "405: Method Not Allowed"),
    };
    for (at, command) in sent.iter().enumerate() {
        if let Err(problem) = validate::command(command, &format!("{at}")) {
            return Answer::error(400, 50035, &format!("Invalid Form Body: {problem}"));
        }
    }
    let mut echoed = Vec::with_capacity(sent.len());
    for command in &sent {
        let same_name = current.iter().find(|old| old["name"] == command["name"]);
        let id = same_name.and_then(|old| super::payloads::snowflake(&old["id"]));
        let id = id.unwrap_or_else(|| state.next_id());
        let version = state.next_id();
        echoed.push(command_echo(command, scope, id, version));
    }
    let stored = match method {
        "PUT" => echoed.clone(),
        _ => {
            let mut merged: Vec<Value> = current
                .into_iter()
                .filter(|old| old["name"] != sent[0]["name"])
                .collect();
            merged.extend(echoed.iter().cloned());
            merged
        }
    };
    state.commands.insert(scope, stored);
    state.registrations.push(CommandRegistration {
        scope,
        method: method.to_owned(),
        sent,
        echoed: echoed.clone(),
    });
    match method {
        "PUT" => Answer::ok(json!(echoed)),
        _ => Answer::ok(echoed.into_iter().next().unwrap_or_default()),
    }
}
