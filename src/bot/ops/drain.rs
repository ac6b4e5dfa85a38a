//! What a stopping process owes the interactions it took: once SIGTERM comes, the endpoint says
//! "draining" on `/healthz` (a load balancer stops sending), keeps taking connections for a
//! grace the operator sets (`INTERACTIONS_DRAIN_GRACE`, default [`DEFAULT_DRAIN_GRACE`]), then
//! takes no new connection and waits, up to a bound, until every interaction it accepted was
//! answered, its follow-ups included.
//!
//! The grace is there because a load balancer learns of the draining only at its next health
//! check: until then it sends requests as before, and a listener closed at once would refuse
//! its new connections and reset those already in the kernel's accept queue, after the proxy
//! may have written a POST it will not send again. Ten seconds is as long as Kubernetes'
//! readiness probes wait between checks by default and twice the interval the operators' guide
//! gives Caddy (whose own default, 30 s, wants a longer grace); 0 closes the listener at
//! SIGTERM, as before the grace was added. The whole stop takes at most [`longest_stop`]: the
//! grace, [`DRAIN_LIMIT`] for what was taken, [`LINGER`] for the connections still open and
//! [`DRAIN_LIMIT`] again for what they brought; whatever stops the process must wait longer
//! (the compose files give [`CONTAINER_STOP_GRACE`], and `tripeaks check` says when the grace
//! makes the stop longer).
//!
//! Each accepted interaction holds a [`Taken`] until its answer is done; [`Drain::idle`] waits
//! for the count to reach zero. Each open connection holds a [`Connected`]: a load balancer
//! may write a request to one it keeps at any moment, so a stopping process lets them go as
//! they are used (each answer then closes its connection) before it closes the rest
//! ([`Drain::disconnected`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::watch;

/// How long a stopping process waits for the interactions it took to be answered in full (the
/// longest answer gives up after 10 s; follow-ups come after it).
pub const DRAIN_LIMIT: Duration = Duration::from_secs(30);
/// How long a stopping process keeps the connections still open once every interaction it took
/// was answered: a load balancer's next request on one is answered (and closes it) rather than
/// cut off unread.
pub const LINGER: Duration = Duration::from_secs(2);
/// The grace when `INTERACTIONS_DRAIN_GRACE` is not set.
pub const DEFAULT_DRAIN_GRACE: Duration = Duration::from_secs(10);
/// What the compose files give the bot to stop (`stop_grace_period`), above
/// `longest_stop(DEFAULT_DRAIN_GRACE)`; `tests/deploy_files.rs` holds them to it.
pub const CONTAINER_STOP_GRACE: Duration = Duration::from_secs(80);

/// The longest a stop may take with this grace: the grace, then the drain.
pub fn longest_stop(grace: Duration) -> Duration {
    grace + DRAIN_LIMIT + LINGER + DRAIN_LIMIT
}

/// The interactions in flight, and whether the process is stopping.
#[derive(Debug)]
pub struct Drain {
    draining: AtomicBool,
    in_flight: watch::Sender<usize>,
    connections: watch::Sender<usize>,
}

impl Default for Drain {
    fn default() -> Drain {
        Drain {
            draining: AtomicBool::new(false),
            in_flight: watch::Sender::new(0),
            connections: watch::Sender::new(0),
        }
    }
}

/// One open connection.
#[must_use = "the connection counts as open while this is held"]
#[derive(Debug)]
pub struct Connected(Arc<Drain>);

impl Drop for Connected {
    fn drop(&mut self) {
        self.0.connections.send_modify(|count| *count -= 1);
    }
}

/// One interaction taken and not yet answered in full.
#[must_use = "the interaction counts as in flight while this is held"]
#[derive(Debug)]
pub struct Taken(Arc<Drain>);

impl Drop for Taken {
    fn drop(&mut self) {
        self.0.in_flight.send_modify(|count| *count -= 1);
    }
}

impl Drain {
    /// Counts one interaction in flight until the `Taken` is dropped.
    pub fn take(self: &Arc<Drain>) -> Taken {
        self.in_flight.send_modify(|count| *count += 1);
        Taken(Arc::clone(self))
    }

    /// Counts one open connection until the `Connected` is dropped.
    pub fn connect(self: &Arc<Drain>) -> Connected {
        self.connections.send_modify(|count| *count += 1);
        Connected(Arc::clone(self))
    }

    /// Waits until no connection is open, for at most `limit`; how many were left.
    pub async fn disconnected(&self, limit: Duration) -> usize {
        let mut counts = self.connections.subscribe();
        let none = counts.wait_for(|count| *count == 0);
        match tokio::time::timeout(limit, none).await {
            Ok(_) => 0,
            Err(_) => *self.connections.borrow(),
        }
    }

    /// From now on the process is stopping.
    pub fn start(&self) {
        self.draining.store(true, Ordering::SeqCst);
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::SeqCst)
    }

    pub fn in_flight(&self) -> usize {
        *self.in_flight.borrow()
    }

    /// Waits until nothing is in flight, for at most `limit`; how many were left.
    pub async fn idle(&self, limit: Duration) -> usize {
        let mut counts = self.in_flight.subscribe();
        let idle = counts.wait_for(|count| *count == 0);
        match tokio::time::timeout(limit, idle).await {
            Ok(_) => 0,
            Err(_) => self.in_flight(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn idle_waits_for_every_interaction_taken_and_no_longer_than_its_bound() {
        let drain = Arc::new(Drain::default());
        assert_eq!(drain.idle(Duration::from_secs(1)).await, 0);
        let first = drain.take();
        let second = drain.take();
        drain.start();
        assert!(drain.is_draining());
        let waiting = tokio::spawn({
            let drain = Arc::clone(&drain);
            async move { drain.idle(Duration::from_secs(30)).await }
        });
        tokio::time::sleep(Duration::from_secs(1)).await;
        drop(first);
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert!(!waiting.is_finished(), "one is still in flight");
        drop(second);
        assert_eq!(waiting.await.unwrap(), 0);
        let _stuck = drain.take();
        assert_eq!(drain.idle(Duration::from_secs(30)).await, 1, "bounded");
    }

    #[test]
    fn the_default_stop_fits_in_the_containers_grace() {
        assert_eq!(longest_stop(DEFAULT_DRAIN_GRACE), Duration::from_secs(72));
        assert!(longest_stop(DEFAULT_DRAIN_GRACE) < CONTAINER_STOP_GRACE);
        assert_eq!(longest_stop(Duration::ZERO), Duration::from_secs(62));
    }

    #[tokio::test(start_paused = true)]
    async fn disconnected_waits_for_the_open_connections_up_to_its_bound() {
        let drain = Arc::new(Drain::default());
        let open = drain.connect();
        let kept = drain.connect();
        drop(open);
        assert_eq!(drain.disconnected(Duration::from_secs(2)).await, 1);
        drop(kept);
        assert_eq!(drain.disconnected(Duration::from_secs(2)).await, 0);
    }
}
