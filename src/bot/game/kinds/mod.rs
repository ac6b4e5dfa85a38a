//! What differs between kinds of game, answered in one place per kind: a free game
//! (`free.rs`), the daily (`daily.rs`), a challenge's board (`challenge.rs`), a server event's
//! deal (`event.rs`).
//!
//! A player's game says what it was started as (`store::GameKind`); the board composer, the
//! share and replay flows, the end of a move and the posts due after an answer ask this module,
//! never the kind itself, what that changes: who sees its boards, what its end says and offers,
//! whether its deal must stay hidden now, what its share line says, whether its replay is shown
//! and to whom, what a finishing move brings after it, the post it has due (its result) and
//! whether showing its board may make one due, and how the question before replacing it is put.
//! Each kind answers these as an implementation of `Kind`; `with_kind!` is the one list of
//! kinds. What the store does for a kind (what it files, keeps and forgets) is `store/kinds/`.
//!
//! Adding a kind (a tournament, say): a variant of `GameKind` in the store (and its rows there),
//! a file here with its `impl Kind`, one arm in `with_kind!`, and its texts.

mod challenge;
mod daily;
mod event;
mod free;

use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::custom_id::{ButtonAction, PlayerTurn};
use crate::bot::game::reply::{Button, ButtonStyle, Reply};
use crate::game::Game;
use crate::i18n::{Locale, Message};
use crate::store::{CurrentGame, Due, GameKind, StoreError};

/// The deal a question before replacing a game names: a dealt code, or a deal that can be won,
/// not searched for until the player confirms (so it has no code yet).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NewDeal<'a> {
    /// This code, as it will be shown.
    Code(&'a str),
    /// A random deal the solver wins, looked for once confirmed.
    Winnable,
}

/// What the end of a game adds to its board: lines under the status, and a row of buttons.
#[derive(Debug, Default)]
pub struct Ending {
    pub lines: Vec<String>,
    pub buttons: Vec<Button>,
}

/// Whether, and how, a finished game's replay is shown to whoever pressed Replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplaySeen {
    /// Posted in the channel.
    Public,
    /// Shown to the presser only: it would spoil a deal others may still be playing.
    Privately,
    /// Not shown: the presser still plays the deal.
    Refused,
}

/// The numbers of a finished game that a share line shows, whatever its kind.
pub struct Shared<'a> {
    /// The player's name, made inert.
    pub name: &'a str,
    /// The deal's code as text ("—" for a game without one).
    pub code: &'a str,
    pub removed: u32,
    pub score: u32,
    /// One mark per peak.
    pub marks: &'a str,
    pub hints: u32,
}

/// The questions whose answers differ by kind of game; one implementation per kind.
pub(super) trait Kind {
    /// Whether its boards are seen by their player only.
    const PRIVATE: bool;

    /// What the end of the game adds to its board (asked only once it is over).
    async fn ending(
        &self,
        bot: &Bot,
        p: &Player,
        current: &CurrentGame,
    ) -> Result<Ending, StoreError>;

    /// Whether its deal must stay hidden now: no code, share line or public replay.
    async fn deal_secret(&self, bot: &Bot) -> Result<bool, StoreError>;

    /// How a replay of a finished game of this kind is shown to `p`.
    async fn replay_seen(&self, bot: &Bot, p: &Player) -> Result<ReplaySeen, StoreError>;

    /// The share line's words, before the par and the modes: by default a deal's.
    fn share_line(&self, locale: Locale, shared: &Shared<'_>) -> String {
        deal_share_line(locale, shared)
    }

    /// The par the share line carries, if any (a number gives nothing of the deal away); none
    /// by default.
    async fn share_par(&self, _game: &Game) -> Option<u32> {
        None
    }

    /// What follows the board of a move that finished the game: by default nothing, the board
    /// itself.
    async fn after_finishing_move(
        &self,
        _bot: &Bot,
        _p: &Player,
        _current: &CurrentGame,
        board: Reply,
    ) -> Reply {
        board
    }

    /// The post this kind has due (`due`: its result), if this interaction claims its making
    /// (`finished_by`: only for the game whose end made it due); the post announces `due`, so
    /// that it is confirmed or released once sent. None by default: a kind without a post
    /// never makes one due.
    async fn post_due(
        &self,
        _bot: &Bot,
        _p: &Player,
        _due: Due,
        _finished_by: Option<i64>,
    ) -> Result<Option<Reply>, StoreError> {
        Ok(None)
    }

    /// Whether composing the board of `current` may make a post due to its player, which the
    /// game's row could not say when it was read (its end touches what makes posts due): then
    /// the answer looks for posts due. By default it may not.
    fn board_may_make_posts_due(&self, _current: &CurrentGame) -> bool {
        false
    }

    /// The question before a new deal (`deal`) replaces a game of this kind with `moves`.
    fn replace_question(&self, locale: Locale, moves: u32, deal: NewDeal<'_>) -> String;

    /// Why its deal's code or replay is not shown now (asked while `deal_secret` or
    /// `replay_seen` keeps it hidden): by default, until the challenge's result.
    fn secret_reason(&self, locale: Locale) -> String {
        Message::ChallengeCodeSecret.text(locale)
    }

    /// Whether its player may take hints; by default they may, with no look.
    async fn hints_allowed(&self, _bot: &Bot) -> Result<bool, StoreError> {
        Ok(true)
    }

    /// The message that opened it to others never reached Discord (`Reply::opens`): nobody
    /// can see it. By default nothing was opened; whether something was withdrawn.
    async fn message_lost(&self, _bot: &Bot) -> Result<bool, StoreError> {
        Ok(false)
    }
}

/// The one list of kinds: evaluates `$body` with `$k` bound to the kind's implementation of
/// `Kind` for `$kind` (a `GameKind`).
macro_rules! with_kind {
    ($kind:expr, $k:ident => $body:expr) => {
        match $kind {
            GameKind::Free => {
                let $k = free::Free;
                $body
            }
            GameKind::Daily(number) => {
                let $k = daily::Daily(number);
                $body
            }
            GameKind::Challenge(id) => {
                let $k = challenge::ChallengeBoard(id);
                $body
            }
            GameKind::Event(deal) => {
                let $k = event::EventGame(deal);
                $body
            }
        }
    };
}

/// Whether boards of this kind are seen by their player only.
pub fn is_private(kind: GameKind) -> bool {
    fn private_of<K: Kind>(_: &K) -> bool {
        K::PRIVATE
    }
    with_kind!(kind, k => private_of(&k))
}

/// What the end of `current` adds to its board.
pub async fn ending(bot: &Bot, p: &Player, current: &CurrentGame) -> Result<Ending, StoreError> {
    with_kind!(current.kind, k => k.ending(bot, p, current).await)
}

/// Whether a game of this kind must keep its deal hidden now.
pub async fn deal_secret(bot: &Bot, kind: GameKind) -> Result<bool, StoreError> {
    with_kind!(kind, k => k.deal_secret(bot).await)
}

/// How a finished game of this kind is replayed to `p`.
pub async fn replay_seen(bot: &Bot, p: &Player, kind: GameKind) -> Result<ReplaySeen, StoreError> {
    with_kind!(kind, k => k.replay_seen(bot, p).await)
}

/// The share line's words for a game of this kind, before the par and the modes.
pub fn share_line(kind: GameKind, locale: Locale, shared: &Shared<'_>) -> String {
    with_kind!(kind, k => k.share_line(locale, shared))
}

/// The par a share line of this kind carries.
pub async fn share_par(kind: GameKind, game: &Game) -> Option<u32> {
    with_kind!(kind, k => k.share_par(game).await)
}

/// The board of a move that finished `current`, with what its kind has follow it.
pub async fn after_finishing_move(
    bot: &Bot,
    p: &Player,
    current: &CurrentGame,
    board: Reply,
) -> Reply {
    with_kind!(current.kind, k => k.after_finishing_move(bot, p, current, board).await)
}

/// Post `due`, made with `p`'s answer if this interaction claims it (`finished_by`: only the
/// game whose end made it due).
pub async fn post_due(
    bot: &Bot,
    p: &Player,
    due: Due,
    finished_by: Option<i64>,
) -> Result<Option<Reply>, StoreError> {
    with_kind!(due.kind(), k => k.post_due(bot, p, due, finished_by).await)
}

/// Whether the player of `current` has posts due once its board is composed, as the game's row
/// said (`Reply::posts_due`); `None` when composing it may have made one due.
pub fn posts_due_after_board(current: &CurrentGame) -> Option<bool> {
    let may_change = with_kind!(current.kind, k => k.board_may_make_posts_due(current));
    (!may_change).then_some(current.posts_due)
}

/// The question before a new deal replaces `current` (which has moves).
pub fn replace_question(locale: Locale, current: &CurrentGame, deal: NewDeal<'_>) -> String {
    let moves = current.game.moves();
    with_kind!(current.kind, k => k.replace_question(locale, moves, deal))
}

/// Why the deal of a game of this kind is not shown now.
pub fn secret_reason(kind: GameKind, locale: Locale) -> String {
    with_kind!(kind, k => k.secret_reason(locale))
}

/// The message that opened a game of this kind to others never reached Discord.
pub async fn message_lost(bot: &Bot, kind: GameKind) -> Result<bool, StoreError> {
    with_kind!(kind, k => k.message_lost(bot).await)
}

/// Whether the player of a game of this kind may take hints.
pub async fn hints_allowed(bot: &Bot, kind: GameKind) -> Result<bool, StoreError> {
    with_kind!(kind, k => k.hints_allowed(bot).await)
}

/// "Share result": offered at the end of every game whose kind shares one.
fn share_result_button(locale: Locale, current: &CurrentGame) -> Button {
    Button {
        action: ButtonAction::ShareResult(PlayerTurn::of(current)),
        label: Message::ButtonShareResult.text(locale),
        style: ButtonStyle::Success,
        disabled: false,
    }
}

/// A button that opens a deal's leaderboard (the daily's, a shared code's).
fn leaderboard_button(locale: Locale, action: ButtonAction, label: Message) -> Button {
    Button {
        action,
        label: label.text(locale),
        style: ButtonStyle::Secondary,
        disabled: false,
    }
}

/// The share line of a deal known by its code (a free game's, a challenge's once over).
fn deal_share_line(locale: Locale, shared: &Shared<'_>) -> String {
    Message::ShareLineDeal {
        name: shared.name,
        code: shared.code,
        removed: shared.removed,
        score: shared.score,
        marks: shared.marks,
        hints: shared.hints,
    }
    .text(locale)
}
