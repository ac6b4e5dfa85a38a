//! A reply as plain data: what the bot says, shows and offers, before it becomes Discord builders.
//!
//! Every flow builds a `Reply`; only `gateway/` turns one into serenity types. So everything but
//! those last few lines is testable without Discord.

use crate::bot::game::custom_id::ButtonAction;
use crate::i18n::{Locale, Message};
use crate::store::{Due, GameKind};

/// How the reply reaches the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// A new message in the channel (a slash command, or a board for someone who pressed "Play
    /// this deal").
    NewMessage,
    /// Replace the message that holds the pressed button (a tap on a board).
    UpdateMessage,
    /// Only the player sees it.
    Ephemeral,
    /// Acknowledge the tap and change nothing (a refused tap with help for errors off).
    Acknowledge,
}

/// A button's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonStyle {
    /// A card that can be played now.
    Success,
    /// Draw, and the main choice at the end of a game.
    Primary,
    Secondary,
    /// A choice that deletes something (forget-me).
    Danger,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    /// What pressing it does: a value until the wire (`wire.rs` writes its custom_id).
    pub action: ButtonAction,
    pub label: String,
    pub style: ButtonStyle,
    pub disabled: bool,
}

/// The board picture and its description for screen readers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub png: Vec<u8>,
    /// Alt text, at most 1,024 characters (Discord's limit).
    pub alt: String,
}

/// The name of the uploaded picture.
pub const PICTURE_FILE_NAME: &str = "tripeaks.png";
/// The name of an uploaded replay (`Picture::png` then holds GIF bytes).
pub const REPLAY_FILE_NAME: &str = "tripeaks-replay.gif";

/// Discord's limits.
pub const MAX_ROWS: usize = 5;
pub const MAX_BUTTONS_PER_ROW: usize = 5;
pub const MAX_ALT_TEXT: usize = 1024;
pub const MAX_CONTENT: usize = 2000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub delivery: Delivery,
    pub text: String,
    pub picture: Option<Picture>,
    /// Rows of buttons, at most 5 rows of 5.
    pub rows: Vec<Vec<Button>>,
    /// A second message sent after this one, as a follow-up of the same interaction (public
    /// when its delivery is `NewMessage`, else only for the player): a challenge's result after
    /// the last finisher's board, a challenge board after Accept updates the challenge.
    pub follow_up: Option<Box<Reply>>,
    /// The post due that this message makes (a challenge's result), claimed for it: once the
    /// answer is sent, the transport reports whether Discord took it (`Bot::delivered`), so a
    /// post counts as made only once it is.
    pub announces: Option<Due>,
    /// The game this message opens to others (a challenge and its buttons), if it has one:
    /// when Discord did not take the message, nobody can see it, and the transport reports it
    /// lost (`Bot::lost`), which withdraws what it opened.
    pub opens: Option<GameKind>,
    /// Whether the player has posts due, as the store said while this answer was made and
    /// nothing in it could have changed since (`Some(false)`: none, and no look for them after
    /// it; `None`: not known, `Bot::with_posts_due` looks). Set from the game's row by the
    /// board composer, so that a tap costs no look.
    pub posts_due: Option<bool>,
}

impl Reply {
    /// A message only the player sees, with no picture or buttons.
    pub fn ephemeral(text: impl Into<String>) -> Reply {
        Reply {
            delivery: Delivery::Ephemeral,
            text: text.into(),
            picture: None,
            rows: Vec::new(),
            follow_up: None,
            announces: None,
            opens: None,
            posts_due: None,
        }
    }

    /// An acknowledgement that changes nothing.
    pub fn acknowledge() -> Reply {
        Reply {
            delivery: Delivery::Acknowledge,
            text: String::new(),
            picture: None,
            rows: Vec::new(),
            follow_up: None,
            announces: None,
            opens: None,
            posts_due: None,
        }
    }

    /// This reply, then `next` as a follow-up (after any follow-up it has already).
    pub fn then(mut self, next: Reply) -> Reply {
        match self.follow_up.take() {
            Some(first) => self.follow_up = Some(Box::new(first.then(next))),
            None => self.follow_up = Some(Box::new(next)),
        }
        self
    }

    /// The posts due that this reply and its follow-ups make, claimed for it: the transport
    /// reports each one made or not once it has sent what it could.
    pub fn announcements(&self) -> Vec<Due> {
        let mut claimed: Vec<Due> = self.announces.into_iter().collect();
        if let Some(next) = &self.follow_up {
            claimed.extend(next.announcements());
        }
        claimed
    }

    /// The same reply delivered another way.
    pub fn delivered(mut self, delivery: Delivery) -> Reply {
        self.delivery = delivery;
        self
    }

    /// This reply if Discord would take it, else a short apology for the player only: a reply
    /// Discord refuses leaves the interaction unanswered ("This interaction failed").
    pub fn or_apology(self, locale: Locale) -> Reply {
        if self.fits_discord() {
            self
        } else {
            Reply::ephemeral(Message::ErrorGeneric.text(locale))
        }
    }

    /// Whether the reply fits Discord's limits; checked by tests and before every answer.
    pub fn fits_discord(&self) -> bool {
        self.follow_up
            .as_ref()
            .is_none_or(|next| next.fits_discord())
            && self.rows.len() <= MAX_ROWS
            && self
                .rows
                .iter()
                .all(|row| !row.is_empty() && row.len() <= MAX_BUTTONS_PER_ROW)
            && self.text.chars().count() <= MAX_CONTENT
            && self
                .picture
                .as_ref()
                .is_none_or(|p| p.alt.chars().count() <= MAX_ALT_TEXT)
            && self.rows.iter().flatten().all(|b| {
                b.action.to_string().len() <= crate::bot::game::custom_id::MAX_LEN
                    && !b.label.is_empty()
                    && b.label.chars().count() <= 80
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_discord_would_refuse_becomes_an_apology() {
        let fine = Reply::ephemeral("ok");
        assert_eq!(fine.clone().or_apology(Locale::EnUs), fine);
        let too_long = Reply::ephemeral("x".repeat(MAX_CONTENT + 1));
        let sent = too_long.or_apology(Locale::Nl);
        assert_eq!(sent.delivery, Delivery::Ephemeral);
        assert!(sent.fits_discord());
        assert_eq!(sent.text, Message::ErrorGeneric.text(Locale::Nl));
        let button = Button {
            action: ButtonAction::Forget(u64::MAX),
            label: "a".into(),
            style: ButtonStyle::Primary,
            disabled: false,
        };
        let too_many = Reply {
            rows: vec![vec![button; 6]],
            ..Reply::ephemeral("ok")
        };
        assert!(too_many.or_apology(Locale::EnUs).rows.is_empty());
    }
}
