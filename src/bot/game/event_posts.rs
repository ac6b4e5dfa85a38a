//! What a server event says, wherever it says it: its announcement in its channel (with a
//! `Play N` button per deal and `Standings`, edited at its end), the view of `/tripeaks event`
//! and of the Standings button (its deals with the reader's results, the standings' first
//! places and the reader's own), its results post (the standings as a picture, every player's
//! total, each deal's code, best score and par) and its listing in the server's Events list.
//! Shared by the event families of `flows/` and the event clock, so it lives beside
//! `game/bot.rs`, as the challenge's result does.
//!
//! An event's name was written by a manager: it is made inert before any message shows it,
//! and drawn as written on the picture, never read as markdown.

use crate::bot::game::bot::{Bot, escape_markdown_within, off_the_async_threads};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::discord::{ChannelPost, Listing, TextFile};
use crate::bot::game::reply::{
    Button, ButtonStyle, Delivery, MAX_ALT_TEXT, MAX_BUTTONS_PER_ROW, MAX_CONTENT, Picture, Reply,
};
use crate::i18n::{self, Locale, Message};
use crate::render::{Mark, ResultCard, ResultRow, render_result};
use crate::stats::{EventPlace, EventStanding};
use crate::store::{Event, EventDealRef, EventState, StoreError, UserId};

/// The most characters of an event's name (Discord's limit on a scheduled event's name).
pub const MAX_NAME_CHARS: usize = 100;

/// How many standings a results post's text lists before the file takes over.
const RESULTS_LISTED: usize = 20;

/// The most standings the results' file lists (a server's biggest event has 20,000 players).
const RESULTS_FILE_MAX: usize = 100_000;

/// An event's name as its messages show it: made inert.
pub fn event_name(name: &str) -> String {
    escape_markdown_within(name, MAX_NAME_CHARS)
}

/// A Discord timestamp (`<t:…:F>`: date and time; `R`: relative), which every reader sees in
/// their own time zone and language.
pub fn timestamp(millis: i64, style: char) -> String {
    format!("<t:{}:{style}>", millis.div_euclid(1000))
}

/// A channel as a mention (it pings nobody).
pub fn channel_mention(channel: u64) -> String {
    format!("<#{channel}>")
}

/// The rule and modes of an event's deals (all its deals share them), in words.
fn terms(locale: Locale, event: &Event) -> (String, String) {
    i18n::challenge_terms(locale, event.deals[0].code)
}

/// The announcement: what the event is, when, and its buttons; at its end, what became of it.
pub fn announcement(event: &Event) -> Reply {
    let locale = Locale::negotiate(&event.locale);
    let name = event_name(&event.name);
    let (rule, modes) = terms(locale, event);
    let mut lines = vec![
        Message::EventAnnounceTitle { name: &name }.text(locale),
        Message::EventAnnounceDeals {
            count: event.deals.len(),
            rule: &rule,
            modes: &modes,
        }
        .text(locale),
        match event.hints {
            true => Message::EventAnnounceHintsOn.text(locale),
            false => Message::EventAnnounceHintsOff.text(locale),
        },
        Message::EventAnnounceWhen {
            start: &timestamp(event.starts_at, 'F'),
            end: &timestamp(event.ends_at, 'F'),
        }
        .text(locale),
    ];
    if event.weekly {
        lines.push(Message::EventAnnounceWeekly.text(locale));
    }
    let mut rows = Vec::new();
    match event.state {
        EventState::Scheduled => {
            let plays: Vec<Button> = (0..event.deals.len())
                .map(|deal| Button {
                    action: ButtonAction::EventPlay(EventDealRef {
                        event: event.id,
                        deal: deal as u8,
                    }),
                    label: Message::ButtonEventPlay { number: deal + 1 }.text(locale),
                    style: ButtonStyle::Primary,
                    disabled: false,
                })
                .collect();
            rows.extend(plays.chunks(MAX_BUTTONS_PER_ROW).map(<[Button]>::to_vec));
        }
        EventState::Ended => lines.push(Message::EventAnnounceEnded.text(locale)),
        EventState::Cancelled => lines.push(Message::EventAnnounceCancelled.text(locale)),
    }
    if event.state != EventState::Cancelled {
        rows.push(vec![standings_button(locale, event.id)]);
    }
    Reply {
        rows,
        ..Reply::ephemeral(lines.join("\n")).delivered(Delivery::NewMessage)
    }
}

/// "Standings".
pub fn standings_button(locale: Locale, event: i64) -> Button {
    Button {
        action: ButtonAction::EventStandings(event),
        label: Message::ButtonEventStandings.text(locale),
        style: ButtonStyle::Secondary,
        disabled: false,
    }
}

/// The event's listing in the server's Events list.
pub fn listing(event: &Event) -> Listing {
    let locale = Locale::negotiate(&event.locale);
    Listing {
        name: event.name.chars().take(MAX_NAME_CHARS).collect(),
        description: Message::EventListingDescription {
            count: event.deals.len(),
        }
        .text(locale),
        location: Message::EventListingLocation.text(locale),
        starts_at: event.starts_at,
        ends_at: event.ends_at,
    }
}

/// Whether the player of a standing forgot themselves (their row was made anonymous).
fn has_left(standing: &EventStanding, name: &str) -> bool {
    standing.user > i64::MAX as u64 || name.is_empty()
}

/// A standing's name as a message shows it: as last seen, made inert, or "a player who left".
fn standing_name(locale: Locale, standing: &EventStanding, name: &str) -> String {
    if has_left(standing, name) {
        Message::EventPlayerLeft.text(locale)
    } else {
        escape_markdown_within(name, 32)
    }
}

/// What `/tripeaks event` and the Standings button show `reader`: the event, when, their own
/// results of each deal, and the standings (the first places, their own, the count).
pub async fn event_view(
    bot: &Bot,
    locale: Locale,
    event: &Event,
    reader: UserId,
) -> Result<String, StoreError> {
    let name = event_name(&event.name);
    let now = bot.now();
    let mut lines = vec![Message::EventAnnounceTitle { name: &name }.text(locale)];
    lines.push(match event.state {
        EventState::Cancelled => Message::EventViewCancelled.text(locale),
        EventState::Ended => Message::EventViewEnded {
            end: &timestamp(event.ends_at, 'F'),
        }
        .text(locale),
        EventState::Scheduled if event.is_upcoming(now) => Message::EventViewUpcoming {
            start: &timestamp(event.starts_at, 'F'),
            end: &timestamp(event.ends_at, 'F'),
        }
        .text(locale),
        EventState::Scheduled => Message::EventViewRunning {
            end: &timestamp(event.ends_at, 'R'),
        }
        .text(locale),
    });
    let mine = bot.store.event_games_of(event.id, reader).await?;
    for deal in 0..event.deals.len() {
        let number = deal + 1;
        lines.push(match mine.iter().find(|(d, _, _)| *d == deal) {
            Some(&(_, score, won)) => Message::EventDealDone {
                deal: number,
                score,
                won: if won { "yes" } else { "no" },
            }
            .text(locale),
            None => Message::EventDealOpen { deal: number }.text(locale),
        });
    }
    let board = bot.store.event_board(event.id, reader).await?;
    if board.players == 0 {
        lines.push(Message::EventStandingsEmpty.text(locale));
        return Ok(lines.join("\n"));
    }
    lines.push(
        Message::EventStandingsTitle {
            count: board.players,
        }
        .text(locale),
    );
    let names = bot.store.event_standings(event.id, board.top.len()).await?;
    for place in &board.top {
        let name = names
            .iter()
            .find(|(standing, _)| standing.user == place.standing.user)
            .map_or("", |(_, name)| name.as_str());
        lines.push(standing_line(locale, place, name));
    }
    if let Some(own) = board.place_of(reader.0) {
        lines.push(
            Message::EventStandingsYou {
                place: own.place as usize,
                count: board.players,
                total: own.standing.total,
            }
            .text(locale),
        );
    }
    Ok(lines.join("\n"))
}

fn standing_line(locale: Locale, place: &EventPlace, name: &str) -> String {
    Message::EventStandingsLine {
        place: place.place as usize,
        name: &standing_name(locale, &place.standing, name),
        total: place.standing.total,
        cleared: place.standing.cleared,
    }
    .text(locale)
}

/// The results post of an event that ended: the standings as a picture, the first places as
/// text and every player's total in a file when they do not all fit, each deal's code, best
/// score and par, that codes and replays are open, and a Standings button.
pub async fn results_post(bot: &Bot, event: &Event) -> Result<ChannelPost, StoreError> {
    let locale = Locale::negotiate(&event.locale);
    let name = event_name(&event.name);
    let standings = bot
        .store
        .event_standings(event.id, RESULTS_FILE_MAX)
        .await?;
    let places = crate::stats::event_places(
        &standings
            .iter()
            .map(|(standing, _)| standing.clone())
            .collect::<Vec<_>>(),
    );
    let name_of = |user: u64| {
        standings
            .iter()
            .find(|(standing, _)| standing.user == user)
            .map_or("", |(_, name)| name.as_str())
    };
    let best = bot.store.event_best_scores(event.id).await?;
    let mut deal_lines = Vec::new();
    for (index, deal) in event.deals.iter().enumerate() {
        let code = deal.code.to_string();
        let number = index + 1;
        deal_lines.push(
            match (best.iter().find(|(d, _)| *d == index), deal.par) {
                (None, _) => Message::EventResultsDealUnplayed {
                    deal: number,
                    code: &code,
                },
                (Some(&(_, best)), Some(par)) => Message::EventResultsDeal {
                    deal: number,
                    code: &code,
                    best,
                    par,
                },
                (Some(&(_, best)), None) => Message::EventResultsDealNoPar {
                    deal: number,
                    code: &code,
                    best,
                },
            }
            .text(locale),
        );
    }
    let title = Message::EventResultsTitle { name: &name }.text(locale);
    let tail = [
        deal_lines.join("\n"),
        Message::EventResultsReplays.text(locale),
    ]
    .join("\n");
    let mut listed = Vec::new();
    if places.is_empty() {
        listed.push(Message::EventResultsNobody.text(locale));
    }
    // As many first places as fit with the rest, at most `RESULTS_LISTED`.
    let mut file = None;
    for (shown, place) in places.iter().enumerate() {
        let line = standing_line(locale, place, name_of(place.standing.user));
        let more = Message::EventResultsMore {
            count: places.len() - shown,
        }
        .text(locale);
        let length = |lines: &[String], extra: &str| {
            [title.as_str(), &lines.join("\n"), extra, &tail]
                .iter()
                .map(|part| part.chars().count() + 1)
                .sum::<usize>()
        };
        let next_more = Message::EventResultsMore {
            count: places.len() - shown - 1,
        }
        .text(locale);
        let mut with_line = listed.clone();
        with_line.push(line);
        if shown >= RESULTS_LISTED || length(&with_line, &next_more) > MAX_CONTENT {
            listed.push(more);
            file = Some(standings_file(locale, &places, name_of));
            break;
        }
        listed = with_line;
    }
    let text = [title.clone(), listed.join("\n"), tail].join("\n");
    let (rule, modes) = terms(locale, event);
    let card = ResultCard {
        title: Message::EventCardTitle {
            name: &event.name.chars().take(48).collect::<String>(),
        }
        .text(locale),
        deal: Message::EventCardDeals {
            count: event.deals.len(),
            rule: &rule,
            modes: &modes,
        }
        .text(locale),
        rows: places
            .iter()
            .take(10)
            .map(|place| card_row(locale, event, place, name_of(place.standing.user)))
            .collect(),
        lines: Vec::new(),
    };
    let alt: String = text
        .replace("**", "")
        .replace(['`', '\\'], "")
        .lines()
        .collect::<Vec<_>>()
        .join(" ");
    let png = off_the_async_threads(move || render_result(&card)).await;
    // Standings: each reader's own place; and the button by which a later try at this post
    // knows it was made (`earlier_posts.rs`).
    let reply = Reply {
        picture: Some(Picture {
            png,
            alt: alt.chars().take(MAX_ALT_TEXT).collect(),
        }),
        rows: vec![vec![standings_button(locale, event.id)]],
        ..Reply::ephemeral(text).delivered(Delivery::NewMessage)
    };
    Ok(ChannelPost { reply, file })
}

fn card_row(locale: Locale, event: &Event, place: &EventPlace, name: &str) -> ResultRow {
    let standing = &place.standing;
    let count = event.deals.len();
    ResultRow {
        place: place.place.to_string(),
        name: match has_left(standing, name) {
            true => Message::EventPlayerLeft.text(locale),
            false => name.chars().take(32).collect(),
        },
        outcome: String::new(),
        mark: if standing.cleared as usize == count {
            Mark::Won
        } else if standing.cleared > 0 {
            Mark::Blocked
        } else {
            Mark::Abandoned
        },
        numbers: Message::EventCardNumbers {
            total: standing.total,
            cleared: standing.cleared,
            count,
        }
        .text(locale),
        winner: place.place == 1,
    }
}

/// Every player's place, name and total, one a line: the file beside a results post.
fn standings_file<'a>(
    locale: Locale,
    places: &[EventPlace],
    name_of: impl Fn(u64) -> &'a str,
) -> TextFile {
    let text = places
        .iter()
        .map(|place| {
            let name = match name_of(place.standing.user) {
                "" => Message::EventPlayerLeft.text(locale),
                name => name.to_owned(),
            };
            format!(
                "{}\t{}\t{}\t{}",
                place.place, name, place.standing.total, place.standing.cleared
            )
        })
        .collect::<Vec<_>>()
        .join("\n");
    TextFile {
        name: "standings.txt".into(),
        text,
    }
}
