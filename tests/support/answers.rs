//! What a player finally sees of the bot's answer to an interaction, whether the bot answered
//! in time or deferred first: end-to-end tests that check the answer, not its timing, read it
//! here, so that they hold on a slow machine too (the bot defers whatever may be late).
//!
//! On time, the answer is the callback itself: a message (type 4) or the pressed message
//! updated (type 7). After a deferred update (type 6) it is an edit of the pressed message or a
//! follow-up; after a deferred message (type 5) an edit of that "thinking…" message, or, when it
//! is deleted, the follow-up that replaces it. Only replies Discord took count (a refused or
//! failed one is repeated by the bot, or the test fails on it: the waits check every reply).
//!
//! A silent acknowledgement has no final message, and a notice the bot sends while the answer
//! is late (past 10 s) would be read as the answer: tests of those read the replies themselves.

use std::time::Duration;

use anyhow::bail;
use serde_json::Value;

use super::fake_discord::{FakeDiscord, REPLY_TIMEOUT};
use super::interactions::InteractionPayload;
use super::recorded::{ButtonView, Reply, ReplyAction, UploadedFile, buttons_of};
use super::state::FakeState;

/// The bot's final answer to one interaction, as the player sees it.
#[derive(Clone, Debug)]
pub struct Answered {
    /// The reply that carried the answer: the callback in time, else the edit or follow-up
    /// after the deferral.
    pub reply: Reply,
    /// The message the answer made or changed, as it stood once answered.
    pub message: Value,
    /// Whether the answer changed the message whose button was pressed (an update in time, or
    /// an edit after a deferred update), rather than making a message of its own.
    pub updated: bool,
    /// Whether the bot deferred before answering.
    pub deferred: bool,
    /// Where the answer's reply stands among the interaction's replies (from 0).
    position: usize,
}

impl Answered {
    /// The message's text.
    pub fn content(&self) -> Option<&str> {
        self.message["content"].as_str()
    }

    /// Whether only the player sees the message (flag 64).
    pub fn is_ephemeral(&self) -> bool {
        self.message["flags"].as_u64().unwrap_or(0) & 64 != 0
    }

    /// The files the answer uploaded, with their alt text.
    pub fn files(&self) -> &[UploadedFile] {
        self.reply.files()
    }

    /// The message's buttons, row by row.
    pub fn buttons(&self) -> Vec<ButtonView> {
        buttons_of(&self.message)
    }
}

/// The final answer among an interaction's replies so far, if it came.
fn final_answer_in(state: &FakeState, interaction_id: u64) -> Option<Answered> {
    let replies: Vec<&Reply> = state.replies_to(interaction_id).collect();
    let taken = |reply: &&Reply| reply.status < 300;
    let (at, callback) = replies
        .iter()
        .enumerate()
        .find(|(_, reply)| reply.callback_type().is_some() && taken(reply))?;
    let kind = callback.callback_type()?;
    let answer = |position: usize, updated: bool, deferred: bool| {
        let reply: &Reply = replies[position];
        let message = state.message(reply.message_id?)?.clone();
        Some(Answered {
            reply: reply.clone(),
            message,
            updated,
            deferred,
            position,
        })
    };
    let later = || {
        let after = replies.iter().enumerate().skip(at + 1);
        after.filter(|(_, reply)| taken(reply))
    };
    match kind {
        4 => answer(at, false, false),
        7 => answer(at, true, false),
        // A deferred update: the pressed message edited, or a message of its own.
        6 => later().find_map(|(position, reply)| match reply.action {
            ReplyAction::EditOriginal | ReplyAction::EditMessage(_) => answer(position, true, true),
            ReplyAction::FollowUp => answer(position, false, true),
            _ => None,
        }),
        // A deferred message: edited, or deleted and replaced by a follow-up.
        5 => {
            let mut deleted = false;
            later().find_map(|(position, reply)| match reply.action {
                ReplyAction::EditOriginal if !deleted => answer(position, false, true),
                ReplyAction::DeleteOriginal => {
                    deleted = true;
                    None
                }
                ReplyAction::FollowUp => answer(position, false, true),
                _ => None,
            })
        }
        _ => None,
    }
}

impl FakeDiscord {
    /// Sends the interaction and returns the bot's final answer to it, following a deferral to
    /// the edit or follow-up that finishes it (all within [`REPLY_TIMEOUT`]).
    pub async fn final_answer(&self, interaction: &InteractionPayload) -> anyhow::Result<Answered> {
        self.send_interaction(interaction).await?;
        self.wait_for_final_answer(interaction, REPLY_TIMEOUT).await
    }

    /// Waits for the final answer to an interaction already sent, as
    /// [`FakeDiscord::final_answer`] finds it.
    pub async fn wait_for_final_answer(
        &self,
        interaction: &InteractionPayload,
        timeout: Duration,
    ) -> anyhow::Result<Answered> {
        let what = format!("the final answer to interaction {}", interaction.id);
        let id = interaction.id;
        let found = self.wait_until(timeout, &what, |state| {
            if let Some(answered) = final_answer_in(state, id) {
                return Some(Ok(answered));
            }
            let callback = state.replies_to(id).find(|r| r.callback_type().is_some());
            match callback.and_then(Reply::callback_type) {
                Some(kind @ (8 | 9)) => Some(Err(kind)),
                _ => None,
            }
        });
        let answered = match found.await? {
            Ok(answered) => answered,
            Err(kind) => bail!("interaction {id} was answered with type {kind}, not a message"),
        };
        self.check_replies_accepted()?;
        Ok(answered)
    }

    /// Waits until `count` follow-ups (taken by Discord) came after the final answer: the
    /// messages the bot posts after its answer (a private board after Accept, a result).
    pub async fn wait_for_follow_ups(
        &self,
        interaction: &InteractionPayload,
        answered: &Answered,
        count: usize,
        timeout: Duration,
    ) -> anyhow::Result<Vec<Reply>> {
        let what = format!(
            "{count} follow-ups after the answer to interaction {}",
            interaction.id
        );
        let follow_ups = self
            .wait_until(timeout, &what, |state| {
                let after = state.replies_to(interaction.id).skip(answered.position + 1);
                let follow_ups: Vec<Reply> = after
                    .filter(|reply| reply.action == ReplyAction::FollowUp && reply.status < 300)
                    .cloned()
                    .collect();
                (follow_ups.len() >= count).then_some(follow_ups)
            })
            .await?;
        self.check_replies_accepted()?;
        Ok(follow_ups)
    }
}
