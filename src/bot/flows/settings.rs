//! `/tripeaks settings [errors] [rule] [public] [scoring] [progressive] [open-peaks]
//! [empty-waste] [wild-card] [traditional-draw]`: changes what is given and shows all settings.

use crate::bot::answer::slash::answer;
use crate::bot::answer::wire::{Context, Error};
use crate::bot::game::bot::{Answer, Bot, Player};
use crate::bot::game::options::{RuleChoice, ScoringOption, Switch, mode_choices};
use crate::bot::game::reply::Reply;
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::game::{ModeChoices, Rule};
use crate::i18n::{self, Message};

/// Help for errors, the rule and modes for new games, and whether you show on leaderboards.
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)] // one per slash-command option
pub(super) async fn settings(
    ctx: Context<'_>,
    errors: Option<Switch>,
    rule: Option<RuleChoice>,
    public: Option<Switch>,
    scoring: Option<ScoringOption>,
    progressive: Option<bool>,
    #[rename = "open-peaks"] open_peaks: Option<bool>,
    #[rename = "empty-waste"] empty_waste: Option<bool>,
    #[rename = "wild-card"] wild_card: Option<bool>,
    #[rename = "traditional-draw"] traditional_draw: Option<bool>,
) -> Result<(), Error> {
    let command = ChangeSettings {
        errors: errors.map(bool::from),
        rule: rule.map(Rule::from),
        public: public.map(bool::from),
        modes: mode_choices(
            scoring,
            progressive,
            open_peaks,
            empty_waste,
            wild_card,
            traditional_draw,
        ),
    };
    answer(ctx, command).await
}

/// `/tripeaks settings` with its options read: each one given is changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangeSettings {
    /// Help for errors: a refused tap is explained.
    pub errors: Option<bool>,
    /// The rule of new random games.
    pub rule: Option<Rule>,
    /// Whether the player shows on leaderboards and others may see their statistics.
    pub public: Option<bool>,
    /// The modes of new random games.
    pub modes: ModeChoices,
}

impl SlashCommand for ChangeSettings {
    const VISIBILITY: Visibility = Visibility::Ephemeral;

    /// Changes the settings given and answers, for the player only, what changed and what the
    /// settings are now.
    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        let ChangeSettings {
            errors,
            rule,
            public,
            modes: choices,
        } = self;
        let modes = if choices.is_empty() {
            None
        } else {
            let current = bot.store.settings(p.id()).await?.default_modes;
            match choices.apply(current) {
                Ok(modes) => Some(modes),
                Err(_) => {
                    return Ok(Reply::ephemeral(
                        Message::ModesProgressiveNeedsAisleriot.text(p.locale),
                    ));
                }
            }
        };
        let mut settings = bot
            .store
            .update_settings(p.id(), errors, rule, modes)
            .await?;
        if let Some(public) = public {
            settings = bot.store.set_public(p.id(), public).await?;
        }
        let mut lines = Vec::new();
        if let Some(on) = errors {
            lines.push(i18n::settings_errors(p.locale, on));
        }
        if let Some(rule) = rule {
            lines.push(i18n::settings_rule(p.locale, rule));
        }
        if let Some(modes) = modes {
            lines.push(
                Message::SettingsModes {
                    modes: &i18n::mode_names(p.locale, modes),
                }
                .text(p.locale),
            );
        }
        if let Some(public) = public {
            let message = if public {
                Message::SettingsPublicOn
            } else {
                Message::SettingsPublicOff
            };
            lines.push(message.text(p.locale));
        }
        lines.push(i18n::settings_current(
            p.locale,
            settings.help_for_errors,
            settings.default_rule,
            settings.public,
        ));
        lines.push(
            Message::SettingsCurrentModes {
                modes: &i18n::mode_names(p.locale, settings.default_modes),
            }
            .text(p.locale),
        );
        Ok(Reply::ephemeral(lines.join("\n")))
    }
}
