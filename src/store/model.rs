//! The plain values the store hands out and takes in: who a player is, a game and its turn, the
//! current game with its version, settings and finished games.
//!
//! No SQL here; `convert.rs` maps these to and from columns.

use std::fmt;
use std::time::SystemTime;

use crate::game::{DailyNumber, DealCode, Effect, Game, Modes, Refusal, Rule};
use crate::stats::GameResult;
pub use crate::stats::Outcome;

/// A Discord user id (a snowflake).
///
/// Stored as a 64-bit signed integer holding the same bits (`BIGINT`, and SQLite's rowid): lossless
/// for every `u64`, 8 bytes, compared and indexed as an integer on both backends. PostgreSQL has no
/// unsigned type, and TEXT would be twice the size and sort wrongly. Snowflakes stay below 2^63
/// for decades, so even the order of the stored numbers matches the order of the ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId(pub u64);

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A game and one of its turns: what a button was drawn for, and what a change is made over.
/// Two presses of one button name the same `GameTurn`; the second finds the game moved on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameTurn {
    /// The store's id of the game ([`CurrentGame::game_id`]).
    pub game_id: i64,
    /// `Game::turn()` at that moment.
    pub turn: u32,
}

/// A player's current game as stored, with what is needed to save it back safely.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurrentGame {
    pub user: UserId,
    /// Unique among all games ever started in this database: a button drawn for an earlier game
    /// names another id.
    pub game_id: i64,
    /// Goes up by one on every stored change; saves are compare-and-swap on it.
    pub version: i64,
    pub game: Game,
    /// The server the game was started in (`None` in direct messages), for statistics.
    pub guild_id: Option<u64>,
    pub created_at: SystemTime,
    pub updated_at: SystemTime,
    /// What the game was started as: a free game, a daily, a challenge's board.
    pub kind: GameKind,
    /// Whether the player had a post due ([`Due`](super::Due)) when this row was read or
    /// written: read in the same statement, so that a tap learns it for free; a player with
    /// none costs no look for them.
    pub posts_due: bool,
}

/// What kind of game a game is: the one value the bot asks when a kind's game differs from
/// another's (its ending, what may be shared or replayed and when; `bot/game/kinds/`), and the
/// store what a kind's game files and keeps (`store/kinds/`). Stored in one column, in the form
/// of `stored_kind.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GameKind {
    /// A deal of the player's choosing: `/tripeaks new`, a code, "Play this deal".
    #[default]
    Free,
    /// The daily deal of that day (`/tripeaks daily`).
    Daily(DailyNumber),
    /// A player's board of the challenge of that id.
    Challenge(i64),
    /// A player's game of one deal of a server event.
    Event(EventDealRef),
}

/// One deal of a server event: the event's id and the deal's index in it, from 0 (`Play 1` is
/// index 0). An index past the event's deals is refused when a game of it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EventDealRef {
    pub event: i64,
    pub deal: u8,
}

impl CurrentGame {
    /// This game at its present turn.
    pub fn at(&self) -> GameTurn {
        GameTurn {
            game_id: self.game_id,
            turn: self.game.turn(),
        }
    }

    /// Whether this is the game `at` names, still at that turn: the one check that an old
    /// board or a double press must not act on the game as it is now.
    pub fn is_at(&self, at: GameTurn) -> bool {
        self.at() == at
    }
}

/// What became of one call to [`Store::apply`](super::Store::apply).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApplyOutcome {
    /// The action was applied and saved; `game` is the new state.
    Applied { game: CurrentGame, effect: Effect },
    /// The rules refused the action; nothing changed.
    Refused { game: CurrentGame, refusal: Refusal },
    /// The action was meant for another game or another turn (an old button, a double tap);
    /// nothing changed. `game` is the current state, to show instead.
    Stale { game: CurrentGame },
    /// The player has no game.
    NoGame,
}

impl ApplyOutcome {
    /// The game after the call, if the player has one.
    pub fn game(&self) -> Option<&CurrentGame> {
        match self {
            ApplyOutcome::Applied { game, .. }
            | ApplyOutcome::Refused { game, .. }
            | ApplyOutcome::Stale { game } => Some(game),
            ApplyOutcome::NoGame => None,
        }
    }
}

/// A player's preferences.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Explain refused taps (true), or acknowledge them silently (false).
    pub help_for_errors: bool,
    /// The rule of `/tripeaks new` without a rule.
    pub default_rule: Rule,
    /// The modes of `/tripeaks new` without mode options.
    pub default_modes: Modes,
    /// Show the player on server boards and to others' `/tripeaks stats user:` (true), or not.
    pub public: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            help_for_errors: true,
            default_rule: Rule::Easy,
            default_modes: Modes::STANDARD,
            public: true,
        }
    }
}

/// One game that ended, for statistics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishedGame {
    pub game_id: i64,
    pub user: UserId,
    /// The deal code; `None` for games dealt from a layout.
    pub code: Option<DealCode>,
    pub rule: Rule,
    /// The game's modes: statistics and boards count the standard game only.
    pub modes: Modes,
    pub outcome: Outcome,
    pub score: u32,
    pub moves: u32,
    pub finished_at: SystemTime,
    /// The server the game was started in.
    pub guild_id: Option<u64>,
    /// Most cards removed in a row without a draw; `None` in records older than this field.
    pub longest_chain: Option<u32>,
    /// Hints asked for; `None` in records older than this field.
    pub hints_used: Option<u32>,
    /// From the first action to the last; `None` in records older than this field.
    pub duration_millis: Option<u64>,
    /// What it was started as (older records than the daily's column: `Free`).
    pub kind: GameKind,
    /// Whether its actions were kept, so that it can be replayed (not in older records).
    pub replayable: bool,
}

impl FinishedGame {
    /// What the statistics need of this game.
    pub fn result(&self) -> GameResult {
        GameResult {
            rule: self.rule,
            outcome: self.outcome,
            score: self.score,
            moves: self.moves,
            finished_at: super::convert::millis_of(self.finished_at),
            longest_chain: self.longest_chain,
            hints_used: self.hints_used,
            duration_millis: self.duration_millis,
        }
    }
}

/// What `/tripeaks forget-me` deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Forgotten {
    pub current_game: bool,
    pub finished_games: u64,
    pub settings: bool,
    pub corrupt_games: u64,
    pub name: bool,
    /// Scored daily results (each is also a finished game; counted for the record).
    pub daily_results: u64,
    /// Counted games of server events: deleted from events still open, made anonymous in
    /// events that ended (each is also a finished game).
    pub event_games: u64,
}

impl Forgotten {
    /// Whether anything at all was deleted.
    pub fn anything(&self) -> bool {
        self.current_game
            || self.finished_games > 0
            || self.settings
            || self.corrupt_games > 0
            || self.name
    }
}
