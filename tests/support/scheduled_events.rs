//! Guild scheduled events (`/guilds/{guild}/scheduled-events[/{event}]`: create, list, read,
//! modify, delete), for the events the bot announces in a server. Discord's documented rules are
//! enforced, so that a bot sending what Discord refuses fails here first: the bot needs
//! `CREATE_EVENTS` (or `MANAGE_EVENTS`) at guild level (403, 50013); names are 1-100 characters,
//! descriptions at most 1000; `privacy_level` is 2; an EXTERNAL event (entity type 3) has no
//! channel, a location of 1-100 characters and an end; times are ISO 8601, the start in the
//! future on the fake's clock and the end after it (400, 50035); the status goes SCHEDULED ->
//! ACTIVE or CANCELED, ACTIVE -> COMPLETED (50035 otherwise), and a COMPLETED or CANCELED event
//! no longer changes (400, 180000); a guild holds at most 100 SCHEDULED or ACTIVE events
//! (400, 30038); an unknown event is 404, 10070.

use serde_json::{Map, Value, json};

use super::payloads::{BOT_USER_ID, bot_user_json, parse_timestamp, snowflake, timestamp_at};
use super::permissions::{CREATE_EVENTS, MANAGE_EVENTS, allows};
use super::rest::{Answer, Parsed};
use super::state::FakeState;

/// SCHEDULED or ACTIVE events a guild may hold at once.
pub const MAX_UNCOMPLETED: usize = 100;

const MISSING_PERMISSIONS: (u16, u64, &str) = (403, 50013, "Missing Permissions");
const UNKNOWN_GUILD: (u16, u64, &str) = (404, 10004, "Unknown Guild");
const UNKNOWN_EVENT: (u16, u64, &str) = (404, 10070, "Unknown Guild Scheduled Event");
const INVALID_JSON: (u16, u64, &str) = (400, 50109, "The request body contains invalid JSON.");
const TOO_MANY: (u16, u64, &str) = (
    400,
    30038,
    "Maximum number of uncompleted guild scheduled events reached (100)",
);
const FINISHED: (u16, u64, &str) = (400, 180000, "Cannot update a finished event");

const EXTERNAL: u64 = 3;
const SCHEDULED: u64 = 1;
const ACTIVE: u64 = 2;
const COMPLETED: u64 = 3;
const CANCELED: u64 = 4;

/// Routes `/guilds/{guild}/scheduled-events[/{event}]`; `query` for `with_user_count`.
pub(crate) fn route(
    state: &mut FakeState,
    method: &str,
    (guild, event): (&str, Option<&str>),
    query: Option<&str>,
    body: &Parsed,
) -> Answer {
    let Ok(guild) = guild.parse::<u64>() else {
        return Answer::refused(UNKNOWN_GUILD);
    };
    let with_count =
        query.is_some_and(|query| query.split('&').any(|pair| pair == "with_user_count=true"));
    let shown = |event: &Value| {
        let mut event = event.clone();
        if with_count {
            event["user_count"] = json!(0);
        }
        event
    };
    let held = state.bot_permissions.in_guild(guild);
    let may_manage = allows(held, CREATE_EVENTS) || allows(held, MANAGE_EVENTS);
    let Some(event) = event else {
        return match method {
            "GET" => {
                let events = state.scheduled_events.get(&guild).into_iter().flatten();
                Answer::ok(json!(events.map(shown).collect::<Vec<_>>()))
            }
            "POST" if !may_manage => Answer::refused(MISSING_PERMISSIONS),
            "POST" => create(state, guild, body),
            _ => Answer::error(405, 0, "405: Method Not Allowed"),
        };
    };
    let now = state.now_millis() as i64;
    let events = state.scheduled_events.entry(guild).or_default();
    let found = event.parse::<u64>().ok().and_then(|id| {
        events
            .iter()
            .position(|event| snowflake(&event["id"]) == Some(id))
    });
    let Some(at) = found else {
        return Answer::refused(UNKNOWN_EVENT);
    };
    match method {
        "GET" => Answer::ok(shown(&events[at])),
        "PATCH" | "DELETE" if !may_manage => Answer::refused(MISSING_PERMISSIONS),
        "DELETE" => {
            events.remove(at);
            Answer::no_content()
        }
        "PATCH" => match modify(&events[at], body, now) {
            Ok(changed) => {
                events[at] = changed.clone();
                Answer::ok(changed)
            }
            Err(refused) => refused,
        },
        _ => Answer::error(405, 0, "405: Method Not Allowed"),
    }
}

fn create(state: &mut FakeState, guild: u64, body: &Parsed) -> Answer {
    let Some(Value::Object(sent)) = &body.json else {
        return Answer::refused(INVALID_JSON);
    };
    if let Err(problem) = fields(sent, true) {
        return Answer::invalid(&problem);
    }
    let start = time(sent, "scheduled_start_time").flatten();
    let end = time(sent, "scheduled_end_time").flatten();
    let mut event = json!({
        "id": "0",
        "guild_id": guild.to_string(),
        "channel_id": sent.get("channel_id").cloned().unwrap_or(Value::Null),
        "creator_id": BOT_USER_ID.to_string(),
        "creator": bot_user_json(),
        "name": sent["name"],
        "description": sent.get("description").cloned().unwrap_or(Value::Null),
        "scheduled_start_time": start.map(timestamp_at),
        "scheduled_end_time": end.map(timestamp_at),
        "privacy_level": sent["privacy_level"],
        "status": SCHEDULED,
        "entity_type": sent["entity_type"],
        "entity_id": null,
        "entity_metadata": sent.get("entity_metadata").cloned().unwrap_or(Value::Null),
        "image": null,
        "recurrence_rule": sent.get("recurrence_rule").cloned().unwrap_or(Value::Null),
    });
    if event["entity_type"] != EXTERNAL && !event["entity_metadata"].is_null() {
        return Answer::invalid("entity_metadata: must be null for a stage or voice event");
    }
    if let Err(problem) = requirements(&event, start.is_some(), state.now_millis() as i64) {
        return Answer::invalid(&problem);
    }
    let uncompleted = state
        .scheduled_events
        .get(&guild)
        .into_iter()
        .flatten()
        .filter(|event| matches!(event["status"].as_u64(), Some(SCHEDULED | ACTIVE)))
        .count();
    if uncompleted >= MAX_UNCOMPLETED {
        return Answer::refused(TOO_MANY);
    }
    event["id"] = json!(state.next_id().to_string());
    state
        .scheduled_events
        .entry(guild)
        .or_default()
        .push(event.clone());
    Answer::ok(event)
}

/// The event after a PATCH, or Discord's refusal.
fn modify(current: &Value, body: &Parsed, now: i64) -> Result<Value, Answer> {
    let from = current["status"].as_u64().unwrap_or(SCHEDULED);
    if matches!(from, COMPLETED | CANCELED) {
        return Err(Answer::refused(FINISHED));
    }
    let Some(Value::Object(sent)) = &body.json else {
        return Err(Answer::refused(INVALID_JSON));
    };
    fields(sent, false).map_err(|problem| Answer::invalid(&problem))?;
    if let Some(to) = sent.get("status").and_then(Value::as_u64) {
        let allowed = matches!(
            (from, to),
            (SCHEDULED, SCHEDULED | ACTIVE | CANCELED) | (ACTIVE, ACTIVE | COMPLETED)
        );
        if !allowed {
            return Err(Answer::invalid(&format!(
                "status: an event cannot go from status {from} to {to}"
            )));
        }
    }
    let mut changed = current.clone();
    for key in [
        "name",
        "description",
        "privacy_level",
        "entity_type",
        "channel_id",
        "entity_metadata",
        "status",
        "recurrence_rule",
    ] {
        if let Some(value) = sent.get(key) {
            changed[key] = value.clone();
        }
    }
    for key in ["scheduled_start_time", "scheduled_end_time"] {
        if let Some(parsed) = time(sent, key) {
            changed[key] = json!(parsed.map(timestamp_at));
        }
    }
    // Discord silently drops the metadata of stage and voice events.
    if changed["entity_type"] != EXTERNAL {
        changed["entity_metadata"] = Value::Null;
    }
    let new_start = time(sent, "scheduled_start_time").is_some();
    requirements(&changed, new_start, now).map_err(|problem| Answer::invalid(&problem))?;
    Ok(changed)
}

/// A time field: `None` when absent, `Some(None)` when null, else its Unix milliseconds (the
/// field was checked by [`fields`] first).
fn time(sent: &Map<String, Value>, key: &str) -> Option<Option<i64>> {
    let value = sent.get(key)?;
    Some(value.as_str().and_then(parse_timestamp))
}

/// The form checks of the fields sent, one by one (`creating`: the required ones are there).
fn fields(sent: &Map<String, Value>, creating: bool) -> Result<(), String> {
    let required = [
        "name",
        "privacy_level",
        "scheduled_start_time",
        "entity_type",
    ];
    for key in required.into_iter().filter(|_| creating) {
        if sent.get(key).is_none_or(Value::is_null) {
            return Err(format!("{key}: this field is required"));
        }
    }
    if let Some(name) = sent.get("name") {
        length(
            "name",
            name.as_str().ok_or("name: must be a string")?,
            1,
            100,
        )?;
    }
    if let Some(Value::String(description)) = sent.get("description") {
        length("description", description, 0, 1000)?;
    }
    if let Some(level) = sent.get("privacy_level")
        && level.as_u64() != Some(2)
    {
        return Err(format!("privacy_level: {level} is not 2 (GUILD_ONLY)"));
    }
    if let Some(kind) = sent.get("entity_type")
        && !matches!(kind.as_u64(), Some(1..=3))
    {
        return Err(format!("entity_type: {kind} is not 1, 2 or 3"));
    }
    // A new event is SCHEDULED whatever it says; a change of status is checked in `modify`.
    if let Some(status) = sent.get("status").filter(|_| !creating)
        && !matches!(status.as_u64(), Some(1..=4))
    {
        return Err(format!("status: {status} is not an event status"));
    }
    for key in ["scheduled_start_time", "scheduled_end_time"] {
        match sent.get(key) {
            Some(Value::Null) if key == "scheduled_end_time" => {}
            Some(value) if value.as_str().and_then(parse_timestamp).is_none() => {
                return Err(format!("{key}: {value} is not an ISO8601 timestamp"));
            }
            _ => {}
        }
    }
    match sent.get("channel_id") {
        None | Some(Value::Null) => {}
        Some(channel) if snowflake(channel).is_none() => {
            return Err(format!("channel_id: {channel} is not a snowflake"));
        }
        Some(_) => {}
    }
    if let Some(Value::String(location)) = sent.get("entity_metadata").map(|m| &m["location"]) {
        length("entity_metadata.location", location, 1, 100)?;
    }
    Ok(())
}

/// What the event as a whole must satisfy: the fields its entity type requires or forbids, and
/// its times (a start being set must lie ahead of `now`; the end comes after the start).
fn requirements(event: &Value, new_start: bool, now: i64) -> Result<(), String> {
    let has = |key: &str| !event[key].is_null();
    if event["entity_type"] == EXTERNAL {
        if has("channel_id") {
            return Err("channel_id: must be null for an EXTERNAL event".to_owned());
        }
        if !event["entity_metadata"]["location"].is_string() {
            return Err("entity_metadata.location: required for an EXTERNAL event".to_owned());
        }
        if !has("scheduled_end_time") {
            return Err("scheduled_end_time: required for an EXTERNAL event".to_owned());
        }
    } else if !has("channel_id") {
        return Err("channel_id: required for a stage or voice event".to_owned());
    }
    let at = |key: &str| event[key].as_str().and_then(parse_timestamp);
    let start = at("scheduled_start_time").ok_or("scheduled_start_time: missing")?;
    if new_start && start <= now {
        return Err("scheduled_start_time: cannot schedule an event in the past".to_owned());
    }
    if let Some(end) = at("scheduled_end_time")
        && end <= start
    {
        return Err("scheduled_end_time: must be after scheduled_start_time".to_owned());
    }
    Ok(())
}

/// Lengths count characters, as Discord does.
fn length(path: &str, text: &str, min: usize, max: usize) -> Result<(), String> {
    let count = text.chars().count();
    if count < min || count > max {
        return Err(format!("{path}: length {count}, must be {min} to {max}"));
    }
    Ok(())
}
