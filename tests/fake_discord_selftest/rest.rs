//! The REST side through serenity's own `Http`: every answer parses as serenity's model types,
//! messages live and change as on Discord, and what Discord refuses is refused.

use std::time::Duration;

use serde_json::json;
use serenity::builder::{
    CreateAttachment, CreateInteractionResponse, CreateInteractionResponseMessage,
};
use serenity::model::application::{Command, CurrentApplicationInfo};
use serenity::model::channel::{Message, MessageFlags};
use serenity::model::id::ChannelId;

use super::{WAIT, fake_png, http_for, message_with_button, respond};
use crate::support::{APPLICATION_ID, FakeDiscord, LOADING_FLAG, ReplyAction};

fn tripeaks_command() -> serde_json::Value {
    json!({
        "name": "tripeaks", "description": "Play TriPeaks", "type": 1,
        "name_localizations": { "es-ES": "tripeaks", "nl": "tripeaks" },
        "description_localizations": { "es-ES": "Juega a TriPeaks", "fr": "Jouer", "de": "Spielen" },
        "options": [{ "type": 1, "name": "new", "description": "New game", "options": [
            { "type": 3, "name": "code", "description": "Deal code", "autocomplete": true }
        ]}],
    })
}

#[tokio::test]
async fn discovery_and_command_registration_parse_in_serenity() {
    let fake = FakeDiscord::start().await;
    let http = http_for(&fake);
    assert_eq!(http.get_gateway().await.unwrap().url, fake.gateway_url());
    assert_eq!(http.get_bot_gateway().await.unwrap().shards, 1);
    assert_eq!(
        http.get_current_user().await.unwrap().id.get(),
        APPLICATION_ID
    );
    let info: CurrentApplicationInfo = http.get_current_application_info().await.unwrap();
    assert!(info.owner.is_some());

    let sent = json!([tripeaks_command()]);
    let commands: Vec<Command> = http.create_global_commands(&sent).await.unwrap();
    let names = (
        commands[0].name.as_str(),
        commands[0].options[0].name.as_str(),
    );
    assert_eq!(names, ("tripeaks", "new"));
    let again: Vec<Command> = http.create_global_commands(&sent).await.unwrap();
    assert_eq!(again[0].id, commands[0].id, "ids survive an overwrite");
    let registration = fake.wait_for_registration(1, WAIT).await.unwrap();
    let registered = registration.command("tripeaks").unwrap();
    assert_eq!(registered["description_localizations"]["fr"], "Jouer");

    let mut bad = tripeaks_command();
    bad["name_localizations"] = json!({ "es": "tripeaks" });
    let refused = http
        .create_global_commands(&json!([bad]))
        .await
        .unwrap_err();
    assert!(
        refused.to_string().contains("not a Discord locale"),
        "{refused}"
    );
    assert_eq!(
        fake.registrations().len(),
        2,
        "a refused registration is not one"
    );
}

#[tokio::test]
async fn messages_are_created_read_edited_and_deleted_as_on_discord() {
    let fake = FakeDiscord::start().await;
    let http = http_for(&fake);
    let slash = fake.slash("new").build();
    fake.register_interaction(&slash);
    let board = message_with_button("tp:1", &fake_png(640, 400, 1), "alt one");
    respond(&http, &slash, CreateInteractionResponse::Message(board))
        .await
        .unwrap();

    let original: Message = http
        .get_original_interaction_response(&slash.token)
        .await
        .unwrap();
    assert_eq!(
        original.attachments[0].description.as_deref(),
        Some("alt one")
    );
    assert_eq!(original.attachments[0].dimensions(), Some((640, 400)));
    let stored: Message = serde_json::from_value(fake.last_bot_message().unwrap()).unwrap();
    assert_eq!(stored.id, original.id);

    let content = json!({ "content": "edited" });
    let edited = http
        .edit_original_interaction_response(&slash.token, &content, vec![])
        .await
        .unwrap();
    let kept = (edited.content.as_str(), edited.attachments.len());
    assert_eq!(kept, ("edited", 1), "fields not sent are kept");
    let keep_and_add = json!({ "attachments": [
        { "id": original.attachments[0].id.to_string() },
        { "id": 0, "filename": "two.png", "description": "alt two" },
    ]});
    let second = CreateAttachment::bytes(fake_png(2, 2, 2), "two.png");
    let edited = http
        .edit_original_interaction_response(&slash.token, &keep_and_add, vec![second])
        .await
        .unwrap();
    let alts: Vec<_> = edited
        .attachments
        .iter()
        .map(|a| a.description.clone().unwrap())
        .collect();
    assert_eq!(alts, ["alt one", "alt two"]);

    let secret = json!({ "content": "psst", "flags": 64 });
    let followup = http
        .create_followup_message(&slash.token, &secret, vec![])
        .await
        .unwrap();
    assert!(followup.flags.unwrap().contains(MessageFlags::EPHEMERAL));
    let hm = json!({ "content": "hm" });
    http.edit_followup_message(&slash.token, followup.id, &hm, vec![])
        .await
        .unwrap();
    let read = http
        .get_followup_message(&slash.token, followup.id)
        .await
        .unwrap();
    assert_eq!(read.content, "hm");
    http.delete_followup_message(&slash.token, followup.id)
        .await
        .unwrap();
    assert!(
        http.get_followup_message(&slash.token, followup.id)
            .await
            .is_err()
    );
    http.delete_original_interaction_response(&slash.token)
        .await
        .unwrap();
    assert!(fake.original_message(&slash).is_err(), "deleted");
    let actions: Vec<ReplyAction> = fake
        .replies(&slash)
        .into_iter()
        .map(|reply| reply.action)
        .collect();
    assert_eq!(actions.len(), 7, "{actions:?}");
}

#[tokio::test]
async fn the_first_follow_up_after_a_deferral_replaces_the_loading_message() {
    let fake = FakeDiscord::start().await;
    let http = http_for(&fake);
    let deferred = fake.slash("show").build();
    fake.register_interaction(&deferred);
    let defer = CreateInteractionResponseMessage::new().ephemeral(true);
    respond(&http, &deferred, CreateInteractionResponse::Defer(defer))
        .await
        .unwrap();
    let loading = fake.original_message(&deferred).unwrap();
    assert_eq!(loading["flags"], 64 | LOADING_FLAG);

    let done = json!({ "content": "done" });
    let done = http
        .create_followup_message(&deferred.token, &done, vec![])
        .await
        .unwrap();
    assert_eq!(done.id.to_string(), loading["id"].as_str().unwrap());
    let shown = (done.content.as_str(), done.flags.map(|flags| flags.bits()));
    assert_eq!(
        shown,
        ("done", Some(64)),
        "loading replaced, still ephemeral"
    );
    let more = json!({ "content": "more" });
    let more = http
        .create_followup_message(&deferred.token, &more, vec![])
        .await
        .unwrap();
    assert_ne!(more.id, done.id, "later follow-ups are new messages");
}

#[tokio::test]
async fn what_discord_refuses_is_refused_and_recorded() {
    let fake = FakeDiscord::start().await;
    let http = http_for(&fake);
    let slash = fake.slash("new").expecting_refusal().build();
    fake.register_interaction(&slash);
    let png = fake_png(640, 400, 1);
    let board = message_with_button("tp:1", &png, "alt");
    respond(&http, &slash, CreateInteractionResponse::Message(board))
        .await
        .unwrap();
    let twice = respond(&http, &slash, CreateInteractionResponse::Acknowledge)
        .await
        .unwrap_err();
    assert!(
        twice.to_string().contains("already been acknowledged"),
        "{twice}"
    );

    let tap = fake
        .button(&fake.original_message(&slash).unwrap(), "tp:1")
        .expecting_refusal()
        .build();
    fake.register_interaction(&tap);
    let too_long = message_with_button(&"x".repeat(101), &png, "alt");
    let refused = respond(
        &http,
        &tap,
        CreateInteractionResponse::UpdateMessage(too_long),
    )
    .await;
    assert!(refused.unwrap_err().to_string().contains("custom_id"));
    let long_alt = message_with_button("tp:2", &png, &"a".repeat(1025));
    let refused = respond(
        &http,
        &tap,
        CreateInteractionResponse::UpdateMessage(long_alt),
    )
    .await;
    assert!(refused.unwrap_err().to_string().contains("description"));
    let other = fake
        .button(&fake.original_message(&slash).unwrap(), "tp:1")
        .build();
    fake.register_interaction(&other);
    let ephemeral = CreateInteractionResponseMessage::new()
        .content("not yours")
        .ephemeral(true);
    respond(&http, &other, CreateInteractionResponse::Message(ephemeral))
        .await
        .unwrap();
    let refusal = fake.wait_for_callback(&other, WAIT).await.unwrap();
    assert_eq!(
        (refusal.content(), refusal.is_ephemeral()),
        (Some("not yours"), true)
    );
    assert_eq!(fake.message_of(&refusal), fake.last_bot_message());
    assert_eq!(
        fake.last_public_message(),
        fake.original_message(&slash).ok()
    );
    let statuses: Vec<u16> = fake
        .replies(&tap)
        .iter()
        .map(|reply| reply.status)
        .collect();
    assert_eq!(statuses, [400, 400]);

    fake.fail_next("POST", "/callback", 500, 1);
    let failed = respond(&http, &tap, CreateInteractionResponse::Acknowledge)
        .await
        .unwrap_err();
    let serenity::Error::Http(failed) = failed else {
        panic!("an HTTP error: {failed}")
    };
    assert_eq!(
        failed.status_code().map(|status| status.as_u16()),
        Some(500)
    );
    let last = fake.replies(&tap).pop().unwrap();
    assert_eq!(
        (last.callback_type(), last.status),
        (Some(6), 500),
        "an injected failure is a reply"
    );
    respond(&http, &tap, CreateInteractionResponse::Acknowledge)
        .await
        .unwrap();

    assert!(http.get_channel(ChannelId::new(1)).await.is_err());
    let refused: Vec<(u64, u16)> = fake
        .refusals()
        .iter()
        .map(|refusal| (refusal.interaction_id, refusal.status))
        .collect();
    let expected = [(slash.id, 400), (tap.id, 400), (tap.id, 400)];
    assert_eq!(refused, expected, "injected failures are not refusals");
    fake.check_replies_accepted()
        .expect("every refusal was expected");

    // A refusal nobody expected fails the waits (and the test, when the fake is dropped).
    let unexpected = fake
        .button(&fake.original_message(&slash).unwrap(), "tp:1")
        .build();
    fake.register_interaction(&unexpected);
    let long_alt = message_with_button("tp:3", &png, &"a".repeat(1025));
    let refused = respond(
        &http,
        &unexpected,
        CreateInteractionResponse::UpdateMessage(long_alt),
    )
    .await;
    assert!(refused.is_err());
    let problem = fake.wait_for_callback(&unexpected, WAIT).await.unwrap_err();
    assert!(problem.to_string().contains("description"), "{problem}");
    fake.allow_refusals();
    let requests = fake.requests();
    let unknown: Vec<&str> = requests
        .iter()
        .filter(|r| r.is_unknown_route())
        .map(|r| r.path.as_str())
        .collect();
    assert_eq!(unknown, ["/api/v10/channels/1"]);
    assert!(
        requests
            .iter()
            .all(|request| request.authorization.as_deref() == Some("Bot dummy"))
    );
}

/// Discord refuses a response after the interaction's 3 seconds (404 Unknown interaction), a
/// follow-up or edit after its token's 15 minutes (401), an empty message (50006) and a file
/// over the interaction's `attachment_size_limit` (413): so does the fake, on its own clock.
#[tokio::test]
async fn late_answers_empty_messages_and_oversized_files_are_refused() {
    let fake = FakeDiscord::start().await;
    fake.allow_refusals();
    let http = http_for(&fake);

    let late = fake.slash("new").build();
    fake.register_interaction(&late);
    fake.advance_clock(Duration::from_millis(3_100));
    let refused = respond(&http, &late, CreateInteractionResponse::Acknowledge)
        .await
        .unwrap_err();
    assert!(
        refused.to_string().contains("Unknown interaction"),
        "{refused}"
    );

    let on_time = fake.slash("new").build();
    fake.register_interaction(&on_time);
    let empty = CreateInteractionResponseMessage::new().content("");
    let refused = respond(&http, &on_time, CreateInteractionResponse::Message(empty))
        .await
        .unwrap_err();
    assert!(refused.to_string().contains("empty message"), "{refused}");
    let too_big = vec![0u8; crate::support::ATTACHMENT_SIZE_LIMIT as usize + 1];
    let upload = CreateInteractionResponseMessage::new()
        .content("a picture")
        .add_file(CreateAttachment::bytes(too_big.clone(), "board.png"));
    let refused = respond(&http, &on_time, CreateInteractionResponse::Message(upload))
        .await
        .unwrap_err();
    assert!(refused.to_string().contains("too large"), "{refused}");
    let fine = CreateInteractionResponseMessage::new().content("a board");
    respond(&http, &on_time, CreateInteractionResponse::Message(fine))
        .await
        .unwrap();

    let empty = json!({ "content": "" });
    let refused = http
        .create_followup_message(&on_time.token, &empty, vec![])
        .await
        .unwrap_err();
    assert!(refused.to_string().contains("empty message"), "{refused}");
    let file = CreateAttachment::bytes(too_big, "replay.gif");
    let refused = http
        .create_followup_message(&on_time.token, &json!({ "content": "x" }), vec![file])
        .await
        .unwrap_err();
    assert!(refused.to_string().contains("too large"), "{refused}");
    let more = json!({ "content": "more" });
    http.create_followup_message(&on_time.token, &more, vec![])
        .await
        .unwrap();
    fake.advance_clock(Duration::from_secs(15 * 60));
    let refused = http
        .create_followup_message(&on_time.token, &more, vec![])
        .await
        .unwrap_err();
    assert!(
        refused.to_string().contains("Invalid Webhook Token"),
        "{refused}"
    );
    let statuses: Vec<u16> = fake.refusals().iter().map(|r| r.status).collect();
    assert_eq!(statuses, [404, 400, 413, 400, 413, 401]);
}
