//! Playing a challenge: each player's private board (from the answer to Accept or Join, from
//! Play, or `/tripeaks show`), the question before it replaces a game with moves, what a
//! challenge board says (the time left, whom it waits for), the result posted in the channel
//! with the last finisher's interaction (a follow-up, so it works for a user-installed app
//! too), and Rematch.
//!
//! The result is filed by the store in the transaction of each finishing move; this file only
//! claims its posting, once (`Store::claim_announcement`).

use super::challenge::{CHALLENGE_COMMAND, shown_name};
use crate::bot::advice::random_deal;
use crate::bot::app::{Answer, Bot, Player, off_the_async_threads, private};
use crate::bot::custom_id::{ButtonAction, PlayerTurn};
use crate::bot::metrics::{self, Handled};
use crate::bot::reply::{Button, ButtonStyle, Delivery, MAX_ALT_TEXT, Picture, Reply};
use crate::game::{DealCode, Game, Status};
use crate::i18n::{self, ChallengeResult, Message};
use crate::render::{Mark, ResultCard, ResultRow, render_result};
use crate::stats::{FINISH_WITHIN_MS, Outcome};
use crate::store::{Challenge, ChallengeState, CurrentGame, StoreError, UserId};

impl Bot {
    /// Play: the presser's private board, if they play this challenge.
    pub(super) async fn play_pressed(&self, p: &Player, id: i64) -> Answer {
        let Some(challenge) = self.store.challenge(id).await? else {
            return Ok(private(p.locale, Message::ChallengeGone));
        };
        self.play_challenge(p, &challenge).await
    }

    /// A player's board of the challenge, and the result if it is due and not posted yet (a
    /// forfeit made it over when it was touched).
    pub(super) async fn play_challenge(&self, p: &Player, challenge: &Challenge) -> Answer {
        let board = self.challenge_board(p, challenge).await?;
        Ok(match self.result_due(p, challenge.id, None).await? {
            Some(result) => board.then(result),
            None => board,
        })
    }

    /// The presser's private board of the challenge: started now if they took it up and have
    /// none (asking first over a game with moves), else as it stands; a player whose board was
    /// replaced or whose time ran out is told so; anyone else, that it is not theirs.
    pub(super) async fn challenge_board(&self, p: &Player, challenge: &Challenge) -> Answer {
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
        let current = self.store.current_game(p.id()).await?;
        if let (Some(game_id), Some(current)) = (me.game_id, &current)
            && current.game_id == game_id
        {
            return Ok(self.board(p, current, None, Delivery::Ephemeral).await);
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
            Some(current)
                if current.game.status() == Status::Playing && current.game.moves() > 0 =>
            {
                Ok(confirm_take(p, current, challenge.id))
            }
            _ => {
                let at = current.as_ref().map(CurrentGame::at);
                self.start_challenge(p, challenge, at).await
            }
        }
    }

    /// "Play the challenge" pressed on the question: only over the game and turn it was asked
    /// over (else the current board, unchanged).
    pub(super) async fn take_pressed(&self, p: &Player, for_turn: PlayerTurn, id: i64) -> Answer {
        if let Err(instead) = self.game_at(p, for_turn).await? {
            return Ok(instead);
        }
        let Some(challenge) = self.store.challenge(id).await? else {
            return Ok(private(p.locale, Message::ChallengeGone));
        };
        self.start_challenge(p, &challenge, Some(for_turn.at)).await
    }

    /// Deals the challenge's deal as the player's game (over `replaces`); a second press that
    /// finds it started already shows the board it started.
    async fn start_challenge(
        &self,
        p: &Player,
        challenge: &Challenge,
        replaces: Option<crate::store::GameTurn>,
    ) -> Answer {
        self.remember_name(p).await;
        let game = Game::from_code(challenge.code);
        let started = self
            .store
            .start_challenge_game(p.id(), game, challenge.guild, challenge.id, replaces)
            .await?;
        let Some(started) = started else {
            // Started by the other press of a double one, or the game moved on meanwhile.
            return Ok(match self.store.current_game(p.id()).await? {
                Some(current) if current.challenge == Some(challenge.id) => {
                    self.board(p, &current, None, Delivery::Ephemeral).await
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
            .map(|other| shown_name(&other.name))
            .collect();
        let taken_up = challenge
            .player(p.id())
            .and_then(|me| me.accepted_at)
            .unwrap_or(self.now());
        let left = (taken_up + FINISH_WITHIN_MS - self.now()).max(0);
        let note = Message::ChallengeBoard {
            players: &others.join(", "),
            when: &i18n::duration(p.locale, left),
        }
        .text(p.locale);
        Ok(self
            .board(p, &started, Some(note), Delivery::Ephemeral)
            .await)
    }

    /// What a challenge's board adds (`Bot::board` calls it for every board of a challenge
    /// game, already made private): once the player's result is in, how many have still to
    /// finish.
    pub(in crate::bot) async fn challenge_extras(
        &self,
        p: &Player,
        current: &CurrentGame,
        id: i64,
        mut reply: Reply,
    ) -> Result<Reply, StoreError> {
        if current.game.status() == Status::Playing {
            return Ok(reply);
        }
        let Some(challenge) = self.store.challenge(id).await? else {
            return Ok(reply);
        };
        if challenge.state.is_in_play() && challenge.unfinished() > 0 {
            let waiting = Message::ChallengeWaiting {
                count: challenge.unfinished(),
            };
            reply.text = format!("{}\n{}", reply.text, waiting.text(p.locale));
        }
        Ok(reply)
    }

    /// After a move that ended a challenge game: the result, to post with this interaction,
    /// if that move closed the challenge (and nobody posted it yet).
    pub(super) async fn result_after_move(
        &self,
        p: &Player,
        game: &CurrentGame,
    ) -> Result<Option<Reply>, StoreError> {
        match game.challenge {
            Some(id) if game.game.status() != Status::Playing => {
                self.result_due(p, id, Some(game.game_id)).await
            }
            _ => Ok(None),
        }
    }

    /// `reply`, then the result of each challenge of the player that is over and not posted
    /// yet (the board a new game replaced was the last one out). A failure only costs the
    /// post, which the next press on the challenge makes: logged.
    pub(super) async fn with_results_due(&self, p: &Player, mut reply: Reply) -> Reply {
        let due = match self.store.unannounced_challenges(p.id()).await {
            Ok(due) => due,
            Err(error) => {
                tracing::warn!(
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
                Err(error) => {
                    tracing::warn!(user = p.user, "a challenge result not posted: {error}")
                }
            }
        }
        reply
    }

    /// The result of challenge `id`, if it is over and this interaction claims its posting
    /// (`finished_by`: only if that game's move closed it).
    async fn result_due(
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
        Ok(Some(self.result_message(p, &challenge).await?))
    }

    /// The result for the channel: every player with outcome, score and moves, the winner,
    /// the code, the deal's par (none when it has Aisleriot scoring), a duel's head-to-head, and
    /// Rematch.
    async fn result_message(&self, p: &Player, challenge: &Challenge) -> Result<Reply, StoreError> {
        let name_of = |user: u64| {
            challenge
                .player(UserId(user))
                .map_or_else(String::new, |player| shown_name(&player.name))
        };
        let entries = challenge.results();
        let code = challenge.code;
        let par = crate::bot::advice::deal_par(move || code).await;
        let mut lines = ChallengeResult {
            code: challenge.code,
            entries: &entries,
            names: &name_of,
            par,
        }
        .lines(p.locale);
        if let [first, second] = challenge.players.as_slice() {
            let record = self.store.head_to_head(first.user, second.user).await?;
            lines.push(i18n::head_to_head_line(
                p.locale,
                &shown_name(&first.name),
                &shown_name(&second.name),
                record,
            ));
        }
        let text = lines.join("\n");
        let (card, alt) = result_card(p, challenge, &text);
        let png = off_the_async_threads(move || render_result(&card)).await;
        let picture = Picture { png, alt };
        Ok(Reply {
            delivery: Delivery::NewMessage,
            text,
            picture: Some(picture),
            rows: vec![vec![Button {
                custom_id: ButtonAction::ChallengeRematch(challenge.id).to_string(),
                label: Message::ButtonChallengeRematch.text(p.locale),
                style: ButtonStyle::Primary,
                disabled: false,
            }]],
            follow_up: None,
        })
    }

    /// Rematch: a new challenge for the same players on a new fair deal of the same rule and
    /// modes; a duel's other player answers it again, a group's players join it again.
    pub(super) async fn rematch_pressed(&self, p: &Player, id: i64) -> Answer {
        let Some(challenge) = self.store.challenge(id).await? else {
            return Ok(private(p.locale, Message::ChallengeGone));
        };
        if challenge.player(p.id()).is_none() || challenge.state != ChallengeState::Over {
            return Ok(private(
                p.locale,
                Message::ChallengeNotYours {
                    command: CHALLENGE_COMMAND,
                },
            ));
        }
        let (rule, modes) = (challenge.code.rule, challenge.code.modes);
        let code = DealCode::new(random_deal(rule, modes, true).await, rule);
        let code = DealCode { modes, ..code };
        let opponent = match challenge.players.as_slice() {
            [first, second] => {
                let other = if first.user == p.id() { second } else { first };
                Some((other.user, other.name.clone()))
            }
            _ => None,
        };
        self.open_challenge(p, opponent, code, Some(id)).await
    }
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
        custom_id: ButtonAction::ChallengeTake(PlayerTurn::of(current), id).to_string(),
        label: Message::ButtonChallengeTake.text(p.locale),
        style: ButtonStyle::Primary,
        disabled: false,
    }]];
    reply
}

/// The result as a picture to draw (`render::challenge`), its alt text the result's words: the names
/// drawn as written, the lines under the rows as the message says them.
fn result_card(p: &Player, challenge: &Challenge, text: &str) -> (ResultCard, String) {
    let locale = p.locale;
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
                .map(|player| player.name.chars().take(32).collect())
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
