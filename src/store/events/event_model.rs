//! The plain values of a server event as the store keeps it: its deals with their pars, its
//! window, where it is announced, and where it stands. No SQL here: `events.rs` reads and writes
//! these; the rules that need no database (bounds, the standings' order, the schedule) are
//! `stats::event_rules` and `stats::event_schedule`.

use crate::game::DealCode;

use crate::store::model::UserId;

/// Where an event stands. Running is not a state of its own: a scheduled event runs from its
/// start to its end ([`Event::is_running`]), and the close makes it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventState {
    Scheduled,
    Ended,
    Cancelled,
}

impl EventState {
    pub fn name(self) -> &'static str {
        match self {
            EventState::Scheduled => "scheduled",
            EventState::Ended => "ended",
            EventState::Cancelled => "cancelled",
        }
    }

    pub fn from_name(name: &str) -> Option<EventState> {
        [
            EventState::Scheduled,
            EventState::Ended,
            EventState::Cancelled,
        ]
        .into_iter()
        .find(|state| state.name() == name)
    }
}

/// One deal of an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventDeal {
    /// The deal with its rule and modes: secret until the event ends.
    pub code: DealCode,
    /// The best score the solver finds, if it found one.
    pub par: Option<u32>,
}

/// What a manager asked for, checked and with its deals picked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEvent {
    pub guild: u64,
    pub channel: u64,
    /// As the manager wrote it (the bot makes it inert before showing it).
    pub name: String,
    pub created_by: UserId,
    /// 1 to `stats::MAX_DEALS`.
    pub deals: Vec<EventDeal>,
    /// Whether players may take hints.
    pub hints: bool,
    pub starts_at: i64,
    pub ends_at: i64,
    /// The IANA zone its local times are in.
    pub zone: String,
    /// Whether it comes back a week later at the same local time.
    pub weekly: bool,
    /// The language of its posts in the channel (a locale's tag, `en-US`).
    pub locale: String,
}

/// An event as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub name: String,
    pub created_by: UserId,
    pub deals: Vec<EventDeal>,
    pub hints: bool,
    pub starts_at: i64,
    pub ends_at: i64,
    pub zone: String,
    pub weekly: bool,
    pub state: EventState,
    /// The event this one follows, for a weekly event's next week.
    pub next_of: Option<i64>,
    /// The channel message that announced it, once posted.
    pub announcement: Option<u64>,
    /// Discord's listing of it (a guild scheduled event), if the bot could make one.
    pub listing: Option<u64>,
    pub closed_at: Option<i64>,
    pub results_posted_at: Option<i64>,
    /// The language of its posts in the channel (a locale's tag, `en-US`).
    pub locale: String,
}

impl Event {
    /// Whether players may play it at `now`.
    pub fn is_running(&self, now: i64) -> bool {
        self.state == EventState::Scheduled && self.starts_at <= now && now < self.ends_at
    }

    /// Whether it has not started yet at `now`.
    pub fn is_upcoming(&self, now: i64) -> bool {
        self.state == EventState::Scheduled && now < self.starts_at
    }

    /// Whether its deals and replays may be shown to everyone: it is over.
    pub fn is_over(&self) -> bool {
        self.state != EventState::Scheduled
    }

    /// How long it runs, in milliseconds.
    pub fn duration(&self) -> i64 {
        self.ends_at - self.starts_at
    }
}

/// A counted game: a player's first finished game of one deal of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountedGame {
    pub event: i64,
    /// The deal's index in the event, from 0.
    pub deal: usize,
    pub user: UserId,
    pub game_id: i64,
    /// The final score, as the board showed it.
    pub score: u32,
    pub won: bool,
    pub hints: u32,
    pub finished_at: i64,
}

/// How a close went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Closed {
    /// This call closed it: it is the one to post its results (and it made the next week's, if
    /// weekly).
    Now {
        event: Box<Event>,
        next: Option<Box<Event>>,
    },
    /// It was closed (or cancelled) already, or is not due.
    Already,
}
