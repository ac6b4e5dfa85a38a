//! A challenge's result in the channel: the message and its picture, and how its players'
//! names are shown. It is a challenge's post due: claimed, made once, confirmed or released as
//! every post due is (`posts_due.rs`), by the challenge's kind (`kinds/challenge.rs`). Shared
//! by the challenge families and the kind, so it lives beside `game/bot.rs`, not in a family of
//! `flows/`.

use crate::bot::game::bot::{Bot, Player, escape_markdown_within, off_the_async_threads};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::reply::{Button, ButtonStyle, Delivery, MAX_ALT_TEXT, Picture, Reply};
use crate::i18n::{self, ChallengeResult, Locale, Message};
use crate::render::{Mark, ResultCard, ResultRow, render_result};
use crate::stats::Outcome;
use crate::store::{Challenge, ChallengePlayer, Due, StoreError, UserId};

/// A player's name as the challenge's messages show it: as written, made inert, or, for a
/// player who forgot themselves, "a player who left".
pub fn player_name(locale: Locale, player: &ChallengePlayer) -> String {
    if player.departed() {
        Message::ChallengePlayerLeft.text(locale)
    } else {
        escape_markdown_within(&player.name, 32)
    }
}

/// The result for the channel: every player with outcome, score and moves, the winner, the
/// code, the deal's par (none when it has Aisleriot scoring), a duel's head-to-head (not with a
/// player who left), and Rematch: the post `due` (claimed for it by `kinds/challenge.rs`).
pub async fn result_message(
    bot: &Bot,
    p: &Player,
    challenge: &Challenge,
    due: Due,
) -> Result<Reply, StoreError> {
    let name_of = |user: u64| {
        challenge
            .player(UserId(user))
            .map_or_else(String::new, |player| player_name(p.locale, player))
    };
    let entries = challenge.results();
    let code = challenge.code;
    let par = crate::bot::game::advice::deal_par(move || code).await;
    let mut lines = ChallengeResult {
        code: challenge.code,
        entries: &entries,
        names: &name_of,
        par,
    }
    .lines(p.locale);
    if let [first, second] = challenge.players.as_slice()
        && !first.departed()
        && !second.departed()
    {
        let record = bot.store.head_to_head(first.user, second.user).await?;
        lines.push(i18n::head_to_head_line(
            p.locale,
            &player_name(p.locale, first),
            &player_name(p.locale, second),
            record,
        ));
    }
    let text = lines.join("\n");
    let (card, alt) = result_card(p.locale, challenge, &text);
    let png = off_the_async_threads(move || render_result(&card)).await;
    let picture = Picture { png, alt };
    Ok(Reply {
        delivery: Delivery::NewMessage,
        text,
        picture: Some(picture),
        rows: vec![vec![Button {
            action: ButtonAction::ChallengeRematch(challenge.id),
            label: Message::ButtonChallengeRematch.text(p.locale),
            style: ButtonStyle::Primary,
            disabled: false,
        }]],
        follow_up: None,
        announces: Some(due),
        opens: None,
        posts_due: None,
    })
}

/// The result as a picture to draw (`render::challenge`), its alt text the result's words: the names
/// drawn as written, the lines under the rows as the message says them.
fn result_card(locale: Locale, challenge: &Challenge, text: &str) -> (ResultCard, String) {
    let plain = |line: &str| line.replace("**", "").replace(['`', '\\'], "");
    let entries = challenge.results();
    let winner = crate::stats::winner(&entries);
    let rows = crate::stats::ranked(&entries)
        .iter()
        .enumerate()
        .map(|(i, entry)| ResultRow {
            place: (i + 1).to_string(),
            name: challenge
                .player(UserId(entry.user))
                .map(|player| match player.departed() {
                    true => Message::ChallengePlayerLeft.text(locale),
                    false => player.name.chars().take(32).collect(),
                })
                .unwrap_or_default(),
            outcome: i18n::outcome_word(locale, entry.outcome),
            mark: match entry.outcome {
                Outcome::Won => Mark::Won,
                Outcome::Blocked => Mark::Blocked,
                Outcome::Abandoned => Mark::Abandoned,
            },
            numbers: Message::ChallengeCardNumbers {
                score: entry.score,
                moves: entry.moves,
            }
            .text(locale),
            winner: winner == Some(entry.user),
        })
        .collect::<Vec<_>>();
    let (rule, modes) = i18n::challenge_terms(locale, challenge.code);
    let players = rows.len();
    // The message's lines after the title and one per player: winner or tie, head-to-head, par.
    let lines = text.lines().skip(1 + players).map(plain).collect();
    let card = ResultCard {
        title: Message::ChallengeCardTitle.text(locale),
        deal: Message::ChallengeCardDeal {
            rule: &rule,
            modes: &modes,
            code: &challenge.code.to_string(),
        }
        .text(locale),
        rows,
        lines,
    };
    let alt: String = text.lines().map(plain).collect::<Vec<_>>().join(" ");
    (card, alt.chars().take(MAX_ALT_TEXT).collect())
}
