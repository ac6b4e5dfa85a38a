//! Results of one deal shared by several players: the spoiler-free share line, the daily's
//! leaderboard (`/tripeaks leaderboard period:daily [date]`, or a button), a shared code's
//! leaderboard, and what the end of a game says and offers about them.
//!
//! Order: won before not won, then higher score, fewer moves, fewer hints, earlier finish.

use crate::bot::game::bot::{
    Answer, Bot, Player, escape_markdown, escape_markdown_within, private,
};
use crate::bot::game::composer::game_at;
use crate::bot::game::custom_id::PlayerTurn;
use crate::bot::game::kinds::{self, Shared, deal_secret, secret_reason, share_par};
use crate::bot::game::reply::{Delivery, Reply};
use crate::game::parse_date;
use crate::game::{DailyNumber, DealCode, Game};
use crate::i18n::{self, Message};
use crate::store::{CurrentGame, ResultEntry, Results};

/// How many places a deal's leaderboard lists.
const TOP: u32 = 10;

/// `/tripeaks leaderboard period:daily [date]`: the daily's leaderboard in this server,
/// today's or that of `date` (YYYY-MM-DD; never a day still to come). A free function:
/// `leaderboard.rs` imports it by name.
pub(super) async fn daily_leaderboard(bot: &Bot, p: &Player, date: Option<&str>) -> Answer {
    let today = DailyNumber::of_unix_millis(bot.now());
    let daily = match date.map(str::trim).filter(|d| !d.is_empty()) {
        None => today.ok_or_else(|| crate::game::FIRST_DAILY_DATE.to_string()),
        Some(text) => match parse_date(text) {
            Err(_) => {
                let input = escape_markdown(text);
                return Ok(private(
                    p.locale,
                    Message::DailyDateInvalid { input: &input },
                ));
            }
            Ok(date) => match DailyNumber::of_date(date) {
                Err(_) => {
                    let date = date.to_string();
                    return Ok(private(p.locale, Message::DailyDateEarly { date: &date }));
                }
                Ok(n) if today.is_none_or(|today| n > today) => Err(date.to_string()),
                Ok(n) => Ok(n),
            },
        },
    };
    let daily = match daily {
        Ok(daily) => daily,
        Err(date) => return Ok(private(p.locale, Message::DailyDateFuture { date: &date })),
    };
    results_reply(bot, p, Results::Daily(daily), Delivery::NewMessage).await
}

/// "Daily board" or "Deal board" pressed: the leaderboard, for the presser only.
pub(super) async fn leaderboard_pressed(bot: &Bot, p: &Player, results: Results) -> Answer {
    results_reply(bot, p, results, Delivery::Ephemeral).await
}

async fn results_reply(bot: &Bot, p: &Player, results: Results, delivery: Delivery) -> Answer {
    let title = match results {
        Results::Daily(n) => Message::DailyBoardTitle {
            number: n.get(),
            date: &n.date().to_string(),
        }
        .text(p.locale),
        Results::Deal(code) => Message::DealBoardTitle {
            code: &code.to_string(),
        }
        .text(p.locale),
    };
    let Some(guild) = p.guild else {
        // Boards are per server; in DMs, only the player's own daily result.
        let mut lines = vec![Message::DailyBoardDm.text(p.locale)];
        if let Results::Daily(n) = results
            && let Some(game_id) = bot.store.daily_attempt(p.id(), n).await?
        {
            let own = bot.store.finished_game(p.id(), game_id).await?;
            lines.extend(own.map(|g| {
                let entry = ResultEntry {
                    user: p.user,
                    public: true,
                    name: Some(p.name.clone()),
                    outcome: g.outcome,
                    score: g.score,
                    moves: g.moves,
                    hints: g.hints_used.unwrap_or(0),
                    finished_at: 0,
                };
                result_line(p, 1, &entry)
            }));
        }
        return Ok(Reply::ephemeral(lines.join("\n")));
    };
    bot.remember_name(p).await;
    let board = bot
        .store
        .results_leaderboard(results, guild, p.id(), TOP)
        .await?;
    if board.total == 0 {
        let empty = match results {
            Results::Daily(n) => Message::DailyBoardEmpty {
                number: n.get(),
                command: "/tripeaks daily",
            },
            Results::Deal(_) => Message::DealBoardEmpty,
        };
        return Ok(private(p.locale, empty));
    }
    let mut lines = vec![title];
    let code_of = move || match results {
        Results::Daily(n) => crate::game::daily_code(n),
        Results::Deal(code) => code,
    };
    if let Some(par) = crate::bot::game::advice::deal_par(code_of).await {
        lines.push(Message::ParOfDeal { par }.text(p.locale));
    }
    lines.extend(board.top.iter().map(|(place, r)| result_line(p, *place, r)));
    if let Some((place, r)) = &board.viewer {
        lines.push(Message::BoardYourPlace.text(p.locale));
        lines.push(result_line(p, *place, r));
    }
    lines.push(
        Message::BoardPlayers {
            count: board.total as usize,
        }
        .text(p.locale),
    );
    Ok(Reply {
        delivery,
        text: lines.join("\n"),
        picture: None,
        rows: Vec::new(),
        follow_up: None,
        announces: None,
        opens: None,
        posts_due: None,
    })
}

/// "Share result": the spoiler-free line, posted to the channel once. Only from the board
/// of the finished game as it stands; an old board is brought up to date instead.
pub(super) async fn share_result_pressed(bot: &Bot, p: &Player, for_turn: PlayerTurn) -> Answer {
    let current = match game_at(bot, p, for_turn).await? {
        Ok(current) => current,
        Err(instead) => return Ok(instead),
    };
    if deal_secret(bot, current.kind).await? {
        return Ok(Reply::ephemeral(secret_reason(current.kind, p.locale)));
    }
    if !bot.store.mark_shared(p.id(), current.game_id).await? {
        // Posted already (a double tap): the line is in the channel once.
        return Ok(Reply::acknowledge());
    }
    // A kind's line may carry its deal's par: a number gives nothing of the deal away.
    let par = share_par(current.kind, &current.game).await;
    Ok(Reply {
        delivery: Delivery::NewMessage,
        text: share_line(p, &current, par),
        picture: None,
        rows: Vec::new(),
        follow_up: None,
        announces: None,
        opens: None,
        posts_due: None,
    })
}

/// One place on a deal's leaderboard.
fn result_line(p: &Player, place: u32, r: &ResultEntry) -> String {
    let name = match (&r.name, r.public) {
        (_, false) => Message::BoardHiddenPlayer.text(p.locale),
        (Some(name), true) => escape_markdown_within(name, 32),
        (None, true) => Message::BoardUnknownPlayer.text(p.locale),
    };
    let name = if r.user == p.user {
        Message::BoardYou { name: &name }.text(p.locale)
    } else {
        name
    };
    Message::DealBoardLine {
        rank: place,
        name: &name,
        outcome: &i18n::outcome_word(p.locale, r.outcome),
        score: r.score,
        moves: r.moves,
        hints: r.hints,
    }
    .text(p.locale)
}

/// The result line of a finished game: title, cards removed, score, one mark per peak, hints,
/// the daily's `par` if given (and how far below it); a game with modes names them after it.
/// Nothing in it shows a card.
pub(super) fn share_line(p: &Player, current: &CurrentGame, par: Option<u32>) -> String {
    let game: &Game = &current.game;
    let removed = game.removed();
    let marks: String = game
        .emptied_peak_flags()
        .iter()
        .map(|&emptied| if emptied { "🟩" } else { "⬛" })
        .collect();
    let name = escape_markdown_within(&p.name, 32);
    let (removed, score, hints) = (removed.count_ones(), game.score(), game.hints_used());
    let code = game
        .code()
        .map_or_else(|| "—".to_string(), |c: DealCode| c.to_string());
    let shared = Shared {
        name: &name,
        code: &code,
        removed,
        score,
        marks: &marks,
        hints,
    };
    let line = kinds::share_line(current.kind, p.locale, &shared);
    let line = match par {
        Some(par) => {
            let behind = par.saturating_sub(score);
            format!(
                "{line} · {}",
                Message::SharePar { par, behind }.text(p.locale)
            )
        }
        None => line,
    };
    match i18n::modes_sentence(p.locale, game.modes()) {
        Some(modes) => format!("{line} {modes}"),
        None => line,
    }
}
