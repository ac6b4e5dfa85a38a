//! `/tripeaks settings [errors] [rule] [public]`: changes what is given and shows all settings.

use super::{Bot, Player};
use crate::bot::reply::Reply;
use crate::game::Rule;
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
        let result = self.try_settings(p, errors, rule, public).await;
        self.or_apology(p, result)
    }

    async fn try_settings(
        &self,
        p: &Player,
        errors: Option<bool>,
        rule: Option<Rule>,
        public: Option<bool>,
    ) -> Result<Reply, StoreError> {
        let mut settings = self.store.update_settings(p.id(), errors, rule).await?;
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
        Ok(Reply::ephemeral(lines.join("\n")))
    }
}
