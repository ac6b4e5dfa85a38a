//! The options a player or a server's manager types as text, read as the commands read them:
//! a deal code, a card, a mode set, a daily's date, an event's duration, start and time zone
//! (and the zones suggested as one is typed), and a language tag. Where a value has a printed
//! form, the print reads back as the same value.

use crate::bot::game::options::modes_option;
use crate::game::{DailyNumber, DealCode, parse_date};
use crate::i18n::{Locale, code_invalid};
use crate::stats::{
    DEFAULT_ZONE, a_week_later, format_duration, local_start, parse_duration, zone, zones_matching,
};

/// The names of the options read as text, as the commands declare them.
const NAMES: [&str; 7] = [
    "code", "card", "modes", "date", "duration", "timezone", "starts",
];

/// The target `option_value`: the text read as every option; for `starts`, a second line (if
/// any) names the zone; the first byte picks the player's language.
pub fn option_value(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let locale = Locale::ALL[usize::from(data.first().copied().unwrap_or(0)) % Locale::ALL.len()];
    let (value, zone_name) = match text.split_once('\n') {
        Some((value, zone_name)) => (value, Some(zone_name)),
        None => (text, None),
    };
    for name in NAMES {
        read(name, value, locale, zone_name);
    }
    if let Ok(locale) = text.parse::<Locale>() {
        assert_eq!(locale.to_string().parse::<Locale>(), Ok(locale));
    }
    Locale::negotiate(text);
}

/// The option `name`, given as `text`, read as its command reads it (in `run`, where the store
/// is not needed yet); `zone_name` is the `timezone` option given beside a `starts`.
pub(super) fn read(name: &str, text: &str, locale: Locale, zone_name: Option<&str>) {
    match name {
        "code" => match text.trim().parse::<DealCode>() {
            Ok(code) => assert_eq!(code.to_string().parse::<DealCode>(), Ok(code)),
            Err(error) => {
                code_invalid(locale, &error, text);
            }
        },
        "card" => {
            super::codes::typed_card(locale, text);
        }
        "modes" => {
            if let Ok(modes) = modes_option(text) {
                assert_eq!(modes_option(&modes.to_string()), Ok(modes), "{modes}");
            }
        }
        "date" => {
            if let Ok(date) = parse_date(text) {
                let printed = format!(
                    "{:04}-{:02}-{:02}",
                    date.year(),
                    u8::from(date.month()),
                    date.day()
                );
                assert_eq!(parse_date(&printed), Ok(date));
                if let Ok(daily) = DailyNumber::of_date(date) {
                    assert_eq!(daily.date(), date);
                }
            }
        }
        "duration" => {
            if let Ok(millis) = parse_duration(text) {
                let printed = format_duration(millis);
                assert_eq!(parse_duration(&printed), Ok(millis), "{printed}");
            }
        }
        "timezone" => {
            let _ = zone(text);
            // The suggestions as it is typed: each one is a zone.
            for suggested in zones_matching(text, 25) {
                assert!(zone(&suggested).is_ok(), "{suggested}");
            }
        }
        "starts" => {
            let zone_name = zone_name.unwrap_or(DEFAULT_ZONE);
            if let (Ok(at), Ok(zone)) = (local_start(text, zone_name), zone(zone_name)) {
                // A weekly event comes back a week later, in the same zone.
                a_week_later(at, &zone);
            }
        }
        _ => {}
    }
}
