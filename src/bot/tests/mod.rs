//! The bot's flows, driven without Discord: an in-memory store, players in several languages.
//! `stats.rs` holds the statistics, boards and privacy flows; `modes.rs` the game modes;
//! `faults.rs` a store that does not answer; `game_end.rs` the end of a game (won, blocked, its
//! hints) and the answers a corrupt game or a panic still get; `posts_due.rs` what an answer
//! costs and brings when a post is due, or none.

mod budget;
mod challenge;
mod daily;
mod edges;
mod events;
mod faults;
mod game_end;
mod history;
mod modes;
mod posted_once;
mod posts_due;
mod recording_discord;
mod stats;
mod variants;

use crate::bot::flows::{ChangeSettings, NewGame, PlayCard, ShareCode, ShowBoard};
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::reply::{Delivery, Reply};
use crate::game::{Action, Card, DealCode, Game, Position, Rule, Slot, Status};
use crate::i18n::Locale;
use crate::store::{CurrentGame, GameKind, Over, Store, StoreError, UserId};

/// A free game started over whatever the player has: the store's one start, for the tests to
/// which the kind and the game replaced do not matter.
pub(super) trait StartFree {
    fn start_free(
        &self,
        user: UserId,
        game: Game,
        guild: Option<u64>,
    ) -> impl Future<Output = Result<CurrentGame, StoreError>> + Send;
}

impl StartFree for Store {
    async fn start_free(
        &self,
        user: UserId,
        game: Game,
        guild: Option<u64>,
    ) -> Result<CurrentGame, StoreError> {
        let started = self.start(user, game, guild, GameKind::Free, Over::Anything);
        Ok(started.await?.expect("a free game starts over anything"))
    }
}

pub(super) const ALICE: u64 = 111;
pub(super) const BOB: u64 = 222;

/// Wednesday 2 December 2026, 12:00 UTC: the middle of a week and a month, so that tests of the
/// week's and month's leaderboards never straddle a Monday (they did on the system clock).
pub(super) const WEDNESDAY_NOON: i64 = 1_796_083_200_000 + 36 * 3_600_000;

/// A bot on an in-memory store, its clock (and its store's) stopped at [`WEDNESDAY_NOON`].
pub(super) async fn bot() -> Bot {
    let store = Store::connect("sqlite::memory:")
        .await
        .expect("in-memory store");
    Bot::with_clock(store, std::sync::Arc::new(|| WEDNESDAY_NOON))
}

/// A bot on an in-memory store whose clock (and its store's) the test sets.
pub(super) async fn bot_at(now: i64) -> (Bot, std::sync::Arc<std::sync::atomic::AtomicI64>) {
    use std::sync::atomic::{AtomicI64, Ordering};
    let clock = std::sync::Arc::new(AtomicI64::new(now));
    let reading = std::sync::Arc::clone(&clock);
    let store = Store::connect("sqlite::memory:").await.unwrap();
    let clock_fn = std::sync::Arc::new(move || reading.load(Ordering::SeqCst));
    (Bot::with_clock(store, clock_fn), clock)
}

pub(super) fn player(user: u64, locale: Locale) -> Player {
    Player {
        user,
        name: format!("player {user}"),
        locale,
        guild: Some(42),
        channel: 7,
    }
}

pub(super) fn custom_ids(reply: &Reply) -> Vec<ButtonAction> {
    reply.rows.iter().flatten().map(|b| b.action).collect()
}

pub(super) fn button_for(reply: &Reply, wanted: impl Fn(&ButtonAction) -> bool) -> String {
    reply
        .rows
        .iter()
        .flatten()
        .find(|b| wanted(&b.action))
        .unwrap_or_else(|| panic!("no such button in {reply:#?}"))
        .action
        .to_string()
}

/// A new game, confirmed where it asks first (over a game in progress with moves).
pub(super) async fn new_game_confirmed(bot: &Bot, p: &Player, command: NewGame) -> Reply {
    let reply = bot.execute(p, command).await;
    let confirm = reply
        .rows
        .iter()
        .flatten()
        .find(|b| matches!(b.action, ButtonAction::StartDeal(..)));
    match confirm {
        Some(button) => bot.press(p, &button.action.to_string()).await,
        None => reply,
    }
}

pub(super) fn card_button(reply: &Reply, game: &Game, card: Card) -> String {
    let position = game.position_of(card).unwrap();
    button_for(
        reply,
        |a| matches!(a, ButtonAction::Card(_, p) if *p == position),
    )
}

pub(super) async fn current(bot: &Bot, user: u64) -> Game {
    stored(bot, user).await.game
}

/// The player's current game as stored (with its id and daily).
pub(super) async fn stored(bot: &Bot, user: u64) -> crate::store::CurrentGame {
    bot.store()
        .current_game(UserId(user))
        .await
        .unwrap()
        .expect("the player has a game")
}

/// The seeds' example layout (bottom row 3♠ 5♠ K♣ 4♠ 2♦ A♠ K♦ 8♥ 7♣ 9♠, A♣ on the waste).
pub(super) fn seeds_example() -> Game {
    crate::game::fixtures::seeds_example(Rule::Easy)
}

pub(super) async fn start(bot: &Bot, user: u64, game: Game, locale: Locale) -> Reply {
    bot.store()
        .start_free(UserId(user), game, None)
        .await
        .unwrap();
    bot.execute(&player(user, locale), ShowBoard).await
}

#[tokio::test]
async fn a_new_game_in_spanish_shows_the_board_and_a_button_per_free_card() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EsEs);
    let reply = bot
        .execute(
            &alice,
            NewGame {
                code: Some("tp1-e-aaaaaaa".into()),
                ..Default::default()
            },
        )
        .await;
    assert_eq!(reply.delivery, Delivery::NewMessage);
    assert!(reply.fits_discord());
    let picture = reply.picture.as_ref().unwrap();
    assert_eq!(&picture.png[1..4], b"PNG");
    assert!(
        picture
            .alt
            .starts_with("Mazo: 23 cartas; descarte: 7 de picas."),
        "{}",
        picture.alt
    );
    assert!(reply.text.contains("TP1-E-AAAAAAA"), "{}", reply.text);
    let game = current(&bot, ALICE).await;
    let cards: Vec<Position> = custom_ids(&reply)
        .into_iter()
        .filter_map(|a| match a {
            ButtonAction::Card(_, p) => Some(p),
            _ => None,
        })
        .collect();
    let free: Vec<Position> = game.free_cards().into_iter().map(|(p, _)| p).collect();
    assert_eq!(cards, free);
    let ids = custom_ids(&reply);
    assert!(ids.iter().any(|a| matches!(a, ButtonAction::Draw(_))));
    assert!(ids.iter().any(|a| matches!(a, ButtonAction::Undo(_))));
}

#[tokio::test]
async fn refused_taps_are_explained_in_the_seed_wording() {
    for (locale, expected) in [
        (Locale::EsEs, "Debe ser de un valor superior o inferior"),
        (Locale::Nl, "Moet één rang hoger of lager zijn"),
        (Locale::EnUs, "Must be one rank higher or lower"),
    ] {
        let bot = bot().await;
        let board = start(&bot, ALICE, seeds_example(), locale).await;
        let game = current(&bot, ALICE).await;
        let reply = bot
            .press(
                &player(ALICE, locale),
                &card_button(&board, &game, "3S".parse().unwrap()),
            )
            .await;
        assert_eq!(reply.delivery, Delivery::Ephemeral);
        assert!(reply.text.contains(expected), "{locale:?}: {}", reply.text);
        assert_eq!(
            current(&bot, ALICE).await,
            game,
            "a refused tap changes nothing"
        );
    }
}

#[tokio::test]
async fn a_fitting_tap_updates_the_message_and_the_score() {
    let bot = bot().await;
    let board = start(&bot, ALICE, seeds_example(), Locale::EnUs).await;
    let game = current(&bot, ALICE).await;
    let reply = bot
        .press(
            &player(ALICE, Locale::EnUs),
            &card_button(&board, &game, "KC".parse().unwrap()),
        )
        .await;
    assert_eq!(reply.delivery, Delivery::UpdateMessage);
    assert!(reply.picture.is_some());
    assert!(reply.text.contains("499"), "{}", reply.text);
    assert_eq!(current(&bot, ALICE).await.score(), 499);
}

#[tokio::test]
async fn someone_elses_tap_is_refused_and_changes_nothing() {
    let bot = bot().await;
    let board = start(&bot, ALICE, seeds_example(), Locale::EnUs).await;
    let game = current(&bot, ALICE).await;
    let id = card_button(&board, &game, "KC".parse().unwrap());
    let reply = bot.press(&player(BOB, Locale::Nl), &id).await;
    assert_eq!(reply.delivery, Delivery::Ephemeral);
    assert!(reply.text.contains("/tripeaks new"), "{}", reply.text);
    assert_eq!(current(&bot, ALICE).await, game);
}

#[tokio::test]
async fn a_double_tap_applies_once_and_old_boards_are_brought_up_to_date() {
    let bot = bot().await;
    let board = start(&bot, ALICE, seeds_example(), Locale::EnUs).await;
    let game = current(&bot, ALICE).await;
    let id = card_button(&board, &game, "KC".parse().unwrap());
    let alice = player(ALICE, Locale::EnUs);
    let (first, second) = tokio::join!(bot.press(&alice, &id), bot.press(&alice, &id));
    assert_eq!(first.delivery, Delivery::UpdateMessage);
    assert_eq!(second.delivery, Delivery::UpdateMessage);
    let after = current(&bot, ALICE).await;
    assert_eq!((after.score(), after.moves()), (499, 1));
    // The draw button of the first board is now out of date: pressing it draws nothing.
    let old_draw = button_for(&board, |a| matches!(a, ButtonAction::Draw(_)));
    let reply = bot.press(&alice, &old_draw).await;
    assert_eq!(reply.delivery, Delivery::UpdateMessage);
    assert_eq!(current(&bot, ALICE).await, after);
}

#[tokio::test]
async fn forged_buttons_get_a_polite_answer() {
    let bot = bot().await;
    start(&bot, ALICE, seeds_example(), Locale::EsEs).await;
    let before = current(&bot, ALICE).await;
    for id in [
        "",
        "tp:card:111:1:0:99",
        "tp:draw:111:x:0",
        "hello",
        "tp:play:TP1-E-AAA",
    ] {
        let reply = bot.press(&player(ALICE, Locale::EsEs), id).await;
        assert_eq!(reply.delivery, Delivery::Ephemeral, "{id}");
        assert_eq!(
            reply.text, "Lo sentimos, algo ha fallado. Inténtalo de nuevo.",
            "{id}"
        );
        assert!(reply.rows.is_empty() && reply.picture.is_none(), "{id}");
    }
    // Well-formed, but someone else's: told so, with the command to start their own.
    let bobs = "tp:draw:222:1:0";
    let reply = bot.press(&player(ALICE, Locale::EsEs), bobs).await;
    assert_eq!(reply.delivery, Delivery::Ephemeral);
    assert_eq!(
        reply.text,
        "Esta no es tu partida. Empieza la tuya con /tripeaks new."
    );
    assert_eq!(current(&bot, ALICE).await, before);
}

#[tokio::test]
async fn with_help_for_errors_off_a_refused_tap_is_only_acknowledged() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::De);
    let settings = bot
        .execute(
            &alice,
            ChangeSettings {
                errors: Some(false),
                rule: Some(Rule::Classic),
                ..Default::default()
            },
        )
        .await;
    assert_eq!(settings.delivery, Delivery::Ephemeral);
    let board = start(&bot, ALICE, seeds_example(), Locale::De).await;
    let game = current(&bot, ALICE).await;
    let reply = bot
        .press(&alice, &card_button(&board, &game, "3S".parse().unwrap()))
        .await;
    assert_eq!(reply.delivery, Delivery::Acknowledge);
    // The default rule applies to new random games.
    bot.execute(&alice, NewGame::default()).await;
    assert_eq!(current(&bot, ALICE).await.rule(), Rule::Classic);
}

#[tokio::test]
async fn a_shared_code_deals_the_same_cards_to_a_friend() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    bot.execute(
        &alice,
        NewGame {
            rule: Some(Rule::Classic),
            ..Default::default()
        },
    )
    .await;
    let shared = bot.execute(&alice, ShareCode).await;
    let code = current(&bot, ALICE).await.code().unwrap();
    assert!(shared.text.contains(&code.to_string()), "{}", shared.text);
    let play = button_for(&shared, |a| matches!(a, ButtonAction::PlayDeal(_)));
    let reply = bot.press(&player(BOB, Locale::Fr), &play).await;
    assert_eq!(reply.delivery, Delivery::NewMessage);
    assert_eq!(
        current(&bot, BOB).await.deal(),
        current(&bot, ALICE).await.deal()
    );
    assert_eq!(current(&bot, BOB).await.rule(), Rule::Classic);
}

#[tokio::test]
async fn invalid_codes_and_cards_are_explained() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EsEs);
    let reply = bot
        .execute(
            &alice,
            NewGame {
                code: Some("TP1-E-AAA".into()),
                ..Default::default()
            },
        )
        .await;
    assert_eq!(reply.delivery, Delivery::Ephemeral);
    assert_eq!(
        reply.text,
        "«TP1\\-E\\-AAA» no es un código de partida. Un código tiene la forma TP1-E-ABCDEFG: \
         TP1, después E (Fácil) o C (Clásico) y luego 7 letras de la A a la Z."
    );
    let reply = bot
        .execute(
            &alice,
            PlayCard {
                card: "ZZ".to_string(),
            },
        )
        .await;
    assert_eq!(reply.delivery, Delivery::Ephemeral);
    assert_eq!(
        reply.text,
        "«ZZ» no es una carta. Escribe el valor y después el palo, por ejemplo 10♥, R♣ o QS."
    );
    // What a player typed is shown inert: markdown escaped, cut to 40 characters.
    let typed = format!("**{}", "x".repeat(60));
    let reply = bot
        .execute(
            &alice,
            PlayCard {
                card: typed.to_string(),
            },
        )
        .await;
    let shown = format!("\\*\\*{}", "x".repeat(38));
    assert!(
        reply.text.starts_with(&format!("«{shown}» no es")),
        "{}",
        reply.text
    );
    let reply = bot.execute(&alice, ShowBoard).await;
    assert_eq!(reply.delivery, Delivery::Ephemeral, "no game yet");
    assert_eq!(
        reply.text,
        "No tienes ninguna partida en curso. Empieza una con /tripeaks new."
    );
}

#[tokio::test]
async fn playing_a_card_by_name_and_autocomplete() {
    let bot = bot().await;
    start(&bot, ALICE, seeds_example(), Locale::EsEs).await;
    let alice = player(ALICE, Locale::EsEs);
    let choices = crate::bot::flows::card_choices(&bot, &alice, "rey").await;
    let values: Vec<&str> = choices.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(values, ["KC", "KD"]);
    let reply = bot
        .execute(
            &alice,
            PlayCard {
                card: "7S".to_string(),
            },
        )
        .await;
    assert!(reply.text.contains("bloqueada"), "{}", reply.text);
    let reply = bot
        .execute(
            &alice,
            PlayCard {
                card: "KC".to_string(),
            },
        )
        .await;
    assert_eq!(reply.delivery, Delivery::NewMessage);
    assert_eq!(current(&bot, ALICE).await.moves(), 1);
}

/// A game one removal from a win: every card but the last of an order that clears the peaks.
pub(super) fn nearly_won() -> Game {
    let order: Vec<Position> = (0..4)
        .rev()
        .flat_map(|row| Position::all().filter(move |p| p.row() == row))
        .collect();
    let deal = crate::game::fixtures::layout_for_order(&order);
    let mut game = Game::from_layout(deal, Rule::Easy);
    for p in &order[..27] {
        let Slot::FaceUp(card) = game.slot(*p) else {
            panic!("{p:?} is not free")
        };
        game.apply(Action::Remove(card)).unwrap();
    }
    game
}
