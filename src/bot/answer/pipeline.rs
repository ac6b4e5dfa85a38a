//! One way to answer an interaction, whatever it is (a slash command, a button press) and
//! whatever brought it (today the gateway; an HTTP endpoint is a second caller): run its
//! handling (its panics caught), defer when it is late and keep it going, answer on time or
//! after the deferral, send its follow-ups once the answer went through, and report which of
//! them made a post due, such as a challenge's result (`Bot::delivered`), and whether a message
//! that opened a game to others never reached Discord (`Bot::lost`: a challenge withdrawn).
//!
//! What differs between kinds and transports is only how each step reaches Discord: a
//! [`Responder`] says it (`responders.rs` has the REST ones, over serenity's HTTP client, which
//! both transports use). The steps and their order are here, once.

use std::future::Future;

use tracing::error;

use crate::bot::answer::deadline::{Timed, age_of_snowflake, in_time};
use crate::bot::game::bot::{Bot, answer_even_on_panic};
use crate::bot::game::reply::{Delivery, Reply};
use crate::bot::ops::metrics::{self, Handled, Refusal};
use crate::bot::ops::refusal_log::refuse;
use crate::i18n::{Locale, Message};
use crate::store::Due;

/// How the steps of an answer reach Discord for one interaction. Each says whether Discord
/// took it (a failure is logged by the responder, once).
pub trait Responder: Sync {
    /// The deferral: a deferred update for a press, a deferred reply for a command.
    fn defer(&self) -> impl Future<Output = bool> + Send;
    /// Tells the player, once, that the answer is slow and will follow by itself.
    fn notify_slow(&self) -> impl Future<Output = ()> + Send;
    /// The interaction's response, on time; `followed`: follow-ups come after it (which
    /// Discord takes only once it has the response).
    fn respond(&self, reply: Reply, followed: bool) -> impl Future<Output = bool> + Send;
    /// The answer after a deferral (an edit, or a follow-up).
    fn finish(&self, reply: Reply) -> impl Future<Output = bool> + Send;
    /// One follow-up: public for a `NewMessage`, else for the player only.
    fn follow_up(&self, reply: Reply) -> impl Future<Output = bool> + Send;
}

/// What became of an answer, for the log line of the interaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answered {
    pub delivery: Delivery,
    pub deferred: bool,
    /// Whether Discord took the answer itself.
    pub answered: bool,
}

/// Answers interaction `id` (in `locale`) with what `handling` gives, within Discord's
/// deadline, through `responder`.
pub async fn answer<R: Responder>(
    bot: &Bot,
    id: u64,
    locale: Locale,
    handling: impl Future<Output = Reply>,
    responder: &R,
) -> Answered {
    let Some(_place) = bot.limits.take_place() else {
        return crowded(id, locale, responder).await;
    };
    let handling = answer_even_on_panic(locale, handling);
    let age = age_of_snowflake(id);
    let defer = || responder.defer();
    let notify_slow = || responder.notify_slow();
    let Timed { reply, deferred } = in_time(locale, age, handling, defer, notify_slow).await;
    if !reply.fits_discord() {
        error!(
            interaction = id,
            rows = reply.rows.len(),
            text_chars = reply.text.chars().count(),
            "a reply exceeds Discord's limits; an apology is sent instead"
        );
    }
    // Read before anything may replace the reply: each result claimed is reported, and what
    // the message opens is withdrawn if it does not reach Discord.
    let claimed = reply.announcements();
    let opened = reply.opens.filter(|_| reply.fits_discord());
    let mut reply = reply.or_apology(locale);
    let mut next = reply.follow_up.take();
    let delivery = reply.delivery;
    let mut posted: Vec<Due> = reply.announces.into_iter().collect();
    let answered = match deferred {
        true => responder.finish(reply).await,
        false => responder.respond(reply, next.is_some()).await,
    };
    if !answered {
        posted.clear();
        next = None;
    }
    if let Some(kind) = opened.filter(|_| !answered) {
        bot.lost(kind).await;
    }
    while let Some(follow_up) = next {
        let mut follow_up = *follow_up;
        next = follow_up.follow_up.take();
        let announces = follow_up.announces;
        if responder.follow_up(follow_up).await {
            posted.extend(announces);
        }
    }
    if !claimed.is_empty() {
        let report: Vec<(Due, bool)> = claimed
            .iter()
            .map(|due| (*due, posted.contains(due)))
            .collect();
        bot.delivered(&report).await;
    }
    Answered {
        delivery,
        deferred,
        answered,
    }
}

/// Past the bound on interactions handled at once (`limits.rs`): nothing of the interaction is
/// done; the player is told at once, privately, that the bot is busy and to try again (counted
/// with the endpoint's refusals as `in_flight`, and logged a few times a minute at most).
async fn crowded<R: Responder>(id: u64, locale: Locale, responder: &R) -> Answered {
    refuse(
        Refusal::InFlight,
        format_args!("interaction {id} while the bot is full"),
    );
    metrics::note(Handled::Refused);
    let busy = Reply::ephemeral(Message::WorkCrowded.text(locale));
    Answered {
        delivery: busy.delivery,
        deferred: false,
        answered: responder.respond(busy, false).await,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use std::time::Duration;

    use super::*;
    use crate::store::Store;

    /// A transport that records each step and takes or refuses it as told.
    #[derive(Default)]
    struct Recorder {
        steps: Mutex<Vec<String>>,
        refuse_answer: bool,
        refuse_follow_ups: bool,
    }

    impl Recorder {
        fn note(&self, step: String) {
            self.steps.lock().unwrap().push(step);
        }

        fn steps(&self) -> Vec<String> {
            self.steps.lock().unwrap().clone()
        }
    }

    impl Responder for Recorder {
        async fn defer(&self) -> bool {
            self.note("defer".into());
            true
        }
        async fn notify_slow(&self) {
            self.note("slow".into());
        }
        async fn respond(&self, reply: Reply, followed: bool) -> bool {
            let followed = if followed { " (followed)" } else { "" };
            self.note(format!("respond {}{followed}", reply.text));
            !self.refuse_answer
        }
        async fn finish(&self, reply: Reply) -> bool {
            self.note(format!("finish {}", reply.text));
            !self.refuse_answer
        }
        async fn follow_up(&self, reply: Reply) -> bool {
            self.note(format!("follow-up {}", reply.text));
            !self.refuse_follow_ups
        }
    }

    async fn bot() -> Bot {
        Bot::new(Store::connect("sqlite::memory:").await.unwrap())
    }

    /// A snowflake made just now: an interaction of age zero.
    fn fresh_id() -> u64 {
        let millis = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64;
        (millis - 1_420_070_400_000) << 22
    }

    fn with_result(text: &str) -> Reply {
        let result = Reply {
            announces: Some(Due::of(crate::store::GameKind::Challenge(7))),
            ..Reply::ephemeral("result").delivered(Delivery::NewMessage)
        };
        Reply::ephemeral(text).then(result)
    }

    /// Past the bound on interactions handled at once, nothing is handled: the player is told
    /// at once, privately and in their language, that the bot is busy; once a place is free,
    /// interactions are handled again.
    #[tokio::test]
    async fn past_the_bound_an_interaction_is_told_the_bot_is_busy_and_not_handled() {
        let bot = bot().await.handling_at_once(1);
        let held = bot.limits.take_place().expect("the one place");
        let recorder = Recorder::default();
        let handled = std::sync::atomic::AtomicBool::new(false);
        let handling = async {
            handled.store(true, std::sync::atomic::Ordering::SeqCst);
            Reply::ephemeral("board")
        };
        let answered = answer(&bot, fresh_id(), Locale::Nl, handling, &recorder).await;
        let busy = Message::WorkCrowded.text(Locale::Nl);
        assert_eq!(recorder.steps(), [format!("respond {busy}")]);
        assert!(answered.answered && answered.delivery == Delivery::Ephemeral);
        assert!(!handled.load(std::sync::atomic::Ordering::SeqCst));
        drop(held);
        let recorder = Recorder::default();
        let reply = async { Reply::ephemeral("board") };
        answer(&bot, fresh_id(), Locale::Nl, reply, &recorder).await;
        assert_eq!(recorder.steps(), ["respond board"]);
    }

    #[tokio::test]
    async fn on_time_the_answer_then_its_follow_ups() {
        let bot = bot().await;
        let recorder = Recorder::default();
        let reply = with_result("board").then(Reply::ephemeral("more"));
        let answered = answer(&bot, fresh_id(), Locale::EnUs, async { reply }, &recorder).await;
        assert_eq!(
            recorder.steps(),
            [
                "respond board (followed)",
                "follow-up result",
                "follow-up more"
            ]
        );
        assert!(answered.answered && !answered.deferred);
    }

    #[tokio::test]
    async fn late_a_deferral_the_answer_after_it_then_the_follow_ups() {
        let bot = bot().await;
        // The store is open: tokio's clock may now run ahead while nothing else waits.
        tokio::time::pause();
        let recorder = Recorder::default();
        let handling = async {
            tokio::time::sleep(Duration::from_secs(2)).await;
            Reply::ephemeral("board").then(Reply::ephemeral("more"))
        };
        let answered = answer(&bot, fresh_id(), Locale::EnUs, handling, &recorder).await;
        assert_eq!(
            recorder.steps(),
            ["defer", "finish board", "follow-up more"]
        );
        assert!(answered.answered && answered.deferred);
    }

    #[tokio::test]
    async fn an_answer_discord_refused_sends_no_follow_up() {
        let bot = bot().await;
        let recorder = Recorder {
            refuse_answer: true,
            ..Recorder::default()
        };
        let answered = answer(
            &bot,
            fresh_id(),
            Locale::EnUs,
            async { with_result("board") },
            &recorder,
        )
        .await;
        assert_eq!(recorder.steps(), ["respond board (followed)"]);
        assert!(!answered.answered);
    }

    /// A duel's message that Discord never took: nobody can answer it, so it is withdrawn and
    /// its challenger may challenge again at once; one Discord took stays waiting.
    #[tokio::test]
    async fn a_challenge_whose_message_discord_refused_is_withdrawn() {
        let bot = bot().await;
        let (ann, ben) = (crate::store::UserId(1), crate::store::UserId(2));
        let new = crate::store::NewChallenge {
            challenger: ann,
            challenger_name: "Ann".into(),
            opponent: Some((ben, "Ben".into())),
            guild: Some(42),
            channel: 7,
            code: "TP1-E-AAAAAAB".parse().unwrap(),
            rematch_of: None,
        };
        for refuse_answer in [false, true] {
            let made = bot.store().create_challenge(&new).await.unwrap();
            let id = made.expect("nothing waiting").id;
            let reply = Reply {
                opens: Some(crate::store::GameKind::Challenge(id)),
                ..Reply::ephemeral("challenge").delivered(Delivery::NewMessage)
            };
            let recorder = Recorder {
                refuse_answer,
                ..Recorder::default()
            };
            answer(&bot, fresh_id(), Locale::EnUs, async { reply }, &recorder).await;
            let waiting = bot.store().unanswered_challenge(ann).await.unwrap();
            if refuse_answer {
                assert_eq!(waiting, None, "withdrawn");
                let lapsed = bot.store().challenge(id).await.unwrap().unwrap();
                assert_eq!(lapsed.state, crate::store::ChallengeState::Lapsed);
            } else {
                assert_eq!(waiting, Some(id), "Discord took it: it waits for Ben");
                bot.store().decline_challenge(id, ben).await.unwrap();
            }
        }
    }

    #[tokio::test]
    async fn a_reply_discord_would_refuse_is_an_apology_and_a_panic_too() {
        let bot = bot().await;
        let recorder = Recorder::default();
        let too_long = Reply::ephemeral("x".repeat(2001));
        answer(
            &bot,
            fresh_id(),
            Locale::EnUs,
            async { too_long },
            &recorder,
        )
        .await;
        let panicking = async { panic!("a bug") };
        answer(&bot, fresh_id(), Locale::EnUs, panicking, &recorder).await;
        let apology = crate::i18n::Message::ErrorGeneric.text(Locale::EnUs);
        let expected = format!("respond {apology}");
        assert_eq!(recorder.steps(), [expected.clone(), expected]);
    }
}
