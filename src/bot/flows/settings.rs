//! `/tripeaks settings [errors] [rule] [public] [scoring] [progressive] [open-peaks]
//! [empty-waste] [wild-card] [traditional-draw]`: changes what is given and shows all settings.

use crate::bot::game::bot::{Answer, Bot, Player};
use crate::bot::game::declaration::{Opt, OptionDecl, Options, Unreadable};
use crate::bot::game::options::{RULE, Switch, read_modes, read_rule, with_mode_options};
use crate::bot::game::reply::Reply;
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::game::{ModeChoices, Rule};
use crate::i18n::{self, Message};

/// Help for errors: a refused tap is explained.
const ERRORS: Opt<Switch> = Opt::choice("errors");
/// Whether the player shows on leaderboards and others may see their statistics.
const PUBLIC: Opt<Switch> = Opt::choice("public");

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
    const NAME: &'static str = "settings";
    const VISIBILITY: Visibility = Visibility::Ephemeral;

    fn options() -> Vec<OptionDecl> {
        with_mode_options([ERRORS.declared(), RULE.declared(), PUBLIC.declared()])
    }

    fn parse(o: &Options) -> Result<ChangeSettings, Unreadable> {
        Ok(ChangeSettings {
            errors: o.get(&ERRORS)?.map(bool::from),
            rule: read_rule(o)?,
            public: o.get(&PUBLIC)?.map(bool::from),
            modes: read_modes(o)?,
        })
    }

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
