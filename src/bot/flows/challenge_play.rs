//! Playing a challenge: each player's private board (from the answer to Accept or Join, from
//! Play, or `/tripeaks show`), the question before it replaces a game with moves, what a
//! challenge board says when it starts (the time left, whom it plays against). What a
//! challenge's game does differently (private boards, the waiting line, the result after the
//! last finishing move) is `kinds/challenge.rs`'s; Rematch opens a challenge (`challenge.rs`).
//!
//! The result is filed by the store in the transaction of each finishing move; its message is
//! `game/challenge_result.rs`'s, and its posting, exactly once, that of every post due
//! (`game/posts_due.rs`).

use crate::bot::game::bot::{Answer, Bot, CHALLENGE_COMMAND, Player, private};
use crate::bot::game::challenge_result::player_name;
use crate::bot::game::composer::{board, game_at};
use crate::bot::game::custom_id::{ButtonAction, PlayerTurn};
use crate::bot::game::reply::{Button, ButtonStyle, Delivery, Reply};
use crate::bot::ops::metrics::{self, Handled};
use crate::game::{Game, Status};
use crate::i18n::{self, Message};
use crate::stats::FINISH_WITHIN_MS;
use crate::store::{Challenge, CurrentGame, GameKind, Over};

/// The presser's private board of the challenge: started now if they took it up and have
/// none (asking first over a game with moves), else as it stands; a player whose board was
/// replaced or whose time ran out is told so; anyone else, that it is not theirs. A free
/// function: `challenge.rs` imports it by name (the result, if a forfeit made the challenge
/// over when it was touched, follows every answer: `Bot::with_posts_due`).
pub(super) async fn challenge_board(bot: &Bot, p: &Player, challenge: &Challenge) -> Answer {
    let Some(me) = challenge
        .player(p.id())
        .filter(|me| me.accepted_at.is_some())
    else {
        return Ok(private(
            p.locale,
            Message::ChallengeNotYours {
                command: CHALLENGE_COMMAND,
            },
        ));
    };
    let current = bot.store.current_game(p.id()).await?;
    if let (Some(game_id), Some(current)) = (me.game_id, &current)
        && current.game_id == game_id
    {
        return Ok(board(bot, p, current, None, Delivery::Ephemeral).await);
    }
    if let Some(result) = me.result {
        return Ok(private(
            p.locale,
            Message::ChallengeLeft {
                score: result.score,
            },
        ));
    }
    if me.game_id.is_some() || !challenge.state.is_in_play() {
        return Ok(private(p.locale, Message::ChallengeGone));
    }
    match &current {
        Some(current) if current.game.status() == Status::Playing && current.game.moves() > 0 => {
            Ok(confirm_take(p, current, challenge.id))
        }
        _ => {
            let at = current.as_ref().map(CurrentGame::at);
            start_challenge(bot, p, challenge, at).await
        }
    }
}

/// Play: the presser's private board, if they play this challenge.
pub(super) async fn play_pressed(bot: &Bot, p: &Player, id: i64) -> Answer {
    let Some(challenge) = bot.store.challenge(id).await? else {
        return Ok(private(p.locale, Message::ChallengeGone));
    };
    challenge_board(bot, p, &challenge).await
}

/// "Play the challenge" pressed on the question: only over the game and turn it was asked
/// over (else the current board, unchanged).
pub(super) async fn take_pressed(bot: &Bot, p: &Player, for_turn: PlayerTurn, id: i64) -> Answer {
    if let Err(instead) = game_at(bot, p, for_turn).await? {
        return Ok(instead);
    }
    let Some(challenge) = bot.store.challenge(id).await? else {
        return Ok(private(p.locale, Message::ChallengeGone));
    };
    start_challenge(bot, p, &challenge, Some(for_turn.at)).await
}

/// Deals the challenge's deal as the player's game (over `replaces`); a second press that
/// finds it started already shows the board it started.
pub(super) async fn start_challenge(
    bot: &Bot,
    p: &Player,
    challenge: &Challenge,
    replaces: Option<crate::store::GameTurn>,
) -> Answer {
    bot.remember_name(p).await;
    let game = Game::from_code(challenge.code);
    let started = bot
        .store
        .start(
            p.id(),
            game,
            challenge.guild,
            GameKind::Challenge(challenge.id),
            Over::Exactly(replaces),
        )
        .await?;
    let Some(started) = started else {
        // Started by the other press of a double one, or the game moved on meanwhile.
        return Ok(match bot.store.current_game(p.id()).await? {
            Some(current) if current.kind == GameKind::Challenge(challenge.id) => {
                board(bot, p, &current, None, Delivery::Ephemeral).await
            }
            _ => private(p.locale, Message::ChallengeGone),
        });
    };
    metrics::game_started();
    metrics::note(Handled::Applied);
    let others: Vec<String> = challenge
        .players
        .iter()
        .filter(|other| other.user != p.id())
        .map(|other| player_name(p.locale, other))
        .collect();
    let taken_up = challenge
        .player(p.id())
        .and_then(|me| me.accepted_at)
        .unwrap_or(bot.now());
    let left = (taken_up + FINISH_WITHIN_MS - bot.now()).max(0);
    let note = Message::ChallengeBoard {
        players: &others.join(", "),
        when: &i18n::duration(p.locale, left),
    }
    .text(p.locale);
    Ok(board(bot, p, &started, Some(note), Delivery::Ephemeral).await)
}

/// The question before a challenge's board replaces a game in progress.
fn confirm_take(p: &Player, current: &CurrentGame, id: i64) -> Reply {
    let mut reply = private(
        p.locale,
        Message::ChallengeTakeConfirm {
            moves: current.game.moves(),
        },
    );
    reply.rows = vec![vec![Button {
        action: ButtonAction::ChallengeTake(PlayerTurn::of(current), id),
        label: Message::ButtonChallengeTake.text(p.locale),
        style: ButtonStyle::Primary,
        disabled: false,
    }]];
    reply
}
