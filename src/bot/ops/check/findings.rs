//! What `tripeaks check` and the start-up warnings conclude, as plain values: a finding per
//! line (right or wrong, and what to do), the shape of a token, the invite link, what an
//! application's settings lack. Pure: the probes that gather the facts are in `mod.rs`.

use std::fmt;
use std::time::Duration;

use base64::Engine as _;

use crate::bot::ops::drain::{CONTAINER_STOP_GRACE, DRAIN_LIMIT, LINGER, longest_stop};

/// Permissions the invite asks for: none are needed to answer interactions; View Channel, Send
/// Messages and Attach Files let `/tripeaks show` work where a channel restricts them and a
/// server event post its announcement and results; Read Message History lets a later try at a
/// result's post see that an earlier one reached Discord (`game/earlier_posts.rs`), so it is
/// not posted twice; Create Events lists an event in the server's Events list (without it,
/// events run unlisted).
pub const INVITE_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 15) | (1 << 16) | (1 << 44);

/// The scopes the invite needs: `bot` (the gateway, the bot in the member list) and
/// `applications.commands` (the slash command).
pub const SCOPES: [&str; 2] = ["bot", "applications.commands"];

/// One line of the check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub ok: bool,
    /// What was looked at: `token`, `discord`, `database`, `metrics`, `shards`, `config`,
    /// `secrets` (a secret file others may read).
    pub subject: &'static str,
    /// What was found; when wrong, also what to do.
    pub text: String,
}

impl Finding {
    pub fn ok(subject: &'static str, text: impl Into<String>) -> Finding {
        Finding {
            ok: true,
            subject,
            text: text.into(),
        }
    }

    pub fn wrong(subject: &'static str, text: impl Into<String>) -> Finding {
        Finding {
            ok: false,
            subject,
            text: text.into(),
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = if self.ok { "ok  " } else { "FAIL" };
        write!(f, "{mark} {:<8} {}", self.subject, one_line(&self.text))
    }
}

/// Everything the check found, and the invite link when the application is known.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    pub findings: Vec<Finding>,
    pub invite: Option<String>,
}

impl Report {
    /// Whether every finding is right.
    pub fn passed(&self) -> bool {
        self.findings.iter().all(|finding| finding.ok)
    }

    /// The lines to print: one per finding, then the invite link.
    pub fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self.findings.iter().map(ToString::to_string).collect();
        if let Some(invite) = &self.invite {
            lines.push(format!("invite: {invite}"));
        }
        lines
    }
}

/// The link that adds the bot to a server with the scopes and permissions it needs.
pub fn invite_link(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}&scope={}&permissions={INVITE_PERMISSIONS}",
        SCOPES.join("+")
    )
}

/// Why a token cannot be a bot token, or the bot's user id its first part encodes.
pub fn token_shape(token: &str) -> Result<u64, &'static str> {
    if token.starts_with("Bot ") || token.starts_with("Bearer ") {
        return Err("it starts with `Bot `: give the token alone, the bot adds the prefix");
    }
    if token.starts_with(['"', '\'']) {
        return Err("it is in quotes: remove them");
    }
    if token.chars().any(char::is_whitespace) {
        return Err("it holds spaces: copy it again from the Developer Portal");
    }
    let parts: Vec<&str> = token.split('.').collect();
    if parts.len() != 3 || parts.iter().any(|part| part.is_empty()) {
        return Err(
            "a bot token has three parts separated by dots; this is not one (a client secret or an application id?)",
        );
    }
    let first = parts[0].trim_end_matches('=');
    let decoded = base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(first)
        .or_else(|_| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(first))
        .map_err(|_| "its first part is not base64: it was cut or changed")?;
    std::str::from_utf8(&decoded)
        .ok()
        .and_then(|id| id.parse::<u64>().ok())
        .ok_or("its first part does not hold a user id: it was cut or changed")
}

/// What an application's settings say against how this bot runs: its default install link
/// lacking a scope, or a public key (`DISCORD_PUBLIC_KEY`) that is another application's.
pub fn application_problems(
    install_scopes: Option<&[String]>,
    verify_key: &str,
    public_key: Option<&str>,
) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(scopes) = install_scopes {
        let lacking: Vec<&str> = SCOPES
            .into_iter()
            .filter(|scope| !scopes.iter().any(|s| s == scope))
            .collect();
        if !lacking.is_empty() {
            problems.push(format!(
                "the application's install link (Developer Portal > Installation) lacks the scope {}: servers that add the bot by it {}; add the scope, or invite with the link below",
                lacking.join(" and "),
                if lacking.contains(&"applications.commands") {
                    "never see /tripeaks"
                } else {
                    "get no bot user"
                }
            ));
        }
    }
    if let Some(key) = public_key
        && !key.trim().eq_ignore_ascii_case(verify_key)
    {
        problems.push(
            "DISCORD_PUBLIC_KEY is not this application's public key: the token belongs to another application (or the key does); take both from the same application".to_owned(),
        );
    }
    problems
}

/// Whether a stop with this drain grace fits in what the compose files give it: a finding only
/// when it does not (a stop past it is killed mid-answer).
pub fn drain_grace_finding(grace: Duration) -> Option<Finding> {
    let longest = longest_stop(grace).as_secs();
    let container = CONTAINER_STOP_GRACE.as_secs();
    (longest >= container).then(|| {
        Finding::wrong(
            "endpoint",
            format!(
                "INTERACTIONS_DRAIN_GRACE={} makes a stop take up to {longest} s (the grace, {} s \
                 for the interactions taken, {} s for open connections, {} s for what they \
                 brought), not less than the {container} s the compose files give \
                 (stop_grace_period): give the bot more than {longest} s to stop \
                 (stop_grace_period, Kubernetes' terminationGracePeriodSeconds) or lower the grace",
                grace.as_secs(),
                DRAIN_LIMIT.as_secs(),
                LINGER.as_secs(),
                DRAIN_LIMIT.as_secs(),
            ),
        )
    })
}

/// A text on one line (errors from libraries may span several).
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drain_grace_is_named_when_the_stop_would_outlast_the_containers_grace() {
        assert_eq!(
            drain_grace_finding(Duration::from_secs(10)),
            None,
            "the default"
        );
        assert_eq!(drain_grace_finding(Duration::from_secs(17)), None, "79 s");
        let finding = drain_grace_finding(Duration::from_secs(18)).expect("80 s");
        assert!(!finding.ok);
        let said = finding.to_string();
        assert!(
            said.contains("INTERACTIONS_DRAIN_GRACE=18 makes a stop take up to 80 s")
                && said.contains("more than 80 s"),
            "{said}"
        );
    }

    #[test]
    fn a_token_is_three_dotted_parts_the_first_a_user_id() {
        // The first part of a bot token is the bot's id in base64 ("1100000000000000001").
        let id = base64::engine::general_purpose::STANDARD_NO_PAD.encode("1100000000000000001");
        assert_eq!(
            token_shape(&format!("{id}.GhIjKl.abcdefghijklmnop")),
            Ok(1_100_000_000_000_000_001)
        );
        for bad in [
            "Bot abc.def.ghi",
            "\"abc.def.ghi\"",
            "abc def.ghi.jkl",
            "test-token-Zq7xW3",
            "a..b",
            "!!!.def.ghi",
            "aGVsbG8.def.ghi", // "hello": not a number
        ] {
            assert!(token_shape(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_invite_asks_for_both_scopes() {
        let link = invite_link(42);
        assert!(link.contains("client_id=42"));
        assert!(link.contains("scope=bot+applications.commands"));
        assert!(link.contains(&format!("permissions={INVITE_PERMISSIONS}")));
    }

    #[test]
    fn a_missing_scope_or_a_foreign_key_is_named() {
        let both = vec!["bot".to_owned(), "applications.commands".to_owned()];
        assert!(application_problems(Some(&both), "ab", Some("AB")).is_empty());
        assert!(application_problems(None, "ab", None).is_empty());
        let bot_only = vec!["bot".to_owned()];
        let problems = application_problems(Some(&bot_only), "ab", None);
        assert_eq!(problems.len(), 1);
        assert!(problems[0].contains("applications.commands") && problems[0].contains("never see"));
        let problems = application_problems(None, "ab", Some("cd"));
        assert!(problems[0].contains("another application"), "{problems:?}");
    }

    #[test]
    fn a_report_passes_only_when_every_line_is_right() {
        let mut report = Report {
            findings: vec![Finding::ok("token", "present")],
            invite: Some(invite_link(1)),
        };
        assert!(report.passed());
        report
            .findings
            .push(Finding::wrong("database", "cannot be reached:\n refused"));
        assert!(!report.passed());
        let lines = report.lines();
        assert_eq!(lines[1], "FAIL database cannot be reached: refused");
        assert!(lines[2].starts_with("invite: https://discord.com/oauth2/authorize"));
    }
}
