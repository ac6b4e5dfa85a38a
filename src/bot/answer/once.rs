//! Each interaction acted on once, wherever it arrives. A signed request can be sent again by
//! whoever holds a copy: a proxy retrying one whose answer it lost, or someone replaying a
//! captured one within Discord's 5-minute timestamp window, to this process or to another
//! replica on the same database. So before anything of a press or a command touches the store,
//! its id is noted in the store's table of interactions seen lately
//! (`Store::first_arrival`, an insert-if-absent); a second arrival is answered without acting.
//!
//! **The answer to a second arrival** is an ephemeral "this was already answered, so nothing
//! was done again" in the player's language ([`Message::InteractionAlreadyAnswered`]), made as
//! the interaction's response: over HTTP it is the POST's body, with no call to Discord. Whoever
//! sent the copy reads it: someone replaying a capture learns nothing and changes nothing; a
//! proxy hands it to Discord, and the player reads the truth (their action was taken once, by
//! the first arrival). A silent acknowledgement was the other choice, and not an honest one: a
//! command cannot be acknowledged with nothing, and a press acknowledged silently looks taken
//! a second time. No REST call is made for a second arrival (a flood of replays must not become
//! a flood of calls to Discord): past Discord's [`RESPONSE_WINDOW`] no deferral could be taken
//! anyway, so the note is waited for in full (within the store's own bounds); within it, a note
//! slower than [`NOTE_GRACE`] past the deferral's time goes through the pipeline like any slow
//! answer.
//!
//! Over the gateway Discord delivers each interaction once on an authenticated session, so
//! nothing is noted there ([`may_arrive_twice`]: the one line to change should that change);
//! PING and autocomplete change nothing and never get here. Both entries, `press.rs` and
//! `slash.rs`, answer through [`answer`], one line each.

use std::future::Future;
use std::time::Duration;

use crate::bot::answer::deadline::{DEFER_AFTER, age_of_snowflake};
use crate::bot::answer::pipeline::{self, Answered, Responder};
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::reply::{Delivery, Reply};
use crate::bot::ops::metrics::{self, Arrival, Handled, Refusal, Transport};
use crate::bot::ops::refusal_log::refuse;
use crate::i18n::Message;

/// The least time the note of an arrival gets before the pipeline may defer: a second arrival
/// comes past the deferral's time, when the pipeline would defer at once, and its answer should
/// cost no call.
pub const NOTE_GRACE: Duration = Duration::from_millis(250);

/// How long after its creation Discord takes an interaction's first response (a deferral
/// included): past it, nothing is gained by deferring.
pub const RESPONSE_WINDOW: Duration = Duration::from_secs(3);

/// Whether this transport may bring one interaction twice.
pub fn may_arrive_twice(transport: Transport) -> bool {
    match transport {
        Transport::Http => true,
        Transport::Gateway => false,
    }
}

/// Answers interaction `id` with what `handling` gives, through `pipeline::answer`, unless it
/// arrived before: then nothing of `handling` runs, and the player is told it was answered.
/// A note the store could not make is answered as any store failure is, nothing done.
pub async fn answer<R: Responder>(
    bot: &Bot,
    id: u64,
    who: &Player,
    arrival: Arrival,
    handling: impl Future<Output = Reply>,
    responder: &R,
) -> Answered {
    if !may_arrive_twice(arrival.transport) {
        return pipeline::answer(bot, id, who.locale, handling, responder).await;
    }
    let mut note = std::pin::pin!(bot.store().first_arrival(id));
    let noted = match note_wait(age_of_snowflake(id)) {
        Some(wait) => tokio::time::timeout(wait, &mut note).await.ok(),
        None => Some(note.as_mut().await),
    };
    if let Some(Ok(false)) = noted {
        return answer_again(id, who, responder).await;
    }
    // A first arrival, or a note still on its way: the pipeline defers while it waits.
    let handling = async {
        let first = match noted {
            Some(first) => first,
            None => note.await,
        };
        match first {
            Ok(true) => handling.await,
            Ok(false) => {
                note_again(id);
                already_answered(who)
            }
            Err(error) => bot.reply_or_apology(who, Err(error)),
        }
    };
    pipeline::answer(bot, id, who.locale, handling, responder).await
}

/// How long the note of an interaction created `age` ago is waited for before the pipeline
/// takes over (and may defer): until the deferral's time, and at least [`NOTE_GRACE`]; in full
/// (`None`) past [`RESPONSE_WINDOW`], when a deferral could not be taken.
fn note_wait(age: Duration) -> Option<Duration> {
    match age < RESPONSE_WINDOW {
        true => Some(DEFER_AFTER.saturating_sub(age).max(NOTE_GRACE)),
        false => None,
    }
}

/// A second arrival answered at once, as its response (over HTTP, the POST's body).
async fn answer_again<R: Responder>(id: u64, who: &Player, responder: &R) -> Answered {
    note_again(id);
    let answered = responder.respond(already_answered(who), false).await;
    Answered {
        delivery: Delivery::Ephemeral,
        deferred: false,
        answered,
    }
}

/// Counts a second arrival (`replayed`, in the interactions' outcomes and the refusals).
fn note_again(id: u64) {
    metrics::note(Handled::Replayed);
    refuse(
        Refusal::Replayed,
        format_args!("interaction {id} had arrived before; answered without acting"),
    );
}

fn already_answered(who: &Player) -> Reply {
    Reply::ephemeral(Message::InteractionAlreadyAnswered.text(who.locale))
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;
    use crate::i18n::Locale;
    use crate::store::Store;

    /// A responder that records each step; Discord takes them all.
    #[derive(Default)]
    struct Recorder(Mutex<Vec<String>>);

    impl Recorder {
        fn take(&self) -> Vec<String> {
            std::mem::take(&mut *self.0.lock().unwrap())
        }

        fn note(&self, step: String) -> bool {
            self.0.lock().unwrap().push(step);
            true
        }
    }

    impl Responder for Recorder {
        async fn defer(&self) -> bool {
            self.note("defer".into())
        }
        async fn notify_slow(&self) {
            self.note("slow".into());
        }
        async fn respond(&self, reply: Reply, _followed: bool) -> bool {
            self.note(format!("respond {}", reply.text))
        }
        async fn finish(&self, reply: Reply) -> bool {
            self.note(format!("finish {}", reply.text))
        }
        async fn follow_up(&self, reply: Reply) -> bool {
            self.note(format!("follow-up {}", reply.text))
        }
    }

    #[test]
    fn the_note_is_waited_for_until_the_deferral_and_in_full_past_the_window() {
        let at = |millis| note_wait(Duration::from_millis(millis));
        assert_eq!(at(0), Some(DEFER_AFTER));
        assert_eq!(at(1000), Some(Duration::from_millis(500)));
        assert_eq!(at(1400), Some(NOTE_GRACE));
        assert_eq!(at(2999), Some(NOTE_GRACE));
        assert_eq!(at(3000), None, "no deferral would be taken");
        assert_eq!(at(60_000), None);
    }

    /// A snowflake made `age` ago.
    fn made_ago(age: Duration) -> u64 {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap();
        let millis = u64::try_from((now - age).as_millis()).unwrap();
        (millis - 1_420_070_400_000) << 22
    }

    fn player() -> Player {
        Player {
            user: 7,
            name: "ann".into(),
            locale: Locale::De,
            guild: None,
            channel: 1,
        }
    }

    /// Runs a handling that counts its runs and answers "acted".
    async fn answer_counted(
        bot: &Bot,
        id: u64,
        arrival: Arrival,
        runs: &AtomicU32,
        recorder: &Recorder,
    ) -> Answered {
        let handling = async {
            runs.fetch_add(1, Ordering::SeqCst);
            Reply::ephemeral("acted")
        };
        answer(bot, id, &player(), arrival, handling, recorder).await
    }

    #[tokio::test]
    async fn a_second_arrival_over_http_is_answered_without_acting_or_deferring() {
        let bot = Bot::new(Store::connect("sqlite::memory:").await.unwrap());
        let (runs, recorder) = (AtomicU32::new(0), Recorder::default());
        let already = format!(
            "respond {}",
            Message::InteractionAlreadyAnswered.text(Locale::De)
        );
        // A fresh one, then the same again; one replayed a minute after it was made (past
        // Discord's window: a deferral, which a second arrival must not cost, is no use).
        for age in [Duration::ZERO, Duration::from_secs(60)] {
            let id = made_ago(age);
            answer_counted(&bot, id, Arrival::HTTP, &runs, &recorder).await;
            assert_eq!(recorder.take(), ["respond acted"], "{age:?}");
            let again = answer_counted(&bot, id, Arrival::HTTP, &runs, &recorder).await;
            assert_eq!(recorder.take(), [already.as_str()], "{age:?}");
            assert!(again.answered && !again.deferred);
        }
        assert_eq!(runs.load(Ordering::SeqCst), 2, "each acted on once");
    }

    #[tokio::test]
    async fn nothing_is_noted_over_the_gateway() {
        let bot = Bot::new(Store::connect("sqlite::memory:").await.unwrap());
        let (runs, recorder) = (AtomicU32::new(0), Recorder::default());
        let id = made_ago(Duration::ZERO);
        for _ in 0..2 {
            answer_counted(&bot, id, Arrival::gateway(0), &runs, &recorder).await;
        }
        assert_eq!(runs.load(Ordering::SeqCst), 2);
        assert!(bot.store().first_arrival(id).await.unwrap(), "never noted");
    }
}
