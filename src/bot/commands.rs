//! The `/tripeaks` slash commands: thin poise functions that read their options, call a flow and
//! send its reply. Names, descriptions, options and choices are localised from the Fluent bundles
//! when the command list is built (`all`).

use poise::serenity_prelude as serenity;

use super::deferred::answer;
use super::discord::{Context, Error, player};
use super::flows::Target;
use crate::game::{ModeChoices, Rule, ScoringChoice};
use crate::i18n::{self, Locale};
use crate::stats::{Metric, Period};

/// The King–Ace rule as a command option.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RuleChoice {
    #[name = "easy"]
    Easy,
    #[name = "classic"]
    Classic,
}

impl From<RuleChoice> for Rule {
    fn from(choice: RuleChoice) -> Rule {
        match choice {
            RuleChoice::Easy => Rule::Easy,
            RuleChoice::Classic => Rule::Classic,
        }
    }
}

/// The scoring as a command option (the multiplier is offered as a scoring of its own).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ScoringOption {
    #[name = "standard"]
    Standard,
    #[name = "aisleriot"]
    Aisleriot,
    #[name = "multiplier"]
    Multiplier,
}

impl From<ScoringOption> for ScoringChoice {
    fn from(option: ScoringOption) -> ScoringChoice {
        match option {
            ScoringOption::Standard => ScoringChoice::Standard,
            ScoringOption::Aisleriot => ScoringChoice::Aisleriot,
            ScoringOption::Multiplier => ScoringChoice::Multiplier,
        }
    }
}

fn mode_choices(
    scoring: Option<ScoringOption>,
    progressive: Option<bool>,
    open_peaks: Option<bool>,
    empty_waste: Option<bool>,
) -> ModeChoices {
    ModeChoices {
        scoring: scoring.map(ScoringChoice::from),
        progressive,
        open_peaks,
        empty_waste,
    }
}

/// On or off, for the "help for errors" setting.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Switch {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

/// Which games a board counts.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PeriodChoice {
    #[name = "week"]
    Week,
    #[name = "month"]
    Month,
    #[name = "all"]
    All,
    /// The daily deal's board (today's, or that of the `date` option).
    #[name = "daily"]
    Daily,
}

/// What a board ranks by.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum MetricChoice {
    #[name = "wins"]
    Wins,
    #[name = "best"]
    Best,
    #[name = "streak"]
    Streak,
}

impl From<MetricChoice> for Metric {
    fn from(choice: MetricChoice) -> Metric {
        match choice {
            MetricChoice::Wins => Metric::Wins,
            MetricChoice::Best => Metric::Best,
            MetricChoice::Streak => Metric::Streak,
        }
    }
}

/// How a command defers when its answer is slow: as its answer usually is seen.
const PUBLIC: bool = false;
const EPHEMERAL: bool = true;

fn who(ctx: Context<'_>) -> super::flows::Player {
    player(
        ctx.author(),
        ctx.locale().unwrap_or_default(),
        ctx.guild_id(),
        ctx.channel_id(),
    )
}

/// TriPeaks solitaire.
#[poise::command(
    slash_command,
    subcommands(
        "new",
        "code",
        "play",
        "show",
        "settings",
        "rules",
        "stats",
        "leaderboard",
        "daily",
        "forget_me"
    ),
    subcommand_required,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn tripeaks(ctx: Context<'_>) -> Result<(), Error> {
    // Discord always sends a subcommand; poise runs this only for an interaction without one.
    super::metrics::note(super::metrics::Outcome::Invalid);
    let locale = Locale::negotiate(ctx.locale().unwrap_or_default());
    let apology = super::reply::Reply::ephemeral(i18n::Message::ErrorGeneric.text(locale));
    answer(ctx, EPHEMERAL, async { apology }).await
}

/// Deal a new game.
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)] // one per slash-command option
async fn new(
    ctx: Context<'_>,
    rule: Option<RuleChoice>,
    code: Option<String>,
    winnable: Option<bool>,
    scoring: Option<ScoringOption>,
    progressive: Option<bool>,
    #[rename = "open-peaks"] open_peaks: Option<bool>,
    #[rename = "empty-waste"] empty_waste: Option<bool>,
) -> Result<(), Error> {
    let player = who(ctx);
    let reply = ctx.data().new_game_with_modes(
        &player,
        rule.map(Rule::from),
        code.as_deref(),
        winnable.unwrap_or(false),
        mode_choices(scoring, progressive, open_peaks, empty_waste),
    );
    answer(ctx, PUBLIC, reply).await
}

/// Share the code of your current deal.
#[poise::command(slash_command)]
async fn code(ctx: Context<'_>) -> Result<(), Error> {
    let player = who(ctx);
    answer(ctx, PUBLIC, ctx.data().share_code(&player)).await
}

async fn autocomplete_card(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    // Autocomplete cannot be deferred: a slow store gives no choices rather than none in time.
    let player = who(ctx);
    let choices = ctx.data().card_choices(&player, partial);
    let choices = tokio::time::timeout(super::deadline::DEFER_AFTER, choices)
        .await
        .unwrap_or_default()
        .into_iter()
        .map(|(label, value)| serenity::AutocompleteChoice::new(label, value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Play a card by name, as if you tapped it.
#[poise::command(slash_command)]
async fn play(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete_card"] card: String,
) -> Result<(), Error> {
    let player = who(ctx);
    answer(ctx, PUBLIC, ctx.data().play_card(&player, &card)).await
}

/// Post your current board again.
#[poise::command(slash_command)]
async fn show(ctx: Context<'_>) -> Result<(), Error> {
    let player = who(ctx);
    answer(ctx, PUBLIC, ctx.data().show(&player)).await
}

/// Help for errors, the rule and modes for new games, and whether you show on boards.
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)] // one per slash-command option
async fn settings(
    ctx: Context<'_>,
    errors: Option<Switch>,
    rule: Option<RuleChoice>,
    public: Option<Switch>,
    scoring: Option<ScoringOption>,
    progressive: Option<bool>,
    #[rename = "open-peaks"] open_peaks: Option<bool>,
    #[rename = "empty-waste"] empty_waste: Option<bool>,
) -> Result<(), Error> {
    let on = |s: Switch| matches!(s, Switch::On);
    let player = who(ctx);
    let reply = ctx.data().settings_with_modes(
        &player,
        errors.map(on),
        rule.map(Rule::from),
        public.map(on),
        mode_choices(scoring, progressive, open_peaks, empty_waste),
    );
    answer(ctx, EPHEMERAL, reply).await
}

/// A player's statistics.
#[poise::command(slash_command)]
async fn stats(
    ctx: Context<'_>,
    user: Option<serenity::User>,
    rule: Option<RuleChoice>,
) -> Result<(), Error> {
    let target = user.map(|user| Target {
        user: user.id.get(),
        name: user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone()),
        bot: user.bot,
    });
    let player = who(ctx);
    let reply = ctx.data().stats(&player, target, rule.map(Rule::from));
    answer(ctx, PUBLIC, reply).await
}

/// This server's board; a `date` (or `period:daily`) shows that daily's board.
#[poise::command(slash_command)]
async fn leaderboard(
    ctx: Context<'_>,
    period: Option<PeriodChoice>,
    by: Option<MetricChoice>,
    date: Option<String>,
) -> Result<(), Error> {
    let metric = by.map_or(Metric::Wins, Metric::from);
    let bot = ctx.data();
    let player = who(ctx);
    let reply = async {
        match (period, date) {
            (Some(PeriodChoice::Daily), date) | (_, date @ Some(_)) => {
                bot.daily_leaderboard(&player, date.as_deref()).await
            }
            (Some(PeriodChoice::Month), None) => {
                bot.leaderboard(&player, Period::Month, metric).await
            }
            (Some(PeriodChoice::All), None) => bot.leaderboard(&player, Period::All, metric).await,
            (Some(PeriodChoice::Week) | None, None) => {
                bot.leaderboard(&player, Period::Week, metric).await
            }
        }
    };
    answer(ctx, PUBLIC, reply).await
}

/// Today's deal, the same for everyone.
#[poise::command(slash_command)]
async fn daily(ctx: Context<'_>) -> Result<(), Error> {
    let player = who(ctx);
    answer(ctx, PUBLIC, ctx.data().daily(&player)).await
}

/// Delete everything kept about you, after a confirmation.
#[poise::command(slash_command, rename = "forget-me")]
async fn forget_me(ctx: Context<'_>) -> Result<(), Error> {
    let reply = ctx.data().forget_me(&who(ctx));
    answer(ctx, EPHEMERAL, async { reply }).await
}

/// How to play.
#[poise::command(slash_command)]
async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let reply = super::flows::rules(&who(ctx));
    answer(ctx, EPHEMERAL, async { reply }).await
}

/// Every command, localised.
pub fn all() -> Vec<poise::Command<std::sync::Arc<super::flows::Bot>, Error>> {
    let mut commands = vec![tripeaks()];
    for command in &mut commands {
        localise(command, "tripeaks");
    }
    commands
}

type Localizations = std::borrow::Cow<
    'static,
    [(
        std::borrow::Cow<'static, str>,
        std::borrow::Cow<'static, str>,
    )],
>;

fn localizations(id: &str) -> Localizations {
    i18n::discord_localizations(id)
        .into_iter()
        .map(|(locale, text)| (locale.into(), text.into()))
        .collect::<Vec<_>>()
        .into()
}

/// Sets the English description and every translation of a command, its subcommands, options
/// and choices, from the ids of `i18n::commands` (`cmd-<sub>-…`, `opt-<option>-…`, `choice-<value>`).
fn localise<U, E>(command: &mut poise::Command<U, E>, id: &str) {
    command.name_localizations = localizations(&format!("cmd-{id}-name"));
    command.description = Some(english(&format!("cmd-{id}-description")).into());
    command.description_localizations = localizations(&format!("cmd-{id}-description"));
    for parameter in &mut command.parameters {
        let option = parameter.name.to_string();
        parameter.name_localizations = localizations(&format!("opt-{option}-name"));
        parameter.description = Some(english(&format!("opt-{option}-description")).into());
        parameter.description_localizations = localizations(&format!("opt-{option}-description"));
        for choice in parameter.choices.to_mut() {
            let id = format!("choice-{}", choice.name);
            choice.localizations = localizations(&id);
            choice.name = english(&id).into();
        }
    }
    for sub in &mut command.subcommands {
        let sub_id = sub.name.to_string();
        localise(sub, &sub_id);
    }
}

fn english(id: &str) -> String {
    i18n::text(Locale::EnUs, id, &[])
}
