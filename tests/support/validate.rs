//! The limits Discord enforces on what a bot sends, so that the fake refuses (400, code 50035
//! "Invalid Form Body") what Discord would refuse: message content and components, attachment
//! alt text, command names, descriptions and localisation locales.

use std::collections::HashSet;

use serde_json::Value;

/// The locales Discord accepts as keys of `name_localizations` / `description_localizations`.
pub const DISCORD_LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// Checks message data (a callback's `data`, a follow-up or an edit body).
pub fn message_data(data: &Value) -> Result<(), String> {
    if let Some(content) = data["content"].as_str() {
        limit("content", content, 0, 2000)?;
    }
    if let Some(attachments) = data["attachments"].as_array() {
        for (at, attachment) in attachments.iter().enumerate() {
            if let Some(description) = attachment["description"].as_str() {
                limit(
                    &format!("attachments[{at}].description"),
                    description,
                    0,
                    1024,
                )?;
            }
        }
    }
    let Some(rows) = data["components"].as_array() else {
        return Ok(());
    };
    if rows.len() > 5 {
        return Err(format!("components: {} action rows, at most 5", rows.len()));
    }
    let mut custom_ids = HashSet::new();
    for (row_at, row) in rows.iter().enumerate() {
        let path = format!("components[{row_at}]");
        if row["type"].as_u64() != Some(1) {
            return Err(format!("{path}.type: must be 1 (action row)"));
        }
        let components = row["components"].as_array().map_or(&[][..], Vec::as_slice);
        if components.is_empty() || components.len() > 5 {
            return Err(format!(
                "{path}.components: {} components, 1 to 5",
                components.len()
            ));
        }
        for (at, component) in components.iter().enumerate() {
            button(
                component,
                &format!("{path}.components[{at}]"),
                &mut custom_ids,
            )?;
        }
    }
    Ok(())
}

fn button(component: &Value, path: &str, custom_ids: &mut HashSet<String>) -> Result<(), String> {
    if component["type"].as_u64() != Some(2) {
        return Ok(());
    }
    let style = component["style"].as_u64().unwrap_or(0);
    if !(1..=6).contains(&style) {
        return Err(format!("{path}.style: {style} is not a button style"));
    }
    if let Some(label) = component["label"].as_str() {
        limit(&format!("{path}.label"), label, 0, 80)?;
    }
    if component["label"].as_str().is_none_or(str::is_empty) && component["emoji"].is_null() {
        return Err(format!("{path}: a button needs a label or an emoji"));
    }
    if style == 5 || style == 6 {
        return Ok(());
    }
    let custom_id = component["custom_id"].as_str().unwrap_or_default();
    limit(&format!("{path}.custom_id"), custom_id, 1, 100)?;
    if !custom_ids.insert(custom_id.to_owned()) {
        return Err(format!(
            "{path}.custom_id: {custom_id:?} is used twice in one message"
        ));
    }
    Ok(())
}

/// Checks one command of a registration (and its options, recursively).
pub fn command(command: &Value, path: &str) -> Result<(), String> {
    command_or_option(command, path, false)
}

fn command_or_option(command: &Value, path: &str, is_option: bool) -> Result<(), String> {
    let name = command["name"].as_str().unwrap_or_default();
    command_name(name, &format!("{path}.name"))?;
    let kind = command["type"].as_u64().unwrap_or(1);
    let description = command["description"].as_str().unwrap_or_default();
    if is_option || kind == 1 {
        limit(&format!("{path}.description"), description, 1, 100)?;
    }
    localizations(
        &command["name_localizations"],
        &format!("{path}.name_localizations"),
        true,
    )?;
    localizations(
        &command["description_localizations"],
        &format!("{path}.description_localizations"),
        false,
    )?;
    let options = command["options"].as_array().map_or(&[][..], Vec::as_slice);
    if options.len() > 25 {
        return Err(format!(
            "{path}.options: {} options, at most 25",
            options.len()
        ));
    }
    let mut names = HashSet::new();
    for (at, option) in options.iter().enumerate() {
        let option_path = format!("{path}.options[{at}]");
        if !names.insert(option["name"].as_str().unwrap_or_default()) {
            return Err(format!("{option_path}.name: duplicate option name"));
        }
        if option["type"].as_u64().is_none() {
            return Err(format!("{option_path}.type: missing"));
        }
        command_or_option(option, &option_path, true)?;
    }
    Ok(())
}

fn command_name(name: &str, path: &str) -> Result<(), String> {
    limit(path, name, 1, 32)?;
    let allowed = |c: char| c == '-' || c == '_' || c.is_alphanumeric();
    if !name.chars().all(allowed) || name.to_lowercase() != name {
        return Err(format!(
            "{path}: {name:?} must be lowercase letters, digits, - or _"
        ));
    }
    Ok(())
}

fn localizations(map: &Value, path: &str, are_names: bool) -> Result<(), String> {
    let Some(map) = map.as_object() else {
        return Ok(());
    };
    for (locale, text) in map {
        if !DISCORD_LOCALES.contains(&locale.as_str()) {
            return Err(format!("{path}: {locale:?} is not a Discord locale"));
        }
        let text = text.as_str().unwrap_or_default();
        let entry = format!("{path}.{locale}");
        if are_names {
            command_name(text, &entry)?;
        } else {
            limit(&entry, text, 1, 100)?;
        }
    }
    Ok(())
}

/// Lengths count characters (Unicode scalar values), as Discord does.
fn limit(path: &str, text: &str, min: usize, max: usize) -> Result<(), String> {
    let length = text.chars().count();
    if length < min || length > max {
        return Err(format!("{path}: length {length}, must be {min} to {max}"));
    }
    Ok(())
}
