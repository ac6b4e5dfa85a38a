//! `/tripeaks-events end`, `cancel` and `list`: what a server's managers do with the events
//! they started (`events.rs`). `end` moves a running event's end to now and wakes the event
//! clock, which posts its results; `cancel` calls one off without results, its announcement and
//! listing saying so; `list` names the open ones. The `event` option is suggested as it is typed
//! (the server's open events, by name) and sends the event's id.

use tracing::warn;

use crate::bot::game::bot::{Answer, Bot, Player, private};
use crate::bot::game::declaration::{Completions, Opt, OptionDecl, Options, Unreadable};
use crate::bot::game::discord::ListingEnd;
use crate::bot::game::event_clock::retire_posts;
use crate::bot::game::event_posts::{channel_mention, event_name, timestamp};
use crate::bot::game::reply::Reply;
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::bot::ops::metrics::{self, Handled};
use crate::i18n::Message;
use crate::store::{Event, EventState};

/// Which event, by id (suggested as it is typed).
const EVENT: Opt<String> = Opt::string("event").completed_by(open_event_choices);

/// `/tripeaks-events end [event]`: a running event ends now; its results follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndEvent {
    pub event: Option<String>,
}

impl SlashCommand for EndEvent {
    const NAME: &'static str = "end";
    const VISIBILITY: Visibility = Visibility::Ephemeral;

    fn options() -> Vec<OptionDecl> {
        vec![EVENT.declared()]
    }

    fn parse(o: &Options) -> Result<EndEvent, Unreadable> {
        Ok(EndEvent {
            event: o.get(&EVENT)?,
        })
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        let Some(guild) = p.guild else {
            return Ok(private(p.locale, Message::EventOnlyInServer));
        };
        let now = bot.now();
        let running: Vec<Event> = bot
            .store
            .open_events(guild)
            .await?
            .into_iter()
            .filter(|event| event.is_running(now))
            .collect();
        let event = match chosen(&running, self.event.as_deref()) {
            Chosen::One(event) => event,
            Chosen::None => return Ok(private(p.locale, Message::EventNoneToEnd)),
            Chosen::Several => return Ok(private(p.locale, Message::EventWhich)),
        };
        let Some(event) = bot.store.end_event_now(guild, event.id).await? else {
            return Ok(private(p.locale, Message::EventNoneToEnd));
        };
        bot.events_changed.notify_one();
        metrics::note(Handled::Applied);
        Ok(private(
            p.locale,
            Message::EventEndedNow {
                name: &event_name(&event.name),
                channel: &channel_mention(event.channel),
            },
        ))
    }
}

/// `/tripeaks-events cancel [event]`: a scheduled or running event is called off, without
/// results; its announcement and listing say so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CancelEvent {
    pub event: Option<String>,
}

impl SlashCommand for CancelEvent {
    const NAME: &'static str = "cancel";
    const VISIBILITY: Visibility = Visibility::Ephemeral;

    fn options() -> Vec<OptionDecl> {
        vec![EVENT.declared()]
    }

    fn parse(o: &Options) -> Result<CancelEvent, Unreadable> {
        Ok(CancelEvent {
            event: o.get(&EVENT)?,
        })
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        let Some(guild) = p.guild else {
            return Ok(private(p.locale, Message::EventOnlyInServer));
        };
        let open = bot.store.open_events(guild).await?;
        let event = match chosen(&open, self.event.as_deref()) {
            Chosen::One(event) => event,
            Chosen::None => return Ok(private(p.locale, Message::EventNoneToCancel)),
            Chosen::Several => return Ok(private(p.locale, Message::EventWhich)),
        };
        let Some(event) = bot.store.cancel_event(guild, event.id).await? else {
            return Ok(private(p.locale, Message::EventNoneToCancel));
        };
        metrics::note(Handled::Applied);
        retire_posts(bot, &event, ListingEnd::Cancelled).await;
        Ok(private(
            p.locale,
            Message::EventCancelledNow {
                name: &event_name(&event.name),
            },
        ))
    }
}

/// `/tripeaks-events list`: the server's events scheduled or running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListEvents;

impl SlashCommand for ListEvents {
    const NAME: &'static str = "list";
    const VISIBILITY: Visibility = Visibility::Ephemeral;

    fn parse(_: &Options) -> Result<ListEvents, Unreadable> {
        Ok(ListEvents)
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        let Some(guild) = p.guild else {
            return Ok(private(p.locale, Message::EventOnlyInServer));
        };
        let open = bot.store.open_events(guild).await?;
        if open.is_empty() {
            return Ok(private(p.locale, Message::EventListNone));
        }
        let lines: Vec<String> = open
            .iter()
            .map(|event| {
                Message::EventListLine {
                    name: &event_name(&event.name),
                    id: &event.id.to_string(),
                    start: &timestamp(event.starts_at, 'F'),
                    end: &timestamp(event.ends_at, 'F'),
                    weekly: if event.weekly { "yes" } else { "no" },
                }
                .text(p.locale)
            })
            .collect();
        Ok(Reply::ephemeral(lines.join("\n")))
    }
}

/// Which of `events` a manager means.
enum Chosen<'a> {
    One(&'a Event),
    None,
    Several,
}

/// The event `typed` names (its id, as the suggestions give it), else the only one.
fn chosen<'a>(events: &'a [Event], typed: Option<&str>) -> Chosen<'a> {
    match typed.map(str::trim) {
        Some(typed) => events
            .iter()
            .find(|event| event.id.to_string() == typed)
            .map_or(Chosen::None, Chosen::One),
        None => match events {
            [] => Chosen::None,
            [only] => Chosen::One(only),
            _ => Chosen::Several,
        },
    }
}

/// The server's open events as `event` is typed: "name (start)" shown, the id sent.
fn open_event_choices<'a>(bot: &'a Bot, p: &'a Player, typed: &'a str) -> Completions<'a> {
    Box::pin(async move {
        let Some(guild) = p.guild else {
            return Vec::new();
        };
        let open = match bot.store.open_events(guild).await {
            Ok(open) => open,
            Err(error) => {
                warn!(user = p.user, "no event suggestions: {error}");
                return Vec::new();
            }
        };
        let typed = typed.to_lowercase();
        open.into_iter()
            .filter(|event| event.state == EventState::Scheduled)
            .filter(|event| {
                event.name.to_lowercase().contains(&typed) || event.id.to_string() == typed
            })
            .map(|event| {
                let shown: String = format!("{} (#{})", event.name, event.id)
                    .chars()
                    .take(100)
                    .collect();
                (shown, event.id.to_string())
            })
            .take(25)
            .collect()
    })
}
