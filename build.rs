//! Rebuilds the crate when a database migration is added or changed: `sqlx::migrate!` embeds the
//! files of `migrations/` at compile time, and the compiler does not watch that folder by itself.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
