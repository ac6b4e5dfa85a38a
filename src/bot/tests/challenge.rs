//! Challenges through the flows, on an in-memory store with an injected clock: a duel from the
//! challenge to its result (private boards, the code kept back, the result once, with the
//! head-to-head and Rematch), who may press what, the refusals, the question over a game in
//! progress, and the clock's rules (an unanswered duel lapses after 24 h, a player who has not
//! finished 24 h after accepting forfeits, and the next press posts the result).

use std::sync::atomic::Ordering;

use super::{ALICE, BOB, StartFree, WEDNESDAY_NOON, bot_at, button_for, card_button, player};
use crate::bot::flows::{ChallengeCommand, ShareCode, ShowBoard};
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::declaration::Target;
use crate::bot::game::reply::{Delivery, Reply};
use crate::game::{Action, DealCode, Game, solver};
use crate::i18n::Locale;
use crate::store::{GameKind, UserId};

const CAROL: u64 = 333;
pub(super) const HOUR: i64 = 3_600_000;

fn target(user: u64) -> Target {
    Target {
        user,
        name: format!("player {user}"),
        bot: false,
    }
}

pub(super) fn duel(opponent: u64) -> ChallengeCommand {
    ChallengeCommand {
        opponent: Some(target(opponent)),
        ..Default::default()
    }
}

pub(super) fn press_of(reply: &Reply, wanted: impl Fn(&ButtonAction) -> bool) -> String {
    button_for(reply, wanted)
}

/// Plays the solver's line of the player's board by pressing its buttons; the last reply.
pub(super) async fn play_out(bot: &Bot, p: &Player, mut board: Reply) -> Reply {
    let game = bot
        .store()
        .current_game(p.id())
        .await
        .unwrap()
        .unwrap()
        .game;
    let line = solver::solve(&game).line;
    assert!(!line.is_empty(), "a challenge's deal is winnable");
    let mut game = game;
    for action in line {
        let id = match action {
            Action::Remove(card) => card_button(&board, &game, card),
            _ => press_of(&board, |a| matches!(a, ButtonAction::Draw(_))),
        };
        board = bot.press(p, &id).await;
        game.apply(action).unwrap();
    }
    board
}

fn code_of(bot_game: &Game) -> String {
    bot_game.code().map(|c: DealCode| c.to_string()).unwrap()
}

#[tokio::test]
async fn a_duel_from_the_challenge_to_its_result() {
    let (bot, _) = bot_at(WEDNESDAY_NOON).await;
    let (ann, ben, cy) = (
        player(ALICE, Locale::EnUs),
        player(BOB, Locale::EnUs),
        player(CAROL, Locale::EnUs),
    );
    let message = bot.execute(&ann, duel(BOB)).await;
    assert_eq!(message.delivery, Delivery::NewMessage);
    assert!(
        message
            .text
            .starts_with("**player 111** challenges **player 222** to TriPeaks"),
        "{}",
        message.text
    );
    let accept = press_of(&message, |a| matches!(a, ButtonAction::ChallengeAccept(_)));
    // Only Ben may answer.
    for who in [&ann, &cy] {
        let refused = bot.press(who, &accept).await;
        assert_eq!(refused.delivery, Delivery::Ephemeral);
        assert!(refused.text.contains("not yours"), "{}", refused.text);
    }
    let accepted = bot.press(&ben, &accept).await;
    assert_eq!(accepted.delivery, Delivery::UpdateMessage);
    assert!(accepted.text.contains("took up"), "{}", accepted.text);
    let ben_board = *accepted.follow_up.clone().expect("Ben's board follows");
    assert_eq!(ben_board.delivery, Delivery::Ephemeral);
    assert!(ben_board.picture.is_some());
    let code = code_of(
        &bot.store()
            .current_game(ben.id())
            .await
            .unwrap()
            .unwrap()
            .game,
    );
    assert!(!ben_board.text.contains(&code) && !accepted.text.contains(&code));
    // A second Accept starts no second game: the same board.
    let again = bot.press(&ben, &accept).await;
    assert_eq!(again.delivery, Delivery::Ephemeral);
    let stored = bot.store().current_game(ben.id()).await.unwrap().unwrap();
    assert_eq!(stored.game.moves(), 0);
    // Ann's board comes from Play; Cy may not press it.
    let play = press_of(&accepted, |a| matches!(a, ButtonAction::ChallengePlay(_)));
    assert!(bot.press(&cy, &play).await.text.contains("not yours"));
    let ann_board = bot.press(&ann, &play).await;
    assert_eq!(ann_board.delivery, Delivery::Ephemeral);
    // The code stays hidden while the challenge is played; /tripeaks show is private.
    let shared = bot.execute(&ann, ShareCode).await;
    assert!(
        shared.text.contains("revealed with the challenge"),
        "{}",
        shared.text
    );
    assert_eq!(
        bot.execute(&ann, ShowBoard).await.delivery,
        Delivery::Ephemeral
    );
    let ann_end = play_out(&bot, &ann, ann_board).await;
    assert!(ann_end.follow_up.is_none(), "Ben has not finished");
    assert!(
        ann_end.text.contains("One player has still to finish"),
        "{}",
        ann_end.text
    );
    assert!(!ann_end.text.contains(&code), "{}", ann_end.text);
    let ben_end = play_out(&bot, &ben, ben_board).await;
    let result = *ben_end
        .follow_up
        .clone()
        .expect("the last finisher posts the result");
    assert_eq!(result.delivery, Delivery::NewMessage);
    assert!(result.fits_discord());
    let lines: Vec<&str> = result.text.lines().collect();
    assert!(lines[0].contains(&format!("`{code}`")), "{}", result.text);
    assert!(lines[1].starts_with("1. **player "), "{}", result.text);
    assert_eq!(lines[3], "It is a tie!", "the same line, the same score");
    let deal: crate::game::DealCode = code.parse().unwrap();
    let par = crate::game::solver::par(&crate::game::Game::from_code(deal)).expect("a fair deal");
    assert_eq!(lines[4], format!("Par for this deal: {par} points."));
    assert_eq!(
        lines[5],
        "Head to head: **player 111** and **player 222** are level at 0–0 (1 tie)"
    );
    let rematch = press_of(&result, |a| matches!(a, ButtonAction::ChallengeRematch(_)));
    // A press on the finished board posts nothing more.
    let replay = bot.press(&ben, &play).await;
    assert!(replay.follow_up.is_none());
    // Rematch: the same two, a new deal, Ann to answer.
    assert!(bot.press(&cy, &rematch).await.text.contains("not yours"));
    let second = bot.press(&ben, &rematch).await;
    assert!(
        second
            .text
            .starts_with("**player 222** challenges **player 111**"),
        "{}",
        second.text
    );
}

#[tokio::test]
async fn a_challenge_is_refused_with_a_reason() {
    let (bot, _) = bot_at(WEDNESDAY_NOON).await;
    let ann = player(ALICE, Locale::EnUs);
    assert!(
        bot.execute(&ann, duel(ALICE))
            .await
            .text
            .contains("yourself")
    );
    let robot = ChallengeCommand {
        opponent: Some(Target {
            bot: true,
            ..target(BOB)
        }),
        ..Default::default()
    };
    assert!(bot.execute(&ann, robot).await.text.contains("Bots"));
    let first = bot.execute(&ann, duel(BOB)).await;
    assert_eq!(first.delivery, Delivery::NewMessage);
    let second = bot.execute(&ann, duel(CAROL)).await;
    assert_eq!(second.delivery, Delivery::Ephemeral);
    assert!(
        second.text.contains("already have a challenge"),
        "{}",
        second.text
    );
    let progressive = ChallengeCommand {
        modes: crate::game::ModeChoices {
            scoring: Some(crate::game::ScoringChoice::Standard),
            progressive: Some(true),
            ..Default::default()
        },
        ..duel(CAROL)
    };
    let refused = bot.execute(&player(CAROL, Locale::De), progressive).await;
    assert_eq!(refused.delivery, Delivery::Ephemeral);
    // In every language, a decline is said publicly on the challenge's message.
    let ben = player(BOB, Locale::Fr);
    let decline = press_of(&first, |a| matches!(a, ButtonAction::ChallengeDecline(_)));
    let declined = bot.press(&ben, &decline).await;
    assert_eq!(declined.delivery, Delivery::UpdateMessage);
    assert!(declined.text.contains("a refusé"), "{}", declined.text);
    assert!(declined.rows.is_empty());
}

#[tokio::test]
async fn taking_a_challenge_over_a_game_with_moves_asks_first() {
    let (bot, _) = bot_at(WEDNESDAY_NOON).await;
    let (ann, ben) = (player(ALICE, Locale::EnUs), player(BOB, Locale::EnUs));
    let game = Game::from_code("TP1-E-AAAAAAB".parse().unwrap());
    bot.store().start_free(ben.id(), game, None).await.unwrap();
    bot.store()
        .apply(ben.id(), Action::Draw, None)
        .await
        .unwrap();
    let message = bot.execute(&ann, duel(BOB)).await;
    let accept = press_of(&message, |a| matches!(a, ButtonAction::ChallengeAccept(_)));
    let accepted = bot.press(&ben, &accept).await;
    let question = *accepted.follow_up.expect("the question follows");
    assert!(
        question
            .text
            .starts_with("You have a game in progress (1 move)"),
        "{}",
        question.text
    );
    let before = bot.store().current_game(ben.id()).await.unwrap().unwrap();
    assert_eq!(before.kind, GameKind::Free, "nothing replaced unasked");
    let take = press_of(&question, |a| matches!(a, ButtonAction::ChallengeTake(..)));
    let board = bot.press(&ben, &take).await;
    assert_eq!(board.delivery, Delivery::Ephemeral);
    let after = bot.store().current_game(ben.id()).await.unwrap().unwrap();
    assert!(matches!(after.kind, GameKind::Challenge(_)));
    // The question pressed again changes nothing more.
    bot.press(&ben, &take).await;
    let still = bot.store().current_game(ben.id()).await.unwrap().unwrap();
    assert_eq!(still.game_id, after.game_id);
}

#[tokio::test]
async fn an_unanswered_duel_lapses_after_a_day() {
    let (bot, clock) = bot_at(WEDNESDAY_NOON).await;
    let (ann, ben) = (player(ALICE, Locale::EnUs), player(BOB, Locale::EnUs));
    let message = bot.execute(&ann, duel(BOB)).await;
    let accept = press_of(&message, |a| matches!(a, ButtonAction::ChallengeAccept(_)));
    clock.store(WEDNESDAY_NOON + 24 * HOUR, Ordering::SeqCst);
    let lapsed = bot.press(&ben, &accept).await;
    assert_eq!(lapsed.delivery, Delivery::UpdateMessage);
    assert!(lapsed.text.contains("lapsed"), "{}", lapsed.text);
    assert!(lapsed.rows.is_empty());
    // Ann may challenge again.
    assert_eq!(
        bot.execute(&ann, duel(BOB)).await.delivery,
        Delivery::NewMessage
    );
}

#[tokio::test]
async fn a_player_who_has_not_finished_a_day_after_accepting_forfeits() {
    let (bot, clock) = bot_at(WEDNESDAY_NOON).await;
    let (ann, ben) = (player(ALICE, Locale::EnUs), player(BOB, Locale::EnUs));
    let message = bot.execute(&ann, duel(BOB)).await;
    let accept = press_of(&message, |a| matches!(a, ButtonAction::ChallengeAccept(_)));
    let accepted = bot.press(&ben, &accept).await;
    let play = press_of(&accepted, |a| matches!(a, ButtonAction::ChallengePlay(_)));
    let board = bot.press(&ann, &play).await;
    let end = play_out(&bot, &ann, board).await;
    assert!(end.follow_up.is_none());
    clock.store(WEDNESDAY_NOON + 24 * HOUR - 1, Ordering::SeqCst);
    assert!(bot.press(&ann, &play).await.follow_up.is_none());
    clock.store(WEDNESDAY_NOON + 24 * HOUR, Ordering::SeqCst);
    // Ben's board (started on Accept) is out of time: the next press posts the result.
    let late = bot.press(&ben, &play).await;
    let result = *late
        .follow_up
        .expect("the result is posted with this press");
    assert!(
        result.text.contains("**player 111** wins!"),
        "{}",
        result.text
    );
    assert!(result.text.contains("abandoned"), "{}", result.text);
    assert!(
        result
            .text
            .contains("**player 111** leads **player 222** 1–0"),
        "{}",
        result.text
    );
    assert!(
        bot.press(&ann, &play).await.follow_up.is_none(),
        "posted once"
    );
    assert_eq!(
        bot.store().challenge_record(UserId(ALICE)).await.unwrap(),
        (1, 0)
    );
}

#[tokio::test]
async fn leaving_a_challenge_for_a_new_game_posts_the_result_with_that_game() {
    let (bot, _) = bot_at(WEDNESDAY_NOON).await;
    let (ann, ben) = (player(ALICE, Locale::EnUs), player(BOB, Locale::Nl));
    let message = bot.execute(&ann, duel(BOB)).await;
    let accept = press_of(&message, |a| matches!(a, ButtonAction::ChallengeAccept(_)));
    let accepted = bot.press(&ben, &accept).await;
    let play = press_of(&accepted, |a| matches!(a, ButtonAction::ChallengePlay(_)));
    let board = bot.press(&ann, &play).await;
    play_out(&bot, &ann, board).await;
    // Ben's board is untouched: a new game replaces it without a question, and he is out.
    let new_game = crate::bot::flows::NewGame {
        code: Some("TP1-E-AAAAAAB".into()),
        ..Default::default()
    };
    let started = bot.execute(&ben, new_game).await;
    assert_eq!(started.delivery, Delivery::NewMessage);
    let result = *started
        .follow_up
        .expect("the result follows Ben's new board");
    assert!(
        result.text.contains("**player 111** wint!"),
        "{}",
        result.text
    );
    assert!(result.text.contains("opgegeven"), "{}", result.text);
    // Ann's card counts the challenge won (Ben, with no game finished, has no card yet).
    let stats = bot
        .execute(&ann, crate::bot::flows::ShowStats::default())
        .await;
    let alt = &stats.picture.as_ref().unwrap().alt;
    assert!(alt.contains("Challenges: 1 won, 0 lost."), "{alt}");
    assert_eq!(
        bot.store().challenge_record(ben.id()).await.unwrap(),
        (0, 1)
    );
    let about_ben = crate::bot::flows::ShowStats {
        target: Some(target(BOB)),
        ..Default::default()
    };
    let seen = bot.execute(&ann, about_ben).await;
    assert!(
        seen.text
            .contains("Head to head: **player 111** leads **player 222** 1–0"),
        "{}",
        seen.text
    );
}

#[tokio::test]
async fn a_finished_challenge_game_is_no_spoiler_until_the_challenge_is_over() {
    let (bot, _) = bot_at(WEDNESDAY_NOON).await;
    let (ann, ben) = (player(ALICE, Locale::EnUs), player(BOB, Locale::EnUs));
    let message = bot.execute(&ann, duel(BOB)).await;
    let accept = press_of(&message, |a| matches!(a, ButtonAction::ChallengeAccept(_)));
    let accepted = bot.press(&ben, &accept).await;
    let ben_board = *accepted.follow_up.clone().unwrap();
    let play = press_of(&accepted, |a| matches!(a, ButtonAction::ChallengePlay(_)));
    let board = bot.press(&ann, &play).await;
    play_out(&bot, &ann, board).await;
    let code = code_of(
        &bot.store()
            .current_game(ann.id())
            .await
            .unwrap()
            .unwrap()
            .game,
    );
    // Ann's history hides the code; Ben, still playing, may not replay her game.
    let history = crate::bot::flows::ShowHistory {
        target: Some(target(ALICE)),
    };
    let list = bot.execute(&ben, history.clone()).await;
    assert!(!list.text.contains(&code), "{}", list.text);
    let replay = press_of(&list, |a| matches!(a, ButtonAction::Replay(..)));
    let refused = bot.press(&ben, &replay).await;
    assert_eq!(refused.delivery, Delivery::Ephemeral);
    assert!(
        refused.picture.is_none(),
        "no replay for a player still playing"
    );
    // Someone outside the challenge sees it privately.
    let outside = bot.press(&player(CAROL, Locale::EnUs), &replay).await;
    assert_eq!(outside.delivery, Delivery::Ephemeral);
    assert!(outside.picture.is_some());
    // Once the challenge is over, the history shows the code and the replay is public.
    play_out(&bot, &ben, ben_board).await;
    let list = bot.execute(&ben, history).await;
    assert!(list.text.contains(&code), "{}", list.text);
    assert_eq!(
        bot.press(&ben, &replay).await.delivery,
        Delivery::NewMessage
    );
}
