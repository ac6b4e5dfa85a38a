//! Guild scheduled events through serenity's own builders, as the bot will make them: created,
//! listed, read, started, completed and deleted as on Discord, and refused as Discord refuses
//! them (permissions 50013, form rules 50035, a finished event 180000, the 100 uncompleted
//! events 30038, an unknown event 10070), on the fake's clock.

use std::time::Duration;

use serde_json::json;
use serenity::builder::{CreateScheduledEvent, EditScheduledEvent};
use serenity::model::Timestamp;
use serenity::model::guild::{ScheduledEvent, ScheduledEventStatus, ScheduledEventType};
use serenity::model::id::{GuildId, ScheduledEventId};

use super::{discord_error, http_for};
use crate::support::{
    ADMINISTRATOR, CREATE_EVENTS, DEFAULT_BOT_PERMISSIONS, FakeDiscord, GUILD_ID, MANAGE_EVENTS,
    parse_timestamp, timestamp_at,
};

/// A time `hours` from now on the machine's clock.
fn in_hours(hours: i64) -> Timestamp {
    Timestamp::from_unix_timestamp(Timestamp::now().unix_timestamp() + hours * 3600).unwrap()
}

/// A week-long external event starting in an hour, as the bot would announce one.
fn external(name: &str) -> CreateScheduledEvent<'static> {
    CreateScheduledEvent::new(ScheduledEventType::External, name, in_hours(1))
        .end_time(in_hours(24 * 7))
        .location("TriPeaks: /tripeaks event")
        .description("Play this week's deal")
}

fn status(status: ScheduledEventStatus) -> EditScheduledEvent<'static> {
    EditScheduledEvent::new().status(status)
}

#[tokio::test]
async fn a_scheduled_event_is_created_listed_started_completed_and_deleted() {
    let fake = FakeDiscord::start().await;
    let http = http_for(&fake);
    let guild = GuildId::new(GUILD_ID);
    fake.set_guild_bot_permissions(GUILD_ID, DEFAULT_BOT_PERMISSIONS | CREATE_EVENTS);
    let event: ScheduledEvent = guild
        .create_scheduled_event(&http, external("Weekly deal"))
        .await
        .unwrap();
    let fields = (event.guild_id, event.status, event.kind, event.channel_id);
    assert_eq!(
        fields,
        (
            guild,
            ScheduledEventStatus::Scheduled,
            ScheduledEventType::External,
            None
        )
    );
    assert_eq!(
        event.creator_id.map(|id| id.get()),
        Some(crate::support::BOT_USER_ID)
    );
    assert_eq!(
        event.start_time.unix_timestamp(),
        in_hours(1).unix_timestamp()
    );
    let location = event.metadata.as_ref().and_then(|m| m.location.as_deref());
    assert_eq!(location, Some("TriPeaks: /tripeaks event"));
    assert!(event.user_count.is_none(), "only when asked");

    let listed = guild.scheduled_events(&http, true).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].id, listed[0].user_count), (event.id, Some(0)));
    let read = guild.scheduled_event(&http, event.id, false).await.unwrap();
    assert_eq!(read.name, "Weekly deal");

    let renamed = EditScheduledEvent::new().name("Weekly deal #2");
    let renamed = guild
        .edit_scheduled_event(&http, event.id, renamed)
        .await
        .unwrap();
    assert_eq!(renamed.name, "Weekly deal #2");
    let started = guild
        .edit_scheduled_event(&http, event.id, status(ScheduledEventStatus::Active))
        .await
        .unwrap();
    assert_eq!(started.status, ScheduledEventStatus::Active);
    let done = guild
        .edit_scheduled_event(&http, event.id, status(ScheduledEventStatus::Completed))
        .await
        .unwrap();
    assert_eq!(done.status, ScheduledEventStatus::Completed);
    assert_eq!(fake.scheduled_events(GUILD_ID)[0]["status"], 3);

    http.delete_scheduled_event(guild, event.id).await.unwrap();
    assert!(fake.scheduled_events(GUILD_ID).is_empty());
    let gone = guild.scheduled_event(&http, event.id, false).await;
    assert_eq!(discord_error(&gone.unwrap_err()), Some((404, 10070)));
    assert!(fake.refusals().is_empty());
}

#[tokio::test]
async fn without_create_events_at_guild_level_the_bot_may_not_touch_events() {
    let fake = FakeDiscord::start().await;
    let http = http_for(&fake);
    let guild = GuildId::new(GUILD_ID);
    let refused = guild.create_scheduled_event(&http, external("No")).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((403, 50013)));
    // The channel's permissions are not the guild's.
    fake.set_bot_permissions(crate::support::CHANNEL_ID, ADMINISTRATOR);
    let refused = guild.create_scheduled_event(&http, external("No")).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((403, 50013)));

    for granted in [CREATE_EVENTS, MANAGE_EVENTS, ADMINISTRATOR] {
        fake.set_guild_bot_permissions(GUILD_ID, DEFAULT_BOT_PERMISSIONS | granted);
        guild
            .create_scheduled_event(&http, external("Yes"))
            .await
            .unwrap();
    }
    let event = ScheduledEventId::new(
        fake.scheduled_events(GUILD_ID)[0]["id"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap(),
    );
    fake.set_guild_bot_permissions(GUILD_ID, DEFAULT_BOT_PERMISSIONS);
    let refused = guild
        .edit_scheduled_event(&http, event, status(ScheduledEventStatus::Canceled))
        .await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((403, 50013)));
    let refused = http.delete_scheduled_event(guild, event).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((403, 50013)));
    assert_eq!(fake.scheduled_events(GUILD_ID).len(), 3);
    assert!(fake.refusals().is_empty(), "403s are answers, not refusals");
}

#[tokio::test]
async fn events_that_break_discords_rules_are_refused() {
    let fake = FakeDiscord::start().await;
    fake.allow_refusals();
    let http = http_for(&fake);
    let guild = GuildId::new(GUILD_ID);
    fake.set_guild_bot_permissions(GUILD_ID, DEFAULT_BOT_PERMISSIONS | CREATE_EVENTS);
    let start = in_hours(1).to_string();
    let end = in_hours(2).to_string();
    let valid = json!({
        "name": "Deal", "privacy_level": 2, "entity_type": 3,
        "scheduled_start_time": start, "scheduled_end_time": end,
        "entity_metadata": { "location": "TriPeaks" },
    });
    let broken = |key: &str, value: serde_json::Value| {
        let mut body = valid.clone();
        match value {
            serde_json::Value::Null if key != "channel_id" => {
                body.as_object_mut().unwrap().remove(key);
            }
            value => body[key] = value,
        }
        body
    };
    let refusals = [
        broken("name", json!("")),
        broken("name", json!("n".repeat(101))),
        broken("description", json!("d".repeat(1001))),
        broken("privacy_level", json!(1)),
        broken("entity_type", json!(4)),
        broken("entity_metadata", serde_json::Value::Null),
        broken("entity_metadata", json!({ "location": "l".repeat(101) })),
        broken("entity_metadata", json!({ "location": "" })),
        broken("scheduled_end_time", serde_json::Value::Null),
        broken("channel_id", json!("1100000000000000200")),
        broken("scheduled_start_time", json!("next tuesday")),
        broken("scheduled_start_time", json!(in_hours(-1).to_string())),
        broken("scheduled_end_time", json!(in_hours(0).to_string())),
    ];
    for body in &refusals {
        let refused = http.create_scheduled_event(guild, body, None).await;
        assert_eq!(
            discord_error(&refused.unwrap_err()),
            Some((400, 50035)),
            "{body}"
        );
    }
    let mut longest = broken("name", json!("n".repeat(100)));
    longest["description"] = json!("d".repeat(1000));
    let created = http
        .create_scheduled_event(guild, &longest, None)
        .await
        .unwrap();
    assert_eq!(
        fake.refusals().len(),
        refusals.len(),
        "form errors are refusals"
    );

    // The start must lie ahead on the fake's clock, not the machine's.
    fake.advance_clock(Duration::from_secs(2 * 3600));
    let refused = http.create_scheduled_event(guild, &valid, None).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((400, 50035)));

    // Status: SCHEDULED -> COMPLETED is no transition; CANCELED is final.
    let done = json!({ "status": 3 });
    let refused = http
        .edit_scheduled_event(guild, created.id, &done, None)
        .await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((400, 50035)));
    let cancel = json!({ "status": 4 });
    http.edit_scheduled_event(guild, created.id, &cancel, None)
        .await
        .unwrap();
    for change in [json!({ "status": 1 }), json!({ "name": "Again" })] {
        let refused = http
            .edit_scheduled_event(guild, created.id, &change, None)
            .await;
        assert_eq!(discord_error(&refused.unwrap_err()), Some((400, 180000)));
    }
    let unknown = ScheduledEventId::new(42);
    let refused = http
        .edit_scheduled_event(guild, unknown, &cancel, None)
        .await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((404, 10070)));
}

#[tokio::test]
async fn a_guild_holds_at_most_100_uncompleted_events() {
    let fake = FakeDiscord::start().await;
    fake.allow_refusals();
    let http = http_for(&fake);
    let guild = GuildId::new(GUILD_ID);
    fake.set_guild_bot_permissions(GUILD_ID, ADMINISTRATOR);
    let mut ids = Vec::new();
    for number in 0..100 {
        let event = guild
            .create_scheduled_event(&http, external(&format!("Deal {number}")))
            .await
            .unwrap();
        ids.push(event.id);
    }
    let refused = guild
        .create_scheduled_event(&http, external("One more"))
        .await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((400, 30038)));
    // A canceled event no longer counts; another guild has its own 100.
    guild
        .edit_scheduled_event(&http, ids[0], status(ScheduledEventStatus::Canceled))
        .await
        .unwrap();
    guild
        .create_scheduled_event(&http, external("One more"))
        .await
        .unwrap();
    assert_eq!(fake.scheduled_events(GUILD_ID).len(), 101);
    assert!(fake.scheduled_events(GUILD_ID + 1).is_empty());
}

#[test]
fn event_times_are_read_as_iso_8601_and_written_as_discord_writes_them() {
    let at = parse_timestamp("2025-01-31T20:00:00Z").unwrap();
    assert_eq!(timestamp_at(at), "2025-01-31T20:00:00+00:00");
    let shifted = parse_timestamp("2025-01-31T21:30:00.25+01:30");
    assert_eq!(shifted, Some(at + 250));
    assert_eq!(timestamp_at(at + 250), "2025-01-31T20:00:00.250000+00:00");
    let parsed: Timestamp = serde_json::from_value(json!(timestamp_at(at))).unwrap();
    assert_eq!(parsed.unix_timestamp() * 1000, at);
    let written = Timestamp::from_unix_timestamp(at / 1000)
        .unwrap()
        .to_string();
    assert_eq!(parse_timestamp(&written), Some(at), "{written}");
    for bad in [
        "2025-01-31",
        "2025-13-01T00:00:00Z",
        "2025-01-31T24:00:00Z",
        "2025-01-31T20:00Z",
        "25-01-31T20:00:00Z",
        "2025-01-31T20:00:00+1",
        "tomorrow",
    ] {
        assert_eq!(parse_timestamp(bad), None, "{bad}");
    }
}
