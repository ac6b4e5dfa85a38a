//! A challenge's board: a player's game of a challenge. Its boards are private; until the
//! challenge is over its deal stays hidden (no code, share line or public replay, and no replay
//! at all for a player still playing it); its end says how many have still to finish; its post
//! due is the challenge's result (`game/challenge_result.rs`), which the move that finishes the
//! last board brings after it, and any interaction of its players once it is due otherwise (a
//! forfeit, a player who left, a post that failed).

use tracing::warn;

use super::{Ending, Kind, NewDeal, ReplaySeen};
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::challenge_result::result_message;
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::earlier_posts::{Marker, made_earlier};
use crate::bot::game::reply::Reply;
use crate::game::Status;
use crate::i18n::{Locale, Message};
use crate::store::{Challenge, ChallengeState, CurrentGame, Due, GameKind, PostKey, StoreError};

/// A board of the challenge of that id.
pub(super) struct ChallengeBoard(pub i64);

impl Kind for ChallengeBoard {
    const PRIVATE: bool = true;

    /// Once the player's result is in, how many have still to finish; no buttons (the result
    /// in the channel reveals the deal and offers Rematch).
    async fn ending(&self, bot: &Bot, p: &Player, _: &CurrentGame) -> Result<Ending, StoreError> {
        let mut ending = Ending::default();
        let Some(challenge) = bot.store.challenge(self.0).await? else {
            return Ok(ending);
        };
        if challenge.state.is_in_play() && challenge.unfinished() > 0 {
            let waiting = Message::ChallengeWaiting {
                count: challenge.unfinished(),
            };
            ending.lines.push(waiting.text(p.locale));
        }
        Ok(ending)
    }

    /// Hidden until the challenge is over.
    async fn deal_secret(&self, bot: &Bot) -> Result<bool, StoreError> {
        Ok(bot
            .store
            .challenge(self.0)
            .await?
            .is_some_and(|c| c.state != ChallengeState::Over))
    }

    /// Until it is over: never to a player who has not finished, privately to anyone else.
    async fn replay_seen(&self, bot: &Bot, p: &Player) -> Result<ReplaySeen, StoreError> {
        let Some(challenge) = bot.store.challenge(self.0).await? else {
            return Ok(ReplaySeen::Public);
        };
        if challenge.state == ChallengeState::Over {
            return Ok(ReplaySeen::Public);
        }
        let still_playing = challenge
            .player(p.id())
            .is_some_and(|me| me.result.is_none());
        Ok(match still_playing {
            true => ReplaySeen::Refused,
            false => ReplaySeen::Privately,
        })
    }

    /// The challenge's result, to post with this interaction, if this move closed it (and
    /// nobody posted it yet). The move is saved: a store failure here only costs the post,
    /// which a later interaction makes (logged), never the board.
    async fn after_finishing_move(
        &self,
        bot: &Bot,
        p: &Player,
        current: &CurrentGame,
        board: Reply,
    ) -> Reply {
        if current.game.status() == Status::Playing {
            return board;
        }
        let due = Due::of(GameKind::Challenge(self.0));
        match self.post_due(bot, p, due, Some(current.game_id)).await {
            Ok(Some(result)) => board.then(result),
            Ok(None) => board,
            Err(error) => {
                warn!(user = p.user, "a challenge result not posted: {error}");
                board
            }
        }
    }

    /// The result, if the challenge is over (touched first: a forfeit due closes it), this
    /// interaction was made where the challenge lives (elsewhere it stays due, for the next one
    /// there), and it claims the post. A claim whose message could not be made is let go at once.
    async fn post_due(
        &self,
        bot: &Bot,
        p: &Player,
        due: Due,
        finished_by: Option<i64>,
    ) -> Result<Option<Reply>, StoreError> {
        let Some(challenge) = bot.store.challenge(self.0).await? else {
            return Ok(None);
        };
        if challenge.state != ChallengeState::Over
            || challenge.announced
            || !challenge.lives_in(p.guild, p.channel)
            || !bot.store.claim_post(due, finished_by).await?
        {
            return Ok(None);
        }
        match made_or_tried(bot, p, &challenge, due).await {
            Ok(result) => Ok(result),
            Err(error) => {
                bot.store.release_post(due).await?;
                Err(error)
            }
        }
    }

    /// A finished board's end touches the challenge, which may close it (a forfeit due).
    fn board_may_make_posts_due(&self, current: &CurrentGame) -> bool {
        current.game.status() != Status::Playing
    }

    /// Nobody saw the challenge's message: withdrawn, so that its challenger is not told
    /// "you already have a challenge waiting" over a challenge nobody can answer.
    async fn message_lost(&self, bot: &Bot) -> Result<bool, StoreError> {
        bot.store.withdraw_challenge(self.0).await
    }

    fn replace_question(&self, locale: Locale, moves: u32, deal: NewDeal<'_>) -> String {
        match deal {
            NewDeal::Code(code) => Message::GameReplaceConfirm { moves, code }.text(locale),
            NewDeal::Winnable => Message::GameReplaceWinnable { moves }.text(locale),
        }
    }
}

/// The result of `challenge`, claimed by this interaction: none if an earlier try made it after
/// all (confirmed now), otherwise the post, its try noted first in this interaction's channel.
async fn made_or_tried(
    bot: &Bot,
    p: &Player,
    challenge: &Challenge,
    due: Due,
) -> Result<Option<Reply>, StoreError> {
    let rematch = ButtonAction::ChallengeRematch(challenge.id).to_string();
    let marker = Marker {
        custom_id: &rematch,
        except: None,
    };
    if made_earlier(bot, PostKey::Due(due), marker).await? {
        bot.store.confirm_post(due).await?;
        return Ok(None);
    }
    let result = result_message(bot, p, challenge, due).await?;
    bot.store
        .note_post_attempt(PostKey::Due(due), p.channel)
        .await?;
    Ok(Some(result))
}
