//! Commands reach the bot only as Discord lets them: the fake refuses, before the gateway, an
//! interaction of a registered command outside its `contexts` or its guild, or by a member
//! without its `default_member_permissions`, and records why. The interactions it delivers
//! carry `context`, the member's `permissions` and the app's `app_permissions` as Discord sends
//! them, in a guild and in the bot's DM.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use serenity::model::application::{Interaction, InteractionContext};
use serenity::model::id::GuildId;
use serenity::model::permissions::Permissions;
use tokio_tungstenite::tungstenite::Message as Frame;

use super::{WAIT, http_for};
use crate::support::{
    ADMINISTRATOR, CHANNEL_ID, DEFAULT_BOT_PERMISSIONS, DM_APP_PERMISSIONS, FakeDiscord, GUILD_ID,
    InteractionPayload, MANAGE_GUILD, MEMBER_PERMISSIONS, RefusedCommand,
};

type WebSocket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A gateway session that interactions are dispatched on.
async fn session(fake: &FakeDiscord) -> WebSocket {
    let url = format!("{}/?v=10", fake.gateway_url());
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    next_frame(&mut socket).await; // HELLO
    let identify = json!({ "op": 2, "d": { "token": "Bot dummy", "intents": 0 } });
    socket
        .send(Frame::Text(identify.to_string()))
        .await
        .unwrap();
    next_frame(&mut socket).await; // READY
    socket
}

async fn next_frame(socket: &mut WebSocket) -> Value {
    let frame = tokio::time::timeout(WAIT, socket.next()).await.unwrap();
    let Some(Ok(Frame::Text(text))) = frame else {
        panic!("a text frame, got {frame:?}")
    };
    serde_json::from_str(&text).unwrap()
}

/// Sends the interaction, which must arrive (next on the gateway) as a serenity interaction.
async fn delivered(fake: &FakeDiscord, socket: &mut WebSocket, ix: &InteractionPayload) -> Value {
    fake.send_interaction(ix).await.expect("delivered");
    let frame = next_frame(socket).await;
    assert_eq!(
        frame["d"]["id"],
        ix.id.to_string(),
        "the one sent arrives next"
    );
    serde_json::from_value::<Interaction>(frame["d"].clone()).expect("serenity parses it");
    frame["d"].clone()
}

/// Sends the interaction, which must be refused for a reason containing `why`.
async fn refused(fake: &FakeDiscord, ix: &InteractionPayload, why: &str) {
    let problem = fake.send_interaction(ix).await.unwrap_err().to_string();
    assert!(problem.contains(why), "{problem}");
}

async fn register(fake: &FakeDiscord) {
    let http = http_for(fake);
    let sub = |name: &str| json!({ "type": 1, "name": name, "description": name });
    let global = json!([
        { "name": "tripeaks", "description": "Play", "contexts": [0, 1, 2],
          "options": [sub("new"), sub("show")] },
        { "name": "tripeaks-events", "description": "Events", "contexts": [0],
          "default_member_permissions": MANAGE_GUILD.to_string(), "options": [
            { "type": 1, "name": "start", "description": "Start", "options": [
                { "type": 3, "name": "deal", "description": "Deal", "autocomplete": true }
            ]}
          ]},
        { "name": "admins", "description": "Admins only", "default_member_permissions": "0" },
        { "name": "legacy", "description": "Not in DMs", "dm_permission": false },
    ]);
    http.create_global_commands(&global).await.unwrap();
    let dev = json!([{ "name": "dev", "description": "Dev server only" }]);
    http.create_guild_commands(GuildId::new(GUILD_ID), &dev)
        .await
        .unwrap();
}

#[tokio::test]
async fn interactions_carry_context_and_permissions_as_discord_sends_them() {
    let fake = FakeDiscord::start().await;
    register(&fake).await;
    let mut socket = session(&fake).await;

    let ix = delivered(&fake, &mut socket, &fake.slash("new").build()).await;
    let Ok(Interaction::Command(command)) = serde_json::from_value(ix) else {
        panic!("a command")
    };
    assert_eq!(command.context, Some(InteractionContext::Guild));
    let bits = |bits: u64| Some(Permissions::from_bits_truncate(bits));
    assert_eq!(command.app_permissions, bits(DEFAULT_BOT_PERMISSIONS));
    let member = command.member.expect("a member in a guild");
    assert_eq!(member.permissions, bits(MEMBER_PERMISSIONS));
    const { assert!(MEMBER_PERMISSIONS & (MANAGE_GUILD | ADMINISTRATOR) == 0) };

    fake.set_bot_permissions(CHANNEL_ID, DEFAULT_BOT_PERMISSIONS | MANAGE_GUILD);
    let ix = delivered(&fake, &mut socket, &fake.slash("new").build()).await;
    assert_eq!(
        ix["app_permissions"],
        (DEFAULT_BOT_PERMISSIONS | MANAGE_GUILD).to_string()
    );
    let chosen = fake
        .slash("new")
        .app_permissions(1 << 11)
        .member_permissions(8);
    let ix = delivered(&fake, &mut socket, &chosen.build()).await;
    let sent = (&ix["app_permissions"], &ix["member"]["permissions"]);
    assert_eq!(sent, (&json!("2048"), &json!("8")));

    let ix = delivered(&fake, &mut socket, &fake.slash("show").in_dm().build()).await;
    let Ok(Interaction::Command(command)) = serde_json::from_value(ix) else {
        panic!("a command")
    };
    assert_eq!(command.context, Some(InteractionContext::BotDm));
    assert!(command.guild_id.is_none() && command.member.is_none());
    assert_eq!(command.user.name, "alice");
    assert_eq!(command.app_permissions, bits(DM_APP_PERMISSIONS));
    assert!(fake.refused_commands().is_empty());
}

#[tokio::test]
async fn commands_outside_their_contexts_guild_or_member_permissions_never_reach_the_bot() {
    let fake = FakeDiscord::start().await;
    register(&fake).await;
    let mut socket = session(&fake).await;
    let start = || fake.subcommand("tripeaks-events", "start");

    let member = start().build();
    refused(&fake, &member, "default_member_permissions").await;
    let managers = MEMBER_PERMISSIONS | MANAGE_GUILD;
    delivered(
        &fake,
        &mut socket,
        &start().member_permissions(managers).build(),
    )
    .await;
    delivered(
        &fake,
        &mut socket,
        &start().member_permissions(ADMINISTRATOR).build(),
    )
    .await;
    let typing = start().focused("deal", "TP").build();
    refused(&fake, &typing, "default_member_permissions").await;
    let in_dm = start().member_permissions(ADMINISTRATOR).in_dm().build();
    refused(&fake, &in_dm, "context 1").await;
    let ix = start().member_permissions(managers).build();
    assert_eq!(ix.json["data"]["options"][0]["name"], "start");

    let admins = fake.command("admins").member_permissions(managers).build();
    refused(&fake, &admins, "administrators only").await;
    let admin = fake
        .command("admins")
        .member_permissions(ADMINISTRATOR)
        .build();
    delivered(&fake, &mut socket, &admin).await;
    // Permissions are a guild's: in the bot's DM the command is there for everyone.
    delivered(&fake, &mut socket, &fake.command("admins").in_dm().build()).await;

    refused(
        &fake,
        &fake.command("legacy").in_dm().build(),
        "dm_permission",
    )
    .await;
    delivered(&fake, &mut socket, &fake.command("legacy").build()).await;

    delivered(&fake, &mut socket, &fake.command("dev").build()).await;
    let other_guild = fake.command("dev").in_guild(GUILD_ID + 1).build();
    refused(&fake, &other_guild, "registered in guild").await;
    refused(
        &fake,
        &fake.command("dev").in_dm().build(),
        "outside any guild",
    )
    .await;

    // Unregistered commands and buttons are delivered as before.
    delivered(&fake, &mut socket, &fake.command("unknown").build()).await;
    let problem = fake.post_interaction(&member).await.unwrap_err();
    assert!(
        problem.to_string().contains("would not deliver"),
        "{problem}"
    );

    let names: Vec<String> = fake
        .refused_commands()
        .into_iter()
        .map(|RefusedCommand { name, .. }| name)
        .collect();
    assert_eq!(
        names,
        [
            "tripeaks-events start",
            "tripeaks-events start",
            "tripeaks-events start",
            "admins",
            "legacy",
            "dev",
            "dev",
            "tripeaks-events start",
        ]
    );
    assert_eq!(fake.refused_commands()[0].interaction_id, member.id);
    assert!(
        fake.requests()
            .iter()
            .all(|r| !r.path.contains("/callback")),
        "nothing reached a bot"
    );
}
