//! A game's kind as the store writes it: one text column, `kind`, in `current_games` and
//! `finished_games`, and the same text in `posts_due.kind` for the post a kind has due. NULL is
//! a free game, `daily:<n>` the daily #n, `challenge:<id>` a board of the challenge of that id,
//! `event:<id>:<deal>` a game of deal `<deal>` (from 0) of the server event of that id.
//!
//! One encode ([`GameKind::to_stored`]) and one decode ([`GameKind::from_stored`]), as a game
//! has `Game::to_stored` and `Game::from_stored`. The form is canonical: a text decodes only if
//! it is exactly what the encode writes for the kind it names (no `daily:012`, no `+34`), so two
//! texts never name one kind and a query may compare the column with an encoded kind. Anything
//! else is an [`UnknownKind`], which the store reports as a corrupt game, never a panic.
//!
//! A new kind (the server event of issue 38, say) adds a variant to `GameKind` and one prefix
//! here. Migration 013 wrote the same forms from the columns it replaced (`daily`,
//! `challenge_id`); `tests/store/migration.rs` reads them back through this decode.

use thiserror::Error;

use super::model::{EventDealRef, GameKind};
use crate::game::DailyNumber;

const DAILY: &str = "daily:";
const CHALLENGE: &str = "challenge:";
const EVENT: &str = "event:";

/// How much of an unreadable kind an error repeats.
const SHOWN_CHARS: usize = 64;

/// A stored kind that no kind of this version writes.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown game kind `{0}`")]
pub struct UnknownKind(String);

impl UnknownKind {
    fn of(text: &str) -> UnknownKind {
        UnknownKind(text.chars().take(SHOWN_CHARS).collect())
    }
}

impl GameKind {
    /// The kind as the `kind` column keeps it: `None` (NULL) for a free game.
    pub fn to_stored(self) -> Option<String> {
        match self {
            GameKind::Free => None,
            GameKind::Daily(number) => Some(format!("{DAILY}{number}")),
            GameKind::Challenge(id) => Some(format!("{CHALLENGE}{id}")),
            GameKind::Event(EventDealRef { event, deal }) => Some(format!("{EVENT}{event}:{deal}")),
        }
    }

    /// The kind a `kind` column holds; an error for a text [`GameKind::to_stored`] never writes.
    pub fn from_stored(stored: Option<&str>) -> Result<GameKind, UnknownKind> {
        let Some(text) = stored else {
            return Ok(GameKind::Free);
        };
        let kind = if let Some(number) = text.strip_prefix(DAILY) {
            number
                .parse::<u32>()
                .ok()
                .and_then(DailyNumber::new)
                .map(GameKind::Daily)
        } else if let Some(id) = text.strip_prefix(CHALLENGE) {
            id.parse::<i64>().ok().map(GameKind::Challenge)
        } else if let Some(rest) = text.strip_prefix(EVENT) {
            rest.split_once(':').and_then(|(event, deal)| {
                Some(GameKind::Event(EventDealRef {
                    event: event.parse().ok()?,
                    deal: deal.parse().ok()?,
                }))
            })
        } else {
            None
        };
        // Only the encode's own form: `+7` and `007` parse, but are not what it writes.
        match kind {
            Some(kind) if kind.to_stored().as_deref() == Some(text) => Ok(kind),
            _ => Err(UnknownKind::of(text)),
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn any_kind() -> impl Strategy<Value = GameKind> {
        prop_oneof![
            Just(GameKind::Free),
            // Every daily of the calendar (to 9999-12-31, #2,912,109) and a few past its end.
            (1..=3_000_000_u32)
                .prop_filter_map("a daily in the calendar", DailyNumber::new)
                .prop_map(GameKind::Daily),
            any::<i64>().prop_map(GameKind::Challenge),
            (any::<i64>(), any::<u8>())
                .prop_map(|(event, deal)| GameKind::Event(EventDealRef { event, deal })),
        ]
    }

    proptest! {
        #[test]
        fn every_kind_reads_back_as_it_was_written(kind in any_kind()) {
            let stored = kind.to_stored();
            prop_assert_eq!(GameKind::from_stored(stored.as_deref()), Ok(kind));
        }

        /// Whatever the column holds, the decode answers (never a panic), and what it accepts
        /// is exactly the encode's form: one text per kind.
        #[test]
        fn any_text_is_a_kind_in_its_one_form_or_an_error(
            text in prop_oneof![
                "(daily|challenge|event):[-+0-9]{0,12}",
                "event:[-+0-9]{0,6}:[-+0-9]{0,4}",
                ".{0,80}",
            ]
        ) {
            match GameKind::from_stored(Some(&text)) {
                Ok(kind) => prop_assert_eq!(kind.to_stored(), Some(text)),
                Err(UnknownKind(shown)) => {
                    prop_assert!(text.starts_with(&shown));
                    prop_assert!(shown.chars().count() <= SHOWN_CHARS);
                }
            }
        }
    }

    #[test]
    fn the_forms_are_the_documented_ones() {
        let daily = DailyNumber::new(12).unwrap();
        assert_eq!(GameKind::Free.to_stored(), None);
        assert_eq!(GameKind::Daily(daily).to_stored().unwrap(), "daily:12");
        assert_eq!(GameKind::Challenge(34).to_stored().unwrap(), "challenge:34");
        let event = GameKind::Event(EventDealRef { event: 5, deal: 2 });
        assert_eq!(event.to_stored().unwrap(), "event:5:2");
        for unreadable in [
            "",
            "free",
            "daily:",
            "daily:0",
            "daily:012",
            "daily:+12",
            "daily:99999999",
            "challenge:",
            "challenge:34x",
            "challenge:-0",
            "Challenge:34",
            " daily:12",
            "event:5",
            "event:5:",
            "event:5:02",
            "event:5:256",
            "event::2",
            "event:5:2:1",
        ] {
            let error = GameKind::from_stored(Some(unreadable)).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("unknown game kind `{unreadable}`")
            );
        }
        let long = "x".repeat(1_000);
        let error = GameKind::from_stored(Some(&long)).unwrap_err();
        assert!(error.to_string().len() < 100, "{error}");
    }
}
