//! Discord's POST to the interactions endpoint, from the body's bytes (its signature checked
//! before, by serenity) to what the bot acts on: the interaction read (`Interaction::from_json`);
//! a command found among the bot's by name and read into its value by its own parse, with the
//! options it reads as text read as its run reads them; an autocomplete's option found, with
//! the time zones it suggests; a press's custom_id parsed.

use crate::bot::answer::interaction::{Command, Interaction};
use crate::bot::answer::invocation;
use crate::bot::game::declaration::OptionValue;
use crate::stats::zones_matching;

/// The target `http_interaction`.
pub fn http_interaction(data: &[u8]) {
    let Ok(interaction) = Interaction::from_json(data) else {
        return;
    };
    match interaction {
        Interaction::Ping | Interaction::Other(_) => {}
        Interaction::Press(press) => {
            super::custom_id::parsed(&press.custom_id);
        }
        Interaction::Command(command) => read_command(&command),
        Interaction::Autocomplete(command) => {
            if let Ok((option, typed)) = invocation::focused(&command.data)
                && option.name == "timezone"
            {
                zones_matching(typed, 25);
            }
        }
    }
}

/// The command's value, as both transports read it, then its text options' values.
fn read_command(command: &Command) {
    let Ok((declared, options)) = invocation::find(&command.data) else {
        return;
    };
    if (declared.describe)(&options).is_err() {
        return;
    }
    let given = match command.data.options.as_slice() {
        [option] => match &option.value {
            OptionValue::SubCommand(given) => given.as_slice(),
            _ => &[],
        },
        _ => &[],
    };
    let zone_name = given.iter().find_map(|option| match &option.value {
        OptionValue::String(text) if option.name == "timezone" => Some(text.trim()),
        _ => None,
    });
    for option in given {
        if let OptionValue::String(text) = &option.value {
            super::option_values::read(&option.name, text, command.who.locale, zone_name);
        }
    }
}
