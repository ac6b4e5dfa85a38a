//! The JSON objects the fake Discord sends, in the shape Discord sends them and serenity 0.12.5
//! parses them: users, members, READY, application info, the command echo. Snowflakes are
//! strings, as on the wire. The fake's fixed identity (application, bot user, guild, channel) is
//! here too.

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

use super::recorded::CommandScope;

/// The application id; the bot user has the same id, as on Discord.
pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_001;
pub const BOT_USER_ID: u64 = APPLICATION_ID;
pub const BOT_NAME: &str = "TriPeaks";
pub const GUILD_ID: u64 = 1_100_000_000_000_000_100;
pub const CHANNEL_ID: u64 = 1_100_000_000_000_000_200;
/// Discord's upload limit for unboosted guilds, sent in every interaction.
pub const ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;

/// A Discord user who plays (sends interactions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: u64,
    pub name: String,
}

impl Player {
    pub fn new(id: u64, name: &str) -> Player {
        Player {
            id,
            name: name.to_owned(),
        }
    }

    pub fn alice() -> Player {
        Player::new(1_100_000_000_000_001_001, "alice")
    }

    pub fn bob() -> Player {
        Player::new(1_100_000_000_000_001_002, "bob")
    }

    /// The user object.
    pub fn user_json(&self) -> Value {
        user_json(self.id, &self.name, false)
    }

    /// The guild member object (with `user`), as in a guild interaction: an ordinary member's
    /// permissions ([`super::permissions::MEMBER_PERMISSIONS`]).
    pub fn member_json(&self) -> Value {
        json!({
            "user": self.user_json(),
            "nick": null,
            "avatar": null,
            "banner": null,
            "roles": [],
            "joined_at": "2024-01-01T00:00:00.000000+00:00",
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": super::permissions::MEMBER_PERMISSIONS.to_string(),
            "communication_disabled_until": null,
        })
    }
}

pub fn user_json(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "bot": bot,
        "public_flags": 0,
    })
}

/// The bot's own user, as in READY and `GET /users/@me`.
pub fn bot_user_json() -> Value {
    let mut user = user_json(BOT_USER_ID, BOT_NAME, true);
    user["verified"] = json!(true);
    user["mfa_enabled"] = json!(false);
    user["flags"] = json!(0);
    user
}

/// The `d` of READY.
pub fn ready_json(session_id: &str, resume_gateway_url: &str, shard: &Value) -> Value {
    json!({
        "v": 10,
        "user": bot_user_json(),
        "guilds": [],
        "session_id": session_id,
        "resume_gateway_url": resume_gateway_url,
        "shard": shard,
        "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
    })
}

/// `GET /oauth2/applications/@me` (poise asks for it to find the owners).
pub fn application_info_json() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": BOT_NAME,
        "icon": null,
        "description": "TriPeaks solitaire",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": user_json(1_100_000_000_000_000_900, "owner", false),
        "verify_key": "0".repeat(64),
        "team": null,
        "flags": 0,
    })
}

/// `GET /gateway/bot`.
pub fn gateway_bot_json(url: &str, shards: u32) -> Value {
    json!({
        "url": url,
        "shards": shards,
        "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1
        },
    })
}

/// A command as Discord echoes it after registration: what was sent, plus the fields Discord
/// adds. `id` stays the same when a command of that name already existed.
pub fn command_echo(sent: &Value, scope: CommandScope, id: u64, version: u64) -> Value {
    let mut echo = sent.clone();
    echo["id"] = json!(id.to_string());
    echo["application_id"] = json!(APPLICATION_ID.to_string());
    echo["version"] = json!(version.to_string());
    if echo.get("type").is_none_or(Value::is_null) {
        echo["type"] = json!(1);
    }
    for (key, default) in [
        ("default_member_permissions", Value::Null),
        ("nsfw", json!(false)),
        ("options", json!([])),
    ] {
        if echo.get(key).is_none() {
            echo[key] = default;
        }
    }
    if let CommandScope::Guild(guild_id) = scope {
        echo["guild_id"] = json!(guild_id.to_string());
    }
    echo
}

/// A Discord error body.
pub fn error_json(code: u64, message: &str) -> Value {
    json!({ "message": message, "code": code })
}

/// Now as an ISO 8601 timestamp with microseconds, as Discord writes them.
pub fn timestamp_now() -> String {
    let since_epoch = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let seconds = since_epoch.as_secs();
    let (year, month, day) = civil_from_days((seconds / 86_400) as i64);
    let of_day = seconds % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}+00:00",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60,
        since_epoch.subsec_micros()
    )
}

/// A time (Unix milliseconds) as Discord writes the times of scheduled events:
/// `2025-01-31T20:00:00+00:00`, with milliseconds only when there are some.
pub fn timestamp_at(unix_millis: i64) -> String {
    let seconds = unix_millis.div_euclid(1000);
    let millis = unix_millis.rem_euclid(1000);
    let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
    let of_day = seconds.rem_euclid(86_400);
    let fraction = match millis {
        0 => String::new(),
        millis => format!(".{millis:03}000"),
    };
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}{fraction}+00:00",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60,
    )
}

/// An ISO 8601 date and time (`2025-01-31T20:00:00Z`, `…T20:00:00.5+01:00`; no offset is UTC)
/// as Unix milliseconds; `None` when it is not one.
pub fn parse_timestamp(text: &str) -> Option<i64> {
    let (date, time) = text.split_once(['T', 't', ' '])?;
    let mut date_parts = date.splitn(3, '-');
    let mut number = |digits: usize| {
        let part = date_parts.next()?;
        (part.len() == digits && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<i64>().ok())
            .flatten()
    };
    let (year, month, day) = (number(4)?, number(2)?, number(2)?);
    let offset_at = time.find(['Z', 'z', '+', '-']).unwrap_or(time.len());
    let (clock, offset) = time.split_at(offset_at);
    let (clock, fraction) = clock.split_once('.').unwrap_or((clock, ""));
    let fields: Vec<i64> = clock
        .split(':')
        .map(|field| (field.len() == 2).then(|| field.parse().ok()).flatten())
        .collect::<Option<_>>()?;
    let [hour, minute, second] = fields[..] else {
        return None;
    };
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let millis = format!("{fraction:0<3}")[..3].parse::<i64>().ok()?;
    let offset_minutes = match offset {
        "" | "Z" | "z" => 0,
        signed if signed.is_ascii() => {
            let (sign, rest) = signed.split_at(1);
            let (hours, minutes) = rest
                .split_once(':')
                .unwrap_or(rest.split_at(2.min(rest.len())));
            let value = hours.parse::<i64>().ok()? * 60 + minutes.parse::<i64>().ok()?;
            if sign == "-" { -value } else { value }
        }
        _ => return None,
    };
    let valid = (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && hour < 24
        && minute < 60
        && second < 61;
    if !valid {
        return None;
    }
    let days = days_from_civil(year, month as u32, day as u32);
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset_minutes * 60;
    Some(seconds * 1000 + millis)
}

/// (year, month, day) to days since 1970-01-01, the inverse of `civil_from_days`.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let shifted_month = i64::from((month + 9) % 12);
    let day_of_year = (153 * shifted_month + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// A snowflake written as Discord does (a string), read back from a string or a number.
pub fn snowflake(value: &Value) -> Option<u64> {
    match value {
        Value::String(text) => text.parse().ok(),
        Value::Number(number) => number.as_u64(),
        _ => None,
    }
}
