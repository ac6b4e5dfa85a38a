//! Challenges between players: `/tripeaks challenge [opponent] [rule] [mode options]` (a duel,
//! answered with Accept or Decline by the opponent only, or an open challenge anyone may Join
//! for an hour, up to 10 players), the presses that answer or join it, and the challenge's
//! public message, which always says where the challenge stands.
//!
//! The deal is a random one the solver can win under the rule and modes (fair), its code kept
//! back until the result. The players' private boards, the result and Rematch are in
//! `challenge_play.rs`; the rules of time and of winning in `stats::challenge`; the records
//! in `store/challenges/`.

use std::time::Duration;

use tracing::warn;

use crate::bot::flows::challenge_play::challenge_board;
use crate::bot::flows::choices::{pick_deal, winnable_deal};
use crate::bot::game::bot::{Answer, Bot, CHALLENGE_COMMAND, Player, private};
use crate::bot::game::challenge_result::player_name;
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::declaration::{Opt, OptionDecl, Options, Target, Unreadable};
use crate::bot::game::options::{RULE, read_modes, read_rule, with_mode_options};
use crate::bot::game::reply::{Button, ButtonStyle, Delivery, Reply};
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::bot::ops::metrics::{self, Handled};
use crate::game::{DealCode, ModeChoices, Rule};
use crate::i18n::{self, Message};
use crate::stats::MAX_PLAYERS;
use crate::store::{Challenge, ChallengeState, GameKind, NewChallenge, Reservation, Taken, UserId};

/// The player challenged; left out, an open challenge.
const OPPONENT: Opt<Target> = Opt::user("opponent");

/// `/tripeaks challenge` with its options read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChallengeCommand {
    /// The player challenged; `None`: an open challenge.
    pub opponent: Option<Target>,
    /// The rule, over the challenger's default.
    pub rule: Option<Rule>,
    /// The mode options, over the challenger's default modes.
    pub modes: ModeChoices,
}

impl SlashCommand for ChallengeCommand {
    const NAME: &'static str = "challenge";
    const VISIBILITY: Visibility = Visibility::Public;

    fn options() -> Vec<OptionDecl> {
        with_mode_options([OPPONENT.declared(), RULE.declared()])
    }

    /// The mode options of `/tripeaks new`, read the same way.
    fn parse(o: &Options) -> Result<ChallengeCommand, Unreadable> {
        Ok(ChallengeCommand {
            opponent: o.get(&OPPONENT)?,
            rule: read_rule(o)?,
            modes: read_modes(o)?,
        })
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        if let Some(opponent) = &self.opponent {
            if opponent.bot {
                return Ok(private(p.locale, Message::ChallengeBot));
            }
            if opponent.user == p.user {
                return Ok(private(p.locale, Message::ChallengeSelf));
            }
        }
        reserved(bot, p, async {
            // Refused before the solver looks for a winnable deal (up to 40 solves).
            if bot.store.unanswered_challenge(p.id()).await?.is_some() {
                metrics::note(Handled::Refused);
                return Ok(private(p.locale, Message::ChallengePending));
            }
            let deal = pick_deal(bot, p, self.rule, None, true, self.modes).await?;
            let code = match deal {
                Ok(code) => code,
                Err(refusal) => return Ok(refusal),
            };
            let opponent = self.opponent.map(|t| (UserId(t.user), t.name));
            open_challenge(bot, p, opponent, code, None).await
        })
        .await
    }
}

/// How long a challenge being made stays reserved at most: its search takes well under a
/// second (and waits at most a second for its turn); a process that stopped mid-search frees
/// its player after this.
const RESERVED_FOR: Duration = Duration::from_secs(30);

/// `make` (a new challenge or a rematch: its checks, its search, keeping it) with the player's
/// challenge reserved first, across processes (`store/reservations.rs`): one being made
/// already, here or at another replica, refuses this one before its search.
async fn reserved(bot: &Bot, p: &Player, make: impl Future<Output = Answer>) -> Answer {
    if !bot
        .store
        .reserve(p.id(), Reservation::Challenge, RESERVED_FOR)
        .await?
    {
        metrics::note(Handled::Refused);
        return Ok(private(p.locale, Message::ChallengePending));
    }
    let made = make.await;
    if let Err(error) = bot.store.release(p.id(), Reservation::Challenge).await {
        warn!(
            user = p.user,
            "a challenge's reservation not let go (it lapses by itself): {error}"
        );
    }
    made
}

/// Keeps a new challenge on `code` and answers with its public message; refused privately
/// while the challenger has another one waiting for an answer or for players.
pub(super) async fn open_challenge(
    bot: &Bot,
    p: &Player,
    opponent: Option<(UserId, String)>,
    code: DealCode,
    rematch_of: Option<i64>,
) -> Answer {
    bot.remember_name(p).await;
    let new = NewChallenge {
        challenger: p.id(),
        challenger_name: p.name.clone(),
        opponent,
        guild: p.guild,
        channel: p.channel,
        code,
        rematch_of,
    };
    match bot.store.create_challenge(&new).await? {
        Ok(challenge) => {
            metrics::note(Handled::Applied);
            let mut message = challenge_message(p, &challenge, bot.now(), Delivery::NewMessage);
            // Withdrawn if Discord never takes it: nobody could answer it.
            message.opens = Some(GameKind::Challenge(challenge.id));
            Ok(message)
        }
        Err(_) => {
            metrics::note(Handled::Refused);
            Ok(private(p.locale, Message::ChallengePending))
        }
    }
}

/// Accept: the challenge's message says it is on, and the opponent's private board
/// follows (or the question over their game in progress).
pub(super) async fn accept_pressed(bot: &Bot, p: &Player, id: i64) -> Answer {
    let taken = bot.store.accept_challenge(id, p.id()).await?;
    answer_taken(bot, p, taken).await
}

/// Decline: the challenge's message says so; nothing else changes.
pub(super) async fn decline_pressed(bot: &Bot, p: &Player, id: i64) -> Answer {
    match bot.store.decline_challenge(id, p.id()).await? {
        Taken::Done(challenge) => {
            metrics::note(Handled::Applied);
            Ok(challenge_message(
                p,
                &challenge,
                bot.now(),
                Delivery::UpdateMessage,
            ))
        }
        taken => answer_taken(bot, p, taken).await,
    }
}

/// Join: the challenge's message lists the new player, whose private board follows.
pub(super) async fn join_pressed(bot: &Bot, p: &Player, id: i64) -> Answer {
    bot.remember_name(p).await;
    let taken = bot.store.join_challenge(id, p.id(), &p.name).await?;
    answer_taken(bot, p, taken).await
}

/// What a press that answers or joins a challenge gets: when it did, the challenge's
/// message brought up to date with the presser's board after it; when it did not, their
/// board if they play it (a double Accept starts one game), else the reason, and the
/// message brought up to date when the challenge has ended.
async fn answer_taken(bot: &Bot, p: &Player, taken: Taken) -> Answer {
    let now = bot.now();
    let challenge = match taken {
        Taken::Missing => return Ok(private(p.locale, Message::ChallengeGone)),
        Taken::Done(challenge) => {
            metrics::note(Handled::Applied);
            let board = challenge_board(bot, p, &challenge).await?;
            let message = challenge_message(p, &challenge, now, Delivery::UpdateMessage);
            return Ok(message.then(board));
        }
        Taken::Unchanged(challenge) => challenge,
    };
    let taken_up = challenge
        .player(p.id())
        .is_some_and(|player| player.accepted_at.is_some());
    if taken_up {
        return challenge_board(bot, p, &challenge).await;
    }
    metrics::note(Handled::Refused);
    if matches!(
        challenge.state,
        ChallengeState::Lapsed | ChallengeState::Declined
    ) {
        return Ok(challenge_message(
            p,
            &challenge,
            now,
            Delivery::UpdateMessage,
        ));
    }
    let reason = match challenge.state {
        ChallengeState::Open if challenge.players.len() >= MAX_PLAYERS => {
            Message::ChallengeFull { max: MAX_PLAYERS }
        }
        ChallengeState::Open if challenge.joinable_at(now) => Message::ChallengeRematchOnly,
        ChallengeState::Open | ChallengeState::Playing if !challenge.is_duel() => {
            Message::ChallengeClosed
        }
        ChallengeState::Over => Message::ChallengeGone,
        _ => Message::ChallengeNotYours {
            command: CHALLENGE_COMMAND,
        },
    };
    Ok(private(p.locale, reason))
}

/// Rematch: a new challenge for the same players on a new fair deal of the same rule and
/// modes; a duel's other player answers it again, a group's players join it again.
pub(super) async fn rematch_pressed(bot: &Bot, p: &Player, id: i64) -> Answer {
    let Some(challenge) = bot.store.challenge(id).await? else {
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
    reserved(bot, p, rematch(bot, p, challenge)).await
}

/// The rematch of `challenge`, once the player's challenge is reserved.
async fn rematch(bot: &Bot, p: &Player, challenge: Challenge) -> Answer {
    let id = challenge.id;
    // Refused before the solver looks for a winnable deal (up to 40 solves).
    if bot.store.unanswered_challenge(p.id()).await?.is_some() {
        metrics::note(Handled::Refused);
        return Ok(private(p.locale, Message::ChallengePending));
    }
    let (rule, modes) = (challenge.code.rule, challenge.code.modes);
    let code = match winnable_deal(bot, p, rule, modes).await {
        Ok(code) => code,
        Err(refusal) => return Ok(refusal),
    };
    let (opponent, rematch_of) = match challenge.players.as_slice() {
        [first, second] => {
            let other = if first.user == p.id() { second } else { first };
            match other.departed() {
                // Nobody to answer it, nor to join it as a rematch: an open challenge.
                true => (None, None),
                false => (Some((other.user, other.name.clone())), Some(id)),
            }
        }
        _ => (None, Some(id)),
    };
    open_challenge(bot, p, opponent, code, rematch_of).await
}

/// The challenge's public message as it stands: who challenges whom (or who is in), on what
/// rule and modes (never the code), and the buttons of the moment.
pub(super) fn challenge_message(
    p: &Player,
    challenge: &Challenge,
    now: i64,
    delivery: Delivery,
) -> Reply {
    let locale = p.locale;
    let (rule, modes) = i18n::challenge_terms(locale, challenge.code);
    let names: Vec<String> = challenge
        .players
        .iter()
        .map(|player| player_name(locale, player))
        .collect();
    let challenger = names.first().cloned().unwrap_or_default();
    let opponent = names.get(1).cloned().unwrap_or_default();
    let button = |action: ButtonAction, label: Message, style: ButtonStyle| Button {
        action,
        label: label.text(locale),
        style,
        disabled: false,
    };
    let id = challenge.id;
    let play = button(
        ButtonAction::ChallengePlay(id),
        Message::ButtonChallengePlay,
        ButtonStyle::Primary,
    );
    let players_line = Message::ChallengePlayers {
        count: names.len(),
        max: MAX_PLAYERS,
        names: &names.join(", "),
    }
    .text(locale);
    let (text, buttons) = match (challenge.state, challenge.is_duel()) {
        (ChallengeState::Waiting, _) => (
            Message::ChallengeDuel {
                challenger: &challenger,
                opponent: &opponent,
                rule: &rule,
                modes: &modes,
            }
            .text(locale),
            vec![
                button(
                    ButtonAction::ChallengeAccept(id),
                    Message::ButtonChallengeAccept,
                    ButtonStyle::Success,
                ),
                button(
                    ButtonAction::ChallengeDecline(id),
                    Message::ButtonChallengeDecline,
                    ButtonStyle::Danger,
                ),
            ],
        ),
        (ChallengeState::Playing | ChallengeState::Open | ChallengeState::Over, true) => (
            Message::ChallengeAccepted {
                challenger: &challenger,
                opponent: &opponent,
                rule: &rule,
                modes: &modes,
            }
            .text(locale),
            vec![play],
        ),
        (ChallengeState::Playing | ChallengeState::Open | ChallengeState::Over, false) => {
            let open = Message::ChallengeOpen {
                challenger: &challenger,
                rule: &rule,
                modes: &modes,
                max: MAX_PLAYERS,
            }
            .text(locale);
            let mut buttons = Vec::new();
            if challenge.joinable_at(now) {
                buttons.push(button(
                    ButtonAction::ChallengeJoin(id),
                    Message::ButtonChallengeJoin,
                    ButtonStyle::Success,
                ));
            }
            buttons.push(play);
            (format!("{open}\n{players_line}"), buttons)
        }
        (ChallengeState::Declined, _) => (
            Message::ChallengeDeclined {
                challenger: &challenger,
                opponent: &opponent,
            }
            .text(locale),
            Vec::new(),
        ),
        (ChallengeState::Lapsed, _) => (Message::ChallengeLapsed.text(locale), Vec::new()),
    };
    Reply {
        delivery,
        text,
        picture: None,
        rows: if buttons.is_empty() {
            Vec::new()
        } else {
            vec![buttons]
        },
        follow_up: None,
        announces: None,
        opens: None,
        posts_due: None,
    }
}
