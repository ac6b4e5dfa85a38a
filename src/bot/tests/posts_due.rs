//! Posts due after an answer (`game/posts_due.rs`): a player with nothing due costs no look for
//! them (taps, a new game and `show` learn it with the game's row); a post due comes with the
//! next interaction of any player it is due to, a new game's among them, and to a player with no
//! game at all; once Discord took it, it is due to nobody.

use std::sync::atomic::{AtomicI64, Ordering};

use super::challenge::{HOUR, duel, play_out, press_of};
use super::{ALICE, BOB, WEDNESDAY_NOON, bot_at, player};
use crate::bot::flows::{NewGame, ShowBoard, ShowRules};
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::reply::Reply;
use crate::i18n::Locale;
use crate::store::{Due, UserId};

/// The result that `reply` (or one of its follow-ups) posts, if any.
pub(super) fn posted(reply: &Reply) -> Option<(Due, &Reply)> {
    let mut next = Some(reply);
    while let Some(message) = next {
        if let Some(due) = message.announces {
            return Some((due, message));
        }
        next = message.follow_up.as_deref();
    }
    None
}

#[tokio::test]
async fn a_player_with_nothing_due_costs_no_look() {
    let (bot, _) = bot_at(WEDNESDAY_NOON).await;
    let alice = player(ALICE, Locale::EnUs);
    let looks = || bot.store().posts_due_lookups();
    let new_game = NewGame {
        code: Some("TP1-E-AAAAAAB".into()),
        ..Default::default()
    };
    let mut board = bot.execute(&alice, new_game).await;
    let first = board.clone();
    for _ in 0..3 {
        let draw = press_of(&board, |a| matches!(a, ButtonAction::Draw(_)));
        board = bot.press(&alice, &draw).await;
    }
    // An old board's button: the board as it stands, read with its row.
    let stale = press_of(&first, |a| matches!(a, ButtonAction::Draw(_)));
    bot.press(&alice, &stale).await;
    bot.execute(&alice, ShowBoard).await;
    assert_eq!(looks(), 0, "a new game, taps, a stale tap and show");
    // An answer that reads no game looks, once.
    let rules = bot.execute(&alice, ShowRules).await;
    assert!(rules.follow_up.is_none());
    assert_eq!(looks(), 1);
}

/// Ben took the duel up by another way than its Accept button, so he has no game at all when
/// a day later his forfeit, applied by someone else's touch, closes it: the result is due to
/// him all the same, and comes with his next interaction. Its post fails; Ann's next new game
/// brings it; once Discord took it, nobody's answer looks for it any more.
#[tokio::test]
async fn a_result_due_reaches_a_player_without_a_game_and_a_new_game() {
    let (bot, clock) = bot_at(WEDNESDAY_NOON).await;
    let (ann, ben) = (player(ALICE, Locale::EnUs), player(BOB, Locale::EnUs));
    let message = bot.execute(&ann, duel(BOB)).await;
    let accept = press_of(&message, |a| matches!(a, ButtonAction::ChallengeAccept(_)));
    let Ok(ButtonAction::ChallengeAccept(id)) = ButtonAction::parse(&accept) else {
        panic!("an Accept button: {accept}");
    };
    bot.store().accept_challenge(id, ben.id()).await.unwrap();
    assert_eq!(bot.store().current_game(ben.id()).await.unwrap(), None);
    let board = bot
        .press(&ann, &ButtonAction::ChallengePlay(id).to_string())
        .await;
    let end = play_out(&bot, &ann, board).await;
    assert!(posted(&end).is_none(), "Ben has not finished");
    clock.store(WEDNESDAY_NOON + 24 * HOUR, Ordering::SeqCst);
    // Another process touches it: Ben forfeits, the duel is over, nobody posted yet.
    let over = bot.store().challenge(id).await.unwrap().unwrap();
    assert_eq!(over.winner, Some(ann.id()));
    let rules = bot.execute(&ben, ShowRules).await;
    let (due, result) = posted(&rules).expect("the result follows Ben's answer");
    assert!(
        result.text.contains("**player 111** wins!"),
        "{}",
        result.text
    );
    // Discord refused the post: Ann's next answer (a new game) brings it, once.
    bot.delivered(&[(due, false)]).await;
    let new_game = NewGame {
        code: Some("TP1-E-AAAAAAB".into()),
        ..Default::default()
    };
    let started = bot.execute(&ann, new_game).await;
    let (again, _) = posted(&started).expect("the result follows Ann's new game");
    assert_eq!(again, due);
    assert!(
        posted(&bot.execute(&ben, ShowRules).await).is_none(),
        "claimed"
    );
    bot.delivered(&[(due, true)]).await;
    // Made: due to nobody. Ann's taps look for nothing; Ben's answers find nothing.
    let looks = bot.store().posts_due_lookups();
    let draw = press_of(&started, |a| matches!(a, ButtonAction::Draw(_)));
    let tapped = bot.press(&ann, &draw).await;
    assert!(posted(&tapped).is_none());
    assert_eq!(bot.store().posts_due_lookups(), looks);
    assert!(posted(&bot.execute(&ben, ShowRules).await).is_none());
    assert!(bot.store().posts_due(ben.id()).await.unwrap().is_empty());
}

/// Ann and Ben's duel, made where `ann` stands, over by Ben's forfeit a day later with its
/// result posted nowhere yet (Ben took it up without its Accept button, so he has no game).
pub(super) async fn duel_over_unposted(bot: &Bot, clock: &AtomicI64, ann: &Player) {
    let message = bot.execute(ann, duel(BOB)).await;
    let accept = press_of(&message, |a| matches!(a, ButtonAction::ChallengeAccept(_)));
    let Ok(ButtonAction::ChallengeAccept(id)) = ButtonAction::parse(&accept) else {
        panic!("an Accept button: {accept}");
    };
    bot.store().accept_challenge(id, UserId(BOB)).await.unwrap();
    let board = bot
        .press(ann, &ButtonAction::ChallengePlay(id).to_string())
        .await;
    let end = play_out(bot, ann, board).await;
    assert!(posted(&end).is_none(), "Ben has not finished");
    clock.store(WEDNESDAY_NOON + 24 * HOUR, Ordering::SeqCst);
    let over = bot.store().challenge(id).await.unwrap().unwrap();
    assert_eq!(over.winner, Some(ann.id()), "Ben forfeited");
}

/// A result is told where its challenge lives and nowhere else: Ben's answers in another
/// server and in a direct message leave it due (the names, scores and deal are nobody's
/// business there); his next answer in the duel's server, in another of its channels, tells it.
#[tokio::test]
async fn a_result_is_told_only_in_its_challenges_server() {
    let (bot, clock) = bot_at(WEDNESDAY_NOON).await;
    let (ann, ben) = (player(ALICE, Locale::EnUs), player(BOB, Locale::EnUs));
    duel_over_unposted(&bot, &clock, &ann).await;
    let another_server = Player {
        guild: Some(43),
        ..ben.clone()
    };
    let direct_message = Player {
        guild: None,
        channel: 900,
        ..ben.clone()
    };
    for elsewhere in [&another_server, &direct_message] {
        let rules = bot.execute(elsewhere, ShowRules).await;
        assert!(posted(&rules).is_none(), "told in {elsewhere:?}");
    }
    assert_eq!(bot.store().posts_due(ben.id()).await.unwrap().len(), 1);
    let other_channel = Player { channel: 8, ..ben };
    let rules = bot.execute(&other_channel, ShowRules).await;
    let (_, result) = posted(&rules).expect("told in the duel's server");
    assert!(
        result.text.contains("**player 111** wins!"),
        "{}",
        result.text
    );
}

/// A duel made outside any server (a direct message, a group) is told only in its channel.
#[tokio::test]
async fn a_result_of_a_challenge_outside_servers_is_told_only_in_its_channel() {
    let (bot, clock) = bot_at(WEDNESDAY_NOON).await;
    let ann = Player {
        guild: None,
        channel: 500,
        ..player(ALICE, Locale::EnUs)
    };
    duel_over_unposted(&bot, &clock, &ann).await;
    let ben = player(BOB, Locale::EnUs);
    let another_channel = Player {
        guild: None,
        channel: 501,
        ..ben.clone()
    };
    for elsewhere in [&ben, &another_channel] {
        let rules = bot.execute(elsewhere, ShowRules).await;
        assert!(posted(&rules).is_none(), "told in {elsewhere:?}");
    }
    let home = Player {
        guild: None,
        channel: 500,
        ..ben
    };
    assert!(posted(&bot.execute(&home, ShowRules).await).is_some());
}
