//! The lean parse of the HTTP endpoint against serenity's parse of the same JSON (the
//! gateway's, converted): both give the same press and the same command, in a server and in
//! direct messages; and what serenity cannot read, or the bot does not take, is said so.

use serde_json::{Value, json};

use super::*;

const ALICE: u64 = 1_100_000_000_000_001_001;
const BEN: u64 = 1_100_000_000_000_001_002;
const GUILD: u64 = 1_100_000_000_000_000_100;
const CHANNEL: u64 = 1_100_000_000_000_000_200;

fn user(id: u64, name: &str, global_name: Option<&str>, bot: bool) -> Value {
    json!({ "id": id.to_string(), "username": name, "global_name": global_name,
        "discriminator": "0", "avatar": null, "bot": bot, "public_flags": 0 })
}

fn member(user: Value) -> Value {
    json!({ "user": user, "nick": "a nickname, never shown", "avatar": null, "roles": [],
        "joined_at": "2024-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false,
        "flags": 0, "pending": false, "permissions": "2147485696" })
}

/// An interaction in a server, as Discord sends it.
fn interaction(kind: u8, data: Value) -> Value {
    json!({
        "id": "1300000000000000001", "application_id": "1100000000000000099",
        "type": kind, "data": data, "guild_id": GUILD.to_string(),
        "channel_id": CHANNEL.to_string(),
        "channel": { "id": CHANNEL.to_string(), "type": 0 },
        "member": member(user(ALICE, "alice", Some("Alice"), false)),
        "token": "a-token", "version": 1, "app_permissions": "2147485696",
        "locale": "es-ES", "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": { "0": GUILD.to_string() }, "context": 0,
        "attachment_size_limit": 10485760,
    })
}

/// The message a board press carries: its components and its picture, which the bot never reads.
fn board_message() -> Value {
    let button = |id: &str| json!({ "type": 2, "style": 2, "label": "7♠", "custom_id": id });
    let row = json!({ "type": 1, "components": [button("tp:c:1:2:3"), button("tp:draw:1:2")] });
    json!({
        "id": "1300000000000000002", "channel_id": CHANNEL.to_string(),
        "author": user(1_100_000_000_000_000_099, "tripeaks", None, true),
        "content": "Moves: 1", "timestamp": "2026-12-01T12:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
        "mention_roles": [], "embeds": [], "pinned": false, "type": 0, "flags": 0,
        "attachments": [{ "id": "1300000000000000003", "filename": "board.png", "size": 40000,
            "url": "https://cdn.example/board.png", "proxy_url": "https://cdn.example/p.png",
            "width": 800, "height": 400, "description": "the board", "content_type": "image/png" }],
        "components": [row.clone(), row],
    })
}

/// What serenity makes of the JSON, in the form the bot reads.
fn as_serenity_reads(json: &Value) -> Interaction {
    match serde_json::from_value(json.clone()).expect("serenity reads it") {
        serenity::Interaction::Component(press) => Interaction::Press(Press::from(&press)),
        serenity::Interaction::Command(command) => Interaction::Command(Command::from(&command)),
        serenity::Interaction::Autocomplete(command) => {
            Interaction::Autocomplete(Command::from(&command))
        }
        other => panic!("{other:?}"),
    }
}

fn lean(json: &Value) -> Interaction {
    Interaction::from_json(&serde_json::to_vec(json).unwrap()).expect("the bot reads it")
}

#[test]
fn a_press_is_read_as_serenity_reads_it_without_its_message() {
    let mut json = interaction(
        3,
        json!({ "custom_id": "tp:draw:1:2", "component_type": 2 }),
    );
    json["message"] = board_message();
    let read = lean(&json);
    assert_eq!(read, as_serenity_reads(&json));
    let Interaction::Press(press) = read else {
        panic!("{read:?}")
    };
    assert!(press.is_button);
    assert_eq!(press.custom_id, "tp:draw:1:2");
    assert_eq!(press.address.token, "a-token");
    assert_eq!(
        press.who.name, "Alice",
        "the name for all of Discord, not the nickname"
    );
    assert_eq!(press.who.locale, Locale::EsEs);
    assert_eq!((press.who.guild, press.who.channel), (Some(GUILD), CHANNEL));
    // A select menu carrying a button's custom_id is no button.
    json["data"]["component_type"] = json!(3);
    json["data"]["values"] = json!(["x"]);
    let read = lean(&json);
    assert_eq!(read, as_serenity_reads(&json));
    assert!(matches!(
        read,
        Interaction::Press(Press {
            is_button: false,
            ..
        })
    ));
}

#[test]
fn a_command_is_read_as_serenity_reads_it() {
    let ben = user(BEN, "ben", None, false);
    let data = json!({
        "id": "1100000000000000500", "name": "tripeaks", "type": 1,
        "options": [{ "name": "challenge", "type": 1, "options": [
            { "name": "opponent", "type": 6, "value": BEN.to_string() },
            { "name": "rule", "type": 4, "value": 1 },
            { "name": "wild-card", "type": 5, "value": true },
            { "name": "code", "type": 3, "value": "TP1-E-AAAAAAA" },
        ]}],
        "resolved": { "users": { BEN.to_string(): ben } },
    });
    let json = interaction(2, data);
    let read = lean(&json);
    assert_eq!(read, as_serenity_reads(&json));
    let Interaction::Command(command) = read else {
        panic!("{read:?}")
    };
    assert!(!command.is_autocomplete());
    assert_eq!(command.data.name, "tripeaks");
    let ben = &command.data.users[&BEN];
    assert_eq!((ben.name.as_str(), ben.bot), ("ben", false));
    let [sub] = command.data.options.as_slice() else {
        panic!("{command:?}")
    };
    let OptionValue::SubCommand(options) = &sub.value else {
        panic!("{sub:?}")
    };
    let values: Vec<_> = options.iter().map(|o| o.value.clone()).collect();
    assert_eq!(
        values,
        [
            OptionValue::User(BEN),
            OptionValue::Integer(1),
            OptionValue::Boolean(true),
            OptionValue::String("TP1-E-AAAAAAA".into()),
        ]
    );
}

#[test]
fn an_autocomplete_and_a_direct_message_are_read_as_serenity_reads_them() {
    let data = json!({ "id": "1100000000000000500", "name": "tripeaks", "type": 1,
        "options": [{ "name": "play", "type": 1, "options": [
            { "name": "card", "type": 3, "value": "6", "focused": true }] }] });
    let mut json = interaction(4, data);
    let object = json.as_object_mut().unwrap();
    for field in ["guild_id", "member", "guild_locale"] {
        object.remove(field);
    }
    object.insert("user".into(), user(ALICE, "alice", None, false));
    object.insert("context".into(), json!(1));
    let read = lean(&json);
    assert_eq!(read, as_serenity_reads(&json));
    let Interaction::Autocomplete(command) = read else {
        panic!("{read:?}")
    };
    assert!(command.is_autocomplete());
    assert_eq!(command.who.guild, None);
    assert_eq!(
        command.who.name, "alice",
        "the user name when there is no display name"
    );
}

#[test]
fn a_value_of_another_type_than_its_option_is_read_as_no_value() {
    let data = json!({ "name": "tripeaks", "options": [{ "name": "new", "type": 1, "options": [
        { "name": "rule", "type": 4, "value": "hard" },
        { "name": "winnable", "type": 5, "value": 1 },
        { "name": "code", "type": 3, "value": { "nested": true } },
        { "name": "user", "type": 6, "value": "not an id" },
        { "name": "number", "type": 10, "value": 1.5 },
    ]}]});
    let Interaction::Command(command) = lean(&interaction(2, data)) else {
        panic!("a command")
    };
    let OptionValue::SubCommand(options) = &command.data.options[0].value else {
        panic!("{command:?}")
    };
    assert!(
        options.iter().all(|o| o.value == OptionValue::Other),
        "{options:?}"
    );
}

#[test]
fn what_the_bot_does_not_take_or_cannot_read_is_said_so() {
    let ping = json!({ "id": "1", "application_id": "2", "type": 1, "token": "t", "version": 1 });
    assert_eq!(lean(&ping), Interaction::Ping);
    let modal = interaction(5, json!({ "custom_id": "x", "components": [] }));
    assert_eq!(lean(&modal), Interaction::Other(5));
    let mut nobody = interaction(3, json!({ "custom_id": "x", "component_type": 2 }));
    nobody.as_object_mut().unwrap().remove("member");
    for unreadable in [
        serde_json::to_vec(&nobody).unwrap(),
        b"{\"id\": \"1\"}".to_vec(),
        b"not json".to_vec(),
        serde_json::to_vec(&json!({ "id": "0", "type": 3 })).unwrap(),
    ] {
        let read = Interaction::from_json(&unreadable);
        assert!(read.is_err(), "{:?}", String::from_utf8_lossy(&unreadable));
    }
}
