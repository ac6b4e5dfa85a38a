//! End-to-end: the real `tripeaks` binary against a fake Discord on 127.0.0.1.
//!
//! Each test starts its own fake and its own bot process on a temporary SQLite file; the bot is
//! killed when the test ends, whatever happens.

mod backup;
mod challenge;
mod check;
mod door;
mod drain;
mod edges;
mod endpoint_health;
mod events;
mod faults;
mod gateway;
mod history;
mod http;
mod metrics;
mod modes;
mod postgres;
mod shards;
#[path = "../support/mod.rs"]
mod support;
mod together;
mod variants;

use std::time::Duration;

use serde_json::Value;
use support::{Answered, BotProcess, ButtonView, FakeDiscord, Player, TestDatabase, buttons_of};
use tripeaks::game::{Action, Card, DealCode, DealNumber, Game, Rule, Status, solver};
use tripeaks::i18n::{self, Locale};

pub(crate) const WAIT: Duration = Duration::from_secs(10);

pub(crate) struct Harness {
    pub(crate) fake: FakeDiscord,
    pub(crate) database: TestDatabase,
    bot: Option<BotProcess>,
    /// Whether the bot takes interactions over HTTP (signed POSTs) instead of the gateway.
    over_http: bool,
}

impl Harness {
    /// The bot on the gateway, as by default.
    pub(crate) async fn start() -> Harness {
        Harness::with_transport(false).await
    }

    /// The bot taking interactions over HTTP: the fake signs and POSTs them.
    pub(crate) async fn over_http() -> Harness {
        Harness::with_transport(true).await
    }

    async fn with_transport(over_http: bool) -> Harness {
        let fake = FakeDiscord::start().await;
        let database = TestDatabase::new().expect("a temporary database");
        let bot = Harness::start_bot(&fake, &database, over_http).await;
        Harness {
            fake,
            database,
            bot: Some(bot),
            over_http,
        }
    }

    async fn start_bot(fake: &FakeDiscord, database: &TestDatabase, over_http: bool) -> BotProcess {
        let started = match over_http {
            true => BotProcess::start_over_http(fake, database, &[]).await,
            false => BotProcess::start(fake, database).await,
        };
        started.expect("the bot starts")
    }

    async fn restart(&mut self) {
        if let Some(endpoint) = self.bot.as_ref().and_then(BotProcess::endpoint) {
            self.fake.remove_endpoint(endpoint);
        }
        self.bot = None; // killed on drop
        self.bot = Some(Harness::start_bot(&self.fake, &self.database, self.over_http).await);
    }

    /// The bot's interactions endpoint (over HTTP only).
    pub(crate) fn endpoint(&self) -> std::net::SocketAddr {
        self.bot
            .as_ref()
            .and_then(BotProcess::endpoint)
            .expect("a bot taking interactions over HTTP")
    }

    /// The bot process's peak resident memory so far, in bytes.
    pub(crate) fn bot_peak_rss(&self) -> Option<u64> {
        self.bot.as_ref()?.peak_rss_bytes()
    }

    pub(crate) fn output(&self) -> String {
        self.bot.as_ref().map(|b| b.tail(60)).unwrap_or_default()
    }

    /// `/tripeaks new code:<code>` by a player in a locale; returns the final answer (a message
    /// of its own) and the board message.
    pub(crate) async fn new_game(
        &self,
        who: &Player,
        locale: &str,
        code: &str,
    ) -> (Answered, Value) {
        let ix = self
            .fake
            .slash("new")
            .by(who)
            .locale(locale)
            .string("code", code)
            .build();
        let reply = self
            .fake
            .final_answer(&ix)
            .await
            .unwrap_or_else(|e| panic!("{e}\n{}", self.output()));
        assert!(!reply.updated, "{reply:?}");
        let message = reply.message.clone();
        (reply, message)
    }

    /// Draws once and starts another game over it, confirming the question a game in progress
    /// gets: an abandoned game.
    pub(crate) async fn abandon(&self, who: &Player, code: &str) {
        let (_, board) = self.new_game(who, "en-US", code).await;
        self.press(who, "en-US", &board, &draw_id(&buttons_of(&board)))
            .await;
        let (ask, question) = self.new_game(who, "en-US", code).await;
        assert!(ask.is_ephemeral(), "{ask:?}");
        assert!(
            ask.content()
                .unwrap()
                .starts_with("You have a game in progress (1 move)"),
            "{ask:?}"
        );
        let confirm = custom_id(&buttons_of(&question), "Start the new deal");
        let started = self.press(who, "en-US", &question, &confirm).await;
        assert!(
            started.content().unwrap().starts_with("New game: deal"),
            "{started:?}"
        );
    }

    /// Presses a button of `message`; the final answer (followed through a deferral).
    pub(crate) async fn press(
        &self,
        who: &Player,
        locale: &str,
        message: &Value,
        custom_id: &str,
    ) -> Answered {
        let ix = self
            .fake
            .button(message, custom_id)
            .by(who)
            .locale(locale)
            .build();
        self.fake
            .final_answer(&ix)
            .await
            .unwrap_or_else(|e| panic!("{e}\n{}", self.output()))
    }

    /// Presses "Play this deal" under a shared code (the reply to `/tripeaks code`); the new
    /// board, which must be a new message.
    pub(crate) async fn play_shared(
        &self,
        who: &Player,
        locale: &str,
        shared: &Answered,
    ) -> Answered {
        let message = &shared.message;
        let play = buttons_of(message)
            .into_iter()
            .find(|b| {
                b.custom_id
                    .as_deref()
                    .is_some_and(|id| id.starts_with("tp:play:"))
            })
            .expect("a Play this deal button");
        let reply = self
            .press(who, locale, message, play.custom_id.as_deref().unwrap())
            .await;
        assert!(!reply.updated, "a new message: {reply:?}");
        reply
    }

    /// `/tripeaks show`: the final answer.
    async fn show(&self, who: &Player) -> Answered {
        let ix = self.fake.slash("show").by(who).build();
        self.fake
            .final_answer(&ix)
            .await
            .unwrap_or_else(|e| panic!("{e}\n{}", self.output()))
    }
}

pub(crate) fn button<'a>(buttons: &'a [ButtonView], label: &str) -> &'a ButtonView {
    buttons
        .iter()
        .find(|b| b.label.as_deref() == Some(label))
        .unwrap_or_else(|| panic!("no button {label:?} in {buttons:#?}"))
}

pub(crate) fn custom_id(buttons: &[ButtonView], label: &str) -> String {
    button(buttons, label)
        .custom_id
        .clone()
        .expect("a custom_id")
}

pub(crate) fn draw_id(buttons: &[ButtonView]) -> String {
    buttons
        .iter()
        .find(|b| {
            b.custom_id
                .as_deref()
                .is_some_and(|id| id.starts_with("tp:draw:"))
        })
        .and_then(|b| b.custom_id.clone())
        .expect("a draw button")
}

pub(crate) fn label(locale: Locale, card: &str) -> String {
    i18n::card_label(locale, card.parse::<Card>().unwrap())
}

#[tokio::test(flavor = "multi_thread")]
async fn startup_registers_localised_commands() {
    let h = Harness::start().await;
    let registration = h
        .fake
        .registrations()
        .last()
        .cloned()
        .expect("a registration");
    let tripeaks = registration.command("tripeaks").expect("/tripeaks").clone();
    for locale in ["es-ES", "es-419", "nl", "fr", "de"] {
        assert!(
            tripeaks["description_localizations"][locale].is_string(),
            "{locale}: {tripeaks:#}"
        );
    }
    // `/tripeaks-events`: for servers only, and by default for members who may Manage Server.
    let events = registration
        .command("tripeaks-events")
        .expect("/tripeaks-events")
        .clone();
    assert_eq!(events["contexts"], serde_json::json!([0]), "{events:#}");
    assert_eq!(events["default_member_permissions"], "32", "{events:#}");
    let subcommands: Vec<&str> = [&tripeaks, &events]
        .iter()
        .flat_map(|top| top["options"].as_array().unwrap())
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    let tree = tripeaks::bot::answer::registration::subcommand_names();
    assert_eq!(subcommands, tree);
    let new = &tripeaks["options"][0];
    assert_eq!(new["name_localizations"]["es-ES"], "nueva");
    let rule = &new["options"][0];
    assert_eq!(rule["name"], "rule");
    assert!(
        rule["choices"][0]["name_localizations"]["de"].is_string(),
        "{rule:#}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_new_game_in_spanish() {
    new_game_in_spanish(Harness::start().await).await;
}

/// The scenario of `a_new_game_in_spanish`, on either transport.
pub(crate) async fn new_game_in_spanish(h: Harness) {
    let (reply, message) = h.new_game(&Player::alice(), "es-ES", "TP1-E-AAAAAAA").await;
    let files = reply.files();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].png_size(), Some((800, 400)));
    let alt = files[0].description.clone().expect("alt text");
    assert!(
        alt.starts_with("Mazo: 23 cartas; descarte: 7 de picas. Cimas: carta oculta"),
        "{alt}"
    );
    let content = reply.content().unwrap();
    assert!(content.contains("500"), "{content}");
    // One button per free card (the bottom row of TP1-E-AAAAAAA), then Draw, Undo, Hint.
    let buttons = buttons_of(&message);
    let cards: Vec<String> = buttons
        .iter()
        .filter(|b| b.custom_id.as_deref().unwrap().starts_with("tp:card:"))
        .map(|b| b.label.clone().unwrap())
        .collect();
    let bottom = ["10D", "3D", "6C", "JS", "2S", "AH", "3C", "2H", "KH", "QD"];
    assert_eq!(cards, bottom.map(|c| label(Locale::EsEs, c)));
    assert!(
        button(&buttons, &label(Locale::EsEs, "6C")).style == 3,
        "the 6♣ fits the 7♠: green"
    );
    assert!(draw_id(&buttons).starts_with("tp:draw:"));
}

#[tokio::test(flavor = "multi_thread")]
async fn taps_are_refused_in_the_seed_wording_or_update_the_board() {
    refusals_in_the_seed_wording(Harness::start().await).await;
}

/// The scenario of `taps_are_refused_in_the_seed_wording_or_update_the_board`, on either transport.
pub(crate) async fn refusals_in_the_seed_wording(h: Harness) {
    for (player, locale, tag, refusal) in [
        (
            Player::alice(),
            Locale::EsEs,
            "es-ES",
            "Debe ser de un valor superior o inferior",
        ),
        (
            Player::bob(),
            Locale::Nl,
            "nl",
            "Moet één rang hoger of lager zijn",
        ),
    ] {
        let (_, board) = h.new_game(&player, tag, "TP1-E-AAAAAAA").await;
        let buttons = buttons_of(&board);
        let refused = h
            .press(
                &player,
                tag,
                &board,
                &custom_id(&buttons, &label(locale, "10D")),
            )
            .await;
        assert!(!refused.updated, "a message of its own: {refused:?}");
        assert!(refused.is_ephemeral());
        assert_eq!(refused.content(), Some(refusal));
        let played = h
            .press(
                &player,
                tag,
                &board,
                &custom_id(&buttons, &label(locale, "6C")),
            )
            .await;
        assert!(played.updated, "the board updated: {played:?}");
        assert!(
            played.content().unwrap().contains("499"),
            "{:?}",
            played.content()
        );
        assert_eq!(played.files().len(), 1, "a new picture");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn someone_elses_tap_changes_nothing() {
    let h = Harness::start().await;
    let (_, board) = h.new_game(&Player::alice(), "en-US", "TP1-E-AAAAAAA").await;
    let six = custom_id(&buttons_of(&board), &label(Locale::EnUs, "6C"));
    let reply = h.press(&Player::bob(), "fr", &board, &six).await;
    assert!(reply.is_ephemeral());
    assert!(
        reply.content().unwrap().contains("/tripeaks new"),
        "{:?}",
        reply.content()
    );
    let shown = h.show(&Player::alice()).await;
    assert!(
        shown.content().unwrap().contains("500"),
        "{:?}",
        shown.content()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shared_code_deals_the_same_cards() {
    let h = Harness::start().await;
    let alice = Player::alice();
    let ix = h.fake.slash("new").by(&alice).build();
    let first = h.fake.final_answer(&ix).await.unwrap();
    let alice_alt = first.files()[0].description.clone().unwrap();
    let ix = h.fake.slash("code").by(&alice).build();
    let shared = h.fake.final_answer(&ix).await.unwrap();
    let content = shared.content().unwrap().to_string();
    assert!(content.contains("TP1-E-"), "{content}");
    let bob = h.play_shared(&Player::bob(), "en-US", &shared).await;
    assert_eq!(
        bob.files()[0].description.as_deref(),
        Some(alice_alt.as_str()),
        "same cards, same description"
    );
    assert_eq!(
        bob.files()[0].bytes,
        first.files()[0].bytes,
        "same cards, same picture"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_whole_game_played_by_taps_to_a_win() {
    whole_game_to_a_win(Harness::start().await).await;
}

/// The scenario of `a_whole_game_played_by_taps_to_a_win`, on either transport.
pub(crate) async fn whole_game_to_a_win(h: Harness) {
    let alice = Player::alice();
    let code: DealCode = "TP1-C-AAAAAAC".parse().unwrap();
    let verdict = solver::solve(&Game::from_code(code));
    assert!(verdict.winnable, "{code} can be won");
    let line = verdict.line;
    let (_, mut board) = h.new_game(&alice, "en-US", &code.to_string()).await;
    let mut game = Game::from_code(code);
    let mut last = None;
    for action in &line {
        let buttons = buttons_of(&board);
        let id = match action {
            Action::Remove(card) => custom_id(&buttons, &i18n::card_label(Locale::EnUs, *card)),
            _ => draw_id(&buttons),
        };
        let reply = h.press(&alice, "en-US", &board, &id).await;
        assert!(reply.updated, "{action}: {:?}", reply.content());
        game.apply(*action).unwrap();
        board = reply.message.clone();
        last = Some(reply);
    }
    assert_eq!(game.status(), Status::Won);
    let content = last.unwrap().content().unwrap().to_string();
    assert!(
        content.contains(&format!("Final score: {}", game.score())),
        "{content}"
    );
    let labels: Vec<String> = buttons_of(&board)
        .into_iter()
        .filter_map(|b| b.label)
        .collect();
    assert!(labels.contains(&"New game".to_string()), "{labels:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_blocked_game_says_so_and_undo_still_works() {
    let h = Harness::start().await;
    let alice = Player::alice();
    // The first Classic deal that is blocked once the whole stock is drawn.
    let code = (0..)
        .map(|n| DealCode::new(DealNumber::new(n).unwrap(), Rule::Classic))
        .find(|&code| {
            let mut game = Game::from_code(code);
            for _ in 0..23 {
                let _ = game.apply(Action::Draw);
            }
            game.status() == Status::Blocked
        })
        .unwrap();
    let (_, mut board) = h.new_game(&alice, "en-US", &code.to_string()).await;
    let mut reply = None;
    for _ in 0..23 {
        let r = h
            .press(&alice, "en-US", &board, &draw_id(&buttons_of(&board)))
            .await;
        assert!(r.updated, "{r:?}");
        board = r.message.clone();
        reply = Some(r);
    }
    let content = reply.unwrap().content().unwrap().to_string();
    assert!(content.contains("No more moves possible"), "{content}");
    let undo = custom_id(&buttons_of(&board), "Undo");
    let undone = h.press(&alice, "en-US", &board, &undo).await;
    assert!(undone.updated, "{undone:?}");
    assert!(!undone.content().unwrap().contains("No more moves possible"));
}

#[tokio::test(flavor = "multi_thread")]
async fn buttons_keep_working_after_a_restart() {
    buttons_after_a_restart(Harness::start().await).await;
}

/// The scenario of `buttons_keep_working_after_a_restart`, on either transport.
pub(crate) async fn buttons_after_a_restart(mut h: Harness) {
    let alice = Player::alice();
    let (_, board) = h.new_game(&alice, "de", "TP1-E-AAAAAAA").await;
    h.restart().await;
    let six = custom_id(&buttons_of(&board), &label(Locale::De, "6C"));
    let reply = h.press(&alice, "de", &board, &six).await;
    assert!(reply.updated, "{:?}\n{}", reply.content(), h.output());
    assert!(reply.content().unwrap().contains("499"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_double_tap_removes_the_card_once() {
    double_tap_once(Harness::start().await).await;
}

/// The scenario of `a_double_tap_removes_the_card_once`, on either transport.
pub(crate) async fn double_tap_once(h: Harness) {
    let alice = Player::alice();
    let (_, board) = h.new_game(&alice, "en-US", "TP1-E-AAAAAAA").await;
    let six = custom_id(&buttons_of(&board), &label(Locale::EnUs, "6C"));
    let a = h.fake.button(&board, &six).by(&alice).build();
    let b = h.fake.button(&board, &six).by(&alice).build();
    let (ra, rb) = tokio::join!(h.fake.final_answer(&a), h.fake.final_answer(&b));
    assert!(ra.unwrap().updated, "the board updated");
    assert!(rb.unwrap().updated, "the board updated");
    let shown = h.show(&alice).await;
    let content = shown.content().unwrap();
    assert!(
        content.contains("Score: 499") && content.contains("Moves: 1"),
        "{content}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_input_and_a_failing_discord_leave_the_bot_up() {
    let h = Harness::start().await;
    let alice = Player::alice();
    let (_, board) = h.new_game(&alice, "es-ES", "TP1-E-AAAAAAA").await;
    // A forged custom_id.
    let forged = h.press(&alice, "es-ES", &board, "tp:card:1:2:3:99").await;
    assert!(forged.is_ephemeral());
    assert_eq!(
        forged.content(),
        Some("Lo sentimos, algo ha fallado. Inténtalo de nuevo.")
    );
    // An option value that is not one of the choices.
    let ix = h.fake.slash("new").by(&alice).integer("rule", 7).build();
    let reply = h.fake.final_answer(&ix).await.unwrap();
    assert!(reply.is_ephemeral(), "{reply:?}");
    assert_eq!(
        reply.content(),
        Some("Sorry, something went wrong. Please try again.")
    );
    // A bad code.
    let ix = h
        .fake
        .slash("new")
        .by(&alice)
        .locale("es-ES")
        .string("code", "TP1-E-AAA")
        .build();
    let reply = h.fake.final_answer(&ix).await.unwrap();
    assert!(reply.is_ephemeral());
    assert_eq!(
        reply.content(),
        Some(
            "«TP1\\-E\\-AAA» no es un código de partida. Un código tiene la forma \
             TP1-E-ABCDEFG: TP1, después E (Fácil) o C (Clásico) y luego 7 letras de la A a la Z."
        )
    );
    // Discord answers 500 to the next callback: the bot repeats it once, logs it and carries on.
    h.fake.fail_next("POST", "/callback", 500, 1);
    let six = custom_id(&buttons_of(&board), &label(Locale::EsEs, "6C"));
    let tap = h
        .fake
        .button(&board, &six)
        .by(&alice)
        .locale("es-ES")
        .build();
    h.fake.send_interaction(&tap).await.unwrap();
    let replies = h.fake.wait_for_replies(&tap, 2, WAIT).await.unwrap();
    let answers: Vec<_> = replies
        .iter()
        .take(2)
        .map(|r| (r.callback_type(), r.status))
        .collect();
    // The same callback twice, refused then taken: the update, or on a slow machine the
    // deferral (then finished by an edit).
    let kind = replies[0].callback_type();
    assert!(matches!(kind, Some(6 | 7)), "{answers:?}");
    assert_eq!(answers, [(kind, 500), (kind, 204)], "{}", h.output());
    let tapped = h.fake.wait_for_final_answer(&tap, WAIT).await.unwrap();
    assert!(tapped.updated, "{tapped:?}");
    assert!(tapped.content().unwrap().contains("499"), "{tapped:?}");
    let bot = h.bot.as_ref().unwrap();
    bot.wait_for_line("went through when repeated", WAIT)
        .await
        .expect("the failure is logged");
    let shown = h.show(&alice).await;
    assert!(
        shown.content().unwrap().contains("499"),
        "the tap was applied before the answer failed"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn sigterm_stops_the_bot_cleanly_and_keeps_the_game() {
    let mut h = Harness::start().await;
    let alice = Player::alice();
    let (_, board) = h.new_game(&alice, "en-US", "TP1-E-AAAAAAA").await;
    let six = custom_id(&buttons_of(&board), &label(Locale::EnUs, "6C"));
    assert!(h.press(&alice, "en-US", &board, &six).await.updated);
    let bot = h.bot.as_mut().unwrap();
    let status = bot.terminate(WAIT).await.expect("the bot stops");
    assert!(status.success(), "exit status {status}\n{}", bot.tail(20));
    bot.wait_for_line("stopped", WAIT)
        .await
        .expect("a clean stop is logged");
    let lines = bot.lines();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("button handled") && l.contains("millis")),
        "handling times are logged"
    );
    assert!(
        lines.iter().all(|l| !l.contains(support::TOKEN)),
        "the token never reaches the log"
    );
    h.restart().await;
    let shown = h.show(&alice).await;
    assert!(
        shown.content().unwrap().contains("499"),
        "{:?}",
        shown.content()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn dev_guild_id_registers_in_that_server_and_hints_answer_privately() {
    let fake = FakeDiscord::start().await;
    let database = TestDatabase::new().unwrap();
    let guild = support::GUILD_ID.to_string();
    let _bot = BotProcess::start_with(&fake, &database, &[("DEV_GUILD_ID", guild.as_str())])
        .await
        .expect("the bot starts");
    let registration = fake.registrations().last().cloned().unwrap();
    assert_eq!(
        registration.scope,
        support::CommandScope::Guild(support::GUILD_ID)
    );
    let alice = Player::alice();
    let ix = fake
        .slash("new")
        .by(&alice)
        .locale("nl")
        .string("code", "TP1-C-AAAAAAC")
        .build();
    let board = fake.final_answer(&ix).await.unwrap().message;
    let hint = buttons_of(&board)
        .into_iter()
        .find(|b| b.custom_id.as_deref().unwrap().starts_with("tp:hint:"))
        .unwrap();
    let ix = fake
        .button(&board, hint.custom_id.as_deref().unwrap())
        .by(&alice)
        .locale("nl")
        .build();
    let answer = fake.final_answer(&ix).await.unwrap();
    assert!(answer.is_ephemeral());
    // TP1-C-AAAAAAC can be won; its solver line starts with the 4♣ (klaveren 4 in Dutch).
    assert!(
        answer.content().unwrap().contains("klaveren 4"),
        "{:?}",
        answer.content()
    );
}
