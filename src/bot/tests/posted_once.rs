//! A result is posted once, also when Discord took the post and the bot never heard back (its
//! process stopped between Discord's answer and the confirmation, or the answer was lost on the
//! way): the next try finds the post in the channel and confirms it (`earlier_posts.rs`). A
//! post that never reached Discord is still made, and so is one whose channel the bot may not
//! read (it may then show twice: logged).

use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::challenge::HOUR;
use super::events::{MINUTE, event_bot, manager, start};
use super::posts_due::{duel_over_unposted, posted};
use super::recording_discord::Recording;
use super::{ALICE, BOB, WEDNESDAY_NOON, bot_at, player};
use crate::bot::flows::ShowRules;
use crate::bot::game::bot::Bot;
use crate::bot::game::event_clock::{Pass, tick};
use crate::i18n::Locale;

/// Past a challenge result's claim (an interaction token's 15 minutes).
const CLAIM_LAPSED: i64 = 16 * MINUTE;

/// Ann and Ben's duel over, its result claimed by Ben's next answer (in channel 7) and then
/// never confirmed nor let go, as when the process stops right after sending it; `reached`:
/// whether Discord took it. Then the claim lapses.
async fn result_sent_then_crash(reached: bool) -> (Bot, Arc<Recording>) {
    let (bot, clock) = bot_at(WEDNESDAY_NOON).await;
    let discord = Arc::new(Recording::default());
    let bot = bot.with_discord(discord.clone());
    let (ann, ben) = (player(ALICE, Locale::EnUs), player(BOB, Locale::EnUs));
    duel_over_unposted(&bot, &clock, &ann).await;
    let rules = bot.execute(&ben, ShowRules).await;
    let (_, result) = posted(&rules).expect("the result follows Ben's answer");
    if reached {
        discord.took_follow_up(ben.channel, result);
    }
    clock.store(WEDNESDAY_NOON + 24 * HOUR + CLAIM_LAPSED, Ordering::SeqCst);
    (bot, discord)
}

#[tokio::test]
async fn a_result_discord_took_before_a_crash_is_not_posted_again() {
    let (bot, _) = result_sent_then_crash(true).await;
    let ann = player(ALICE, Locale::EnUs);
    let later = bot.execute(&ann, ShowRules).await;
    assert!(
        posted(&later).is_none(),
        "found in the channel: {}",
        later.text
    );
    // Confirmed: due to nobody any more.
    assert!(bot.store().posts_due(ann.id()).await.unwrap().is_empty());
    assert!(
        bot.store()
            .posts_due(player(BOB, Locale::EnUs).id())
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn a_result_that_never_reached_discord_is_posted_after_the_crash() {
    let (bot, _) = result_sent_then_crash(false).await;
    let later = bot.execute(&player(ALICE, Locale::EnUs), ShowRules).await;
    let (_, result) = posted(&later).expect("posted again: Discord never had it");
    assert!(result.text.contains("wins!"), "{}", result.text);
}

/// Where the bot may not read the channel's messages, nothing can be told: the result is
/// posted again rather than lost.
#[tokio::test]
async fn a_result_in_a_channel_the_bot_cannot_read_is_posted_rather_than_lost() {
    let (bot, discord) = result_sent_then_crash(true).await;
    *discord.history_unreadable.lock().unwrap() = true;
    let later = bot.execute(&player(ALICE, Locale::EnUs), ShowRules).await;
    assert!(posted(&later).is_some(), "{}", later.text);
}

/// The event clock's results post reaches Discord but its answer is lost (the bot hears a
/// failure and lets its claim go): the next pass finds the post beside the announcement,
/// confirms it and posts nothing more.
#[tokio::test]
async fn event_results_whose_answer_was_lost_are_posted_once() {
    let (bot, clock, discord) = event_bot(WEDNESDAY_NOON).await;
    bot.execute(&manager(), start(1, "5m")).await;
    clock.fetch_add(5 * MINUTE, Ordering::SeqCst);
    *discord.answers_lost.lock().unwrap() = true;
    let closing = tick(&bot).await.unwrap();
    assert_eq!((closing.closed, closing.posted, closing.failed), (1, 0, 1));
    assert_eq!(discord.posts().len(), 2, "the announcement and the results");
    *discord.answers_lost.lock().unwrap() = false;
    let next = tick(&bot).await.unwrap();
    assert_eq!(
        next,
        Pass {
            closed: 0,
            posted: 1,
            failed: 0
        }
    );
    assert_eq!(discord.posts().len(), 2, "not posted again");
    assert_eq!(tick(&bot).await.unwrap(), Pass::default());
}
