//! For operators: the configuration from the environment (`config.rs`, with the endpoint's
//! settings, which shards this process runs and the secrets kept in files), `tripeaks check` (`check/`), `/healthz` and
//! `/metrics` (`health.rs`, `metrics/`), and what a stopping process owes the interactions it
//! took (`drain.rs`).

pub mod check;
pub mod config;
pub mod drain;
pub mod endpoint_settings;
pub mod health;
pub mod metrics;
pub mod secret_file;
pub mod shards;
