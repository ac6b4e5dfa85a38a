//! Playing a server event: `/tripeaks event` (the server's running, else next, else last
//! event: its deals with the reader's results, the standings and when it ends), the
//! announcement's `Play N` (the presser's private board of that deal, asking first over a game
//! with moves) and `Standings`. What an event's game does differently (its private boards, its
//! end, its hidden code) is `kinds/event.rs`'s; what the event says, `game/event_posts.rs`'s;
//! its start and end, `events.rs` and the event clock.

use crate::bot::game::bot::{Answer, Bot, Player, private};
use crate::bot::game::composer::{board, game_at};
use crate::bot::game::custom_id::{ButtonAction, PlayerTurn};
use crate::bot::game::declaration::{Options, Unreadable};
use crate::bot::game::event_posts::{event_name, event_view, standings_button, timestamp};
use crate::bot::game::reply::{Button, ButtonStyle, Delivery, Reply};
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::bot::ops::metrics::{self, Handled};
use crate::game::{Game, Status};
use crate::i18n::Message;
use crate::store::{CurrentGame, Event, EventDealRef, GameKind, GameTurn, Over};

/// `/tripeaks event`: the server's event as the reader sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowEvent;

impl SlashCommand for ShowEvent {
    const NAME: &'static str = "event";
    const VISIBILITY: Visibility = Visibility::Ephemeral;

    fn parse(_: &Options) -> Result<ShowEvent, Unreadable> {
        Ok(ShowEvent)
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        let Some(guild) = p.guild else {
            return Ok(private(p.locale, Message::EventOnlyInServer));
        };
        let Some(event) = bot.store.current_event(guild).await? else {
            return Ok(private(p.locale, Message::EventNone));
        };
        note_if_due(bot, &event);
        shown(bot, p, &event).await
    }
}

/// The event as `p` sees it, with its buttons while it runs (only `p` sees it).
async fn shown(bot: &Bot, p: &Player, event: &Event) -> Answer {
    let text = event_view(bot, p.locale, event, p.id()).await?;
    let mut reply = Reply::ephemeral(text);
    if event.is_running(bot.now()) {
        let plays: Vec<Button> = (0..event.deals.len())
            .map(|deal| Button {
                action: ButtonAction::EventPlay(EventDealRef {
                    event: event.id,
                    deal: deal as u8,
                }),
                label: Message::ButtonEventPlay { number: deal + 1 }.text(p.locale),
                style: ButtonStyle::Primary,
                disabled: false,
            })
            .collect();
        reply.rows = plays.chunks(5).map(<[Button]>::to_vec).collect();
    }
    reply.rows.push(vec![standings_button(p.locale, event.id)]);
    Ok(reply)
}

/// An event read past its end that no process closed yet: the event clock is woken to close
/// it now (reads of an event that should have ended close it too).
fn note_if_due(bot: &Bot, event: &Event) {
    if event.state == crate::store::EventState::Scheduled && bot.now() >= event.ends_at {
        bot.events_changed.notify_one();
    }
}

/// The event of a button, if it is this server's: else what to say instead.
async fn pressed_event(
    bot: &Bot,
    p: &Player,
    id: i64,
) -> Result<Result<Event, Reply>, crate::store::StoreError> {
    let Some(event) = bot.store.event(id).await? else {
        return Ok(Err(private(p.locale, Message::EventGone)));
    };
    if p.guild != Some(event.guild) {
        return Ok(Err(private(p.locale, Message::EventWrongServer)));
    }
    note_if_due(bot, &event);
    Ok(Ok(event))
}

/// Standings: the event as the presser sees it.
pub(super) async fn standings_pressed(bot: &Bot, p: &Player, id: i64) -> Answer {
    match pressed_event(bot, p, id).await? {
        Ok(event) => shown(bot, p, &event).await,
        Err(instead) => Ok(instead),
    }
}

/// Play N: the presser's private board of that deal, while the event runs.
pub(super) async fn play_pressed(bot: &Bot, p: &Player, deal: EventDealRef) -> Answer {
    let event = match pressed_event(bot, p, deal.event).await? {
        Ok(event) => event,
        Err(instead) => return Ok(instead),
    };
    if let Some(refusal) = not_playable(bot, p, &event, deal) {
        return Ok(refusal);
    }
    let current = bot.store.current_game(p.id()).await?;
    if let Some(current) = &current
        && current.game.status() == Status::Playing
    {
        if current.kind == GameKind::Event(deal) {
            return Ok(board(bot, p, current, None, Delivery::Ephemeral).await);
        }
        if current.game.moves() > 0 {
            return Ok(confirm_take(p, current, deal));
        }
    }
    let seen = current.as_ref().map(CurrentGame::at);
    start_deal(bot, p, &event, deal, seen).await
}

/// "Play N" pressed on the question: only over the game and turn it was asked over.
pub(super) async fn take_pressed(
    bot: &Bot,
    p: &Player,
    for_turn: PlayerTurn,
    deal: EventDealRef,
) -> Answer {
    let event = match pressed_event(bot, p, deal.event).await? {
        Ok(event) => event,
        Err(instead) => return Ok(instead),
    };
    if let Some(refusal) = not_playable(bot, p, &event, deal) {
        return Ok(refusal);
    }
    if let Err(instead) = game_at(bot, p, for_turn).await? {
        return Ok(instead);
    }
    start_deal(bot, p, &event, deal, Some(for_turn.at)).await
}

/// Why the deal cannot be played now, if it cannot.
fn not_playable(bot: &Bot, p: &Player, event: &Event, deal: EventDealRef) -> Option<Reply> {
    let now = bot.now();
    if event.is_upcoming(now) {
        let start = timestamp(event.starts_at, 'R');
        return Some(private(
            p.locale,
            Message::EventNotStarted { start: &start },
        ));
    }
    if !event.is_running(now) {
        return Some(private(p.locale, Message::EventOver));
    }
    (usize::from(deal.deal) >= event.deals.len()).then(|| private(p.locale, Message::EventGone))
}

/// Deals the event's deal as the player's game, over `replaces`; a second press that finds it
/// started already shows its board.
async fn start_deal(
    bot: &Bot,
    p: &Player,
    event: &Event,
    deal: EventDealRef,
    replaces: Option<GameTurn>,
) -> Answer {
    bot.remember_name(p).await;
    let code = event.deals[usize::from(deal.deal)].code;
    let counted = bot.store.counted_game(deal, p.id()).await?;
    let started = bot
        .store
        .start(
            p.id(),
            Game::from_code(code),
            Some(event.guild),
            GameKind::Event(deal),
            Over::Exactly(replaces),
        )
        .await?;
    let Some(started) = started else {
        return Ok(match bot.store.current_game(p.id()).await? {
            Some(current) if current.kind == GameKind::Event(deal) => {
                board(bot, p, &current, None, Delivery::Ephemeral).await
            }
            _ => private(p.locale, Message::EventOver),
        });
    };
    metrics::game_started();
    metrics::note(Handled::Applied);
    let name = event_name(&event.name);
    let mut note = Message::EventDealStarted {
        name: &name,
        deal: usize::from(deal.deal) + 1,
        count: event.deals.len(),
        end: &timestamp(event.ends_at, 'R'),
    }
    .text(p.locale);
    if let Some(counted) = counted {
        let practice = Message::EventPractice {
            deal: usize::from(deal.deal) + 1,
            score: counted.score,
        };
        note = format!("{note}\n{}", practice.text(p.locale));
    }
    Ok(board(bot, p, &started, Some(note), Delivery::Ephemeral).await)
}

/// The question before an event's deal replaces a game in progress.
fn confirm_take(p: &Player, current: &CurrentGame, deal: EventDealRef) -> Reply {
    let mut reply = private(
        p.locale,
        Message::EventTakeConfirm {
            moves: current.game.moves(),
        },
    );
    reply.rows = vec![vec![Button {
        action: ButtonAction::EventTake(PlayerTurn::of(current), deal),
        label: Message::ButtonEventPlay {
            number: usize::from(deal.deal) + 1,
        }
        .text(p.locale),
        style: ButtonStyle::Primary,
        disabled: false,
    }]];
    reply
}
