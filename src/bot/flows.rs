//! What the bot does for each command and button, as ordinary async functions from a player and
//! their input to a `Reply`: event → bot → store → game → store → render → reply.
//!
//! Nothing here knows serenity; the tests drive these functions with an in-memory store.

use tracing::{error, warn};

use super::advice::{hint_text, random_deal, verdict};
use super::custom_id::{ButtonAction, Drawn};
use super::reply::{Button, ButtonStyle, Delivery, Reply};
use super::view;
use crate::game::solver;
use crate::game::{Action, Card, DealCode, Effect, Game, Rule, Status};
use crate::i18n::{self, Locale, Message};
use crate::store::{ApplyOutcome, BoardPlace, CurrentGame, Store, StoreError, UserId};

/// How the bot names the command that starts a game, in texts.
const NEW_COMMAND: &str = "/tripeaks new";

/// Who is asking, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Player {
    pub user: u64,
    pub locale: Locale,
    /// The server, or `None` in direct messages.
    pub guild: Option<u64>,
    pub channel: u64,
}

impl Player {
    fn id(&self) -> UserId {
        UserId(self.user)
    }

    fn place(&self) -> BoardPlace {
        BoardPlace {
            guild_id: self.guild,
            channel_id: self.channel,
            message_id: None,
        }
    }
}

/// The bot's shared state: the store. Pictures and texts come from pure modules.
pub struct Bot {
    store: Store,
}

impl Bot {
    pub fn new(store: Store) -> Bot {
        Bot { store }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// `/tripeaks new [rule] [code] [winnable]`.
    pub async fn new_game(
        &self,
        p: &Player,
        rule: Option<Rule>,
        code: Option<&str>,
        winnable: bool,
    ) -> Reply {
        let result = self.try_new_game(p, rule, code, winnable).await;
        self.or_apology(p, result)
    }

    async fn try_new_game(
        &self,
        p: &Player,
        rule: Option<Rule>,
        code: Option<&str>,
        winnable: bool,
    ) -> Result<Reply, StoreError> {
        let mut code = match code.map(str::trim).filter(|c| !c.is_empty()) {
            Some(text) => match text.parse::<DealCode>() {
                Ok(code) => code,
                Err(_) => {
                    warn!(user = p.user, input = %text, "invalid deal code");
                    let input = escape_markdown(text);
                    return Ok(Reply::ephemeral(
                        Message::CodeInvalid { input: &input }.text(p.locale),
                    ));
                }
            },
            None => {
                let default_rule = self.store.settings(p.id()).await?.default_rule;
                DealCode {
                    number: random_deal(rule.unwrap_or(default_rule), winnable).await,
                    rule: default_rule,
                }
            }
        };
        if let Some(rule) = rule {
            code.rule = rule;
        }
        self.start_deal(p, code).await
    }

    /// Makes this deal the player's game and answers with its board as a new message.
    async fn start_deal(&self, p: &Player, code: DealCode) -> Result<Reply, StoreError> {
        let current = self
            .store
            .start_game(p.id(), Game::from_code(code), Some(p.place()), p.guild)
            .await?;
        let note = i18n::game_started(p.locale, code);
        Ok(self
            .board(p, &current, Some(note), Delivery::NewMessage)
            .await)
    }

    /// `/tripeaks code`: the current deal's code, with a button that deals it to whoever presses.
    pub async fn share_code(&self, p: &Player) -> Reply {
        let result = self.try_share_code(p).await;
        self.or_apology(p, result)
    }

    async fn try_share_code(&self, p: &Player) -> Result<Reply, StoreError> {
        let Some(current) = self.store.current_game(p.id()).await? else {
            return Ok(no_game(p));
        };
        let Some(code) = current.game.code() else {
            return Ok(no_game(p));
        };
        let text = i18n::code_share(p.locale, code, NEW_COMMAND);
        let play = Button {
            custom_id: ButtonAction::PlayDeal(code).to_string(),
            label: Message::ButtonPlayDeal.text(p.locale),
            style: ButtonStyle::Primary,
            disabled: false,
        };
        Ok(Reply {
            delivery: Delivery::NewMessage,
            text,
            picture: None,
            rows: vec![vec![play]],
        })
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
                    self.board(p, &game, None, Delivery::NewMessage).await
                }
                ApplyOutcome::Refused { refusal, .. } => {
                    Reply::ephemeral(i18n::refusal_text(p.locale, refusal))
                }
                ApplyOutcome::Stale { game } => {
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

    /// `/tripeaks settings [errors] [rule]`: changes what is given and shows the settings.
    pub async fn settings(&self, p: &Player, errors: Option<bool>, rule: Option<Rule>) -> Reply {
        let result = self
            .store
            .update_settings(p.id(), errors, rule)
            .await
            .map(|s| {
                let mut lines = Vec::new();
                if let Some(on) = errors {
                    lines.push(i18n::settings_errors(p.locale, on));
                }
                if let Some(rule) = rule {
                    lines.push(i18n::settings_rule(p.locale, rule));
                }
                lines.push(i18n::settings_current(
                    p.locale,
                    s.help_for_errors,
                    s.default_rule,
                ));
                Reply::ephemeral(lines.join("\n"))
            });
        self.or_apology(p, result)
    }

    /// A button press, from its custom_id.
    pub async fn press(&self, p: &Player, custom_id: &str) -> Reply {
        let action = match ButtonAction::parse(custom_id) {
            Ok(action) => action,
            Err(error) => {
                warn!(user = p.user, "{error}");
                return Reply::ephemeral(Message::ErrorGeneric.text(p.locale));
            }
        };
        if let Some(drawn) = action.drawn()
            && drawn.owner != p.user
        {
            return Reply::ephemeral(
                Message::GameNotYours {
                    command: NEW_COMMAND,
                }
                .text(p.locale),
            );
        }
        let result = match action {
            ButtonAction::Card(drawn, position) => {
                self.tap(p, drawn, |game| {
                    Action::Remove(game.deal().tableau[position.index()])
                })
                .await
            }
            ButtonAction::Draw(drawn) => self.tap(p, drawn, |_| Action::Draw).await,
            ButtonAction::Undo(drawn) => self.tap(p, drawn, |_| Action::Undo).await,
            ButtonAction::Hint(drawn) => self.hint(p, drawn).await,
            ButtonAction::NewGame(_, rule) => self.try_new_game(p, Some(rule), None, false).await,
            ButtonAction::Share(_) => self.try_share_code(p).await,
            ButtonAction::PlayDeal(code) => self.start_deal(p, code).await,
        };
        self.or_apology(p, result)
    }

    /// Applies a tapped action if the board is current; an old board is brought up to date.
    async fn tap(
        &self,
        p: &Player,
        drawn: Drawn,
        action_of: impl FnOnce(&Game) -> Action,
    ) -> Result<Reply, StoreError> {
        let Some(current) = self.store.current_game(p.id()).await? else {
            return Ok(no_game(p));
        };
        if current.game_id != drawn.game_id || current.game.turn() != drawn.turn {
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
                    let note = matches!(
                        effect,
                        Effect::Removed {
                            emptied_peak: Some(_),
                            ..
                        }
                    )
                    .then(|| Message::PeakCleared.text(p.locale));
                    self.board(p, &game, note, Delivery::UpdateMessage).await
                }
                ApplyOutcome::Stale { game } => {
                    self.board(p, &game, None, Delivery::UpdateMessage).await
                }
                ApplyOutcome::Refused { refusal, .. } => {
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
    /// player only. The game counts the hint; the final message says how many were used.
    async fn hint(&self, p: &Player, drawn: Drawn) -> Result<Reply, StoreError> {
        let Some(current) = self.store.current_game(p.id()).await? else {
            return Ok(no_game(p));
        };
        if current.game_id != drawn.game_id || current.game.turn() != drawn.turn {
            return Ok(self.board(p, &current, None, Delivery::UpdateMessage).await);
        }
        let game = current.game.clone();
        let Ok(hint) = tokio::task::spawn_blocking(move || solver::hint(&game)).await else {
            error!(user = p.user, "the solver failed while looking for a hint");
            return Ok(Reply::ephemeral(Message::HintUnavailable.text(p.locale)));
        };
        self.store
            .use_hint(p.id(), Some((drawn.game_id, drawn.turn)))
            .await?;
        Ok(Reply::ephemeral(hint_text(p.locale, hint)))
    }

    /// The board reply, with the verdict of the solver when the game is blocked: could this
    /// deal have been won, and in how few moves?
    async fn board(
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
        reply
    }

    /// The reply, or an apology in the player's language for a store failure (logged here).
    fn or_apology(&self, p: &Player, result: Result<Reply, StoreError>) -> Reply {
        match result {
            Ok(reply) => reply,
            Err(error @ StoreError::Corrupt { .. }) => {
                error!(user = p.user, "{error}");
                Reply::ephemeral(
                    Message::ErrorCorruptGame {
                        command: NEW_COMMAND,
                    }
                    .text(p.locale),
                )
            }
            Err(error) => {
                error!(user = p.user, "store failure: {error}");
                Reply::ephemeral(Message::ErrorGeneric.text(p.locale))
            }
        }
    }
}

/// `/tripeaks rules`: the rules in the player's language, for them only.
pub fn rules(p: &Player) -> Reply {
    Reply::ephemeral(Message::RulesSummary.text(p.locale))
}

fn no_game(p: &Player) -> Reply {
    Reply::ephemeral(
        Message::GameNone {
            command: NEW_COMMAND,
        }
        .text(p.locale),
    )
}

/// Player input shown back in a message, with Discord markdown made inert and cut short.
fn escape_markdown(text: &str) -> String {
    let mut escaped = String::new();
    for c in text.chars().take(40) {
        if matches!(
            c,
            '\\' | '*'
                | '_'
                | '~'
                | '`'
                | '|'
                | '>'
                | '#'
                | '['
                | ']'
                | '('
                | ')'
                | '<'
                | '@'
                | ':'
                | '-'
        ) {
            escaped.push('\\');
        }
        if !c.is_control() {
            escaped.push(c);
        }
    }
    escaped
}
