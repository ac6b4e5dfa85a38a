//! The daily deal: `/tripeaks daily` (today's deal, the same for everyone; the first finished
//! attempt of the day is scored) and its confirmation over a game in progress. What a daily's
//! game does differently (its end, its share line, its replay) is `kinds/daily.rs`'s.
//!
//! The day is the UTC date when the game is started (`Bot`'s clock, injected in tests): a daily
//! started at 23:59:59 and finished after midnight counts for the day it was started.

use tracing::error;

use crate::bot::game::bot::{Answer, Bot, Player, private};
use crate::bot::game::composer::{board, current_board, game_at};
use crate::bot::game::custom_id::{ButtonAction, PlayerTurn};
use crate::bot::game::declaration::{Options, Unreadable};
use crate::bot::game::reply::{Button, ButtonStyle, Delivery, Reply};
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::bot::ops::metrics::{self, Handled};
use crate::game::{DailyNumber, Game, Status};
use crate::game::{FIRST_DAILY_DATE, daily_code, millis_until_next_daily};
use crate::i18n::{self, Message};
use crate::store::{CurrentGame, GameKind, GameTurn, Over};

/// `/tripeaks daily`: today's deal; over a game in progress, first a confirmation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayDaily;

impl SlashCommand for PlayDaily {
    const NAME: &'static str = "daily";
    const VISIBILITY: Visibility = Visibility::Public;

    fn parse(_: &Options) -> Result<PlayDaily, Unreadable> {
        Ok(PlayDaily)
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        daily_today(bot, p).await
    }
}

/// "Start the daily" pressed on the confirmation: only over the game and turn it was asked
/// over (else the current board, unchanged), and only while that daily is still today's
/// (else the question is asked again, for today's).
pub(super) async fn start_daily_pressed(
    bot: &Bot,
    p: &Player,
    for_turn: PlayerTurn,
    daily: DailyNumber,
) -> Answer {
    if DailyNumber::of_unix_millis(bot.now()) != Some(daily) {
        return daily_today(bot, p).await;
    }
    if let Err(instead) = game_at(bot, p, for_turn).await? {
        return Ok(instead);
    }
    start_daily_game(bot, p, daily, Some(for_turn.at)).await
}

async fn daily_today(bot: &Bot, p: &Player) -> Answer {
    let now = bot.now();
    let Some(today) = DailyNumber::of_unix_millis(now) else {
        let date = FIRST_DAILY_DATE.to_string();
        return Ok(private(p.locale, Message::DailyDateFuture { date: &date }));
    };
    let current = bot.store.current_game(p.id()).await?;
    if let Some(current) = &current
        && current.game.status() == Status::Playing
    {
        if current.kind == GameKind::Daily(today) {
            // Already playing today's daily: show it rather than deal it again.
            let note = started_note(p, today, now);
            let reply = board(bot, p, current, Some(note), Delivery::NewMessage).await;
            return Ok(reply);
        }
        if current.game.moves() > 0 {
            return Ok(confirm_daily(p, today, current));
        }
    }
    // Only over the game read here (a game without moves, or none): a tap landing
    // meanwhile keeps its game, and the player sees it instead.
    let seen = current.as_ref().map(CurrentGame::at);
    start_daily_game(bot, p, today, seen).await
}

/// Deals daily `today` to the player, only over the game and turn `replaces` (`None`: only
/// where the player has no game); else the board as it stands.
async fn start_daily_game(
    bot: &Bot,
    p: &Player,
    today: DailyNumber,
    replaces: Option<GameTurn>,
) -> Answer {
    let now = bot.now();
    let Ok(code) = tokio::task::spawn_blocking(move || daily_code(today)).await else {
        error!(
            user = p.user,
            "the solver failed while picking the daily deal"
        );
        return Ok(private(p.locale, Message::ErrorGeneric));
    };
    bot.remember_name(p).await;
    let practice = bot.store.daily_attempt(p.id(), today).await?.is_some();
    let game = Game::from_code(code);
    let started = bot
        .store
        .start(
            p.id(),
            game,
            p.guild,
            GameKind::Daily(today),
            Over::Exactly(replaces),
        )
        .await?;
    let Some(started) = started else {
        return current_board(bot, p).await;
    };
    metrics::game_started();
    metrics::note(Handled::Applied);
    let mut note = started_note(p, today, now);
    if practice {
        note = format!(
            "{note}\n{}",
            Message::DailyPractice {
                number: today.get()
            }
            .text(p.locale)
        );
    }
    // A challenge board this game replaced may have been the last one out: its result
    // follows every answer (`Bot::with_posts_due`).
    Ok(board(bot, p, &started, Some(note), Delivery::NewMessage).await)
}

/// "TriPeaks daily #n (date): the same deal for everyone… in 14 hours."
fn started_note(p: &Player, today: DailyNumber, now: i64) -> String {
    Message::DailyStarted {
        number: today.get(),
        date: &today.date().to_string(),
        when: &i18n::duration(p.locale, millis_until_next_daily(now)),
    }
    .text(p.locale)
}

/// The question before the daily replaces a game in progress, with the button that confirms.
fn confirm_daily(p: &Player, today: DailyNumber, current: &CurrentGame) -> Reply {
    let mut reply = private(
        p.locale,
        Message::DailyConfirm {
            moves: current.game.moves(),
            number: today.get(),
        },
    );
    reply.rows = vec![vec![Button {
        action: ButtonAction::StartDaily(PlayerTurn::of(current), today),
        label: Message::ButtonDailyStart.text(p.locale),
        style: ButtonStyle::Primary,
        disabled: false,
    }]];
    reply
}
