//! Playing: `/tripeaks new`, `/tripeaks show`, `/tripeaks play`, the taps on a board (cards,
//! draw, undo), hints, and "New game" at the end of a game.
//!
//! Every button names the game and turn it was drawn for; a press for another game or turn
//! (an old board, a double tap) is answered with the current board and changes nothing.

use tracing::warn;

use super::{Bot, Player, escape_markdown, no_game};
use crate::bot::advice::{self, hint_text, random_deal, verdict};
use crate::bot::custom_id::Drawn;
use crate::bot::metrics::{self, Outcome};
use crate::bot::reply::{Delivery, Reply};
use crate::bot::view;
use crate::game::{Action, Card, DealCode, Game, ModeChoices, Rule, Status};
use crate::i18n::{self, Message};
use crate::store::{ApplyOutcome, CurrentGame, StoreError};

impl Bot {
    /// `/tripeaks new [rule] [code] [winnable]` without mode options.
    pub async fn new_game(
        &self,
        p: &Player,
        rule: Option<Rule>,
        code: Option<&str>,
        winnable: bool,
    ) -> Reply {
        self.new_game_with_modes(p, rule, code, winnable, ModeChoices::default())
            .await
    }

    /// `/tripeaks new [rule] [code] [winnable] [scoring] [progressive] [open-peaks]
    /// [empty-waste]`: the mode options change the code's modes, or the player's default ones.
    pub async fn new_game_with_modes(
        &self,
        p: &Player,
        rule: Option<Rule>,
        code: Option<&str>,
        winnable: bool,
        modes: ModeChoices,
    ) -> Reply {
        let result = self.try_new_game(p, rule, code, winnable, modes).await;
        self.or_apology(p, result)
    }

    async fn try_new_game(
        &self,
        p: &Player,
        rule: Option<Rule>,
        code: Option<&str>,
        winnable: bool,
        modes: ModeChoices,
    ) -> Result<Reply, StoreError> {
        match self.pick_deal(p, rule, code, winnable, modes).await? {
            Ok(code) => self.start_deal(p, code).await,
            Err(refusal) => Ok(refusal),
        }
    }

    /// The deal a new game gets: the code given (with its modes), else a random one (winnable
    /// if asked) with the player's default rule and modes; `rule` and the mode options given
    /// override. A code that does not parse, or modes that do not go together, are an `Err`
    /// reply.
    async fn pick_deal(
        &self,
        p: &Player,
        rule: Option<Rule>,
        code: Option<&str>,
        winnable: bool,
        choices: ModeChoices,
    ) -> Result<Result<DealCode, Reply>, StoreError> {
        let given = match code.map(str::trim).filter(|c| !c.is_empty()) {
            Some(text) => match text.parse::<DealCode>() {
                Ok(code) => Some(code),
                Err(error) => {
                    warn!(user = p.user, input = ?text, "invalid deal code: {error}");
                    let input = escape_markdown(text);
                    return Ok(Err(Reply::ephemeral(i18n::code_invalid(
                        p.locale, &error, &input,
                    ))));
                }
            },
            None => None,
        };
        let settings = match given {
            Some(_) => None,
            None => Some(self.store.settings(p.id()).await?),
        };
        let base = match (given, settings) {
            (Some(code), _) => code.modes,
            (None, settings) => settings.unwrap_or_default().default_modes,
        };
        let Ok(modes) = choices.apply(base) else {
            return Ok(Err(Reply::ephemeral(
                Message::ModesProgressiveNeedsAisleriot.text(p.locale),
            )));
        };
        let mut code = match given {
            Some(code) => code,
            None => {
                let default_rule = settings.unwrap_or_default().default_rule;
                let rule = rule.unwrap_or(default_rule);
                DealCode::new(random_deal(rule, modes, winnable).await, rule)
            }
        };
        code.modes = modes;
        if let Some(rule) = rule {
            code.rule = rule;
        }
        Ok(Ok(code))
    }

    /// "New game" on a finished board: only over the game and turn the board shows, checked
    /// in the store's transaction, so a double tap starts one game and an old board never
    /// abandons the game in progress: both get the current board. The new game has the
    /// finished one's modes.
    pub(super) async fn new_game_pressed(
        &self,
        p: &Player,
        drawn: Drawn,
        rule: Rule,
    ) -> Result<Reply, StoreError> {
        if let Some(stale) = self.stale_board(p, drawn).await? {
            return Ok(stale);
        }
        let modes = match self.store.current_game(p.id()).await? {
            Some(current) => ModeChoices::exactly(current.game.modes()),
            None => ModeChoices::default(),
        };
        let code = match self.pick_deal(p, Some(rule), None, false, modes).await? {
            Ok(code) => code,
            Err(refusal) => return Ok(refusal),
        };
        self.remember_name(p).await;
        let replaces = (drawn.game_id, drawn.turn);
        let started = self
            .store
            .start_over(
                p.id(),
                Game::from_code(code),
                (Some(p.place()), p.guild),
                None,
                replaces,
            )
            .await?;
        match started {
            Some(current) => {
                metrics::game_started();
                metrics::note(Outcome::Applied);
                let note = i18n::game_started(p.locale, code);
                Ok(self
                    .board(p, &current, Some(note), Delivery::NewMessage)
                    .await)
            }
            None => self.current_board(p).await,
        }
    }

    /// Makes this deal the player's game and answers with its board as a new message.
    pub(super) async fn start_deal(&self, p: &Player, code: DealCode) -> Result<Reply, StoreError> {
        self.remember_name(p).await;
        let current = self
            .store
            .start_game(p.id(), Game::from_code(code), Some(p.place()), p.guild)
            .await?;
        metrics::game_started();
        metrics::note(Outcome::Applied);
        let note = i18n::game_started(p.locale, code);
        Ok(self
            .board(p, &current, Some(note), Delivery::NewMessage)
            .await)
    }

    /// The player's board as it stands, in the place of the message pressed (or "no game").
    pub(super) async fn current_board(&self, p: &Player) -> Result<Reply, StoreError> {
        Ok(match self.store.current_game(p.id()).await? {
            Some(current) => self.board(p, &current, None, Delivery::UpdateMessage).await,
            None => no_game(p),
        })
    }

    /// Notes the player's name for the boards; a failure only costs the name, so it is logged.
    pub(super) async fn remember_name(&self, p: &Player) {
        if let Err(error) = self.store.remember_name(p.id(), &p.name).await {
            warn!(user = p.user, "could not note the player's name: {error}");
        }
    }

    /// `None` if `drawn` is the player's current game and turn; otherwise the current board (or
    /// "no game"), to show instead of acting on an old button.
    pub(super) async fn stale_board(
        &self,
        p: &Player,
        drawn: Drawn,
    ) -> Result<Option<Reply>, StoreError> {
        let Some(current) = self.store.current_game(p.id()).await? else {
            return Ok(Some(no_game(p)));
        };
        if current.game_id != drawn.game_id || current.game.turn() != drawn.turn {
            metrics::note(Outcome::Stale);
            return Ok(Some(
                self.board(p, &current, None, Delivery::UpdateMessage).await,
            ));
        }
        Ok(None)
    }

    /// Autocomplete for `/tripeaks play card`: the free cards of the current game, as
    /// (shown name, value) pairs, filtered by what the player typed.
    pub async fn card_choices(&self, p: &Player, partial: &str) -> Vec<(String, String)> {
        let Ok(Some(current)) = self.store.current_game(p.id()).await else {
            return Vec::new();
        };
        let partial = partial.trim().to_lowercase();
        current
            .game
            .free_cards()
            .into_iter()
            .map(|(_, card)| {
                let shown = format!(
                    "{} ({})",
                    i18n::card_name(p.locale, card),
                    i18n::card_label(p.locale, card)
                );
                (shown, card.to_string())
            })
            .filter(|(shown, value)| {
                partial.is_empty()
                    || shown.to_lowercase().contains(&partial)
                    || value.to_lowercase().starts_with(&partial)
            })
            .take(25)
            .collect()
    }

    /// `/tripeaks play card`: the same as tapping the card, by name.
    pub async fn play_card(&self, p: &Player, text: &str) -> Reply {
        let result = self.try_play_card(p, text).await;
        self.or_apology(p, result)
    }

    async fn try_play_card(&self, p: &Player, text: &str) -> Result<Reply, StoreError> {
        let Ok(card) = i18n::parse_card(p.locale, text).or_else(|_| text.parse::<Card>()) else {
            let input = escape_markdown(text);
            return Ok(Reply::ephemeral(
                Message::CardUnknown { input: &input }.text(p.locale),
            ));
        };
        Ok(
            match self.store.apply(p.id(), Action::Remove(card), None).await? {
                ApplyOutcome::Applied { game, .. } => {
                    metrics::note(Outcome::Applied);
                    metrics::game_finished(game.game.status());
                    self.board(p, &game, None, Delivery::NewMessage).await
                }
                ApplyOutcome::Refused { refusal, .. } => {
                    metrics::note(Outcome::Refused);
                    Reply::ephemeral(i18n::refusal_text(p.locale, refusal))
                }
                ApplyOutcome::Stale { game } => {
                    metrics::note(Outcome::Stale);
                    self.board(p, &game, None, Delivery::NewMessage).await
                }
                ApplyOutcome::NoGame => no_game(p),
            },
        )
    }

    /// `/tripeaks show`: the current board as a new message.
    pub async fn show(&self, p: &Player) -> Reply {
        let result = async {
            Ok(match self.store.current_game(p.id()).await? {
                Some(current) => self.board(p, &current, None, Delivery::NewMessage).await,
                None => no_game(p),
            })
        }
        .await;
        self.or_apology(p, result)
    }

    /// Applies a tapped action if the board is current; an old board is brought up to date.
    pub(super) async fn tap(
        &self,
        p: &Player,
        drawn: Drawn,
        action_of: impl FnOnce(&Game) -> Action,
    ) -> Result<Reply, StoreError> {
        let Some(current) = self.store.current_game(p.id()).await? else {
            return Ok(no_game(p));
        };
        if current.game_id != drawn.game_id || current.game.turn() != drawn.turn {
            metrics::note(Outcome::Stale);
            return Ok(self.board(p, &current, None, Delivery::UpdateMessage).await);
        }
        let action = action_of(&current.game);
        Ok(
            match self
                .store
                .apply(p.id(), action, Some((drawn.game_id, drawn.turn)))
                .await?
            {
                ApplyOutcome::Applied { game, effect } => {
                    metrics::note(Outcome::Applied);
                    metrics::game_finished(game.game.status());
                    let note = i18n::removal_note(p.locale, &game.game, &effect);
                    self.board(p, &game, note, Delivery::UpdateMessage).await
                }
                ApplyOutcome::Stale { game } => {
                    metrics::note(Outcome::Stale);
                    self.board(p, &game, None, Delivery::UpdateMessage).await
                }
                ApplyOutcome::Refused { refusal, .. } => {
                    metrics::note(Outcome::Refused);
                    if self.store.settings(p.id()).await?.help_for_errors {
                        Reply::ephemeral(i18n::refusal_text(p.locale, refusal))
                    } else {
                        Reply::acknowledge()
                    }
                }
                ApplyOutcome::NoGame => no_game(p),
            },
        )
    }

    /// The next action of a winning line from here (the solver knows the hidden cards), for the
    /// player only. The game counts the hint; the final message says how many were used. A hint
    /// for a board that is no longer current is not shown: the current board is.
    pub(super) async fn hint(&self, p: &Player, drawn: Drawn) -> Result<Reply, StoreError> {
        if let Some(stale) = self.stale_board(p, drawn).await? {
            return Ok(stale);
        }
        let Some(current) = self.store.current_game(p.id()).await? else {
            return Ok(no_game(p));
        };
        let Some(hint) = advice::hint(current.game.clone()).await else {
            return Ok(Reply::ephemeral(Message::HintUnavailable.text(p.locale)));
        };
        let expected = Some((drawn.game_id, drawn.turn));
        if self.store.use_hint(p.id(), expected).await?.is_none() {
            // The game moved on while the solver thought: the hint would be for an old board.
            return Ok(match self.stale_board(p, drawn).await? {
                Some(board) => board,
                None => Reply::ephemeral(Message::HintUnavailable.text(p.locale)),
            });
        }
        Ok(Reply::ephemeral(hint_text(p.locale, hint)))
    }

    /// The board reply, with the verdict of the solver when the game is blocked: could this
    /// deal have been won, and in how few moves?
    pub(super) async fn board(
        &self,
        p: &Player,
        current: &CurrentGame,
        note: Option<String>,
        delivery: Delivery,
    ) -> Reply {
        let mut reply = view::board(p.locale, current, note, delivery);
        if current.game.status() == Status::Blocked {
            let verdict = verdict(p.locale, &current.game).await;
            reply.text = format!("{}\n{verdict}", reply.text);
        }
        if current.game.status() != Status::Playing {
            let drawn = Drawn {
                owner: current.user.0,
                game_id: current.game_id,
                turn: current.game.turn(),
            };
            match self.ending(p, current, drawn).await {
                Ok((lines, buttons)) => {
                    for line in lines {
                        reply.text = format!("{}\n{line}", reply.text);
                    }
                    reply.rows.push(buttons);
                }
                // The board itself is saved and shown; only the extras are missing.
                Err(error) => warn!(
                    user = p.user,
                    "the end of a game without its extras: {error}"
                ),
            }
        }
        reply
    }
}
