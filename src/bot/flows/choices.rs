//! What a player asked for, read from a command's options where several families ask it: the
//! deal a new game or a challenge gets (a code, else a random deal of their rule and modes,
//! winnable if asked), and the mode set a statistics or leaderboard option names. Each family
//! imports these by name; none calls another family's methods for them.

use tracing::info;

use crate::bot::game::advice::random_deal;
use crate::bot::game::bot::{Bot, Player, escape_markdown, escape_markdown_within, private};
use crate::bot::game::budget::Work;
use crate::bot::game::options::modes_option;
use crate::bot::game::reply::Reply;
use crate::game::{DealCode, ModeChoices, Modes, Rule};
use crate::i18n::{self, Message};
use crate::store::{StoreError, UserId};

/// The deal a new game gets: the code given (with its modes), else a random one (winnable
/// if asked) with the player's default rule and modes; `rule` and the mode options given
/// override. A code that does not parse, modes that do not go together, or a winnable search
/// the player's budget has no room for (`budget.rs`, checked before the search) are an `Err`
/// reply.
pub async fn pick_deal(
    bot: &Bot,
    p: &Player,
    rule: Option<Rule>,
    code: Option<&str>,
    winnable: bool,
    choices: ModeChoices,
) -> Result<Result<DealCode, Reply>, StoreError> {
    let given = match code.map(str::trim).filter(|c| !c.is_empty()) {
        Some(text) => match text.parse::<DealCode>() {
            Ok(code) => Some(code),
            Err(error) => {
                // A player's typo, not the operator's concern: one short line, whatever
                // was pasted (an option takes up to 6,000 characters).
                let shown: String = text.chars().take(40).collect();
                let chars = text.chars().count();
                info!(user = p.user, input = ?shown, chars, "invalid deal code: {error:?}");
                let input = escape_markdown(text);
                return Ok(Err(Reply::ephemeral(i18n::code_invalid(
                    p.locale, &error, &input,
                ))));
            }
        },
        None => None,
    };
    let settings = match given {
        Some(_) => None,
        None => Some(bot.store.settings(p.id()).await?),
    };
    let base = match (given, settings) {
        (Some(code), _) => code.modes,
        (None, settings) => settings.unwrap_or_default().default_modes,
    };
    let Ok(modes) = choices.apply(base) else {
        return Ok(Err(Reply::ephemeral(
            Message::ModesProgressiveNeedsAisleriot.text(p.locale),
        )));
    };
    let mut code = match given {
        Some(code) => code,
        None => {
            let default_rule = settings.unwrap_or_default().default_rule;
            let rule = rule.unwrap_or(default_rule);
            match winnable {
                true => match winnable_deal(bot, p, rule, modes).await {
                    Ok(code) => code,
                    Err(refusal) => return Ok(Err(refusal)),
                },
                false => DealCode::new(random_deal(rule, modes, false).await, rule),
            }
        }
    };
    code.modes = modes;
    if let Some(rule) = rule {
        code.rule = rule;
    }
    Ok(Ok(code))
}

/// The rule and modes a random deal gets: the player's default ones, with the rule and the mode
/// options given over them; modes that do not go together are an `Err` reply.
pub async fn random_terms(
    bot: &Bot,
    p: &Player,
    rule: Option<Rule>,
    choices: ModeChoices,
) -> Result<Result<(Rule, Modes), Reply>, StoreError> {
    let settings = bot.store.settings(p.id()).await?;
    let Ok(modes) = choices.apply(settings.default_modes) else {
        return Ok(Err(Reply::ephemeral(
            Message::ModesProgressiveNeedsAisleriot.text(p.locale),
        )));
    };
    Ok(Ok((rule.unwrap_or(settings.default_rule), modes)))
}

/// A deal the solver can win under `rule` and `modes` (up to 40 solves), if the player's budget
/// has room for the search (`budget.rs`, checked before it); otherwise the reply that says when.
pub async fn winnable_deal(
    bot: &Bot,
    p: &Player,
    rule: Rule,
    modes: Modes,
) -> Result<DealCode, Reply> {
    let _permit = bot.spend(p, Work::Search).await?;
    Ok(DealCode::new(random_deal(rule, modes, true).await, rule).with_modes(modes))
}

/// The mode set a `modes` option names, or `settings_of`'s default modes when it is left
/// out; a value that is no mode set is answered with a private line (the `Err`).
pub async fn modes_asked(
    bot: &Bot,
    p: &Player,
    typed: Option<&str>,
    settings_of: UserId,
) -> Result<Result<Modes, Reply>, StoreError> {
    match typed {
        None => Ok(Ok(bot.store.settings(settings_of).await?.default_modes)),
        Some(text) => Ok(modes_option(text).map_err(|_| {
            let input = escape_markdown_within(text, 40);
            private(p.locale, Message::ModesOptionInvalid { input: &input })
        })),
    }
}
