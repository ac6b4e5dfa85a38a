//! For operators: the configuration from the environment (`config.rs`, with the endpoint's
//! settings, which shards this process runs and the secrets kept in files), `tripeaks check` (`check/`), `/healthz` and
//! `/metrics` (`health.rs`, `metrics/`), what a stopping process owes the interactions it
//! took (`drain.rs`), whether the endpoint's signature check lets Discord in (`signatures.rs`),
//! and the requests the interactions endpoint turns away, counted and logged
//! within bounds (`refusal_log.rs`).

pub mod check;
pub mod config;
pub mod drain;
pub mod endpoint_settings;
pub mod health;
pub mod metrics;
pub mod refusal_log;
pub mod secret_file;
pub mod shards;
pub mod signatures;
