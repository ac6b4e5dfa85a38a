//! Playing: `/tripeaks play card` (with its autocomplete), `/tripeaks show`, the taps on a
//! board (cards, draw, undo) and hints.
//!
//! Every button names the game and turn it was made for; a press for another game or turn
//! (an old board, a double tap) is answered with the current board and changes nothing.

use crate::bot::game::advice::{self, hint_text};
use crate::bot::game::bot::{Answer, Bot, Player, escape_markdown, no_game, private};
use crate::bot::game::budget::Work;
use crate::bot::game::composer::{board, board_instead, game_at};
use crate::bot::game::custom_id::PlayerTurn;
use crate::bot::game::declaration::{Completions, Opt, OptionDecl, Options, Required, Unreadable};
use crate::bot::game::kinds::{self, after_finishing_move};
use crate::bot::game::reply::{Delivery, Reply};
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::bot::ops::metrics::{self, Handled};
use crate::game::{Action, Card, Game};
use crate::i18n::{self, Message};
use crate::store::ApplyOutcome;

/// The card to play, by name, with the free cards suggested as it is typed.
const CARD: Required<String> = Opt::string("card").completed_by(free_cards).required();

fn free_cards<'a>(bot: &'a Bot, p: &'a Player, partial: &'a str) -> Completions<'a> {
    Box::pin(card_choices(bot, p, partial))
}

/// `/tripeaks play card`: the same as tapping the card, by name (in the player's letters or
/// the code's: `10H`, `7♠`, `Q de corazones`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayCard {
    pub card: String,
}

impl SlashCommand for PlayCard {
    const NAME: &'static str = "play";
    const VISIBILITY: Visibility = Visibility::Public;

    fn options() -> Vec<OptionDecl> {
        vec![CARD.declared()]
    }

    fn parse(o: &Options) -> Result<PlayCard, Unreadable> {
        Ok(PlayCard {
            card: o.require(&CARD)?,
        })
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        let text = self.card;
        let Ok(card) = i18n::parse_card(p.locale, &text).or_else(|_| text.parse::<Card>()) else {
            let input = escape_markdown(&text);
            return Ok(Reply::ephemeral(
                Message::CardUnknown { input: &input }.text(p.locale),
            ));
        };
        Ok(
            match bot.store.apply(p.id(), Action::Remove(card), None).await? {
                ApplyOutcome::Applied { game, .. } => {
                    metrics::note(Handled::Applied);
                    metrics::game_finished(game.game.status());
                    let shown = board(bot, p, &game, None, Delivery::NewMessage).await;
                    after_finishing_move(bot, p, &game, shown).await
                }
                ApplyOutcome::Refused { refusal, .. } => {
                    metrics::note(Handled::Refused);
                    Reply::ephemeral(i18n::refusal_text(p.locale, refusal))
                }
                ApplyOutcome::Stale { game } => {
                    metrics::note(Handled::Stale);
                    board(bot, p, &game, None, Delivery::NewMessage).await
                }
                ApplyOutcome::NoGame => no_game(p),
            },
        )
    }
}

/// `/tripeaks show`: the current board as a new message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowBoard;

impl SlashCommand for ShowBoard {
    const NAME: &'static str = "show";
    const VISIBILITY: Visibility = Visibility::Public;

    fn parse(_: &Options) -> Result<ShowBoard, Unreadable> {
        Ok(ShowBoard)
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        Ok(match bot.store.current_game(p.id()).await? {
            // A challenge's result that became due (a forfeit) follows every answer
            // (`Bot::with_posts_due`).
            Some(current) => board(bot, p, &current, None, Delivery::NewMessage).await,
            None => no_game(p),
        })
    }
}

/// Autocomplete for `/tripeaks play card`: the free cards of the current game, as
/// (shown name, value) pairs, filtered by what the player typed. Autocomplete cannot be
/// deferred: the transports bound the wait (`answer/slash.rs`).
pub async fn card_choices(bot: &Bot, p: &Player, partial: &str) -> Vec<(String, String)> {
    let Ok(Some(current)) = bot.store.current_game(p.id()).await else {
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

/// Applies a tapped action if the board is current; an old board is brought up to date.
/// The game is read once, by the store, which draws the action from it.
pub(super) async fn tap(
    bot: &Bot,
    p: &Player,
    for_turn: PlayerTurn,
    action_of: impl Fn(&Game) -> Action,
) -> Answer {
    Ok(
        match bot
            .store
            .apply_to(p.id(), Some(for_turn.at), action_of)
            .await?
        {
            ApplyOutcome::Applied { game, effect } => {
                metrics::note(Handled::Applied);
                metrics::game_finished(game.game.status());
                let note = i18n::removal_note(p.locale, &game.game, &effect);
                let shown = board(bot, p, &game, note, Delivery::UpdateMessage).await;
                // What a finish brings after the board (the last finisher's press posts
                // the challenge's result) is the game's kind's to say.
                after_finishing_move(bot, p, &game, shown).await
            }
            ApplyOutcome::Stale { game } => board_instead(bot, p, &game, for_turn).await,
            ApplyOutcome::Refused { refusal, .. } => {
                metrics::note(Handled::Refused);
                if bot.store.settings(p.id()).await?.help_for_errors {
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
pub(super) async fn hint(bot: &Bot, p: &Player, for_turn: PlayerTurn) -> Answer {
    let current = match game_at(bot, p, for_turn).await? {
        Ok(current) => current,
        Err(instead) => return Ok(instead),
    };
    if !kinds::hints_allowed(bot, current.kind).await? {
        return Ok(private(p.locale, Message::EventHintsOff));
    }
    // A hint pressed again on the same turn: the one found, with no solve and no write
    // (the game counts one hint per turn); presses at the same moment share one solve, which
    // the player's budget allows or not (`budget.rs`).
    let key = (p.user, current.game_id, current.game.turn());
    let counted = current.game.hinted_turn() == Some(current.game.turn());
    let place = bot.limits.hint(key);
    let found = place.get_or_try_init(|| async {
        let _permit = bot.spend(p, Work::Hint).await?;
        advice::hint(current.game.clone())
            .await
            .ok_or_else(|| Reply::ephemeral(Message::HintUnavailable.text(p.locale)))
    });
    let hint = match found.await {
        Ok(&hint) => hint,
        Err(refusal) => return Ok(refusal),
    };
    if !counted
        && bot
            .store
            .use_hint(p.id(), Some(for_turn.at))
            .await?
            .is_none()
    {
        // The game moved on while the solver thought: the hint would be for an old board.
        return Ok(match game_at(bot, p, for_turn).await? {
            Err(board) => board,
            Ok(_) => Reply::ephemeral(Message::HintUnavailable.text(p.locale)),
        });
    }
    Ok(Reply::ephemeral(hint_text(p.locale, hint)))
}
