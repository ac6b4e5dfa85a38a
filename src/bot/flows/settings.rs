//! `/tripeaks settings [errors] [rule] [public] [scoring] [progressive] [open-peaks]
//! [empty-waste]`: changes what is given and shows all settings.

use super::{Bot, Player};
use crate::bot::reply::Reply;
use crate::game::{ModeChoices, Rule};
use crate::i18n::{self, Message};
use crate::store::StoreError;

impl Bot {
    /// Changes the settings given and answers, for the player only, what changed and what the
    /// settings are now.
    pub async fn settings(
        &self,
        p: &Player,
        errors: Option<bool>,
        rule: Option<Rule>,
        public: Option<bool>,
    ) -> Reply {
        self.settings_with_modes(p, errors, rule, public, ModeChoices::default())
            .await
    }

    /// `settings` with the mode options: they change the modes of the player's new games.
    pub async fn settings_with_modes(
        &self,
        p: &Player,
        errors: Option<bool>,
        rule: Option<Rule>,
        public: Option<bool>,
        modes: ModeChoices,
    ) -> Reply {
        let result = self.try_settings(p, errors, rule, public, modes).await;
        self.or_apology(p, result)
    }

    async fn try_settings(
        &self,
        p: &Player,
        errors: Option<bool>,
        rule: Option<Rule>,
        public: Option<bool>,
        choices: ModeChoices,
    ) -> Result<Reply, StoreError> {
        let modes = if choices.is_empty() {
            None
        } else {
            let current = self.store.settings(p.id()).await?.default_modes;
            match choices.apply(current) {
                Ok(modes) => Some(modes),
                Err(_) => {
                    return Ok(Reply::ephemeral(
                        Message::ModesProgressiveNeedsAisleriot.text(p.locale),
                    ));
                }
            }
        };
        let mut settings = self
            .store
            .update_settings(p.id(), errors, rule, modes)
            .await?;
        if let Some(public) = public {
            settings = self.store.set_public(p.id(), public).await?;
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
