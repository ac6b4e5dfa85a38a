//! The bot's flows, driven without Discord: an in-memory store, players in several languages.
//! `stats.rs` holds the statistics, boards and privacy flows; `modes.rs` the game modes;
//! `faults.rs` a store that does not answer.

mod challenge;
mod daily;
mod edges;
mod faults;
mod history;
mod modes;
mod stats;
mod variants;

use super::app::{Bot, Player};
use super::custom_id::ButtonAction;
use super::reply::{Delivery, Reply};
use crate::bot::flows::{ChangeSettings, NewGame, PlayCard, ShareCode, ShowBoard};
use crate::game::{Action, Card, DealCode, Game, Position, Rule, Slot, Status};
use crate::i18n::Locale;
use crate::store::{Store, UserId};

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
        .start_game(UserId(user), game, None)
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
    let choices = bot.card_choices(&alice, "rey").await;
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

#[tokio::test]
async fn the_winning_tap_shows_the_final_score_and_new_game() {
    let bot = bot().await;
    let board = start(&bot, ALICE, nearly_won(), Locale::EnUs).await;
    let game = current(&bot, ALICE).await;
    let (_, last) = game.free_cards()[0];
    let reply = bot
        .press(
            &player(ALICE, Locale::EnUs),
            &card_button(&board, &game, last),
        )
        .await;
    let won = current(&bot, ALICE).await;
    assert_eq!(won.status(), Status::Won);
    assert!(
        reply.text.starts_with("Peak cleared! +100 points.\n"),
        "the last removal empties the last peak: {}",
        reply.text
    );
    assert!(
        reply.text.contains(&won.score().to_string()),
        "{}",
        reply.text
    );
    let ids = custom_ids(&reply);
    assert!(ids.iter().any(|a| matches!(a, ButtonAction::NewGame(..))));
    assert!(
        !ids.iter()
            .any(|a| matches!(a, ButtonAction::Card(..) | ButtonAction::Draw(_)))
    );
    assert!(reply.fits_discord());
}

#[tokio::test]
async fn a_blocked_game_says_so_and_offers_undo() {
    let bot = bot().await;
    // The first Classic deal that is blocked once the whole stock is drawn.
    let game = (0..)
        .map(|n| {
            let number = crate::game::DealNumber::new(n).unwrap();
            let mut game = Game::from_code(DealCode::new(number, Rule::Classic));
            for _ in 0..23 {
                game.apply(Action::Draw).unwrap();
            }
            game
        })
        .find(|game| game.status() == Status::Blocked)
        .unwrap();
    let reply = start(&bot, ALICE, game, Locale::Nl).await;
    assert!(
        reply.text.contains("Geen zetten meer mogelijk"),
        "{}",
        reply.text
    );
    let undo = button_for(&reply, |a| matches!(a, ButtonAction::Undo(_)));
    let after = bot.press(&player(ALICE, Locale::Nl), &undo).await;
    assert_eq!(after.delivery, Delivery::UpdateMessage);
    assert_eq!(current(&bot, ALICE).await.status(), Status::Playing);
}

#[tokio::test]
async fn a_corrupt_stored_game_gets_an_apology_and_a_new_game_still_starts() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("corrupt.db").display()
    );
    let bot = Bot::new(Store::connect(&url).await.unwrap());
    let board = start(&bot, ALICE, seeds_example(), Locale::Fr).await;
    let raw = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query("UPDATE current_games SET state = 'not a game' WHERE user_id = ?")
        .bind(ALICE as i64)
        .execute(&raw)
        .await
        .unwrap();
    let alice = player(ALICE, Locale::Fr);
    let draw = button_for(&board, |a| matches!(a, ButtonAction::Draw(_)));
    for reply in [
        bot.press(&alice, &draw).await,
        bot.execute(&alice, ShowBoard).await,
        bot.execute(&alice, ShareCode).await,
    ] {
        assert_eq!(reply.delivery, Delivery::Ephemeral);
        assert!(reply.text.contains("/tripeaks new"), "{}", reply.text);
    }
    let reply = bot.execute(&alice, NewGame::default()).await;
    assert_eq!(reply.delivery, Delivery::NewMessage);
    let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM corrupt_games WHERE user_id = ?")
        .bind(ALICE as i64)
        .fetch_one(&raw)
        .await
        .unwrap();
    assert_eq!(kept, 1, "the unreadable game is kept for the operator");
}

#[tokio::test]
async fn following_the_hints_wins_and_the_end_says_how_many_were_used() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    let mut board = bot
        .execute(
            &alice,
            NewGame {
                rule: Some(Rule::Classic),
                winnable: true,
                ..Default::default()
            },
        )
        .await;
    assert!(
        crate::game::solver::solve(&current(&bot, ALICE).await).winnable,
        "winnable:true deals a winnable deal"
    );
    let mut hints = 0;
    while current(&bot, ALICE).await.status() == Status::Playing {
        let hint = bot
            .press(
                &alice,
                &button_for(&board, |a| matches!(a, ButtonAction::Hint(_))),
            )
            .await;
        assert_eq!(hint.delivery, Delivery::Ephemeral);
        hints += 1;
        let game = current(&bot, ALICE).await;
        let id = if hint.text.contains("draw") {
            button_for(&board, |a| matches!(a, ButtonAction::Draw(_)))
        } else {
            let (_, card) = game
                .free_cards()
                .into_iter()
                .find(|&(_, c)| hint.text.contains(&i18n_label(c)))
                .unwrap_or_else(|| panic!("the hint names a free card: {}", hint.text));
            card_button(&board, &game, card)
        };
        board = bot.press(&alice, &id).await;
        assert_eq!(board.delivery, Delivery::UpdateMessage, "{}", board.text);
    }
    let won = current(&bot, ALICE).await;
    assert_eq!(won.status(), Status::Won);
    assert_eq!(won.hints_used(), hints);
    assert!(
        board.text.contains(&format!("You used {hints} hints")),
        "{}",
        board.text
    );
    assert_eq!(won.score() + won.moves(), 500 + 300, "hints cost no points");
}

/// Was: every press of Hint on the same turn solved the position again and wrote the game
/// again. Now the hint found is kept for its game and turn: a second press answers the same
/// words with no solve and no write (the stored version stays), and counts no second hint.
#[tokio::test]
async fn a_hint_pressed_again_on_the_same_turn_is_answered_without_a_solve_or_a_write() {
    let bot = bot().await;
    let alice = player(ALICE, Locale::EnUs);
    let board = start(&bot, ALICE, seeds_example(), Locale::EnUs).await;
    let hint_id = button_for(&board, |a| matches!(a, ButtonAction::Hint(_)));
    let first = bot.press(&alice, &hint_id).await;
    let after_first = stored(&bot, ALICE).await;
    assert_eq!(after_first.game.hints_used(), 1);
    let key = (ALICE, after_first.game_id, after_first.game.turn());
    assert!(bot.limits.hint(key).is_some(), "the hint is kept");
    let second = bot.press(&alice, &hint_id).await;
    assert_eq!(second.text, first.text);
    let after_second = stored(&bot, ALICE).await;
    assert_eq!(after_second.version, after_first.version, "no write");
    assert_eq!(after_second.game.hints_used(), 1, "one hint a turn");
}

fn i18n_label(card: Card) -> String {
    crate::i18n::card_label(Locale::EnUs, card)
}

#[tokio::test]
async fn a_blocked_game_tells_whether_the_deal_could_have_been_won() {
    let bot = bot().await;
    let mut game = Game::from_code("TP1-E-AAAAAAA".parse::<DealCode>().unwrap());
    for _ in 0..23 {
        game.apply(Action::Draw).unwrap();
    }
    assert_eq!(game.status(), Status::Blocked);
    let reply = start(&bot, ALICE, game, Locale::EnUs).await;
    let verdict = match crate::game::solver::best_score(&Game::from_code(
        "TP1-E-AAAAAAA".parse::<DealCode>().unwrap(),
    )) {
        Some((_, line)) => format!("This deal could have been won: {} moves", line.len()),
        None => "No one could have won this deal".to_string(),
    };
    assert!(reply.text.contains(&verdict), "{}", reply.text);
}

#[tokio::test]
async fn a_panic_while_handling_a_press_is_still_answered() {
    use crate::bot::app::answer_even_on_panic;
    let answered = answer_even_on_panic(Locale::EsEs, async {
        if ALICE > 0 {
            panic!("a bug in a flow");
        }
        Reply::acknowledge()
    })
    .await;
    assert_eq!(answered.delivery, Delivery::Ephemeral);
    assert_eq!(
        answered.text,
        crate::i18n::Message::ErrorGeneric.text(Locale::EsEs)
    );
    let fine = answer_even_on_panic(Locale::EnUs, async { Reply::acknowledge() }).await;
    assert_eq!(fine, Reply::acknowledge());
}
