//! How a slash command declares its options, once, and how its parse reads them: each option is
//! a typed constant (`const CODE: Opt<String> = Opt::string("code")`, `Opt<RuleChoice>` for a
//! choice, `Required<String>` for one Discord always sends), and a command's own parse reads the
//! options Discord sent ([`Options`]) only through those constants, as mini-redis's
//! `Command::from_frame` reads a frame and ripgrep's `flags/defs.rs` declares each flag once.
//!
//! The same constants are what Discord is told: `answer/registration.rs` builds poise's command
//! tree (names, types, choices, required, autocomplete) from each command's list of them, and
//! both transports parse through them (`answer/invocation.rs`). A command's value is never
//! built from anything else, so there is no second list to keep in step.
//!
//! What Discord sent is read into [`CommandData`], a plain form with no serenity type: the
//! gateway's and the HTTP endpoint's parses both produce it (`answer/interaction.rs`).

use std::borrow::Cow;
use std::collections::HashMap;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;

use poise::serenity_prelude::{CommandOptionType, CreateCommandOption};
use poise::{ChoiceParameter, CommandParameterChoice};
use thiserror::Error;

use crate::bot::game::bot::{Bot, Player};

/// Why a command could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum Unreadable {
    #[error("no command named `{0}`")]
    UnknownCommand(String),
    #[error("not a command of the bot with one subcommand")]
    NoSubcommand,
    #[error("no subcommand named `{0}`")]
    UnknownSubcommand(String),
    #[error("option `{0}` has the wrong type or an unknown choice")]
    BadOption(&'static str),
    #[error("the required option `{0}` is missing")]
    Missing(&'static str),
    #[error("no option of this command is completed as it is typed (`{0}`)")]
    NothingToComplete(String),
}

/// The user named in a user option (`/tripeaks stats user:`), as Discord resolved them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub user: u64,
    /// Their name for all of Discord (display name, else user name).
    pub name: String,
    pub bot: bool,
}

/// A slash command as Discord sent it: its name, its options and the users they name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommandData {
    pub name: String,
    pub options: Vec<OptionData>,
    /// The users that user options name, by id (Discord's `resolved.users`).
    pub users: HashMap<u64, Target>,
    /// What the bot may do in the interaction's channel (Discord's `app_permissions` bits).
    pub app_permissions: Option<u64>,
    /// The server's preferred language, in a server (Discord's `guild_locale`).
    pub guild_locale: Option<String>,
}

/// One option as Discord sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionData {
    pub name: String,
    pub value: OptionValue,
}

/// An option's value, by the type Discord says it has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionValue {
    String(String),
    /// An integer; a choice is sent as its index.
    Integer(i64),
    Boolean(bool),
    /// A user's id (the user is among [`CommandData::users`]).
    User(u64),
    /// A channel's id.
    Channel(u64),
    /// A subcommand, with its own options.
    SubCommand(Vec<OptionData>),
    /// The option being typed, in an autocomplete interaction: what was typed so far.
    Focused(String),
    /// A type this bot declares no option of, or a value that does not match its type.
    Other,
}

/// The type of a declared option, as Discord is told it.
#[derive(Debug, Clone, Copy)]
pub enum OptionType {
    String,
    Boolean,
    User,
    /// A whole number within `min..=max`; `setter` tells Discord the type and the bounds (a
    /// plain function, as poise registers every option's type).
    Integer {
        min: i64,
        max: i64,
        setter: fn(CreateCommandOption) -> CreateCommandOption,
    },
    /// A text channel of the server.
    Channel,
    /// One of a fixed list, sent as its index (as poise registers a `ChoiceParameter`).
    Choice(fn() -> Cow<'static, [CommandParameterChoice]>),
}

/// The future a completer gives.
pub type Completions<'a> = Pin<Box<dyn Future<Output = Vec<(String, String)>> + Send + 'a>>;

/// What suggests values for an option as it is typed: (shown, value) pairs for the player.
pub type Completer = for<'a> fn(&'a Bot, &'a Player, &'a str) -> Completions<'a>;

/// One option as a command's list declares it, whatever its type.
#[derive(Debug, Clone, Copy)]
pub struct OptionDecl {
    /// The English name Discord is sent (texts `opt-<name>-name` / `-description` localise it).
    pub name: &'static str,
    pub kind: OptionType,
    pub required: bool,
    /// Suggestions as it is typed (autocomplete), if any.
    pub completer: Option<Completer>,
}

/// An option that may be left out, declared with the type its parse reads (`String`, `bool`,
/// [`Target`], a choice enum).
pub struct Opt<T> {
    declared: OptionDecl,
    read: fn(&OptionValue, &HashMap<u64, Target>) -> Option<T>,
    of: PhantomData<fn() -> T>,
}

/// An option Discord always sends (`/tripeaks play card`).
pub struct Required<T>(Opt<T>);

impl<T> Opt<T> {
    const fn new(
        name: &'static str,
        kind: OptionType,
        read: fn(&OptionValue, &HashMap<u64, Target>) -> Option<T>,
    ) -> Opt<T> {
        Opt {
            declared: OptionDecl {
                name,
                kind,
                required: false,
                completer: None,
            },
            read,
            of: PhantomData,
        }
    }

    /// The same option, one Discord always sends.
    pub const fn required(self) -> Required<T> {
        let mut option = self;
        option.declared.required = true;
        Required(option)
    }

    /// The same option, with suggestions as it is typed.
    pub const fn completed_by(self, completer: Completer) -> Opt<T> {
        let mut option = self;
        option.declared.completer = Some(completer);
        option
    }

    /// How a command's list names it.
    pub const fn declared(&self) -> OptionDecl {
        self.declared
    }
}

impl<T> Required<T> {
    pub const fn declared(&self) -> OptionDecl {
        self.0.declared
    }
}

impl Opt<String> {
    pub const fn string(name: &'static str) -> Opt<String> {
        Opt::new(name, OptionType::String, |value, _| match value {
            OptionValue::String(text) => Some(text.clone()),
            _ => None,
        })
    }
}

impl Opt<bool> {
    pub const fn boolean(name: &'static str) -> Opt<bool> {
        Opt::new(name, OptionType::Boolean, |value, _| match value {
            OptionValue::Boolean(on) => Some(*on),
            _ => None,
        })
    }
}

impl Opt<Target> {
    /// A user, as Discord resolved them.
    pub const fn user(name: &'static str) -> Opt<Target> {
        Opt::new(name, OptionType::User, |value, users| match value {
            OptionValue::User(id) => users.get(id).cloned(),
            _ => None,
        })
    }
}

impl Opt<i64> {
    /// A whole number from `MIN` to `MAX`: Discord refuses others as they are typed; one sent
    /// anyway reads as it is, for the command to refuse in words.
    pub const fn integer<const MIN: i64, const MAX: i64>(name: &'static str) -> Opt<i64> {
        Opt::new(
            name,
            OptionType::Integer {
                min: MIN,
                max: MAX,
                setter: integer_setter::<MIN, MAX>,
            },
            |value, _| match value {
                OptionValue::Integer(number) => Some(*number),
                _ => None,
            },
        )
    }
}

fn integer_setter<const MIN: i64, const MAX: i64>(
    option: CreateCommandOption,
) -> CreateCommandOption {
    let option = option.kind(CommandOptionType::Integer);
    match (u64::try_from(MIN), u64::try_from(MAX)) {
        (Ok(min), Ok(max)) => option.min_int_value(min).max_int_value(max),
        _ => option,
    }
}

impl Opt<u64> {
    /// A text channel of the server, by id.
    pub const fn channel(name: &'static str) -> Opt<u64> {
        Opt::new(name, OptionType::Channel, |value, _| match value {
            OptionValue::Channel(id) => Some(*id),
            _ => None,
        })
    }
}

impl<C: ChoiceParameter> Opt<C> {
    /// One of the choices of `C`, sent as its index.
    pub const fn choice(name: &'static str) -> Opt<C> {
        Opt::new(name, OptionType::Choice(C::list), read_choice::<C>)
    }
}

fn read_choice<C: ChoiceParameter>(value: &OptionValue, _: &HashMap<u64, Target>) -> Option<C> {
    match value {
        OptionValue::Integer(index) => usize::try_from(*index).ok().and_then(C::from_index),
        _ => None,
    }
}

/// What a command's interaction says besides its options.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommandContext {
    /// What the bot may do in the interaction's channel (Discord's permission bits).
    pub app_permissions: Option<u64>,
    /// The server's preferred language.
    pub guild_locale: Option<String>,
}

/// The options of one subcommand as Discord sent them, read by the command's parse through its
/// declared options. As with poise, an option that is not declared is ignored, and a declared
/// one of the wrong type (or a choice out of range) makes the command [`Unreadable`].
pub struct Options<'a> {
    given: &'a [OptionData],
    users: &'a HashMap<u64, Target>,
    /// What the bot may do in the channel, and the server's language, as Discord sent them.
    pub context: CommandContext,
    /// The options a parse asked for, so that a test holds it to its declaration.
    #[cfg(test)]
    asked: std::cell::RefCell<Vec<&'static str>>,
}

impl<'a> Options<'a> {
    pub fn new(given: &'a [OptionData], users: &'a HashMap<u64, Target>) -> Options<'a> {
        Options {
            given,
            users,
            context: CommandContext::default(),
            #[cfg(test)]
            asked: std::cell::RefCell::default(),
        }
    }

    /// An option that may be left out.
    pub fn get<T>(&self, option: &Opt<T>) -> Result<Option<T>, Unreadable> {
        let name = option.declared.name;
        #[cfg(test)]
        self.asked.borrow_mut().push(name);
        let Some(given) = self.given.iter().find(|given| given.name == name) else {
            return Ok(None);
        };
        (option.read)(&given.value, self.users)
            .map(Some)
            .ok_or(Unreadable::BadOption(name))
    }

    /// An option Discord always sends; its absence makes the command [`Unreadable`].
    pub fn require<T>(&self, option: &Required<T>) -> Result<T, Unreadable> {
        self.get(&option.0)?
            .ok_or(Unreadable::Missing(option.0.declared.name))
    }

    /// The names of the options the parse asked for, in order.
    #[cfg(test)]
    pub fn asked(&self) -> Vec<&'static str> {
        self.asked.borrow().clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::game::options::RuleChoice;

    const CODE: Opt<String> = Opt::string("code");
    const RULE: Opt<RuleChoice> = Opt::choice("rule");
    const CARD: Required<String> = Opt::string("card").required();
    const WHO: Opt<Target> = Opt::user("who");

    fn given(name: &str, value: OptionValue) -> OptionData {
        OptionData {
            name: name.to_owned(),
            value,
        }
    }

    #[test]
    fn options_are_read_by_their_declared_type() {
        let users = HashMap::from([(
            42,
            Target {
                user: 42,
                name: "Ben".into(),
                bot: false,
            },
        )]);
        let sent = [
            given("code", OptionValue::String("TP1-E-AAAAAAA".into())),
            given("rule", OptionValue::Integer(1)),
            given("who", OptionValue::User(42)),
            given("not-declared", OptionValue::Boolean(true)),
        ];
        let o = Options::new(&sent, &users);
        assert_eq!(o.get(&CODE), Ok(Some("TP1-E-AAAAAAA".to_owned())));
        assert!(matches!(o.get(&RULE), Ok(Some(RuleChoice::Classic))));
        assert_eq!(o.get(&WHO).unwrap().unwrap().name, "Ben");
        assert_eq!(o.require(&CARD), Err(Unreadable::Missing("card")));
        assert_eq!(o.asked(), ["code", "rule", "who", "card"]);
    }

    #[test]
    fn a_value_of_the_wrong_type_or_out_of_range_is_unreadable() {
        let users = HashMap::new();
        for (name, value) in [
            ("code", OptionValue::Integer(5)),
            ("rule", OptionValue::Integer(2)),
            ("rule", OptionValue::Integer(-1)),
            ("rule", OptionValue::String("hard".into())),
            ("who", OptionValue::User(7)), // not among the resolved users
            ("card", OptionValue::Boolean(true)),
        ] {
            let sent = [given(name, value.clone())];
            let o = Options::new(&sent, &users);
            let read = match name {
                "code" => o.get(&CODE).map(drop),
                "rule" => o.get(&RULE).map(drop),
                "who" => o.get(&WHO).map(drop),
                _ => o.require(&CARD).map(drop),
            };
            assert_eq!(read, Err(Unreadable::BadOption(name)), "{value:?}");
        }
    }

    #[test]
    fn declarations_say_what_discord_is_told() {
        assert!(CARD.declared().required && !CODE.declared().required);
        let OptionType::Choice(choices) = RULE.declared().kind else {
            panic!("a choice")
        };
        let names: Vec<_> = choices().iter().map(|c| c.name.to_string()).collect();
        assert_eq!(names, ["easy", "classic"]);
    }
}
