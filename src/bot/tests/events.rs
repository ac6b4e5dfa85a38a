//! Server events through the flows, on an injected clock and a recording stand-in for
//! Discord's REST API: a whole event in compressed time (the announcement, private boards,
//! a counted game and a practice one, the standings, the close and its one results post, the
//! announcement edited, the listing completed), two processes on one database posting one
//! result through a restart, a weekly event across a daylight-saving change, a manager whose
//! bot may not create events, and the refusals of bad input.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::challenge::play_out;
use super::recording_discord::{Call, Recording};
use super::{ALICE, BOB, WEDNESDAY_NOON, bot_at, button_for, player};
use crate::bot::flows::{EndEvent, ShowEvent, StartEvent};
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::discord::ListingEnd;
use crate::bot::game::event_clock::{Pass, tick};
use crate::bot::game::reply::{Delivery, Reply};
use crate::game::ModeChoices;
use crate::i18n::{Locale, Message};
use crate::store::{EventState, Store};

pub(super) const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
/// Every permission a bot role usually has in a channel, and Create Events.
const ALL_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 15) | (1 << 44);

/// A bot at `now` that posts through a recording Discord.
pub(super) async fn event_bot(
    now: i64,
) -> (Bot, Arc<std::sync::atomic::AtomicI64>, Arc<Recording>) {
    let (bot, clock) = bot_at(now).await;
    let discord = Arc::new(Recording::default());
    (bot.with_discord(discord.clone()), clock, discord)
}

pub(super) fn start(deals: i64, duration: &str) -> StartEvent {
    StartEvent {
        name: "Friday @everyone sprint".into(),
        deals,
        duration: duration.into(),
        starts: None,
        timezone: None,
        channel: None,
        rule: None,
        modes: ModeChoices::default(),
        hints: false,
        weekly: false,
        app_permissions: Some(ALL_PERMISSIONS),
        guild_locale: Some("en-US".into()),
    }
}

pub(super) fn manager() -> Player {
    player(1, Locale::EnUs)
}

/// Presses a button of `reply`; confirms the question over a game in progress, if asked.
async fn press(
    bot: &Bot,
    p: &Player,
    reply: &Reply,
    wanted: impl Fn(&ButtonAction) -> bool,
) -> Reply {
    bot.press(p, &button_for(reply, wanted)).await
}

#[tokio::test]
async fn a_whole_event_in_compressed_time_posts_its_results_once() {
    let (bot, clock, discord) = event_bot(WEDNESDAY_NOON).await;
    let created = bot.execute(&manager(), start(2, "30m")).await;
    assert_eq!(created.delivery, Delivery::Ephemeral);
    assert!(
        created.text.contains("is set, announced in <#7>"),
        "{}",
        created.text
    );
    // The announcement in the channel, its name made inert, and the listing.
    let posts = discord.posts();
    assert_eq!(posts.len(), 1);
    let (channel, announcement) = &posts[0];
    assert_eq!(*channel, 7);
    assert!(
        announcement.reply.text.contains("\\@everyone"),
        "{}",
        announcement.reply.text
    );
    let labels: Vec<&str> = announcement
        .reply
        .rows
        .iter()
        .flatten()
        .map(|b| b.label.as_str())
        .collect();
    assert_eq!(labels, ["Play 1", "Play 2", "Standings"]);
    assert!(
        discord
            .calls()
            .iter()
            .any(|call| matches!(call, Call::List(42, _)))
    );

    // Alice plays deal 1 on a private board; it counts.
    let alice = player(ALICE, Locale::EnUs);
    let board = press(
        &bot,
        &alice,
        &announcement.reply,
        |a| matches!(a, ButtonAction::EventPlay(d) if d.deal == 0),
    )
    .await;
    assert_eq!(board.delivery, Delivery::Ephemeral);
    assert!(board.text.contains("deal 1 of 2"), "{}", board.text);
    assert!(
        !board.text.contains("TP1-"),
        "the code stays secret: {}",
        board.text
    );
    let end = play_out(&bot, &alice, board).await;
    assert!(
        end.text.contains("Deal 1 counts for the event"),
        "{}",
        end.text
    );
    assert!(end.text.contains("You are 1 of 1"), "{}", end.text);

    // A second game of the same deal is practice.
    let again = press(
        &bot,
        &alice,
        &announcement.reply,
        |a| matches!(a, ButtonAction::EventPlay(d) if d.deal == 0),
    )
    .await;
    assert!(again.text.contains("counted already"), "{}", again.text);
    let practice = play_out(&bot, &alice, again).await;
    assert!(practice.text.contains("Practice"), "{}", practice.text);

    // Bob plays deal 2; the standings show both.
    let bob = player(BOB, Locale::EnUs);
    let board = press(
        &bot,
        &bob,
        &announcement.reply,
        |a| matches!(a, ButtonAction::EventPlay(d) if d.deal == 1),
    )
    .await;
    play_out(&bot, &bob, board).await;
    let shown = bot.execute(&bob, ShowEvent).await;
    assert!(
        shown.text.contains("Standings (2 players)"),
        "{}",
        shown.text
    );
    assert!(shown.text.contains("You: "), "{}", shown.text);

    // Nothing is due before the end; at the end, one process's pass closes it and posts once.
    assert_eq!(tick(&bot).await.unwrap(), Pass::default());
    clock.fetch_add(30 * MINUTE, Ordering::SeqCst);
    let pass = tick(&bot).await.unwrap();
    assert_eq!(
        pass,
        Pass {
            closed: 1,
            posted: 1,
            failed: 0
        }
    );
    assert_eq!(tick(&bot).await.unwrap(), Pass::default());
    let posts = discord.posts();
    assert_eq!(posts.len(), 2);
    let results = &posts[1].1;
    assert!(results.reply.picture.is_some());
    assert!(results.reply.text.contains("player 111") && results.reply.text.contains("player 222"));
    let event = bot.store().current_event(42).await.unwrap().unwrap();
    assert_eq!(event.state, EventState::Ended);
    for deal in &event.deals {
        assert!(results.reply.text.contains(&deal.code.to_string()));
    }
    // The announcement says it ended and offers no Play any more; the listing is completed.
    let edited = discord.calls().into_iter().find_map(|call| match call {
        Call::Edit(7, _, post) => Some(post),
        _ => None,
    });
    let edited = edited.expect("the announcement was edited");
    assert!(edited.reply.text.contains("has ended"));
    assert!(
        !edited
            .reply
            .rows
            .iter()
            .flatten()
            .any(|b| matches!(b.action, ButtonAction::EventPlay(_)))
    );
    assert!(discord.calls().contains(&Call::EndListing(
        42,
        event.listing.unwrap(),
        ListingEnd::Ended
    )));
    // A Play pressed on an old copy of the announcement is refused in words.
    let late = press(&bot, &alice, &announcement.reply, |a| {
        matches!(a, ButtonAction::EventPlay(_))
    })
    .await;
    assert_eq!(late.text, Message::EventOver.text(Locale::EnUs));
}

#[tokio::test]
async fn a_manager_ending_an_event_now_gets_its_results_posted_by_the_next_pass() {
    let (bot, _clock, discord) = event_bot(WEDNESDAY_NOON).await;
    bot.execute(&manager(), start(1, "2h")).await;
    let ended = bot.execute(&manager(), EndEvent { event: None }).await;
    assert!(ended.text.contains("ends now"), "{}", ended.text);
    assert_eq!(tick(&bot).await.unwrap().posted, 1);
    let results = &discord.posts()[1].1;
    assert!(
        results
            .reply
            .text
            .contains(&Message::EventResultsNobody.text(Locale::EnUs))
    );
    let again = bot.execute(&manager(), EndEvent { event: None }).await;
    assert_eq!(again.text, Message::EventNoneToEnd.text(Locale::EnUs));
}

/// Two processes (and one of them restarted) on one database: the one that closes the event
/// fails to post, stops, and exactly one of the others posts the results.
async fn two_processes_post_one_result(url: &str) {
    let clock = Arc::new(std::sync::atomic::AtomicI64::new(WEDNESDAY_NOON));
    let process = |discord: Arc<Recording>| {
        let url = url.to_owned();
        let reading = Arc::clone(&clock);
        async move {
            let store = Store::connect(&url).await.unwrap();
            let now = Arc::new(move || reading.load(Ordering::SeqCst));
            Bot::with_clock(store, now).with_discord(discord)
        }
    };
    let first_discord = Arc::new(Recording::default());
    let first = process(first_discord.clone()).await;
    first.execute(&manager(), start(1, "5m")).await;
    clock.fetch_add(5 * MINUTE, Ordering::SeqCst);
    // The first process closes it, but Discord does not take its post; then it stops.
    *first_discord.failing.lock().unwrap() = true;
    let pass = tick(&first).await.unwrap();
    assert_eq!(
        pass,
        Pass {
            closed: 1,
            posted: 0,
            failed: 1
        }
    );
    drop(first);
    // Another process (and the first one, restarted) each look: exactly one posts.
    let second_discord = Arc::new(Recording::default());
    let second = process(second_discord.clone()).await;
    let restarted_discord = Arc::new(Recording::default());
    let restarted = process(restarted_discord.clone()).await;
    let (a, b) = tokio::join!(tick(&second), tick(&restarted));
    assert_eq!(a.unwrap().posted + b.unwrap().posted, 1);
    assert_eq!(
        second_discord.posts().len() + restarted_discord.posts().len(),
        1
    );
    assert_eq!(tick(&second).await.unwrap(), Pass::default());
    assert_eq!(tick(&restarted).await.unwrap(), Pass::default());
}

#[tokio::test]
async fn two_processes_post_one_result_through_a_failure_and_a_restart_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("events.db").display()
    );
    two_processes_post_one_result(&url).await;
}

/// The same on the PostgreSQL server `TEST_DATABASE_URL` names, in a schema of its own
/// (required when `CI` is set, as the store's PostgreSQL tests are).
#[tokio::test]
async fn two_processes_post_one_result_through_a_failure_and_a_restart_on_postgres() {
    use sqlx::Connection as _;
    let base = match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => url,
        _ if std::env::var("CI").is_ok_and(|ci| !matches!(ci.as_str(), "" | "0" | "false")) => {
            panic!("CI is set but TEST_DATABASE_URL is not")
        }
        _ => return eprintln!("skipped: TEST_DATABASE_URL not set (events on PostgreSQL)"),
    };
    let schema = format!("tripeaks_bot_events_{}", std::process::id());
    let mut admin = sqlx::PgConnection::connect(&base).await.unwrap();
    let run = |sql: String| sqlx::raw_sql(sqlx::AssertSqlSafe(sql));
    run(format!("CREATE SCHEMA {schema}"))
        .execute(&mut admin)
        .await
        .unwrap();
    let separator = if base.contains('?') { '&' } else { '?' };
    let url = format!("{base}{separator}options=-c%20search_path%3D{schema}");
    let result = tokio::spawn(async move { two_processes_post_one_result(&url).await }).await;
    run(format!("DROP SCHEMA {schema} CASCADE"))
        .execute(&mut admin)
        .await
        .unwrap();
    if let Err(failure) = result {
        std::panic::resume_unwind(failure.into_panic());
    }
}

#[tokio::test]
async fn a_weekly_event_comes_back_at_the_same_local_time_across_a_clock_change() {
    // Sunday 22 March 2026, 19:00 UTC = 20:00 in Madrid (CET); Europe moves to summer time on
    // 29 March, so next week's 20:00 in Madrid is 18:00 UTC.
    let before = 1_774_206_000_000;
    let (bot, clock, discord) = event_bot(before - HOUR).await;
    let weekly = StartEvent {
        starts: Some("2026-03-22 20:00".into()),
        timezone: Some("Europe/Madrid".into()),
        weekly: true,
        ..start(1, "1h")
    };
    bot.execute(&manager(), weekly).await;
    let first = bot.store().current_event(42).await.unwrap().unwrap();
    assert_eq!(first.starts_at, before);
    clock.store(before + HOUR, Ordering::SeqCst);
    assert_eq!(tick(&bot).await.unwrap().closed, 1);
    let next = bot.store().current_event(42).await.unwrap().unwrap();
    assert_eq!(next.next_of, Some(first.id));
    assert_eq!(next.starts_at - first.starts_at, 167 * HOUR);
    assert_eq!(next.duration(), HOUR);
    // Next week's announcement was posted, with its own deal.
    let announced = discord
        .posts()
        .into_iter()
        .filter(|(_, post)| post.reply.text.contains("Every week"))
        .count();
    assert_eq!(announced, 2);
    assert_ne!(next.deals[0].code, first.deals[0].code);
}

#[tokio::test]
async fn without_create_events_the_event_runs_and_the_manager_is_told_in_one_line() {
    let (bot, _clock, discord) = event_bot(WEDNESDAY_NOON).await;
    let no_listing = StartEvent {
        app_permissions: Some(ALL_PERMISSIONS & !(1 << 44)),
        ..start(1, "1h")
    };
    let created = bot.execute(&manager(), no_listing).await;
    assert!(
        created
            .text
            .ends_with(&Message::EventNotListed.text(Locale::EnUs)),
        "{}",
        created.text
    );
    assert!(
        !discord
            .calls()
            .iter()
            .any(|call| matches!(call, Call::List(..)))
    );
    assert_eq!(discord.posts().len(), 1, "announced all the same");
    // And without Send Messages in the channel, nothing is kept and the manager is told which.
    let mute = StartEvent {
        app_permissions: Some(1 << 10),
        ..start(1, "1h")
    };
    let refused = bot.execute(&manager(), mute).await;
    assert!(
        refused.text.contains("Send Messages, Attach Files"),
        "{}",
        refused.text
    );
    assert_eq!(bot.store().open_events(42).await.unwrap().len(), 1);
}

#[tokio::test]
async fn bad_input_is_refused_with_a_message_that_says_how() {
    let (bot, _clock, discord) = event_bot(WEDNESDAY_NOON).await;
    let en = |message: Message| message.text(Locale::EnUs);
    let cases = [
        (start(0, "1h"), en(Message::EventBadDeals { max: 10 })),
        (start(11, "1h"), en(Message::EventBadDeals { max: 10 })),
        (
            start(1, "1m"),
            en(Message::EventBadDuration {
                typed: "1m",
                min: "5m",
                max: "14d",
            }),
        ),
        (
            start(1, "15d"),
            en(Message::EventBadDuration {
                typed: "15d",
                min: "5m",
                max: "14d",
            }),
        ),
        (
            StartEvent {
                timezone: Some("Mars/Olympus".into()),
                ..start(1, "1h")
            },
            en(Message::EventBadZone {
                zone: "Mars/Olympus",
            }),
        ),
        (
            StartEvent {
                starts: Some("2026-12-01 20:00".into()),
                ..start(1, "1h")
            },
            en(Message::EventStartPast {
                start: "<t:1796155200:F>",
            }),
        ),
        (
            StartEvent {
                starts: Some("next friday".into()),
                ..start(1, "1h")
            },
            en(Message::EventBadStart {
                typed: "next friday",
            }),
        ),
        (
            StartEvent {
                name: "  ".into(),
                ..start(1, "1h")
            },
            en(Message::EventBadName { max: 100 }),
        ),
    ];
    for (command, expected) in cases {
        let reply = bot.execute(&manager(), command.clone()).await;
        assert_eq!(reply.text, expected, "{command:?}");
        assert_eq!(reply.delivery, Delivery::Ephemeral);
    }
    assert!(discord.calls().is_empty());
    assert!(bot.store().open_events(42).await.unwrap().is_empty());
    // A fourth open event is one too many.
    for _ in 0..3 {
        bot.execute(&manager(), start(1, "1h")).await;
    }
    let fourth = bot.execute(&manager(), start(1, "1h")).await;
    assert_eq!(fourth.text, en(Message::EventTooMany { max: 3 }));
}

#[tokio::test]
async fn an_announcement_discord_did_not_confirm_is_not_claimed_and_the_event_runs() {
    let (bot, _clock, discord) = event_bot(WEDNESDAY_NOON).await;
    *discord.failing.lock().unwrap() = true;
    let created = bot.execute(&manager(), start(1, "1h")).await;
    assert!(created.text.contains("did not confirm"), "{}", created.text);
    assert!(!created.text.contains("announced in"), "{}", created.text);
    let event = bot.store().current_event(42).await.unwrap().unwrap();
    assert!(event.is_running(WEDNESDAY_NOON));
    // Players still find it.
    let shown = bot.execute(&player(ALICE, Locale::EnUs), ShowEvent).await;
    assert!(shown.text.contains("Friday"), "{}", shown.text);
}

/// The clock's own loop, with nobody asking: an event whose end comes in a second is closed
/// and its results posted by the loop's own wake-up at that end (it sleeps until the next end,
/// as the store says it), once. The bot's clock runs here: an instant a few minutes on.
#[tokio::test]
async fn the_event_clock_ends_an_event_at_its_time_with_nobody_asking() {
    let started = std::time::Instant::now();
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let offset = Arc::new(std::sync::atomic::AtomicI64::new(WEDNESDAY_NOON));
    let reading = Arc::clone(&offset);
    let now =
        Arc::new(move || reading.load(Ordering::SeqCst) + started.elapsed().as_millis() as i64);
    let discord = Arc::new(Recording::default());
    let bot = Arc::new(Bot::with_clock(store, now).with_discord(discord.clone()));
    bot.execute(&manager(), start(1, "5m")).await;
    // Five minutes on, less a second: the end comes a second from now.
    offset.fetch_add(5 * MINUTE - 1_000, Ordering::SeqCst);
    let running = tokio::spawn(crate::bot::game::event_clock::run(Arc::clone(&bot)));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while discord.posts().len() < 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "no results: {:?}",
            discord.calls()
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    assert_eq!(discord.posts().len(), 2, "posted once");
    running.abort();
}
