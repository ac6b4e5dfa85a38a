//! The bounds at the endpoint's door, so that what the open internet sends cannot take the
//! process's memory or file descriptors: the open connections and the interactions being
//! handled are capped ([`Door`], by `INTERACTIONS_MAX_CONNECTIONS` and
//! `INTERACTIONS_MAX_IN_FLIGHT`, `ops/endpoint_settings.rs`), and hyper reads a request's head
//! into small buffers ([`http1`]). A body is bounded where it is read (`request.rs`).
//!
//! Past the connection cap a new connection is closed at once, unread: a load balancer passes
//! the request to another replica, as it does for one refused. Past the in-flight cap a signed
//! interaction is answered `503` with `Retry-After: 1` before anything of it is done or
//! recorded (`request.rs`), so that a proxy that retries it finds it new. Discord itself retries
//! nothing: the player sees "This interaction failed" and tries again.

use std::sync::Arc;
use std::time::Duration;

use hyper::server::conn::http1;
use hyper_util::rt::TokioTimer;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::bot::ops::endpoint_settings::EndpointSettings;
use crate::bot::ops::metrics::Refusal;

/// How long a client has to send its request headers; also how long a kept-alive connection
/// may stay idle before the endpoint closes it.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// The most bytes of a request's line and headers: Discord's are under a kilobyte, a proxy adds
/// a few hundred. Past it hyper answers `431` and closes the connection.
pub const MAX_HEADER_BYTES: usize = 8 * 1024;
/// The most a connection's read buffer grows to (hyper's smallest allowed, twice over; its
/// default is about 400 KiB): with every connection open, the buffers stay a few megabytes.
pub const MAX_READ_BUFFER: usize = 16 * 1024;
// A whole head fits in the buffer, so the head's own bound is the one a client meets.
const _: () = assert!(MAX_HEADER_BYTES <= MAX_READ_BUFFER);

/// The caps on open connections and on interactions being handled.
#[derive(Debug)]
pub struct Door {
    connections: Arc<Semaphore>,
    in_flight: Arc<Semaphore>,
    max_connections: usize,
    max_in_flight: usize,
}

/// A connection or an interaction let in, counted until dropped.
#[must_use = "it counts against its cap while held"]
#[derive(Debug)]
pub struct Admitted {
    _place: OwnedSemaphorePermit,
}

impl Door {
    pub fn new(settings: &EndpointSettings) -> Door {
        Door {
            connections: Arc::new(Semaphore::new(settings.max_connections)),
            in_flight: Arc::new(Semaphore::new(settings.max_in_flight)),
            max_connections: settings.max_connections,
            max_in_flight: settings.max_in_flight,
        }
    }

    /// A new connection, unless as many as the cap are open.
    pub fn admit_connection(&self) -> Option<Admitted> {
        admit(&self.connections)
    }

    /// A signed interaction to handle, unless as many as the cap are being handled.
    pub fn admit_interaction(&self) -> Option<Admitted> {
        admit(&self.in_flight)
    }

    /// The cap on open connections.
    pub fn max_connections(&self) -> usize {
        self.max_connections
    }

    /// The cap on interactions being handled.
    pub fn max_in_flight(&self) -> usize {
        self.max_in_flight
    }
}

fn admit(cap: &Arc<Semaphore>) -> Option<Admitted> {
    let place = Arc::clone(cap).try_acquire_owned().ok()?;
    Some(Admitted { _place: place })
}

/// hyper's HTTP/1 server with the door's bounds on a request's head.
pub fn http1() -> http1::Builder {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_header_size(MAX_HEADER_BYTES)
        .max_buf_size(MAX_READ_BUFFER);
    builder
}

/// The refusal a connection ended with, if it was one: a head past its bound, or bytes that
/// are not HTTP. (A header timeout is not told apart from a kept-alive connection left idle,
/// which is no refusal, so it is not counted.)
pub fn refusal_of(error: &hyper::Error) -> Option<Refusal> {
    if error.is_parse_too_large() {
        Some(Refusal::TooLarge)
    } else if error.is_parse() {
        Some(Refusal::Malformed)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn door(max_connections: usize, max_in_flight: usize) -> Door {
        Door::new(&EndpointSettings {
            address: ([127, 0, 0, 1], 0).into(),
            public_key: [0; 32],
            max_connections,
            max_in_flight,
            drain_grace: std::time::Duration::ZERO,
        })
    }

    #[test]
    fn connections_past_the_cap_are_refused_until_one_closes() {
        let door = door(2, 1);
        let first = door.admit_connection().expect("under the cap");
        let _second = door.admit_connection().expect("at the cap");
        assert!(door.admit_connection().is_none(), "past the cap");
        assert!(
            door.admit_interaction().is_some(),
            "the caps are counted apart"
        );
        drop(first);
        assert!(
            door.admit_connection().is_some(),
            "a closed one frees its place"
        );
    }

    #[test]
    fn interactions_past_the_cap_are_refused_until_one_is_handled() {
        let door = door(1, 3);
        let taken: Vec<Admitted> = (0..3).filter_map(|_| door.admit_interaction()).collect();
        assert_eq!(taken.len(), 3);
        assert!(door.admit_interaction().is_none(), "past the cap");
        assert!(door.admit_connection().is_some());
        drop(taken);
        let again: Vec<Admitted> = (0..4).filter_map(|_| door.admit_interaction()).collect();
        assert_eq!(again.len(), 3, "every place back, and the cap still holds");
    }

    #[test]
    fn the_read_buffer_is_one_hyper_takes() {
        // hyper panics on a buffer under 8 KiB.
        let _ = http1();
    }
}
