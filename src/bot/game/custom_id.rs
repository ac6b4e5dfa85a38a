//! The custom_id carried by every button: what the button does, whose game it belongs to, and the
//! game and turn it was drawn for.
//!
//! Buttons must keep working after a restart, so a button says everything needed to act on it:
//! `tp:<verb>:<owner>:<game>:<turn>[:<arg>]`, or `tp:play:<deal code>` for "Play this deal", which
//! anyone may press, or `tp:<accept|decline|join|cplay|rematch>:<challenge id>` for a
//! challenge's buttons (who may press them is the challenge's to say), or
//! `tp:<eplay|estand>:<event id>[:<deal>]` for a server event's announcement. custom_ids come back from Discord as untrusted input (a forged one is easy to
//! send), so parsing is strict and every failure is an error value.

use std::fmt;

use thiserror::Error;

use crate::game::{DailyNumber, DealCode, Modes, Position, Rule};
use crate::store::{CurrentGame, EventDealRef, GameTurn};

/// Discord's limit on a custom_id.
pub const MAX_LEN: usize = 100;

const PREFIX: &str = "tp";

/// Whose game a button acts on, and the game and turn it was made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerTurn {
    /// The Discord user whose game this is.
    pub owner: u64,
    /// The game and its turn when the button was made.
    pub at: GameTurn,
}

impl PlayerTurn {
    /// The player's game as it stands: what the buttons of its board are made for.
    pub fn of(current: &CurrentGame) -> PlayerTurn {
        PlayerTurn {
            owner: current.user.0,
            at: current.at(),
        }
    }
}

/// What a button does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonAction {
    /// Tap the card at this position.
    Card(PlayerTurn, Position),
    Draw(PlayerTurn),
    Undo(PlayerTurn),
    Hint(PlayerTurn),
    /// Start a new random game with this rule (offered at the end of a game).
    NewGame(PlayerTurn, Rule),
    /// Post the deal's code to share.
    Share(PlayerTurn),
    /// Start this deal for whoever presses it.
    PlayDeal(DealCode),
    /// Confirm a new deal over the game in progress it was asked over: start this deal.
    StartDeal(PlayerTurn, DealCode),
    /// Confirm `/tripeaks new winnable:true` over the game in progress it was asked over: look
    /// for a winnable deal of this rule and these modes (only now, once confirmed), and start it.
    StartWinnable(PlayerTurn, Rule, Modes),
    /// Confirm `/tripeaks forget-me`: delete everything kept about this user.
    Forget(u64),
    /// Confirm `/tripeaks daily` over the game in progress it was asked over: start this daily.
    StartDaily(PlayerTurn, DailyNumber),
    /// Post the spoiler-free result line of this finished game to the channel.
    ShareResult(PlayerTurn),
    /// Show this daily's leaderboard in the presser's server.
    DailyLeaderboard(DailyNumber),
    /// Show this deal's leaderboard in the presser's server.
    DealLeaderboard(DealCode),
    /// Replay this finished game (`player`, `game id`) of a `/tripeaks history`: anyone who may
    /// see that player's history may press it.
    Replay(u64, i64),
    /// Accept this challenge (its opponent only).
    ChallengeAccept(i64),
    /// Decline this challenge (its opponent only).
    ChallengeDecline(i64),
    /// Join this open challenge (anyone, while it takes joins).
    ChallengeJoin(i64),
    /// Show the presser's private board of this challenge (its players only).
    ChallengePlay(i64),
    /// A new challenge for the same players, on a new deal (its players only).
    ChallengeRematch(i64),
    /// Confirm taking this challenge up over the game in progress it was asked over.
    ChallengeTake(PlayerTurn, i64),
    /// Play this deal of this server event (`Play 1` is deal 0): anyone of its server, while it
    /// runs.
    EventPlay(EventDealRef),
    /// Show this server event's standings to the presser.
    EventStandings(i64),
    /// Confirm playing this event's deal over the game in progress it was asked over.
    EventTake(PlayerTurn, EventDealRef),
}

/// A custom_id that this bot did not make.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
/// Shown escaped (`{:?}`): a forged one may hold line breaks and control characters, which must
/// not reach a log line as they are.
#[error("malformed custom_id {:?}", .0.chars().take(MAX_LEN).collect::<String>())]
pub struct MalformedCustomId(pub String);

impl ButtonAction {
    /// The game and turn this button was made for, if it belongs to a player's game.
    pub fn player_turn(self) -> Option<PlayerTurn> {
        match self {
            ButtonAction::Card(d, _)
            | ButtonAction::Draw(d)
            | ButtonAction::Undo(d)
            | ButtonAction::Hint(d)
            | ButtonAction::NewGame(d, _)
            | ButtonAction::Share(d)
            | ButtonAction::ShareResult(d)
            | ButtonAction::StartDaily(d, _)
            | ButtonAction::StartDeal(d, _)
            | ButtonAction::StartWinnable(d, ..)
            | ButtonAction::ChallengeTake(d, _)
            | ButtonAction::EventTake(d, _) => Some(d),
            ButtonAction::PlayDeal(_)
            | ButtonAction::Forget(_)
            | ButtonAction::DailyLeaderboard(_)
            | ButtonAction::DealLeaderboard(_)
            | ButtonAction::Replay(..)
            | ButtonAction::ChallengeAccept(_)
            | ButtonAction::ChallengeDecline(_)
            | ButtonAction::ChallengeJoin(_)
            | ButtonAction::ChallengePlay(_)
            | ButtonAction::ChallengeRematch(_)
            | ButtonAction::EventPlay(_)
            | ButtonAction::EventStandings(_) => None,
        }
    }

    /// The only user who may press this button, if it is someone's own.
    pub fn owner(self) -> Option<u64> {
        match self {
            ButtonAction::Forget(owner) => Some(owner),
            other => other.player_turn().map(|d| d.owner),
        }
    }

    /// The verb of the button, as in its custom_id (`card`, `draw`, `play`, …).
    pub fn verb(self) -> &'static str {
        match self {
            ButtonAction::Card(..) => "card",
            ButtonAction::Draw(_) => "draw",
            ButtonAction::Undo(_) => "undo",
            ButtonAction::Hint(_) => "hint",
            ButtonAction::NewGame(..) => "new",
            ButtonAction::Share(_) => "share",
            ButtonAction::PlayDeal(_) => "play",
            ButtonAction::Forget(_) => "forget",
            ButtonAction::StartDaily(..) => "daily",
            ButtonAction::StartDeal(..) => "deal",
            ButtonAction::StartWinnable(..) => "wdeal",
            ButtonAction::ShareResult(_) => "result",
            ButtonAction::DailyLeaderboard(_) => "dboard",
            ButtonAction::DealLeaderboard(_) => "board",
            ButtonAction::Replay(..) => "replay",
            ButtonAction::ChallengeAccept(_) => "accept",
            ButtonAction::ChallengeDecline(_) => "decline",
            ButtonAction::ChallengeJoin(_) => "join",
            ButtonAction::ChallengePlay(_) => "cplay",
            ButtonAction::ChallengeRematch(_) => "rematch",
            ButtonAction::ChallengeTake(..) => "ctake",
            ButtonAction::EventPlay(_) => "eplay",
            ButtonAction::EventStandings(_) => "estand",
            ButtonAction::EventTake(..) => "etake",
        }
    }

    /// Parses a custom_id strictly: exact prefix, known verb, numbers in range, nothing extra.
    pub fn parse(custom_id: &str) -> Result<ButtonAction, MalformedCustomId> {
        let malformed = || MalformedCustomId(custom_id.to_string());
        if custom_id.len() > MAX_LEN {
            return Err(malformed());
        }
        let parts: Vec<&str> = custom_id.split(':').collect();
        match parts.as_slice() {
            [PREFIX, "play", code] => code
                .parse::<DealCode>()
                .ok()
                .filter(|c| c.to_string() == *code)
                .map(ButtonAction::PlayDeal)
                .ok_or_else(malformed),
            [PREFIX, "forget", owner] => strict_number(owner)
                .map(ButtonAction::Forget)
                .ok_or_else(malformed),
            [PREFIX, "dboard", number] => strict_number(number)
                .and_then(DailyNumber::new)
                .map(ButtonAction::DailyLeaderboard)
                .ok_or_else(malformed),
            [PREFIX, "board", code] => code
                .parse::<DealCode>()
                .ok()
                .filter(|c| c.to_string() == *code)
                .map(ButtonAction::DealLeaderboard)
                .ok_or_else(malformed),
            [PREFIX, "eplay", event, deal] => event_deal(event, deal)
                .map(ButtonAction::EventPlay)
                .ok_or_else(malformed),
            [PREFIX, "estand", event] => strict_number(event)
                .map(ButtonAction::EventStandings)
                .ok_or_else(malformed),
            [PREFIX, "replay", player, game_id] => {
                match (strict_number(player), strict_number(game_id)) {
                    (Some(player), Some(game_id)) => Ok(ButtonAction::Replay(player, game_id)),
                    _ => Err(malformed()),
                }
            }
            [
                PREFIX,
                verb @ ("accept" | "decline" | "join" | "cplay" | "rematch"),
                id,
            ] => {
                let id = strict_number(id).ok_or_else(malformed)?;
                Ok(match *verb {
                    "accept" => ButtonAction::ChallengeAccept(id),
                    "decline" => ButtonAction::ChallengeDecline(id),
                    "join" => ButtonAction::ChallengeJoin(id),
                    "cplay" => ButtonAction::ChallengePlay(id),
                    _ => ButtonAction::ChallengeRematch(id),
                })
            }
            [PREFIX, verb, owner, game_id, turn, rest @ ..] => {
                let drawn = PlayerTurn {
                    owner: strict_number(owner).ok_or_else(malformed)?,
                    at: GameTurn {
                        game_id: strict_number(game_id).ok_or_else(malformed)?,
                        turn: strict_number(turn).ok_or_else(malformed)?,
                    },
                };
                let action = match (*verb, rest) {
                    ("card", [position]) => ButtonAction::Card(
                        drawn,
                        strict_number(position)
                            .and_then(Position::new)
                            .ok_or_else(malformed)?,
                    ),
                    ("draw", []) => ButtonAction::Draw(drawn),
                    ("undo", []) => ButtonAction::Undo(drawn),
                    ("hint", []) => ButtonAction::Hint(drawn),
                    ("share", []) => ButtonAction::Share(drawn),
                    ("result", []) => ButtonAction::ShareResult(drawn),
                    ("daily", [number]) => ButtonAction::StartDaily(
                        drawn,
                        strict_number(number)
                            .and_then(DailyNumber::new)
                            .ok_or_else(malformed)?,
                    ),
                    ("deal", [code]) => ButtonAction::StartDeal(
                        drawn,
                        code.parse::<DealCode>()
                            .ok()
                            .filter(|c| c.to_string() == *code)
                            .ok_or_else(malformed)?,
                    ),
                    ("wdeal", [terms]) => {
                        let (rule, modes) = winnable_terms(terms).ok_or_else(malformed)?;
                        ButtonAction::StartWinnable(drawn, rule, modes)
                    }
                    ("ctake", [id]) => {
                        ButtonAction::ChallengeTake(drawn, strict_number(id).ok_or_else(malformed)?)
                    }
                    ("etake", [event, deal]) => ButtonAction::EventTake(
                        drawn,
                        event_deal(event, deal).ok_or_else(malformed)?,
                    ),
                    ("new", ["e"]) => ButtonAction::NewGame(drawn, Rule::Easy),
                    ("new", ["c"]) => ButtonAction::NewGame(drawn, Rule::Classic),
                    _ => return Err(malformed()),
                };
                Ok(action)
            }
            _ => Err(malformed()),
        }
    }
}

/// A winnable deal's terms as its button carries them: the rule's letter in lower case, then
/// the mode letters as `Modes` prints them (`e`, `cAMPOW`); nothing else.
fn winnable_terms(terms: &str) -> Option<(Rule, Modes)> {
    let (letter, modes) = terms.split_at_checked(1)?;
    let rule = match letter {
        "e" => Rule::Easy,
        "c" => Rule::Classic,
        _ => return None,
    };
    let modes = modes
        .parse::<Modes>()
        .ok()
        .filter(|m| m.to_string() == modes)?;
    Some((rule, modes))
}

/// An event's id and a deal's index, each a strict number.
fn event_deal(event: &str, deal: &str) -> Option<EventDealRef> {
    Some(EventDealRef {
        event: strict_number(event)?,
        deal: strict_number(deal)?,
    })
}

/// A decimal number with no sign, no leading zero (but `0` itself) and no spaces.
fn strict_number<T: std::str::FromStr>(text: &str) -> Option<T> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    canonical.then(|| text.parse().ok()).flatten()
}

impl fmt::Display for ButtonAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head = |f: &mut fmt::Formatter<'_>, verb: &str, d: &PlayerTurn| {
            write!(
                f,
                "{PREFIX}:{verb}:{}:{}:{}",
                d.owner, d.at.game_id, d.at.turn
            )
        };
        match self {
            ButtonAction::Card(d, position) => {
                head(f, "card", d)?;
                write!(f, ":{}", position.index())
            }
            ButtonAction::Draw(d) => head(f, "draw", d),
            ButtonAction::Undo(d) => head(f, "undo", d),
            ButtonAction::Hint(d) => head(f, "hint", d),
            ButtonAction::Share(d) => head(f, "share", d),
            ButtonAction::NewGame(d, rule) => {
                head(f, "new", d)?;
                write!(f, ":{}", rule.letter().to_ascii_lowercase())
            }
            ButtonAction::PlayDeal(code) => write!(f, "{PREFIX}:play:{code}"),
            ButtonAction::Forget(owner) => write!(f, "{PREFIX}:forget:{owner}"),
            ButtonAction::StartDaily(d, number) => {
                head(f, "daily", d)?;
                write!(f, ":{number}")
            }
            ButtonAction::ShareResult(d) => head(f, "result", d),
            ButtonAction::StartDeal(d, code) => {
                head(f, "deal", d)?;
                write!(f, ":{code}")
            }
            ButtonAction::StartWinnable(d, rule, modes) => {
                head(f, "wdeal", d)?;
                write!(f, ":{}{modes}", rule.letter().to_ascii_lowercase())
            }
            ButtonAction::DailyLeaderboard(number) => write!(f, "{PREFIX}:dboard:{number}"),
            ButtonAction::DealLeaderboard(code) => write!(f, "{PREFIX}:board:{code}"),
            ButtonAction::Replay(player, game_id) => {
                write!(f, "{PREFIX}:replay:{player}:{game_id}")
            }
            ButtonAction::ChallengeAccept(id)
            | ButtonAction::ChallengeDecline(id)
            | ButtonAction::ChallengeJoin(id)
            | ButtonAction::ChallengePlay(id)
            | ButtonAction::ChallengeRematch(id) => write!(f, "{PREFIX}:{}:{id}", self.verb()),
            ButtonAction::ChallengeTake(d, id) => {
                head(f, "ctake", d)?;
                write!(f, ":{id}")
            }
            ButtonAction::EventPlay(deal) => {
                write!(f, "{PREFIX}:eplay:{}:{}", deal.event, deal.deal)
            }
            ButtonAction::EventStandings(id) => write!(f, "{PREFIX}:estand:{id}"),
            ButtonAction::EventTake(d, deal) => {
                head(f, "etake", d)?;
                write!(f, ":{}:{}", deal.event, deal.deal)
            }
        }
    }
}

#[cfg(test)]
mod tests;
