//! The reasons the interactions endpoint turns a request away, as the `reason` label of
//! `tripeaks_endpoint_refusals_total`: a small closed set, so that a flood of junk makes no new
//! series.

use prometheus_client::encoding::{EncodeLabelValue, LabelValueEncoder};

/// Why the interactions endpoint turned a request away (or, for [`Refusal::Replayed`], answered
/// it without acting).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Refusal {
    /// No signature, or one that does not hold (Discord sends such now and then, to check).
    Signature,
    /// A body or request headers past their bound.
    TooLarge,
    /// A body that did not come within its bound.
    TooSlow,
    /// A request that is not HTTP, a body that cannot be read, or a signed interaction the bot
    /// cannot read or does not take.
    Malformed,
    /// A path or method the endpoint does not serve.
    NotFound,
    /// A connection past `INTERACTIONS_MAX_CONNECTIONS`, closed unread.
    Connections,
    /// A signed interaction past `INTERACTIONS_MAX_IN_FLIGHT`, answered 503.
    InFlight,
    /// A signed interaction that had arrived before.
    Replayed,
}

impl Refusal {
    /// Every reason, in the order of the log's summary.
    pub const ALL: [Refusal; 8] = [
        Refusal::Signature,
        Refusal::TooLarge,
        Refusal::TooSlow,
        Refusal::Malformed,
        Refusal::NotFound,
        Refusal::Connections,
        Refusal::InFlight,
        Refusal::Replayed,
    ];
}

label_names! {
    Refusal {
        Signature => "signature", TooLarge => "too_large", TooSlow => "too_slow",
        Malformed => "malformed", NotFound => "not_found", Connections => "connections",
        InFlight => "in_flight", Replayed => "replayed",
    }
}
