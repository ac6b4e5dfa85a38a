//! A slash command read straight from Discord's interaction data, for the transport that has no
//! poise: the interactions endpoint (`http/`). Over the gateway, poise reads the options of
//! the declarations in `flows/`; over HTTP there is no gateway `Context` for poise to run them
//! with, so this file reads the same options, by the same names and types, into the same command
//! values (`NewGame`, `ShowStats`, …), which then run through the same `Bot::execute` and
//! `pipeline::answer`. A test holds this reading to poise's declarations: every subcommand and
//! every option `commands::all()` registers is read here, with the type Discord sends for it.
//!
//! As with poise, options that are not declared are ignored, and a declared option of the wrong
//! type (or a choice out of range) makes the whole command [`Unreadable`].

use poise::ChoiceParameter;
use poise::serenity_prelude as serenity;
use thiserror::Error;

use crate::bot::flows::{
    ChallengeCommand, ChangeSettings, ForgetMe, NewGame, PlayCard, PlayDaily, ShareCode, ShowBoard,
    ShowHistory, ShowLeaderboard, ShowRules, ShowStats, Target,
};
use crate::bot::game::bot::{Bot, Player};
use crate::bot::game::options::{
    MetricChoice, PeriodChoice, RuleChoice, ScoringOption, Switch, mode_choices,
};
use crate::bot::game::reply::Reply;
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::game::{ModeChoices, Rule};

/// Why a command could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum Unreadable {
    #[error("not /tripeaks with one subcommand")]
    NoSubcommand,
    #[error("no subcommand named `{0}`")]
    UnknownSubcommand(String),
    #[error("option `{0}` has the wrong type or an unknown choice")]
    BadOption(&'static str),
    #[error("the required option `{0}` is missing")]
    Missing(&'static str),
}

/// One `/tripeaks` subcommand with its options read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invocation {
    New(NewGame),
    Code(ShareCode),
    Play(PlayCard),
    Show(ShowBoard),
    Settings(ChangeSettings),
    Rules(ShowRules),
    Stats(ShowStats),
    History(ShowHistory),
    Leaderboard(ShowLeaderboard),
    Daily(PlayDaily),
    Challenge(ChallengeCommand),
    ForgetMe(ForgetMe),
}

impl Invocation {
    /// Reads `/tripeaks <subcommand> [options]` from a command interaction's data.
    pub fn parse(data: &serenity::CommandData) -> Result<Invocation, Unreadable> {
        if data.name != "tripeaks" {
            return Err(Unreadable::UnknownSubcommand(data.name.clone()));
        }
        let [sub] = data.options.as_slice() else {
            return Err(Unreadable::NoSubcommand);
        };
        let serenity::CommandDataOptionValue::SubCommand(options) = &sub.value else {
            return Err(Unreadable::NoSubcommand);
        };
        let o = Options {
            options,
            resolved: &data.resolved,
        };
        Ok(match sub.name.as_str() {
            "new" => Invocation::New(NewGame {
                rule: o.rule()?,
                code: o.string("code")?,
                winnable: o.boolean("winnable")?.unwrap_or(false),
                modes: o.modes()?,
            }),
            "code" => Invocation::Code(ShareCode),
            "play" => Invocation::Play(PlayCard {
                card: o.string("card")?.ok_or(Unreadable::Missing("card"))?,
            }),
            "show" => Invocation::Show(ShowBoard),
            "settings" => Invocation::Settings(ChangeSettings {
                errors: o.choice::<Switch>("errors")?.map(bool::from),
                rule: o.rule()?,
                public: o.choice::<Switch>("public")?.map(bool::from),
                modes: o.modes()?,
            }),
            "rules" => Invocation::Rules(ShowRules),
            "stats" => Invocation::Stats(ShowStats {
                target: o.user("user")?,
                rule: o.rule()?,
                modes: o.string("modes")?,
            }),
            "history" => Invocation::History(ShowHistory {
                target: o.user("user")?,
            }),
            "leaderboard" => Invocation::Leaderboard(ShowLeaderboard::from_options(
                o.choice::<PeriodChoice>("period")?,
                o.choice::<MetricChoice>("by")?,
                o.string("date")?,
                o.string("modes")?,
            )),
            "daily" => Invocation::Daily(PlayDaily),
            "challenge" => Invocation::Challenge(ChallengeCommand {
                opponent: o.user("opponent")?,
                rule: o.rule()?,
                modes: o.modes()?,
            }),
            "forget-me" => Invocation::ForgetMe(ForgetMe),
            other => return Err(Unreadable::UnknownSubcommand(other.to_owned())),
        })
    }

    /// The subcommand's name, as Discord is sent it.
    pub fn name(&self) -> &'static str {
        match self {
            Invocation::New(_) => "new",
            Invocation::Code(_) => "code",
            Invocation::Play(_) => "play",
            Invocation::Show(_) => "show",
            Invocation::Settings(_) => "settings",
            Invocation::Rules(_) => "rules",
            Invocation::Stats(_) => "stats",
            Invocation::History(_) => "history",
            Invocation::Leaderboard(_) => "leaderboard",
            Invocation::Daily(_) => "daily",
            Invocation::Challenge(_) => "challenge",
            Invocation::ForgetMe(_) => "forget-me",
        }
    }

    /// How its answer is usually seen (the command's `SlashCommand::VISIBILITY`).
    pub fn visibility(&self) -> Visibility {
        fn of<C: SlashCommand>(_: &C) -> Visibility {
            C::VISIBILITY
        }
        match self {
            Invocation::New(c) => of(c),
            Invocation::Code(c) => of(c),
            Invocation::Play(c) => of(c),
            Invocation::Show(c) => of(c),
            Invocation::Settings(c) => of(c),
            Invocation::Rules(c) => of(c),
            Invocation::Stats(c) => of(c),
            Invocation::History(c) => of(c),
            Invocation::Leaderboard(c) => of(c),
            Invocation::Daily(c) => of(c),
            Invocation::Challenge(c) => of(c),
            Invocation::ForgetMe(c) => of(c),
        }
    }

    /// Runs it for `p` as `Bot::execute` runs every command.
    pub async fn run(self, bot: &Bot, p: &Player) -> Reply {
        match self {
            Invocation::New(c) => bot.execute(p, c).await,
            Invocation::Code(c) => bot.execute(p, c).await,
            Invocation::Play(c) => bot.execute(p, c).await,
            Invocation::Show(c) => bot.execute(p, c).await,
            Invocation::Settings(c) => bot.execute(p, c).await,
            Invocation::Rules(c) => bot.execute(p, c).await,
            Invocation::Stats(c) => bot.execute(p, c).await,
            Invocation::History(c) => bot.execute(p, c).await,
            Invocation::Leaderboard(c) => bot.execute(p, c).await,
            Invocation::Daily(c) => bot.execute(p, c).await,
            Invocation::Challenge(c) => bot.execute(p, c).await,
            Invocation::ForgetMe(c) => bot.execute(p, c).await,
        }
    }
}

/// The option being typed in an autocomplete interaction of `/tripeaks <subcommand>`: the
/// subcommand, the option's name and what was typed so far.
pub fn focused(data: &serenity::CommandData) -> Option<(&str, &str, &str)> {
    let [sub] = data.options.as_slice() else {
        return None;
    };
    let serenity::CommandDataOptionValue::SubCommand(options) = &sub.value else {
        return None;
    };
    options.iter().find_map(|option| match &option.value {
        serenity::CommandDataOptionValue::Autocomplete { value, .. } => {
            Some((sub.name.as_str(), option.name.as_str(), value.as_str()))
        }
        _ => None,
    })
}

/// A subcommand's options, with the users Discord resolved.
struct Options<'a> {
    options: &'a [serenity::CommandDataOption],
    resolved: &'a serenity::CommandDataResolved,
}

impl Options<'_> {
    fn value(&self, name: &str) -> Option<&serenity::CommandDataOptionValue> {
        self.options
            .iter()
            .find(|option| option.name == name)
            .map(|option| &option.value)
    }

    fn string(&self, name: &'static str) -> Result<Option<String>, Unreadable> {
        match self.value(name) {
            None => Ok(None),
            Some(serenity::CommandDataOptionValue::String(text)) => Ok(Some(text.clone())),
            Some(_) => Err(Unreadable::BadOption(name)),
        }
    }

    fn boolean(&self, name: &'static str) -> Result<Option<bool>, Unreadable> {
        match self.value(name) {
            None => Ok(None),
            Some(serenity::CommandDataOptionValue::Boolean(value)) => Ok(Some(*value)),
            Some(_) => Err(Unreadable::BadOption(name)),
        }
    }

    /// A choice, sent as its index (as poise registers choices).
    fn choice<C: ChoiceParameter>(&self, name: &'static str) -> Result<Option<C>, Unreadable> {
        match self.value(name) {
            None => Ok(None),
            Some(serenity::CommandDataOptionValue::Integer(index)) => usize::try_from(*index)
                .ok()
                .and_then(C::from_index)
                .map(Some)
                .ok_or(Unreadable::BadOption(name)),
            Some(_) => Err(Unreadable::BadOption(name)),
        }
    }

    /// A user option, as Discord resolved the user.
    fn user(&self, name: &'static str) -> Result<Option<Target>, Unreadable> {
        match self.value(name) {
            None => Ok(None),
            Some(serenity::CommandDataOptionValue::User(id)) => self
                .resolved
                .users
                .get(id)
                .map(|user| Some(Target::of_user(user)))
                .ok_or(Unreadable::BadOption(name)),
            Some(_) => Err(Unreadable::BadOption(name)),
        }
    }

    fn rule(&self) -> Result<Option<Rule>, Unreadable> {
        Ok(self.choice::<RuleChoice>("rule")?.map(Rule::from))
    }

    /// The six mode options of `new`, `settings` and `challenge`.
    fn modes(&self) -> Result<ModeChoices, Unreadable> {
        Ok(mode_choices(
            self.choice::<ScoringOption>("scoring")?,
            self.boolean("progressive")?,
            self.boolean("open-peaks")?,
            self.boolean("empty-waste")?,
            self.boolean("wild-card")?,
            self.boolean("traditional-draw")?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    /// Command data as Discord sends it for `/tripeaks <sub>` with these options.
    fn data(sub: &str, options: Value) -> serenity::CommandData {
        data_with(sub, options, json!({}))
    }

    fn data_with(sub: &str, options: Value, resolved: Value) -> serenity::CommandData {
        serde_json::from_value(json!({
            "id": "1", "name": "tripeaks", "type": 1,
            "options": [{ "name": sub, "type": 1, "options": options }],
            "resolved": resolved,
        }))
        .unwrap()
    }

    /// The value Discord sends for an option of this type (a choice's last index: the first is
    /// some options' default).
    fn sample(kind: serenity::CommandOptionType, choices: usize) -> Value {
        match kind {
            _ if choices > 0 => json!(choices - 1),
            serenity::CommandOptionType::String => json!("x"),
            serenity::CommandOptionType::Boolean => json!(true),
            serenity::CommandOptionType::User => json!("42"),
            other => panic!("an option type this test does not know: {other:?}"),
        }
    }

    /// Every subcommand poise registers is read here, with every option it declares: given
    /// with the type Discord sends, each option changes the value read; given with another
    /// type, the command is refused (as poise refuses it).
    #[test]
    fn every_registered_subcommand_and_option_is_read() {
        let users = json!({ "users": { "42": { "id": "42", "username": "ben",
            "discriminator": "0", "global_name": "Ben", "avatar": null } } });
        let commands = crate::bot::answer::registration::all();
        let subcommands = &commands[0].subcommands;
        assert_eq!(subcommands.len(), 12);
        for sub in subcommands {
            let bare = Invocation::parse(&data(&sub.name, json!([])));
            let required = sub.parameters.iter().any(|parameter| parameter.required);
            match required {
                true => assert!(bare.is_err(), "{}", sub.name),
                false => assert_eq!(bare.as_ref().unwrap().name(), sub.name),
            }
            for parameter in &sub.parameters {
                let kind = parameter.type_setter.map(|set| {
                    let option = set(serenity::CreateCommandOption::new(
                        serenity::CommandOptionType::String,
                        "n",
                        "d",
                    ));
                    serde_json::to_value(option).unwrap()["type"].clone()
                });
                let kind = serde_json::from_value::<serenity::CommandOptionType>(
                    kind.expect("every option has a type"),
                )
                .unwrap();
                let value = sample(kind, parameter.choices.len());
                let mut options =
                    vec![json!({ "name": parameter.name, "type": u8::from(kind), "value": value })];
                // Required options of the same subcommand, so only this one differs.
                for other in sub
                    .parameters
                    .iter()
                    .filter(|p| p.required && p.name != parameter.name)
                {
                    options.push(json!({ "name": other.name, "type": 3, "value": "x" }));
                }
                let read = Invocation::parse(&data_with(&sub.name, json!(options), users.clone()))
                    .unwrap_or_else(|e| panic!("{} {}: {e}", sub.name, parameter.name));
                if !parameter.required {
                    assert_ne!(
                        Ok(read.clone()),
                        bare,
                        "/tripeaks {} {} is not read",
                        sub.name,
                        parameter.name
                    );
                }
                let wrong_type = match kind {
                    serenity::CommandOptionType::Boolean => json!("yes"),
                    _ => json!(true),
                };
                let wrong_kind = match kind {
                    serenity::CommandOptionType::Boolean => 3u8,
                    _ => 5u8,
                };
                let mut wrong = options.clone();
                wrong[0] =
                    json!({ "name": parameter.name, "type": wrong_kind, "value": wrong_type });
                assert!(
                    Invocation::parse(&data_with(&sub.name, json!(wrong), users.clone())).is_err(),
                    "/tripeaks {} {} of the wrong type is read",
                    sub.name,
                    parameter.name
                );
            }
        }
    }

    #[test]
    fn options_are_read_into_the_commands_values() {
        let read = Invocation::parse(&data(
            "new",
            json!([
                { "name": "rule", "type": 4, "value": 1 },
                { "name": "code", "type": 3, "value": "TP1-E-0000001" },
                { "name": "wild-card", "type": 5, "value": true },
                { "name": "not-an-option", "type": 3, "value": "ignored" },
            ]),
        ))
        .unwrap();
        let Invocation::New(new) = read else {
            panic!("{read:?}")
        };
        assert_eq!(new.rule, Some(Rule::Classic));
        assert_eq!(new.code.as_deref(), Some("TP1-E-0000001"));
        assert_eq!(new.modes.wild_card, Some(true));
        assert!(!new.winnable);
        assert_eq!(
            Invocation::parse(&data(
                "new",
                json!([{ "name": "rule", "type": 4, "value": 7 }])
            )),
            Err(Unreadable::BadOption("rule"))
        );
        assert_eq!(
            Invocation::parse(&data("nope", json!([]))),
            Err(Unreadable::UnknownSubcommand("nope".into()))
        );
        assert_eq!(
            Invocation::parse(&data(
                "leaderboard",
                json!([{ "name": "date", "type": 3, "value": "2026-12-01" }])
            )),
            Ok(Invocation::Leaderboard(ShowLeaderboard::Daily {
                date: Some("2026-12-01".into())
            }))
        );
    }
}
