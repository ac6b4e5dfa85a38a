//! A challenge's result in the channel, posted exactly once: claimed by one interaction
//! (`Store::claim_announcement`), counted as announced only once Discord took the post
//! ([`Bot::delivered`], called by the transport with what became of each message), and let go
//! when the post failed, so that the next interaction of any of its players posts it again.
//!
//! Every answer passes through [`Bot::with_results_due`] (`Bot::execute`, `Bot::press`), and a
//! finishing move of a challenge's board through [`Bot::result_due`] (`kinds/challenge.rs`): the
//! results a player's challenges made due (the last finish, a forfeit, a player who left, a
//! post that failed) follow whatever they asked. Shared by the challenge families and the
//! dispatch, so it lives beside `game/bot.rs`, not in a family of `flows/`.

use tracing::warn;

use crate::bot::game::bot::{Bot, Player, escape_markdown_within, off_the_async_threads};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::reply::{Button, ButtonStyle, Delivery, MAX_ALT_TEXT, Picture, Reply};
use crate::i18n::{self, ChallengeResult, Locale, Message};
use crate::render::{Mark, ResultCard, ResultRow, render_result};
use crate::stats::Outcome;
use crate::store::{Challenge, ChallengePlayer, ChallengeState, StoreError, UserId};

/// A player's name as the challenge's messages show it: as written, made inert, or, for a
/// player who forgot themselves, "a player who left".
pub fn player_name(locale: Locale, player: &ChallengePlayer) -> String {
    if player.departed() {
        Message::ChallengePlayerLeft.text(locale)
    } else {
        escape_markdown_within(&player.name, 32)
    }
}

impl Bot {
    /// `reply`, then the result of each challenge of the player that is over and neither posted
    /// nor being posted. A failure only costs the post, which a later interaction makes:
    /// logged.
    pub async fn with_results_due(&self, p: &Player, mut reply: Reply) -> Reply {
        let due = match self.store.unannounced_challenges(p.id()).await {
            Ok(due) => due,
            Err(error) => {
                warn!(
                    user = p.user,
                    "could not look for challenge results: {error}"
                );
                return reply;
            }
        };
        for id in due {
            match self.result_due(p, id, None).await {
                Ok(Some(result)) => reply = reply.then(result),
                Ok(None) => {}
                Err(error) => warn!(user = p.user, "a challenge result not posted: {error}"),
            }
        }
        reply
    }

    /// The result of challenge `id`, if it is over and this interaction claims its posting
    /// (`finished_by`: only if that game's move closed it). A claim whose message could not be
    /// made is let go at once.
    pub async fn result_due(
        &self,
        p: &Player,
        id: i64,
        finished_by: Option<i64>,
    ) -> Result<Option<Reply>, StoreError> {
        let Some(challenge) = self.store.challenge(id).await? else {
            return Ok(None);
        };
        if challenge.state != ChallengeState::Over
            || challenge.announced
            || !self.store.claim_announcement(id, finished_by).await?
        {
            return Ok(None);
        }
        match self.result_message(p, &challenge).await {
            Ok(result) => Ok(Some(result)),
            Err(error) => {
                self.store.release_announcement(id).await?;
                Err(error)
            }
        }
    }

    /// What became of the messages of an answer that post a challenge's result (`(challenge,
    /// whether Discord took it)`, from `Reply::announcements`): announced for good, or let go
    /// for a later interaction. A store failure here is logged; the claim then lapses by
    /// itself (`store::ANNOUNCEMENT_CLAIM_MS`).
    pub async fn delivered(&self, announcements: &[(i64, bool)]) {
        for &(id, posted) in announcements {
            let done = match posted {
                true => self.store.confirm_announcement(id).await,
                false => self.store.release_announcement(id).await,
            };
            match (posted, done) {
                (_, Err(error)) => {
                    warn!(challenge = id, posted, "a result's post not noted: {error}")
                }
                (false, Ok(())) => warn!(
                    challenge = id,
                    "a challenge's result did not reach Discord; the next interaction of one of its players posts it"
                ),
                (true, Ok(())) => {}
            }
        }
    }

    /// The result for the channel: every player with outcome, score and moves, the winner,
    /// the code, the deal's par (none when it has Aisleriot scoring), a duel's head-to-head
    /// (not with a player who left), and Rematch.
    async fn result_message(&self, p: &Player, challenge: &Challenge) -> Result<Reply, StoreError> {
        let name_of = |user: u64| {
            challenge
                .player(UserId(user))
                .map_or_else(String::new, |player| player_name(p.locale, player))
        };
        let entries = challenge.results();
        let code = challenge.code;
        let par = crate::bot::game::advice::deal_par(move || code).await;
        let mut lines = ChallengeResult {
            code: challenge.code,
            entries: &entries,
            names: &name_of,
            par,
        }
        .lines(p.locale);
        if let [first, second] = challenge.players.as_slice()
            && !first.departed()
            && !second.departed()
        {
            let record = self.store.head_to_head(first.user, second.user).await?;
            lines.push(i18n::head_to_head_line(
                p.locale,
                &player_name(p.locale, first),
                &player_name(p.locale, second),
                record,
            ));
        }
        let text = lines.join("\n");
        let (card, alt) = result_card(p.locale, challenge, &text);
        let png = off_the_async_threads(move || render_result(&card)).await;
        let picture = Picture { png, alt };
        Ok(Reply {
            delivery: Delivery::NewMessage,
            text,
            picture: Some(picture),
            rows: vec![vec![Button {
                action: ButtonAction::ChallengeRematch(challenge.id),
                label: Message::ButtonChallengeRematch.text(p.locale),
                style: ButtonStyle::Primary,
                disabled: false,
            }]],
            follow_up: None,
            announces: Some(challenge.id),
        })
    }
}

/// The result as a picture to draw (`render::challenge`), its alt text the result's words: the names
/// drawn as written, the lines under the rows as the message says them.
fn result_card(locale: Locale, challenge: &Challenge, text: &str) -> (ResultCard, String) {
    let plain = |line: &str| line.replace("**", "").replace(['`', '\\'], "");
    let entries = challenge.results();
    let winner = crate::stats::winner(&entries);
    let rows = crate::stats::ranked(&entries)
        .iter()
        .enumerate()
        .map(|(i, entry)| ResultRow {
            place: (i + 1).to_string(),
            name: challenge
                .player(UserId(entry.user))
                .map(|player| match player.departed() {
                    true => Message::ChallengePlayerLeft.text(locale),
                    false => player.name.chars().take(32).collect(),
                })
                .unwrap_or_default(),
            outcome: i18n::outcome_word(locale, entry.outcome),
            mark: match entry.outcome {
                Outcome::Won => Mark::Won,
                Outcome::Blocked => Mark::Blocked,
                Outcome::Abandoned => Mark::Abandoned,
            },
            numbers: Message::ChallengeCardNumbers {
                score: entry.score,
                moves: entry.moves,
            }
            .text(locale),
            winner: winner == Some(entry.user),
        })
        .collect::<Vec<_>>();
    let (rule, modes) = i18n::challenge_terms(locale, challenge.code);
    let players = rows.len();
    // The message's lines after the title and one per player: winner or tie, head-to-head, par.
    let lines = text.lines().skip(1 + players).map(plain).collect();
    let card = ResultCard {
        title: Message::ChallengeCardTitle.text(locale),
        deal: Message::ChallengeCardDeal {
            rule: &rule,
            modes: &modes,
            code: &challenge.code.to_string(),
        }
        .text(locale),
        rows,
        lines,
    };
    let alt: String = text.lines().map(plain).collect::<Vec<_>>().join(" ");
    (card, alt.chars().take(MAX_ALT_TEXT).collect())
}
