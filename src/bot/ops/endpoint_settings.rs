//! The endpoint's two settings, `INTERACTIONS_ADDR` and `DISCORD_PUBLIC_KEY`, read together:
//! an address without the key is a mistake an operator hears about at start, not a bot that
//! quietly takes the gateway instead. A key without an address is the gateway's setting for
//! `tripeaks check` (which holds it to the application), and leaves the endpoint off.

use std::fmt;
use std::net::SocketAddr;

use poise::serenity_prelude as serenity;
use thiserror::Error;

/// Where Discord's POSTs are taken, and the key they are checked against.
#[derive(Clone, PartialEq, Eq)]
pub struct EndpointSettings {
    /// `INTERACTIONS_ADDR`: the address `POST /interactions` is served on.
    pub address: SocketAddr,
    /// `DISCORD_PUBLIC_KEY`: the application's Ed25519 public key, 32 bytes.
    pub public_key: [u8; 32],
}

impl fmt::Debug for EndpointSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EndpointSettings")
            .field("address", &self.address)
            .field("public_key", &hex(&self.public_key))
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
}

impl EndpointSettings {
    /// The settings from the two variables (already trimmed, empty as absent); `None` without
    /// an address (the gateway).
    pub fn from_settings(
        address: Option<&str>,
        public_key: Option<&str>,
    ) -> Result<Option<EndpointSettings>, EndpointSettingsError> {
        let (address, public_key) = match (address, public_key) {
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
        }))
    }

    /// serenity's verifier for this key (checked when the settings were read).
    pub fn verifier(&self) -> Option<serenity::interactions_endpoint::Verifier> {
        serenity::interactions_endpoint::Verifier::try_new(self.public_key).ok()
    }
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

    #[test]
    fn both_settings_or_neither() {
        assert_eq!(EndpointSettings::from_settings(None, None), Ok(None));
        let settings = EndpointSettings::from_settings(Some("127.0.0.1:8080"), Some(KEY))
            .unwrap()
            .unwrap();
        assert_eq!(settings.address, ([127, 0, 0, 1], 8080).into());
        assert_eq!(hex(&settings.public_key), KEY);
        assert!(settings.verifier().is_some());
        assert_eq!(
            EndpointSettings::from_settings(Some("0.0.0.0:8080"), None),
            Err(EndpointSettingsError::MissingPublicKey)
        );
        assert_eq!(
            EndpointSettings::from_settings(None, Some(KEY)),
            Ok(None),
            "a key alone is for `tripeaks check`: the gateway"
        );
    }

    #[test]
    fn a_bad_address_or_key_is_named_without_being_repeated_whole() {
        assert!(matches!(
            EndpointSettings::from_settings(Some("8080"), Some(KEY)),
            Err(EndpointSettingsError::BadAddress(_))
        ));
        let token_by_mistake = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.secret-part-of-a-token-xyz";
        for key in [&KEY[..63], "zz".repeat(32).as_str(), token_by_mistake] {
            let error = EndpointSettings::from_settings(Some("0.0.0.0:1"), Some(key)).unwrap_err();
            assert!(
                matches!(error, EndpointSettingsError::BadPublicKey(_)),
                "{key}"
            );
            assert!(!error.to_string().contains("secret-part"), "{error}");
        }
    }
}
