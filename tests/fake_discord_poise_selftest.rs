//! The fake Discord against poise 0.7 as the bot uses it, without the bot: poise registers
//! localised slash commands (`PUT /applications/{app}/commands`, or the guild route), answers a
//! `/tripeaks new` with a picture and alt text, and answers autocomplete, all accepted and
//! recorded by the fake.

mod support;

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serde_json::json;
use support::{CommandScope, FakeDiscord, GUILD_ID, Player};

type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, (), Error>;

const WAIT: Duration = Duration::from_secs(5);

/// TriPeaks
#[poise::command(
    slash_command,
    subcommands("new"),
    description_localized("es-ES", "Juega a TriPeaks"),
    description_localized("nl", "Speel TriPeaks")
)]
async fn tripeaks(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a new game
#[poise::command(
    slash_command,
    name_localized("es-ES", "nueva"),
    description_localized("es-ES", "Nueva partida")
)]
async fn new(
    ctx: Context<'_>,
    #[description = "Deal code"]
    #[description_localized("es-ES", "Código del reparto")]
    #[autocomplete = "codes"]
    code: Option<String>,
    #[description = "Show it to everyone"] public: Option<bool>,
) -> Result<(), Error> {
    let content = format!("{} {code:?} {public:?}", ctx.locale().unwrap_or("?"));
    let picture = serenity::CreateAttachment::bytes(b"\x89PNG\r\n\x1a\n".to_vec(), "board.png")
        .description("Tablero");
    let reply = poise::CreateReply::default()
        .content(content)
        .attachment(picture)
        .ephemeral(public != Some(true));
    ctx.send(reply).await?;
    Ok(())
}

async fn codes(_: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = ["TP1-E-AAAAAAB", "TP1-C-AAAAAAC"]
        .into_iter()
        .filter(|code| code.starts_with(partial))
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Starts a poise client on the fake; registers in the guild when given one.
async fn start_poise(
    fake: &FakeDiscord,
    guild: Option<u64>,
) -> tokio::task::JoinHandle<serenity::Result<()>> {
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![tripeaks()],
            initialize_owners: false,
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match guild {
                    Some(guild) => {
                        poise::builtins::register_in_guild(
                            ctx,
                            commands,
                            serenity::GuildId::new(guild),
                        )
                        .await?
                    }
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                Ok(())
            })
        })
        .build();
    let http = serenity::HttpBuilder::new("dummy")
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .build();
    let mut client =
        serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::non_privileged())
            .framework(framework)
            .await
            .expect("the client builds");
    tokio::spawn(async move { client.start().await })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn poise_registers_localised_commands_and_answers_through_the_fake() {
    let fake = FakeDiscord::start().await;
    let client = start_poise(&fake, None).await;
    let registration = fake.wait_for_registration(1, WAIT).await.unwrap();
    assert_eq!(
        (registration.scope, registration.method.as_str()),
        (CommandScope::Global, "PUT")
    );
    let tripeaks = registration.command("tripeaks").expect("registered");
    assert_eq!(
        tripeaks["description_localizations"],
        json!({ "es-ES": "Juega a TriPeaks", "nl": "Speel TriPeaks" })
    );
    assert_eq!(
        tripeaks["options"][0]["name_localizations"]["es-ES"],
        "nueva"
    );
    assert_eq!(fake.commands(CommandScope::Global).len(), 1);

    let new_game = fake
        .slash("new")
        .by(&Player::bob())
        .locale("es-ES")
        .string("code", "TP1-E-AAAAAAB")
        .build();
    let reply = fake.interact(&new_game).await.unwrap();
    assert_eq!((reply.callback_type(), reply.status), (Some(4), 204));
    assert_eq!(reply.content(), Some("es-ES Some(\"TP1-E-AAAAAAB\") None"));
    assert!(reply.is_ephemeral());
    let [picture] = reply.files() else {
        panic!("one picture: {reply:?}")
    };
    assert_eq!(
        (picture.filename.as_str(), picture.description.as_deref()),
        ("board.png", Some("Tablero"))
    );
    let message = fake.original_message(&new_game).unwrap();
    assert_eq!(message["attachments"][0]["description"], "Tablero");
    assert_eq!(
        message["interaction_metadata"]["user"]["id"],
        Player::bob().id.to_string()
    );

    let typing = fake.slash("new").focused("code", "TP1-C").build();
    let choices = fake.interact(&typing).await.unwrap();
    assert_eq!(choices.callback_type(), Some(8));
    assert_eq!(
        choices.choices(),
        [("TP1-C-AAAAAAC".to_owned(), json!("TP1-C-AAAAAAC"))]
    );
    client.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn poise_registers_in_a_development_guild() {
    let fake = FakeDiscord::start().await;
    let client = start_poise(&fake, Some(GUILD_ID)).await;
    let registration = fake.wait_for_registration(1, WAIT).await.unwrap();
    assert_eq!(registration.scope, CommandScope::Guild(GUILD_ID));
    let slash = fake.slash("new").build();
    assert_eq!(
        slash.json["data"]["guild_id"],
        GUILD_ID.to_string(),
        "a guild command says so"
    );
    assert_eq!(fake.interact(&slash).await.unwrap().status, 204);
    client.abort();
}
