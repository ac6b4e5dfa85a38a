//! End-to-end: a server event through the real binary and the fake Discord, on the gateway and
//! over HTTP: `/tripeaks-events` reaches the bot only from a member who may Manage Server; a
//! manager's start posts the announcement in the channel and lists the event in the server's
//! Events list (started at once: it runs now); a player plays deal 1 on a private board;
//! `/tripeaks-events end` ends it, and the event clock posts one results message in the
//! channel with nobody asking, edits the announcement and completes the listing. Without
//! Create Events, the event runs unlisted and the manager is told in one line.

use std::time::Duration;

use serde_json::Value;

use crate::support::{
    CHANNEL_ID, CREATE_EVENTS, DEFAULT_BOT_PERMISSIONS, GUILD_ID, InteractionPayload, MANAGE_GUILD,
    MEMBER_PERMISSIONS, Player, buttons_of,
};
use crate::{Harness, WAIT};

/// The text of this interaction's answer once it has one (after a deferral, its edit).
async fn answer_text(h: &Harness, ix: &InteractionPayload) -> String {
    h.fake
        .wait_until(WAIT, "an answer with words", |state| {
            state
                .replies_to(ix.id)
                .filter_map(|reply| reply.content().map(str::to_owned))
                .find(|text| !text.is_empty())
        })
        .await
        .unwrap_or_else(|e| panic!("{e}\n{}", h.output()))
}

/// The channel's messages once there are `count`.
async fn channel_messages(h: &Harness, count: usize) -> Vec<Value> {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let messages = h.fake.channel_messages(CHANNEL_ID);
        if messages.len() >= count {
            return messages;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{count} messages in the channel, not {}\n{}",
            messages.len(),
            h.output()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn manager() -> Player {
    Player::new(501, "mia")
}

/// `/tripeaks-events <sub>` by the manager, who may Manage Server.
fn as_manager(h: &Harness, sub: &str) -> crate::support::InteractionBuilder {
    h.fake
        .subcommand("tripeaks-events", sub)
        .by(&manager())
        .member_permissions(MEMBER_PERMISSIONS | MANAGE_GUILD)
}

async fn an_event_runs_from_its_start_to_its_results(h: Harness) {
    // Create Events, granted on the server (the channel's permissions, which interactions
    // carry as `app_permissions`, include the server's).
    let with_events = DEFAULT_BOT_PERMISSIONS | CREATE_EVENTS;
    h.fake.set_guild_bot_permissions(GUILD_ID, with_events);
    h.fake.set_bot_permissions(CHANNEL_ID, with_events);
    // A member who may not manage the server never reaches the bot with it.
    let plain = h
        .fake
        .subcommand("tripeaks-events", "list")
        .by(&Player::bob())
        .build();
    assert!(h.fake.interact(&plain).await.is_err());
    assert_eq!(h.fake.refused_commands().len(), 1);

    let start = as_manager(&h, "start")
        .string("name", "Friday **sprint** @everyone")
        .integer("deals", 2)
        .string("duration", "30m")
        .build();
    h.fake.send_interaction(&start).await.unwrap();
    let told = answer_text(&h, &start).await;
    assert!(told.contains("is set"), "{told}");
    assert!(!told.contains("Events list"), "listed: {told}");
    let announcement = channel_messages(&h, 1).await.remove(0);
    let content = announcement["content"].as_str().unwrap();
    assert!(
        content.contains("\\*\\*sprint\\*\\* \\@everyone"),
        "{content}"
    );
    let labels: Vec<String> = buttons_of(&announcement)
        .into_iter()
        .filter_map(|b| b.label)
        .collect();
    assert_eq!(labels, ["Play 1", "Play 2", "Standings"]);
    let listed = h.fake.scheduled_events(GUILD_ID);
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["entity_type"], 3);
    assert_eq!(listed[0]["status"], 2, "it runs now: {}", listed[0]);

    // A player plays deal 1 on a private board.
    let alice = Player::alice();
    let play = buttons_of(&announcement)[0].custom_id.clone().unwrap();
    let press = h.fake.button(&announcement, &play).by(&alice).build();
    let board = h.fake.final_answer(&press).await.unwrap();
    assert!(board.is_ephemeral(), "{board:?}");
    assert!(
        board.content().unwrap().contains("deal 1 of 2"),
        "{board:?}"
    );

    // The manager ends it: the results follow in the channel, once, with nobody asking.
    let end = as_manager(&h, "end").build();
    h.fake.send_interaction(&end).await.unwrap();
    assert!(answer_text(&h, &end).await.contains("ends now"));
    let messages = channel_messages(&h, 2).await;
    let results = &messages[1];
    let text = results["content"].as_str().unwrap();
    assert!(text.contains("is over: the results"), "{text}");
    assert!(text.contains("TP1-"), "the codes are open: {text}");
    assert_eq!(results["attachments"].as_array().map(Vec::len), Some(1));
    let announcement = &messages[0];
    assert!(
        announcement["content"]
            .as_str()
            .unwrap()
            .contains("has ended")
    );
    assert_eq!(buttons_of(announcement).len(), 1, "only Standings is left");
    assert_eq!(h.fake.scheduled_events(GUILD_ID)[0]["status"], 3);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(h.fake.channel_messages(CHANNEL_ID).len(), 2, "posted once");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_event_runs_from_its_start_to_its_results_on_the_gateway() {
    an_event_runs_from_its_start_to_its_results(Harness::start().await).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_event_runs_from_its_start_to_its_results_over_http() {
    an_event_runs_from_its_start_to_its_results(Harness::over_http().await).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn without_create_events_an_event_runs_unlisted_and_the_manager_is_told() {
    let h = Harness::start().await;
    let start = as_manager(&h, "start")
        .string("name", "sprint")
        .integer("deals", 1)
        .string("duration", "1h")
        .build();
    h.fake.send_interaction(&start).await.unwrap();
    let told = answer_text(&h, &start).await;
    assert!(told.contains("lack the Create Events permission"), "{told}");
    assert_eq!(channel_messages(&h, 1).await.len(), 1);
    assert!(h.fake.scheduled_events(GUILD_ID).is_empty());
}
