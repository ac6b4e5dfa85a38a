//! The game store against real databases: every test runs on SQLite in memory, on a SQLite file,
//! and on PostgreSQL when `TEST_DATABASE_URL` names one (see `support.rs`).

mod boards;
mod challenges;
mod crash;
mod daily;
mod events;
mod finished;
mod games;
mod history;
mod migration;
mod race;
mod records;
mod reservations;
mod seen;
mod stats;
mod support;
