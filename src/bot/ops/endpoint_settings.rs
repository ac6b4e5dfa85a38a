//! The endpoint's settings, read together: `INTERACTIONS_ADDR` and `DISCORD_PUBLIC_KEY`, and the
//! bounds at its door ([`MAX_CONNECTIONS`], [`MAX_IN_FLIGHT`]). An address without the key is a
//! mistake an operator hears about at start, not a bot that quietly takes the gateway instead. A
//! key without an address is the gateway's setting for `tripeaks check` (which holds it to the
//! application), and leaves the endpoint off; so do the bounds, which are read only with an
//! address.
//!
//! The bounds keep a flood from the open internet from taking the process's memory and file
//! descriptors (`http/door.rs` holds them): each is a variable with a default, declared once
//! below as a [`Bound`], and a value that is not a whole number in its range is refused at start.
//! So is `INTERACTIONS_DRAIN_GRACE` ([`DRAIN_GRACE`]), the seconds a stopping process keeps
//! taking connections while `/healthz` says draining (`ops/drain.rs`).

use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use thiserror::Error;

use crate::bot::ops::drain::DEFAULT_DRAIN_GRACE;

/// A bound at the endpoint's door, set by one variable.
#[derive(Debug, PartialEq, Eq)]
pub struct Bound {
    /// The variable that sets it.
    pub variable: &'static str,
    /// Its value when the variable is not set.
    pub default: usize,
}

/// The largest value a bound takes: past it, a bound bounds nothing a machine has.
pub const LARGEST_BOUND: usize = 1_000_000;

/// `INTERACTIONS_MAX_CONNECTIONS`: the open connections the endpoint keeps (a load balancer's
/// kept-alive ones included). Past it a new connection is closed at once, unread. Keep it under
/// the process's limit of open files (`ulimit -n`), which the store's connections share.
pub const MAX_CONNECTIONS: Bound = Bound {
    variable: "INTERACTIONS_MAX_CONNECTIONS",
    default: 1024,
};

/// `INTERACTIONS_MAX_IN_FLIGHT`: the interactions being handled at once (a press or a command
/// from its signed POST to its last follow-up; an autocomplete). Past it a signed interaction is
/// answered `503` with `Retry-After: 1`, before anything of it is done or recorded.
pub const MAX_IN_FLIGHT: Bound = Bound {
    variable: "INTERACTIONS_MAX_IN_FLIGHT",
    default: 256,
};

/// `INTERACTIONS_DRAIN_GRACE`: the variable of the drain's grace (`ops/drain.rs`).
pub const DRAIN_GRACE: &str = "INTERACTIONS_DRAIN_GRACE";
/// The longest grace taken: past it, a stop waits on the load balancer longer than any checks.
pub const LONGEST_DRAIN_GRACE: Duration = Duration::from_secs(300);

/// Where Discord's POSTs are taken, the key they are checked against, and the bounds at the door.
#[derive(Clone, PartialEq, Eq)]
pub struct EndpointSettings {
    /// `INTERACTIONS_ADDR`: the address `POST /interactions` is served on.
    pub address: SocketAddr,
    /// `DISCORD_PUBLIC_KEY`: the application's Ed25519 public key, 32 bytes.
    pub public_key: [u8; 32],
    /// [`MAX_CONNECTIONS`].
    pub max_connections: usize,
    /// [`MAX_IN_FLIGHT`].
    pub max_in_flight: usize,
    /// [`DRAIN_GRACE`]: how long a stopping process keeps taking connections.
    pub drain_grace: Duration,
}

impl fmt::Debug for EndpointSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EndpointSettings")
            .field("address", &self.address)
            .field("public_key", &hex(&self.public_key))
            .field("max_connections", &self.max_connections)
            .field("max_in_flight", &self.max_in_flight)
            .field("drain_grace", &self.drain_grace)
            .finish()
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum EndpointSettingsError {
    #[error(
        "INTERACTIONS_ADDR is set without DISCORD_PUBLIC_KEY: copy the public key from the developer portal (General Information) into DISCORD_PUBLIC_KEY, or unset INTERACTIONS_ADDR to use the gateway"
    )]
    MissingPublicKey,
    #[error("INTERACTIONS_ADDR must be an address and port such as 0.0.0.0:8080, not `{0}`")]
    BadAddress(String),
    #[error(
        "DISCORD_PUBLIC_KEY must be the application's public key, 64 hexadecimal digits from the developer portal, not `{0}`"
    )]
    BadPublicKey(String),
    #[error("{} must be a whole number from 1 to {LARGEST_BOUND} (default {}), not `{value}`", bound.variable, bound.default)]
    BadBound {
        bound: &'static Bound,
        value: String,
    },
    #[error(
        "{DRAIN_GRACE} must be a whole number of seconds from 0 to {longest} (default {default}; 0 closes the listener at SIGTERM), not `{0}`",
        longest = LONGEST_DRAIN_GRACE.as_secs(),
        default = DEFAULT_DRAIN_GRACE.as_secs()
    )]
    BadDrainGrace(String),
}

impl EndpointSettingsError {
    /// The variables to leave out for the rest to be read (`tripeaks check`): a bad bound's,
    /// else the address (which turns the endpoint off).
    pub fn variables(&self) -> &'static [&'static str] {
        match self {
            EndpointSettingsError::BadBound { bound, .. } => std::slice::from_ref(&bound.variable),
            EndpointSettingsError::BadDrainGrace(_) => &[DRAIN_GRACE],
            _ => &["INTERACTIONS_ADDR"],
        }
    }
}

impl EndpointSettings {
    /// The settings from the variables `variable` gives (already trimmed, empty as absent);
    /// `None` without an address (the gateway).
    pub fn from_variables(
        variable: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<EndpointSettings>, EndpointSettingsError> {
        let address = variable("INTERACTIONS_ADDR");
        let public_key = variable("DISCORD_PUBLIC_KEY");
        let (address, public_key) = match (address.as_deref(), public_key.as_deref()) {
            (None, _) => return Ok(None),
            (Some(_), None) => return Err(EndpointSettingsError::MissingPublicKey),
            (Some(address), Some(key)) => (address, key),
        };
        let address = address
            .parse()
            .map_err(|_| EndpointSettingsError::BadAddress(address.to_owned()))?;
        let bad_key = || EndpointSettingsError::BadPublicKey(shortened(public_key));
        let public_key = parse_hex_key(public_key).ok_or_else(bad_key)?;
        // Not every 32 bytes are a point of the curve: refused here, not at the first request.
        serenity::interactions_endpoint::Verifier::try_new(public_key).map_err(|_| bad_key())?;
        Ok(Some(EndpointSettings {
            address,
            public_key,
            max_connections: read_bound(&MAX_CONNECTIONS, &variable)?,
            max_in_flight: read_bound(&MAX_IN_FLIGHT, &variable)?,
            drain_grace: read_grace(&variable)?,
        }))
    }

    /// serenity's verifier for this key (checked when the settings were read).
    pub fn verifier(&self) -> Option<serenity::interactions_endpoint::Verifier> {
        serenity::interactions_endpoint::Verifier::try_new(self.public_key).ok()
    }
}

/// A bound's value: its variable's, else its default.
fn read_bound(
    bound: &'static Bound,
    variable: &impl Fn(&str) -> Option<String>,
) -> Result<usize, EndpointSettingsError> {
    let Some(value) = variable(bound.variable) else {
        return Ok(bound.default);
    };
    value
        .parse::<usize>()
        .ok()
        .filter(|number| (1..=LARGEST_BOUND).contains(number))
        .ok_or(EndpointSettingsError::BadBound { bound, value })
}

/// The drain's grace: its variable's whole seconds, else [`DEFAULT_DRAIN_GRACE`].
fn read_grace(
    variable: &impl Fn(&str) -> Option<String>,
) -> Result<Duration, EndpointSettingsError> {
    let Some(value) = variable(DRAIN_GRACE) else {
        return Ok(DEFAULT_DRAIN_GRACE);
    };
    value
        .parse::<u64>()
        .ok()
        .map(Duration::from_secs)
        .filter(|grace| *grace <= LONGEST_DRAIN_GRACE)
        .ok_or(EndpointSettingsError::BadDrainGrace(value))
}

/// 64 hexadecimal digits as 32 bytes.
fn parse_hex_key(text: &str) -> Option<[u8; 32]> {
    let digits = text.as_bytes();
    if digits.len() != 64 {
        return None;
    }
    let mut key = [0u8; 32];
    for (byte, pair) in key.iter_mut().zip(digits.chunks_exact(2)) {
        let pair = std::str::from_utf8(pair).ok()?;
        *byte = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(key)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A mistyped value for an error message: its first 8 characters and its length (a public key
/// is no secret, but a token pasted by mistake is).
fn shortened(text: &str) -> String {
    let start: String = text.chars().take(8).collect();
    format!("{start}… ({} characters)", text.chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The public key of serenity's own example.
    const KEY: &str = "67c6bd767ca099e79efac9fcce4d2022a63bf7dea780e7f3d813f694c1597089";

    /// The settings from these variables.
    fn settings(vars: &[(&str, &str)]) -> Result<Option<EndpointSettings>, EndpointSettingsError> {
        EndpointSettings::from_variables(|name| {
            let found = vars.iter().find(|(variable, _)| *variable == name);
            found.map(|(_, value)| value.to_string())
        })
    }

    /// The settings of an endpoint at this address with this key.
    fn at(address: &str, key: &str) -> Result<Option<EndpointSettings>, EndpointSettingsError> {
        settings(&[("INTERACTIONS_ADDR", address), ("DISCORD_PUBLIC_KEY", key)])
    }

    #[test]
    fn both_settings_or_neither() {
        assert_eq!(settings(&[]), Ok(None));
        let endpoint = at("127.0.0.1:8080", KEY).unwrap().unwrap();
        assert_eq!(endpoint.address, ([127, 0, 0, 1], 8080).into());
        assert_eq!(hex(&endpoint.public_key), KEY);
        assert!(endpoint.verifier().is_some());
        assert_eq!(
            settings(&[("INTERACTIONS_ADDR", "0.0.0.0:8080")]),
            Err(EndpointSettingsError::MissingPublicKey)
        );
        assert_eq!(
            settings(&[("DISCORD_PUBLIC_KEY", KEY)]),
            Ok(None),
            "a key alone is for `tripeaks check`: the gateway"
        );
    }

    #[test]
    fn the_bounds_have_defaults_and_take_whole_numbers_in_their_range() {
        let endpoint = at("127.0.0.1:8080", KEY).unwrap().unwrap();
        assert_eq!(
            (endpoint.max_connections, endpoint.max_in_flight),
            (1024, 256),
            "the documented defaults"
        );
        let address = ("INTERACTIONS_ADDR", "127.0.0.1:8080");
        let key = ("DISCORD_PUBLIC_KEY", KEY);
        let bounded = settings(&[
            address,
            key,
            ("INTERACTIONS_MAX_CONNECTIONS", "64"),
            ("INTERACTIONS_MAX_IN_FLIGHT", "8"),
        ]);
        let bounded = bounded.unwrap().unwrap();
        assert_eq!((bounded.max_connections, bounded.max_in_flight), (64, 8));
        for bad in ["0", "-1", "ten", "1.5", "1000001"] {
            let error = settings(&[address, key, ("INTERACTIONS_MAX_IN_FLIGHT", bad)]);
            let error = error.unwrap_err();
            assert_eq!(
                error,
                EndpointSettingsError::BadBound {
                    bound: &MAX_IN_FLIGHT,
                    value: bad.to_owned()
                }
            );
            assert_eq!(error.variables(), ["INTERACTIONS_MAX_IN_FLIGHT"]);
            let said = error.to_string();
            assert!(
                said.contains("INTERACTIONS_MAX_IN_FLIGHT") && said.contains(bad),
                "{said}"
            );
        }
        assert_eq!(endpoint.drain_grace, Duration::from_secs(10), "the default");
        for (value, seconds) in [("0", 0), ("25", 25), ("300", 300)] {
            let graced = settings(&[address, key, (DRAIN_GRACE, value)])
                .unwrap()
                .unwrap();
            assert_eq!(graced.drain_grace, Duration::from_secs(seconds));
        }
        for bad in ["-1", "1.5", "10s", "301"] {
            let error = settings(&[address, key, (DRAIN_GRACE, bad)]).unwrap_err();
            assert_eq!(error, EndpointSettingsError::BadDrainGrace(bad.to_owned()));
            assert_eq!(error.variables(), [DRAIN_GRACE]);
            let said = error.to_string();
            assert!(said.contains(DRAIN_GRACE) && said.contains(bad), "{said}");
        }
        let gateway = settings(&[("INTERACTIONS_MAX_CONNECTIONS", "none")]);
        assert_eq!(gateway, Ok(None), "the bounds are the endpoint's");
    }

    #[test]
    fn a_bad_address_or_key_is_named_without_being_repeated_whole() {
        assert!(matches!(
            at("8080", KEY),
            Err(EndpointSettingsError::BadAddress(_))
        ));
        let token_by_mistake = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.secret-part-of-a-token-xyz";
        for key in [&KEY[..63], "zz".repeat(32).as_str(), token_by_mistake] {
            let error = at("0.0.0.0:1", key).unwrap_err();
            assert!(
                matches!(error, EndpointSettingsError::BadPublicKey(_)),
                "{key}"
            );
            assert!(!error.to_string().contains("secret-part"), "{error}");
        }
    }
}
