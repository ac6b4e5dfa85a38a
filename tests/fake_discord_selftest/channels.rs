//! Channel messages through serenity's own `Http`: posted, read, edited and deleted as on
//! Discord, checked as interaction replies are, and refused as Discord refuses a bot without the
//! channel's permissions (50001, 50013), an edit of someone else's message (50005) and an unknown
//! message (10008).

use serde_json::json;
use serenity::builder::CreateAttachment;
use serenity::model::channel::Message;
use serenity::model::id::{ChannelId, MessageId};

use super::{discord_error, fake_png, http_for};
use crate::support::{
    ATTACH_FILES, CHANNEL_ID, DEFAULT_BOT_PERMISSIONS, FakeDiscord, Player, READ_MESSAGE_HISTORY,
    SEND_MESSAGES, VIEW_CHANNEL,
};

const RESULTS: u64 = 1_100_000_000_000_000_300;

#[tokio::test]
async fn channel_messages_are_posted_read_edited_and_deleted_as_on_discord() {
    let fake = FakeDiscord::start().await;
    let http = http_for(&fake);
    let channel = ChannelId::new(RESULTS);
    let announce = json!({
        "content": "An event starts",
        "allowed_mentions": { "parse": [] },
        "attachments": [{ "id": 0, "filename": "board.png", "description": "the deal" }],
    });
    let picture = CreateAttachment::bytes(fake_png(640, 400, 1), "board.png");
    let posted: Message = http
        .send_message(channel, vec![picture], &announce)
        .await
        .unwrap();
    assert_eq!(posted.channel_id, channel);
    assert_eq!(
        posted.attachments[0].description.as_deref(),
        Some("the deal")
    );
    assert!(posted.author.bot && posted.webhook_id.is_none());
    let results = json!({ "content": "Results: alice 500" });
    let second = http.send_message(channel, vec![], &results).await.unwrap();

    let edited = http
        .edit_message(
            channel,
            posted.id,
            &json!({ "content": "It started" }),
            vec![],
        )
        .await
        .unwrap();
    let kept = (edited.content.as_str(), edited.attachments.len());
    assert_eq!(kept, ("It started", 1), "fields not sent are kept");
    assert!(edited.edited_timestamp.is_some());
    let read = http.get_message(channel, second.id).await.unwrap();
    assert_eq!(read.content, "Results: alice 500");

    let in_order: Vec<_> = fake
        .channel_messages(RESULTS)
        .iter()
        .map(|message| message["content"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(in_order, ["It started", "Results: alice 500"]);
    let stored = fake
        .message(posted.id.get())
        .expect("kept with the other messages");
    assert_eq!(stored["channel_id"], RESULTS.to_string());
    assert!(fake.channel_messages(CHANNEL_ID).is_empty());

    http.delete_message(channel, second.id, None).await.unwrap();
    let gone = http.get_message(channel, second.id).await.unwrap_err();
    assert_eq!(discord_error(&gone), Some((404, 10008)), "{gone}");
    assert_eq!(fake.channel_messages(RESULTS).len(), 1);
    // A message of another channel is unknown here.
    let elsewhere = http
        .get_message(ChannelId::new(CHANNEL_ID), posted.id)
        .await
        .unwrap_err();
    assert_eq!(discord_error(&elsewhere), Some((404, 10008)));
}

#[tokio::test]
async fn channel_messages_are_checked_as_interaction_replies_are() {
    let fake = FakeDiscord::start().await;
    fake.allow_refusals();
    let http = http_for(&fake);
    let channel = ChannelId::new(RESULTS);
    let refusals = [
        (json!({ "content": "x".repeat(2001) }), 400, 50035),
        (json!({ "content": "" }), 400, 50006),
        (json!({ "content": "secret", "flags": 64 }), 400, 50035),
        (
            json!({ "content": "x", "components": [{ "type": 1, "components": [] }] }),
            400,
            50035,
        ),
        (
            json!({ "content": "x", "message_reference": { "message_id": "1" } }),
            400,
            50035,
        ),
    ];
    for (body, status, code) in refusals {
        let refused = http.send_message(channel, vec![], &body).await.unwrap_err();
        assert_eq!(discord_error(&refused), Some((status, code)), "{body}");
    }
    let unlisted = json!({ "content": "x", "attachments": [{ "id": 3 }] });
    let refused = http.send_message(channel, vec![], &unlisted).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((400, 50035)));
    let too_big = vec![0u8; crate::support::ATTACHMENT_SIZE_LIMIT as usize + 1];
    let file = CreateAttachment::bytes(too_big, "big.png");
    let refused = http.send_message(channel, vec![file], &json!({})).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((413, 40005)));
    assert!(fake.channel_messages(RESULTS).is_empty());
    let noted: Vec<u16> = fake.refusals().iter().map(|r| r.status).collect();
    assert_eq!(
        noted,
        [400, 400, 400, 400, 400, 400, 413],
        "malformed: refusals"
    );

    let posted = http
        .send_message(channel, vec![], &json!({ "content": "fine" }))
        .await
        .unwrap();
    let long = json!({ "content": "x".repeat(2001) });
    let refused = http.edit_message(channel, posted.id, &long, vec![]).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((400, 50035)));
    let reply = json!({ "content": "re", "message_reference": { "message_id": posted.id } });
    let reply = http.send_message(channel, vec![], &reply).await.unwrap();
    assert_eq!(
        reply.message_reference.and_then(|r| r.message_id),
        Some(posted.id)
    );
}

#[tokio::test]
async fn the_bots_permissions_in_the_channel_decide_what_it_may_post() {
    let fake = FakeDiscord::start().await;
    let http = http_for(&fake);
    let channel = ChannelId::new(RESULTS);
    let hello = json!({ "content": "hello" });
    assert_eq!(fake.bot_permissions(RESULTS), DEFAULT_BOT_PERMISSIONS);
    let posted = http.send_message(channel, vec![], &hello).await.unwrap();

    fake.set_bot_permissions(RESULTS, DEFAULT_BOT_PERMISSIONS & !VIEW_CHANNEL);
    for refused in [
        http.send_message(channel, vec![], &hello)
            .await
            .unwrap_err(),
        http.get_message(channel, posted.id).await.unwrap_err(),
        http.edit_message(channel, posted.id, &hello, vec![])
            .await
            .unwrap_err(),
    ] {
        assert_eq!(discord_error(&refused), Some((403, 50001)), "{refused}");
    }

    fake.set_bot_permissions(RESULTS, DEFAULT_BOT_PERMISSIONS & !SEND_MESSAGES);
    let refused = http
        .send_message(channel, vec![], &hello)
        .await
        .unwrap_err();
    assert_eq!(discord_error(&refused), Some((403, 50013)));
    // Its own message stays editable: editing needs no SEND_MESSAGES.
    http.edit_message(channel, posted.id, &hello, vec![])
        .await
        .unwrap();

    fake.set_bot_permissions(RESULTS, DEFAULT_BOT_PERMISSIONS & !ATTACH_FILES);
    let picture = || CreateAttachment::bytes(fake_png(2, 2, 1), "board.png");
    let refused = http.send_message(channel, vec![picture()], &hello).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((403, 50013)));
    let refused = http
        .edit_message(channel, posted.id, &hello, vec![picture()])
        .await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((403, 50013)));
    http.send_message(channel, vec![], &hello).await.unwrap();

    fake.set_bot_permissions(RESULTS, DEFAULT_BOT_PERMISSIONS & !READ_MESSAGE_HISTORY);
    let refused = http.get_message(channel, posted.id).await.unwrap_err();
    assert_eq!(discord_error(&refused), Some((403, 50013)));
    assert_eq!(
        fake.channel_messages(RESULTS).len(),
        2,
        "refused: not posted"
    );
    assert!(fake.refusals().is_empty(), "403s are answers, not refusals");
}

#[tokio::test]
async fn only_the_bots_own_messages_are_editable_and_unknown_ones_are_unknown() {
    let fake = FakeDiscord::start().await;
    let http = http_for(&fake);
    let channel = ChannelId::new(RESULTS);
    let theirs = fake.add_user_message(RESULTS, &Player::alice(), "my message");
    let theirs = MessageId::new(theirs);
    let read = http.get_message(channel, theirs).await.unwrap();
    assert_eq!(read.author.name, "alice");
    let change = json!({ "content": "changed" });
    let refused = http.edit_message(channel, theirs, &change, vec![]).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((403, 50005)));
    let refused = http.delete_message(channel, theirs, None).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((403, 50013)));
    assert_eq!(fake.message(theirs.get()).unwrap()["content"], "my message");

    let unknown = MessageId::new(12_345);
    let refused = http.edit_message(channel, unknown, &change, vec![]).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((404, 10008)));
    let refused = http.get_message(channel, unknown).await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((404, 10008)));

    // An ephemeral interaction response is not reachable through its channel.
    let slash = fake.slash("show").build();
    fake.register_interaction(&slash);
    let secret = json!({ "type": 4, "data": { "content": "psst", "flags": 64 } });
    http.create_interaction_response(
        serenity::model::id::InteractionId::new(slash.id),
        &slash.token,
        &secret,
        vec![],
    )
    .await
    .unwrap();
    let ephemeral = fake.original_message(&slash).unwrap();
    let ephemeral = MessageId::new(ephemeral["id"].as_str().unwrap().parse().unwrap());
    let refused = http
        .get_message(ChannelId::new(CHANNEL_ID), ephemeral)
        .await;
    assert_eq!(discord_error(&refused.unwrap_err()), Some((404, 10008)));
}

/// `GET /channels/{channel}/messages` as Discord answers it: newest first, `limit` 1 to 100,
/// the page just after `after` (still newest first), and one anchor at a time.
#[tokio::test]
async fn channel_history_is_paged_after_a_message_as_on_discord() {
    use serenity::builder::GetMessages;
    let fake = FakeDiscord::start().await;
    let http = http_for(&fake);
    let channel = ChannelId::new(RESULTS);
    let mut ids = Vec::new();
    for n in 0..5 {
        let text = json!({ "content": format!("message {n}") });
        ids.push(http.send_message(channel, vec![], &text).await.unwrap().id);
    }
    let contents = |page: &[Message]| -> Vec<String> {
        page.iter().map(|message| message.content.clone()).collect()
    };
    let newest = channel
        .messages(&http, GetMessages::new().limit(2))
        .await
        .unwrap();
    assert_eq!(contents(&newest), ["message 4", "message 3"]);
    let after = channel
        .messages(&http, GetMessages::new().after(ids[0]).limit(2))
        .await
        .unwrap();
    assert_eq!(contents(&after), ["message 2", "message 1"]);
    let before = channel
        .messages(&http, GetMessages::new().before(ids[2]))
        .await
        .unwrap();
    assert_eq!(contents(&before), ["message 1", "message 0"]);
    let too_many = http
        .get_messages(channel, None, Some(101))
        .await
        .unwrap_err();
    assert_eq!(discord_error(&too_many), Some((400, 50035)), "{too_many}");
}

/// The bot's own messages since a moment, as the bot reads them (`RestDiscord`, page after
/// page of 100): oldest first, with their buttons' custom_ids.
#[tokio::test]
async fn the_bots_own_messages_since_a_moment_are_read_page_after_page() {
    use tripeaks::bot::answer::channel_rest::RestDiscord;
    use tripeaks::bot::game::custom_id::ButtonAction;
    use tripeaks::bot::game::discord::{ChannelPost, Discord};
    use tripeaks::bot::game::reply::{Button, ButtonStyle, Reply};
    let fake = FakeDiscord::start().await;
    let http = http_for(&fake);
    let channel = ChannelId::new(RESULTS);
    let early = json!({ "content": "before the moment" });
    http.send_message(channel, vec![], &early).await.unwrap();
    fake.advance_clock(std::time::Duration::from_secs(5));
    let since = fake.read(|state| state.now_millis()) as i64 - 1_000;
    for n in 0..130 {
        let text = json!({ "content": format!("chatter {n}") });
        http.send_message(channel, vec![], &text).await.unwrap();
    }
    let discord = RestDiscord::new(http_for(&fake));
    let mut result = Reply::ephemeral("Results");
    result.rows = vec![vec![Button {
        action: ButtonAction::ChallengeRematch(34),
        label: "Rematch".into(),
        style: ButtonStyle::Primary,
        disabled: false,
    }]];
    let posted = discord
        .post(RESULTS, &ChannelPost::of(result))
        .await
        .unwrap();
    let own = discord.own_messages_since(RESULTS, since).await.unwrap();
    assert_eq!(own.len(), 131, "the 130 after the moment and the result");
    assert!(
        own.windows(2).all(|pair| pair[0].id < pair[1].id),
        "oldest first"
    );
    let last = own.last().unwrap();
    assert_eq!(last.id, posted);
    assert_eq!(last.custom_ids, ["tp:rematch:34"]);
}
