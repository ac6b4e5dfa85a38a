//! `/tripeaks-events start`, of a server's managers' command: an event's name, deals, duration,
//! start and time zone, channel, rule and modes, hints, weekly (`end`, `cancel` and `list` are
//! `event_manage.rs`).
//! Discord lets only the members it allows use it (Manage Server by default, servers only:
//! `flows::COMMANDS`), so the bot does not check the member's permissions again; it checks its
//! own in the channel (`app_permissions`) before it announces there.
//!
//! What the event says is `game/event_posts.rs`'s; its end and results, the event clock's
//! (`game/event_clock.rs`), which a manager's `end` wakes.

use tracing::{info, warn};

use crate::bot::game::advice::event_deals;
use crate::bot::game::bot::{Answer, Bot, Player, private};
use crate::bot::game::budget::Work;
use crate::bot::game::declaration::{Completions, Opt, OptionDecl, Options, Required, Unreadable};
use crate::bot::game::discord::{ChannelPost, Refused};
use crate::bot::game::event_posts::{
    MAX_NAME_CHARS, announcement, channel_mention, event_name, listing, timestamp,
};
use crate::bot::game::options::{RULE, read_modes, read_rule, with_mode_options};
use crate::bot::game::reply::Reply;
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::bot::ops::metrics::{self, Handled};
use crate::game::{ModeChoices, Modes, Rule};
use crate::i18n::Message;
use crate::stats::{
    DEFAULT_ZONE, DurationError, MAX_DEALS, MAX_OPEN_PER_SERVER, StartError, local_start,
    parse_duration, zone, zones_matching,
};
use crate::store::{Event, NewEvent, StoreError};

const NAME: Required<String> = Opt::string("name").required();
const DEALS: Required<i64> = Opt::integer::<1, { MAX_DEALS as i64 }>("deals").required();
const DURATION: Required<String> = Opt::string("duration").required();
const STARTS: Opt<String> = Opt::string("starts");
const TIMEZONE: Opt<String> = Opt::string("timezone").completed_by(zone_choices);
const CHANNEL: Opt<u64> = Opt::channel("channel");
const HINTS: Opt<bool> = Opt::boolean("hints");
const WEEKLY: Opt<bool> = Opt::boolean("weekly");
/// The time zones as the option is typed.
fn zone_choices<'a>(_: &'a Bot, _: &'a Player, typed: &'a str) -> Completions<'a> {
    Box::pin(async move {
        zones_matching(typed, 25)
            .into_iter()
            .map(|zone| (zone.clone(), zone))
            .collect()
    })
}

/// Discord's permission bits the bot needs to announce in a channel, and their names.
const POST_PERMISSIONS: [(u64, &str); 3] = [
    (1 << 10, "View Channel"),
    (1 << 11, "Send Messages"),
    (1 << 15, "Attach Files"),
];
/// Discord's permission bits that let the bot list an event in the server's Events list.
const CREATE_EVENTS: u64 = 1 << 44;
const MANAGE_EVENTS: u64 = 1 << 33;

/// `/tripeaks-events start`, its options as typed (checked when it runs, so that each
/// refusal says how to put it right).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartEvent {
    pub name: String,
    pub deals: i64,
    pub duration: String,
    pub starts: Option<String>,
    pub timezone: Option<String>,
    pub channel: Option<u64>,
    pub rule: Option<Rule>,
    pub modes: ModeChoices,
    pub hints: bool,
    pub weekly: bool,
    /// What the bot may do in the command's channel.
    pub app_permissions: Option<u64>,
    /// The server's language: its posts' language.
    pub guild_locale: Option<String>,
}

impl SlashCommand for StartEvent {
    const NAME: &'static str = "start";
    const VISIBILITY: Visibility = Visibility::Ephemeral;

    fn options() -> Vec<OptionDecl> {
        let mut options = with_mode_options([
            NAME.declared(),
            DEALS.declared(),
            DURATION.declared(),
            STARTS.declared(),
            TIMEZONE.declared(),
            CHANNEL.declared(),
            RULE.declared(),
        ]);
        options.extend([HINTS.declared(), WEEKLY.declared()]);
        options
    }

    fn parse(o: &Options) -> Result<StartEvent, Unreadable> {
        Ok(StartEvent {
            name: o.require(&NAME)?,
            deals: o.require(&DEALS)?,
            duration: o.require(&DURATION)?,
            starts: o.get(&STARTS)?,
            timezone: o.get(&TIMEZONE)?,
            channel: o.get(&CHANNEL)?,
            rule: read_rule(o)?,
            modes: read_modes(o)?,
            hints: o.get(&HINTS)?.unwrap_or(false),
            weekly: o.get(&WEEKLY)?.unwrap_or(false),
            app_permissions: o.context.app_permissions,
            guild_locale: o.context.guild_locale.clone(),
        })
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        let Some(guild) = p.guild else {
            return Ok(private(p.locale, Message::EventOnlyInServer));
        };
        let (new, count, rule, modes) = match self.checked(bot, p, guild).await? {
            Ok(checked) => checked,
            Err(refusal) => {
                metrics::note(Handled::Refused);
                return Ok(refusal);
            }
        };
        // Refused before the solver picks the deals (up to ten solves and pars).
        if bot.store.open_events(guild).await?.len() >= MAX_OPEN_PER_SERVER {
            metrics::note(Handled::Refused);
            let max = MAX_OPEN_PER_SERVER;
            return Ok(private(p.locale, Message::EventTooMany { max }));
        }
        let permit = match bot.spend(p, Work::Search).await {
            Ok(permit) => permit,
            Err(refusal) => return Ok(refusal),
        };
        let deals = event_deals(rule, modes, count).await;
        drop(permit);
        let Some(deals) = deals else {
            return Ok(private(p.locale, Message::ErrorGeneric));
        };
        let new = NewEvent { deals, ..new };
        let event = match bot.store.create_event(&new).await? {
            Ok(event) => event,
            Err(_) => {
                metrics::note(Handled::Refused);
                let max = MAX_OPEN_PER_SERVER;
                return Ok(private(p.locale, Message::EventTooMany { max }));
            }
        };
        info!(guild, event = event.id, "an event was created");
        metrics::note(Handled::Applied);
        announce(bot, p, &event, self.app_permissions).await
    }
}

impl StartEvent {
    /// The event as asked, checked, with its deals still to pick: how many, under which rule
    /// and modes; or the refusal that says how to put it right.
    async fn checked(
        &self,
        bot: &Bot,
        p: &Player,
        guild: u64,
    ) -> Result<Result<(NewEvent, usize, Rule, Modes), Reply>, StoreError> {
        let refuse = |message: Message| Ok(Err(private(p.locale, message)));
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return refuse(Message::EventBadName {
                max: MAX_NAME_CHARS,
            });
        }
        let Ok(count) = usize::try_from(self.deals) else {
            return refuse(Message::EventBadDeals { max: MAX_DEALS });
        };
        if !(1..=MAX_DEALS).contains(&count) {
            return refuse(Message::EventBadDeals { max: MAX_DEALS });
        }
        let duration = match parse_duration(&self.duration) {
            Ok(duration) => duration,
            Err(DurationError::Unreadable | DurationError::TooShort | DurationError::TooLong) => {
                let typed = shown(&self.duration);
                return refuse(Message::EventBadDuration {
                    typed: &typed,
                    min: "5m",
                    max: "14d",
                });
            }
        };
        let zone_name = self.timezone.as_deref().unwrap_or(DEFAULT_ZONE).trim();
        let zone_name = match zone(zone_name) {
            Ok(_) => zone_name.to_owned(),
            Err(_) => {
                let typed = shown(zone_name);
                return refuse(Message::EventBadZone { zone: &typed });
            }
        };
        let now = bot.now();
        let starts_at = match &self.starts {
            None => now,
            Some(text) => match local_start(text, &zone_name) {
                Ok(at) => at,
                Err(StartError::UnknownZone(_)) => {
                    let typed = shown(&zone_name);
                    return refuse(Message::EventBadZone { zone: &typed });
                }
                Err(StartError::Unreadable) => {
                    let typed = shown(text);
                    return refuse(Message::EventBadStart { typed: &typed });
                }
            },
        };
        if starts_at < now {
            let start = timestamp(starts_at, 'F');
            return refuse(Message::EventStartPast { start: &start });
        }
        let channel = self.channel.unwrap_or(p.channel);
        if channel == p.channel
            && let Some(bits) = self.app_permissions
        {
            let missing: Vec<&str> = POST_PERMISSIONS
                .iter()
                .filter(|(bit, _)| bits & bit == 0)
                .map(|(_, name)| *name)
                .collect();
            if !missing.is_empty() {
                let channel = channel_mention(channel);
                return refuse(Message::EventCannotPost {
                    channel: &channel,
                    permissions: &missing.join(", "),
                });
            }
        }
        let settings = bot.store.settings(p.id()).await?;
        let rule = self.rule.unwrap_or(settings.default_rule);
        let Ok(modes) = self.modes.apply(settings.default_modes) else {
            return refuse(Message::ModesProgressiveNeedsAisleriot);
        };
        let new = NewEvent {
            guild,
            channel,
            name: name.to_owned(),
            created_by: p.id(),
            deals: Vec::new(),
            hints: self.hints,
            starts_at,
            ends_at: starts_at + duration,
            zone: zone_name,
            weekly: self.weekly,
            locale: self
                .guild_locale
                .as_deref()
                .map_or(p.locale, crate::i18n::Locale::negotiate)
                .tag()
                .to_owned(),
        };
        Ok(Ok((new, count, rule, modes)))
    }
}

/// What a manager typed, shown back in a refusal: made inert and cut short.
fn shown(typed: &str) -> String {
    crate::bot::game::bot::escape_markdown_within(typed, 40)
}

/// Posts the new event's announcement in its channel and lists it in the server's Events list
/// (when the bot may), then tells the manager how it went. An announcement the bot may not post
/// cancels the event, which nobody could have seen; one that failed otherwise (Discord not
/// answering: it may have been posted) leaves the event running, and the manager is told that
/// it could not be confirmed and that players can join with `/tripeaks event`.
async fn announce(bot: &Bot, p: &Player, event: &Event, app_permissions: Option<u64>) -> Answer {
    let post = ChannelPost::of(announcement(event));
    let mut announced = true;
    match bot.discord.post(event.channel, &post).await {
        Ok(message) => bot.store.set_event_announcement(event.id, message).await?,
        Err(Refused::MissingPermissions(why) | Refused::Gone(why)) => {
            warn!(
                event = event.id,
                "the announcement could not be posted: {why}"
            );
            bot.store.cancel_event(event.guild, event.id).await?;
            let channel = channel_mention(event.channel);
            let names: Vec<&str> = POST_PERMISSIONS.iter().map(|(_, name)| *name).collect();
            return Ok(private(
                p.locale,
                Message::EventCannotPost {
                    channel: &channel,
                    permissions: &names.join(", "),
                },
            ));
        }
        Err(Refused::Failed(why)) => {
            warn!(
                event = event.id,
                "the announcement was not confirmed: {why}"
            );
            announced = false;
        }
    }
    let (name, channel) = (event_name(&event.name), channel_mention(event.channel));
    let (start, end) = (
        timestamp(event.starts_at, 'F'),
        timestamp(event.ends_at, 'F'),
    );
    let created = match announced {
        true => Message::EventCreated {
            name: &name,
            channel: &channel,
            start: &start,
            end: &end,
        },
        false => Message::EventCreatedUnconfirmed {
            name: &name,
            channel: &channel,
            start: &start,
            end: &end,
        },
    };
    let mut lines = vec![created.text(p.locale)];
    let may_list = app_permissions.is_none_or(|bits| bits & (CREATE_EVENTS | MANAGE_EVENTS) != 0);
    let listed = match may_list {
        true => match bot.discord.list(event.guild, &listing(event)).await {
            Ok(listing) => {
                bot.store.set_event_listing(event.id, listing).await?;
                true
            }
            Err(error) => {
                info!(event = event.id, "the event is not listed: {error}");
                false
            }
        },
        false => false,
    };
    if !listed {
        lines.push(Message::EventNotListed.text(p.locale));
    }
    Ok(Reply::ephemeral(lines.join("\n")))
}
