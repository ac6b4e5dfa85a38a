//! The board reply every family shows: a game's board (`view::board`) with, once it is over,
//! what the solver says and what its kind adds (`kinds`), seen as its kind is seen; the board
//! shown instead of acting on an old button; and loading the player's game at the turn a
//! button names (the stale check).
//!
//! Free functions, so that a family's `use` line says it shows boards; nothing here knows a
//! family, and nothing here branches on a kind of game (`kinds` answers for each).

use tracing::warn;

use crate::bot::game::advice::end_of_game;
use crate::bot::game::bot::{Bot, Player, no_game};
use crate::bot::game::custom_id::{ButtonAction, PlayerTurn};
use crate::bot::game::kinds;
use crate::bot::game::reply::{Delivery, Reply};
use crate::bot::game::view;
use crate::bot::ops::metrics::{self, Handled};
use crate::game::Status;
use crate::store::{CurrentGame, StoreError};

/// The board reply, with, once the game is over, what the solver says (when it is blocked:
/// could this deal have been won, and in how few moves?; under the standard scoring: the
/// deal's par and how far from it the player finished) and what the end of a game of its kind
/// says and offers; a kind whose boards are private has it seen by its player only.
pub async fn board(
    bot: &Bot,
    p: &Player,
    current: &CurrentGame,
    note: Option<String>,
    delivery: Delivery,
) -> Reply {
    let mut reply = view::board(p.locale, current, note, delivery);
    if current.game.status() != Status::Playing {
        for line in end_of_game(p.locale, &current.game).await {
            reply.text = format!("{}\n{line}", reply.text);
        }
        match kinds::ending(bot, p, current).await {
            Ok(ending) => {
                for line in ending.lines {
                    reply.text = format!("{}\n{line}", reply.text);
                }
                if !ending.buttons.is_empty() {
                    reply.rows.push(ending.buttons);
                }
            }
            // The board itself is saved and shown; only the extras are missing.
            Err(error) => warn!(
                user = p.user,
                "the end of a game without its extras: {error}"
            ),
        }
    }
    // Hints the game's kind does not allow (an event's managers turned them off) are not offered.
    if current.game.status() == Status::Playing {
        match kinds::hints_allowed(bot, current.kind).await {
            Ok(true) => {}
            Ok(false) => {
                for row in &mut reply.rows {
                    row.retain(|button| !matches!(button.action, ButtonAction::Hint(_)));
                }
                reply.rows.retain(|row| !row.is_empty());
            }
            Err(error) => warn!(user = p.user, "hints offered without a look: {error}"),
        }
    }
    // The game's row said whether its player has posts due: a tap then costs no look for them.
    reply.posts_due = kinds::posts_due_after_board(current);
    match kinds::is_private(current.kind) {
        true => view::private_board(reply),
        false => reply,
    }
}

/// The player's game, if it is the one `for_turn` names and still at that turn; otherwise
/// the reply to show instead of acting on an old button: the current board, or "no game".
pub async fn game_at(
    bot: &Bot,
    p: &Player,
    for_turn: PlayerTurn,
) -> Result<Result<CurrentGame, Reply>, StoreError> {
    let Some(current) = bot.store.current_game(p.id()).await? else {
        return Ok(Err(no_game(p)));
    };
    if !current.is_at(for_turn.at) {
        return Ok(Err(board_instead(bot, p, &current, for_turn).await));
    }
    Ok(Ok(current))
}

/// The board as it stands, shown instead of acting on a button drawn for `for_turn`, which
/// it has moved on from (a stale press).
pub async fn board_instead(
    bot: &Bot,
    p: &Player,
    current: &CurrentGame,
    for_turn: PlayerTurn,
) -> Reply {
    metrics::note(Handled::Stale);
    // A private board replaces only its own (ephemeral) message.
    let delivery = match kinds::is_private(current.kind) && for_turn.at.game_id != current.game_id {
        true => Delivery::Ephemeral,
        false => Delivery::UpdateMessage,
    };
    board(bot, p, current, None, delivery).await
}

/// The player's board as it stands, in the place of the message pressed (or "no game").
pub async fn current_board(bot: &Bot, p: &Player) -> Result<Reply, StoreError> {
    Ok(match bot.store.current_game(p.id()).await? {
        Some(current) => {
            let delivery = match kinds::is_private(current.kind) {
                true => Delivery::Ephemeral,
                false => Delivery::UpdateMessage,
            };
            board(bot, p, &current, None, delivery).await
        }
        None => no_game(p),
    })
}
