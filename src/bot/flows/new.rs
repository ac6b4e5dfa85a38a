//! Starting a game: `/tripeaks new [rule] [code] [winnable] [scoring] [progressive]
//! [open-peaks] [empty-waste] [wild-card] [traditional-draw]`, "New game" at the end of a game,
//! and "Play this deal" under a shared code.
//!
//! A random deal takes the player's default rule and modes (`/tripeaks settings`); a code keeps
//! its own modes; the options given override either. A new deal never replaces a game with
//! moves without asking first ("Start the new deal", made for that game and turn), as the daily
//! does: a game in progress is filed as abandoned, and a daily's abandoned attempt is the day's
//! scored one.

use crate::bot::flows::choices::{pick_deal, random_terms, winnable_deal};
use crate::bot::game::bot::{Answer, Bot, Player};
use crate::bot::game::composer::{board, current_board, game_at};
use crate::bot::game::custom_id::{ButtonAction, PlayerTurn};
use crate::bot::game::declaration::{Opt, OptionDecl, Options, Unreadable};
use crate::bot::game::kinds::{NewDeal, replace_question};
use crate::bot::game::options::{RULE, read_modes, read_rule, with_mode_options};
use crate::bot::game::reply::{Button, ButtonStyle, Delivery, Reply};
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::bot::ops::metrics::{self, Handled};
use crate::game::{DealCode, Game, ModeChoices, Modes, Rule, Status};
use crate::i18n::{self, Message};
use crate::store::{CurrentGame, GameKind, Over, StoreError};

/// A deal code to play, as typed.
const CODE: Opt<String> = Opt::string("code");
/// A random deal the solver can win.
const WINNABLE: Opt<bool> = Opt::boolean("winnable");

/// `/tripeaks new` with its options read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewGame {
    /// The rule, over the code's or the player's default.
    pub rule: Option<Rule>,
    /// A deal code, as typed.
    pub code: Option<String>,
    /// A random deal the solver can win.
    pub winnable: bool,
    /// The mode options, over the code's modes or the player's default ones.
    pub modes: ModeChoices,
}

impl SlashCommand for NewGame {
    const NAME: &'static str = "new";
    const VISIBILITY: Visibility = Visibility::Public;

    fn options() -> Vec<OptionDecl> {
        with_mode_options([RULE.declared(), CODE.declared(), WINNABLE.declared()])
    }

    fn parse(o: &Options) -> Result<NewGame, Unreadable> {
        Ok(NewGame {
            rule: read_rule(o)?,
            code: o.get(&CODE)?,
            winnable: o.get(&WINNABLE)?.unwrap_or(false),
            modes: read_modes(o)?,
        })
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        let random = self.code.as_deref().is_none_or(|c| c.trim().is_empty());
        if self.winnable
            && random
            && let Some(question) = ask_before_searching(bot, p, self.rule, self.modes).await?
        {
            return Ok(question);
        }
        let deal = pick_deal(
            bot,
            p,
            self.rule,
            self.code.as_deref(),
            self.winnable,
            self.modes,
        );
        match deal.await? {
            Ok(code) => start_deal(bot, p, code).await,
            Err(refusal) => Ok(refusal),
        }
    }
}

/// `/tripeaks new winnable:true` over a game in progress with moves, of any kind: the question
/// first (its kind's, with what is at stake: a daily's streak, an event's count), with the rule
/// and modes the deal will have, and the search (up to 40 solves) only once the player confirms
/// (`ButtonAction::StartWinnable`), so asking costs nothing.
async fn ask_before_searching(
    bot: &Bot,
    p: &Player,
    rule: Option<Rule>,
    choices: ModeChoices,
) -> Result<Option<Reply>, StoreError> {
    let current = match bot.store.current_game(p.id()).await {
        Ok(Some(current)) => current,
        Ok(None) | Err(StoreError::Corrupt { .. }) => return Ok(None),
        Err(error) => return Err(error),
    };
    if current.game.status() != Status::Playing || current.game.moves() == 0 {
        return Ok(None);
    }
    let (rule, modes) = match random_terms(bot, p, rule, choices).await? {
        Ok(terms) => terms,
        Err(refusal) => return Ok(Some(refusal)),
    };
    let question = replace_question(p.locale, &current, NewDeal::Winnable);
    let mut reply = Reply::ephemeral(question);
    reply.rows = vec![vec![Button {
        action: ButtonAction::StartWinnable(PlayerTurn::of(&current), rule, modes),
        label: Message::ButtonStartDeal.text(p.locale),
        style: ButtonStyle::Primary,
        disabled: false,
    }]];
    Ok(Some(reply))
}

/// "Start the new deal" on that question: if the game is still at the turn it was asked over,
/// the search now (the player's budget allowing), then the deal, started only over that turn.
pub(super) async fn start_winnable_over(
    bot: &Bot,
    p: &Player,
    for_turn: PlayerTurn,
    rule: Rule,
    modes: Modes,
) -> Answer {
    if let Err(instead) = game_at(bot, p, for_turn).await? {
        return Ok(instead);
    }
    match winnable_deal(bot, p, rule, modes).await {
        Ok(code) => start_deal_over(bot, p, for_turn, code).await,
        Err(refusal) => Ok(refusal),
    }
}

/// "New game" on a finished board: only over the game and turn the board shows, checked
/// in the store's transaction, so a double tap starts one game and an old board never
/// abandons the game in progress: both get the current board. The new game has the
/// finished one's modes.
pub(super) async fn new_game_pressed(
    bot: &Bot,
    p: &Player,
    for_turn: PlayerTurn,
    rule: Rule,
) -> Answer {
    let current = match game_at(bot, p, for_turn).await? {
        Ok(current) => current,
        Err(instead) => return Ok(instead),
    };
    let modes = ModeChoices::exactly(current.game.modes());
    let code = match pick_deal(bot, p, Some(rule), None, false, modes).await? {
        Ok(code) => code,
        Err(refusal) => return Ok(refusal),
    };
    start_deal_over(bot, p, for_turn, code).await
}

/// Makes this deal the player's game and answers with its board as a new message; over a
/// game in progress with moves, asks first. The game is replaced only at the turn it was
/// seen at here, so a move made meanwhile is never abandoned unasked.
pub(super) async fn start_deal(bot: &Bot, p: &Player, code: DealCode) -> Answer {
    let current = match bot.store.current_game(p.id()).await {
        Ok(current) => current,
        // A stored game that no longer reads is kept aside by the new game (corrupt_games):
        // nothing playable is replaced.
        Err(StoreError::Corrupt { .. }) => None,
        Err(error) => return Err(error),
    };
    let Some(current) = current else {
        // Only where there is still no game: one started meanwhile (another press, another
        // process) is shown, not replaced.
        bot.remember_name(p).await;
        let started = bot
            .store
            .start(
                p.id(),
                Game::from_code(code),
                p.guild,
                GameKind::Free,
                Over::Exactly(None),
            )
            .await?;
        return match started {
            Some(started) => Ok(started_board(bot, p, &started, code).await),
            None => current_board(bot, p).await,
        };
    };
    if current.game.status() == Status::Playing && current.game.moves() > 0 {
        return Ok(confirm_replace(p, &current, code));
    }
    start_deal_over(bot, p, PlayerTurn::of(&current), code).await
}

/// "Start the new deal" pressed (or a game without moves to replace): this deal, only over
/// the game and turn it was asked over; otherwise the current board, unchanged.
pub(super) async fn start_deal_over(
    bot: &Bot,
    p: &Player,
    for_turn: PlayerTurn,
    code: DealCode,
) -> Answer {
    bot.remember_name(p).await;
    let started = bot
        .store
        .start(
            p.id(),
            Game::from_code(code),
            p.guild,
            GameKind::Free,
            Over::Exactly(Some(for_turn.at)),
        )
        .await?;
    match started {
        Some(current) => Ok(started_board(bot, p, &current, code).await),
        None => current_board(bot, p).await,
    }
}

/// The board of a game just started from `code`, as a new message that says so.
async fn started_board(bot: &Bot, p: &Player, current: &CurrentGame, code: DealCode) -> Reply {
    metrics::game_started();
    metrics::note(Handled::Applied);
    let note = i18n::game_started(p.locale, code);
    // A challenge board this game replaced may have been the last one out: its result
    // follows every answer (`Bot::with_posts_due`).
    board(bot, p, current, Some(note), Delivery::NewMessage).await
}

/// The question before a new deal replaces a game in progress, with the button that confirms;
/// over a daily, it says that the day's scored attempt and the streak are at stake.
fn confirm_replace(p: &Player, current: &CurrentGame, code: DealCode) -> Reply {
    let question = replace_question(p.locale, current, NewDeal::Code(&code.to_string()));
    let mut reply = Reply::ephemeral(question);
    reply.rows = vec![vec![Button {
        action: ButtonAction::StartDeal(PlayerTurn::of(current), code),
        label: Message::ButtonStartDeal.text(p.locale),
        style: ButtonStyle::Primary,
        disabled: false,
    }]];
    reply
}
