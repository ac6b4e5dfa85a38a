//! The event clock: what happens to server events with nobody asking. At an event's end, the
//! process that closes it (one conditional UPDATE: exactly one of a deployment's processes)
//! posts its results in its channel, edits its announcement to say it ended, completes its
//! listing in the server's Events list and, for a weekly event, announces next week's, which
//! the same transaction made. A results post that did not go through is posted again by a later
//! pass of any process, once its claim lapsed or was let go; one that reached Discord unconfirmed
//! (a crash between Discord's answer and the confirmation) is found in the channel first
//! (`earlier_posts.rs`); so a restart or a crash in between loses nothing and posts nothing
//! twice.
//!
//! [`tick`] is one pass, on the bot's clock (injected in tests, which call it directly); [`run`]
//! repeats it until the process stops: at the next end, at least every [`LOOK_EVERY`], and at
//! once when a manager ends an event or a reader finds one past its end
//! (`Bot::events_changed`). Both transports start it (`bot/run.rs`).

use std::sync::Arc;
use std::time::Duration;

use tracing::{info, warn};

use crate::bot::game::advice::event_deals;
use crate::bot::game::bot::Bot;
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::discord::{ChannelPost, ListingEnd, Refused};
use crate::bot::game::earlier_posts::{Marker, made_earlier};
use crate::bot::game::event_posts::{announcement, listing, results_post};
use crate::stats::{a_week_later, zone};
use crate::store::{Closed, Event, NewEvent, PostKey, StoreError};

/// The longest the clock sleeps between two looks: the end of an event another process
/// scheduled (or moved nearer) is seen within this.
pub const LOOK_EVERY: Duration = Duration::from_secs(30);

/// How many events one pass closes or posts at most (the rest wait for the next pass).
const PER_PASS: usize = 20;

/// What one pass did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    /// Events this process closed.
    pub closed: usize,
    /// Results posts Discord took.
    pub posted: usize,
    /// Results posts that did not go through (tried again later).
    pub failed: usize,
}

/// One pass: closes the events past their end, posts their results, and posts again the
/// results that did not go through before.
pub async fn tick(bot: &Bot) -> Result<Pass, StoreError> {
    let mut pass = Pass::default();
    // A post that failed in this pass waits for the next one.
    let mut tried = Vec::new();
    for event in bot.store.events_due(PER_PASS).await? {
        let next = next_week(&event).await;
        let Closed::Now { event, next } = bot.store.close_event(event.id, next).await? else {
            continue;
        };
        pass.closed += 1;
        info!(event = event.id, guild = event.guild, "an event ended");
        tried.push(event.id);
        post_results(bot, &event, &mut pass).await?;
        retire_posts(bot, &event, ListingEnd::Ended).await;
        if let Some(next) = next {
            announce_next(bot, &next).await?;
        }
    }
    for event in bot.store.unposted_event_results(PER_PASS).await? {
        if !tried.contains(&event.id) && bot.store.claim_event_results(event.id).await? {
            post_results(bot, &event, &mut pass).await?;
        }
    }
    Ok(pass)
}

/// A weekly event's next week: the same local start a week later in its zone (across a
/// daylight-saving change), as long, with new deals of the same rule and modes.
async fn next_week(event: &Event) -> Option<NewEvent> {
    if !event.weekly {
        return None;
    }
    let zone = zone(&event.zone).ok()?;
    let starts_at = a_week_later(event.starts_at, &zone)?;
    let first = event.deals.first()?.code;
    let deals = event_deals(first.rule, first.modes, event.deals.len()).await?;
    Some(NewEvent {
        guild: event.guild,
        channel: event.channel,
        name: event.name.clone(),
        created_by: event.created_by,
        deals,
        hints: event.hints,
        starts_at,
        ends_at: starts_at + event.duration(),
        zone: event.zone.clone(),
        weekly: true,
        locale: event.locale.clone(),
    })
}

/// Posts the results of an event this process holds the claim of: confirmed when Discord took
/// them, let go otherwise (a later pass tries again). An earlier try that reached Discord
/// unconfirmed (a crash in between) is found and confirmed instead of posted again.
async fn post_results(bot: &Bot, event: &Event, pass: &mut Pass) -> Result<(), StoreError> {
    let key = PostKey::EventResults(event.id);
    let standings = ButtonAction::EventStandings(event.id).to_string();
    let marker = Marker {
        custom_id: &standings,
        except: event.announcement,
    };
    if made_earlier(bot, key, marker).await? {
        bot.store.event_results_posted(event.id, true).await?;
        pass.posted += 1;
        return Ok(());
    }
    let post = results_post(bot, event).await;
    let sent = match &post {
        Ok(post) => match bot.store.note_post_attempt(key, event.channel).await {
            Ok(()) => bot.discord.post(event.channel, post).await.map(drop),
            Err(error) => Err(Refused::Failed(error.to_string())),
        },
        Err(error) => Err(Refused::Failed(error.to_string())),
    };
    match sent {
        Ok(()) => {
            bot.store.event_results_posted(event.id, true).await?;
            pass.posted += 1;
        }
        Err(error) => {
            warn!(
                event = event.id,
                "an event's results were not posted: {error}"
            );
            bot.store.event_results_posted(event.id, false).await?;
            pass.failed += 1;
        }
    }
    post?;
    Ok(())
}

/// The announcement says what became of an event that ended or was cancelled (no Play
/// buttons any more), and its listing follows. Either failing costs only that (logged).
pub async fn retire_posts(bot: &Bot, event: &Event, end: ListingEnd) {
    if let Some(message) = event.announcement {
        let post = ChannelPost::of(announcement(event));
        if let Err(error) = bot.discord.edit(event.channel, message, &post).await {
            warn!(
                event = event.id,
                "an event's announcement stays as it was: {error}"
            );
        }
    }
    if let Some(listing) = event.listing
        && let Err(error) = bot.discord.end_listing(event.guild, listing, end).await
    {
        warn!(
            event = event.id,
            "an event's listing stays as it was: {error}"
        );
    }
}

/// Announces a weekly event's next week, and lists it when the bot may.
async fn announce_next(bot: &Bot, next: &Event) -> Result<(), StoreError> {
    match bot
        .discord
        .post(next.channel, &ChannelPost::of(announcement(next)))
        .await
    {
        Ok(message) => bot.store.set_event_announcement(next.id, message).await?,
        Err(error) => warn!(
            event = next.id,
            "next week's announcement not posted: {error}"
        ),
    }
    match bot.discord.list(next.guild, &listing(next)).await {
        Ok(listing) => bot.store.set_event_listing(next.id, listing).await?,
        Err(error) => info!(event = next.id, "next week's event is not listed: {error}"),
    }
    Ok(())
}

/// Runs the clock until the process stops: a pass, then a sleep until the next end (at most
/// [`LOOK_EVERY`]) or until woken.
pub async fn run(bot: Arc<Bot>) {
    loop {
        if let Err(error) = tick(&bot).await {
            warn!("the event clock's pass failed: {error}");
        }
        let wait = match bot.store.next_event_end().await {
            Ok(Some(end)) => {
                let millis = u64::try_from(end - bot.now()).unwrap_or(0);
                // Not sooner than a second: an end that a pass could not close (the store
                // failing) is not looked at in a busy loop.
                Duration::from_millis(millis).clamp(Duration::from_secs(1), LOOK_EVERY)
            }
            Ok(None) => LOOK_EVERY,
            Err(error) => {
                warn!("the event clock cannot see the next end: {error}");
                LOOK_EVERY
            }
        };
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = bot.events_changed.notified() => {}
        }
    }
}
