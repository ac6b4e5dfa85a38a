//! Scratch PostgreSQL for the end-to-end tests that need one (the database cut, two processes
//! or replicas on one store, shards): `TEST_DATABASE_URL` (required under CI, else the test is
//! skipped), a schema of the test's own, and the URL rewritten to go through a proxy.

use sqlx::{Connection, PgConnection};

/// `TEST_DATABASE_URL`, or `None` (the test is skipped) outside CI.
pub(crate) fn postgres_base() -> Option<String> {
    match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => Some(url),
        _ if std::env::var("CI").is_ok_and(|ci| !ci.is_empty() && ci != "0") => {
            panic!("CI is set but TEST_DATABASE_URL does not name PostgreSQL")
        }
        _ => {
            eprintln!("skipped: TEST_DATABASE_URL not set (a test on PostgreSQL)");
            None
        }
    }
}

/// A fresh schema `tripeaks_e2e_<tag>_<pid>` on the PostgreSQL at `base`: the URL that uses it,
/// an admin connection, and its name (for the `DROP SCHEMA … CASCADE` at the end).
pub(crate) async fn scratch_schema(base: &str, tag: &str) -> (String, PgConnection, String) {
    let schema = format!("tripeaks_e2e_{tag}_{}", std::process::id());
    let mut admin = PgConnection::connect(base).await.expect("PostgreSQL");
    let create = format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}");
    sqlx::raw_sql(sqlx::AssertSqlSafe(create))
        .execute(&mut admin)
        .await
        .unwrap();
    let separator = if base.contains('?') { '&' } else { '?' };
    let url = format!("{base}{separator}options=-c%20search_path%3D{schema}");
    (url, admin, schema)
}

/// `host:port` of a PostgreSQL URL, and the URL with another `host:port` in its place.
pub(crate) fn host_of(url: &str) -> (String, impl Fn(&str) -> String + '_) {
    let after_scheme = url.find("://").map_or(0, |at| at + 3);
    let start = url[after_scheme..]
        .find('@')
        .map_or(after_scheme, |at| after_scheme + at + 1);
    let end = url[start..]
        .find(['/', '?'])
        .map_or(url.len(), |at| start + at);
    let host = url[start..end].to_string();
    (host, move |other: &str| {
        format!("{}{other}{}", &url[..start], &url[end..])
    })
}
