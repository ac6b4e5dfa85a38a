//! Posts that are due, after every answer: what a player's kinds of game made due to them (a
//! challenge's result: its last finish, a forfeit, a player who left, a post that failed)
//! follows whatever they asked, made exactly once. `Bot::execute` and `Bot::press` pass every
//! answer through [`Bot::with_posts_due`]; the transport then reports what became of each post
//! ([`Bot::delivered`]), which confirms it (made for good, due to nobody any more) or releases
//! it (the next interaction of any player it is due to makes it). A claim neither confirmed nor
//! released, its process having stopped, lapses by itself in the store.
//!
//! A player with nothing due costs nothing here: an answer that read their game knows it
//! (`Reply::posts_due`, read with the game's row), and only an answer that read no game, or
//! whose player has something due, asks the store. What a post says and whether this
//! interaction may make it are its kind's (`kinds::post_due`).

use tracing::warn;

use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::kinds;
use crate::bot::game::reply::Reply;
use crate::store::{Due, GameKind};

impl Bot {
    /// `reply`, then each post due to the player that this interaction claims. A failure only
    /// costs the post, which a later interaction makes: logged.
    pub async fn with_posts_due(&self, p: &Player, mut reply: Reply) -> Reply {
        if reply.posts_due == Some(false) {
            return reply;
        }
        let dues = match self.store.posts_due(p.id()).await {
            Ok(dues) => dues,
            Err(error) => {
                warn!(user = p.user, "could not look for posts due: {error}");
                return reply;
            }
        };
        for due in dues {
            match kinds::post_due(self, p, due, None).await {
                Ok(Some(post)) => reply = reply.then(post),
                Ok(None) => {}
                Err(error) => warn!(user = p.user, ?due, "a post due not made: {error}"),
            }
        }
        reply
    }

    /// The message that opened `kind` to others never reached Discord (`Reply::opens`): what
    /// it opened is withdrawn (a challenge nobody can see). A failure here is logged; the
    /// challenge then lapses by itself.
    pub async fn lost(&self, kind: GameKind) {
        match kinds::message_lost(self, kind).await {
            Ok(true) => warn!(
                ?kind,
                "a message did not reach Discord; what it opened is withdrawn"
            ),
            Ok(false) => {}
            Err(error) => warn!(?kind, "a lost message's game not withdrawn: {error}"),
        }
    }

    /// What became of the messages of an answer that make posts due (`(post, whether Discord
    /// took it)`, from `Reply::announcements`): made for good, or let go for a later
    /// interaction. A store failure here is logged; the claim then lapses by itself.
    pub async fn delivered(&self, announcements: &[(Due, bool)]) {
        for &(due, posted) in announcements {
            let done = match posted {
                true => self.store.confirm_post(due).await,
                false => self.store.release_post(due).await,
            };
            match (posted, done) {
                (_, Err(error)) => warn!(?due, posted, "a post's delivery not noted: {error}"),
                (false, Ok(())) => warn!(
                    ?due,
                    "a post due did not reach Discord; the next interaction of a player it is due to makes it"
                ),
                (true, Ok(())) => {}
            }
        }
    }
}
