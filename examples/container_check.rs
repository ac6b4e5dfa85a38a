//! The container check: the bot's image, run by podman against the tests' fake Discord
//! (tests/support, included by path). `tools/container_check.sh` builds the image and runs this;
//! CI runs that script.
//!
//! ```sh
//! cargo run --example container_check -- localhost/tripeaks:check
//! ```
//! What it asserts: the container starts from the image with the token in a secret file,
//! identifies and registers its commands; `/tripeaks new` is answered with a board picture;
//! the image's `HEALTHCHECK` (`tripeaks health`, no curl) reports healthy; the bot's process
//! is not root; the SQLite store is on the `/data` volume; after `podman restart` the game is
//! still there; `tripeaks backup` inside the container writes a checked copy.
//!
//! The container shares the host's network (`--network host`) so that it reaches the fake on
//! 127.0.0.1, where the fake's gateway URL points; everything else is as an operator runs it.

#[path = "../tests/support/mod.rs"]
mod support;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail, ensure};
use support::{FakeDiscord, Player};

/// How long the container has to start, identify and register (a cold start of the image).
const START: Duration = Duration::from_secs(60);
/// The token in the secret file: distinctive, so a leak into the logs would be seen.
const TOKEN: &str = "container-check-token-Q9x";

/// `podman ARGS`, its stdout; an error with its stderr when it fails.
fn podman(args: &[&str]) -> anyhow::Result<String> {
    let output = Command::new("podman")
        .args(args)
        .output()
        .with_context(|| format!("running podman {}", args.join(" ")))?;
    if !output.status.success() {
        bail!(
            "podman {} failed ({}): {}",
            args.join(" "),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// The container and its volume, removed when dropped (also when a check fails).
struct Container {
    name: String,
    volume: String,
    dir: PathBuf,
}

impl Drop for Container {
    fn drop(&mut self) {
        let _ = podman(&["rm", "-f", "-t", "2", &self.name]);
        let _ = podman(&["volume", "rm", "-f", &self.volume]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Container {
    fn logs(&self) -> String {
        let output = Command::new("podman").args(["logs", &self.name]).output();
        output.map_or_else(
            |error| error.to_string(),
            |o| {
                format!(
                    "{}{}",
                    String::from_utf8_lossy(&o.stdout),
                    String::from_utf8_lossy(&o.stderr)
                )
            },
        )
    }
}

/// A free port on 127.0.0.1 for the bot's metrics.
fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// Waits until `count` READYs were sent and the commands registered `registrations` times.
async fn wait_ready(
    fake: &FakeDiscord,
    container: &Container,
    count: usize,
    registrations: usize,
) -> anyhow::Result<()> {
    let deadline = Instant::now() + START;
    loop {
        let (ready, registered) = fake.read(|s| (s.ready_count, s.registrations.len()));
        if ready >= count && registered >= registrations {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!(
                "the container was not ready after {START:?}; its log:\n{}",
                container.logs()
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn step(started: Instant, what: &str) {
    eprintln!(
        "[container check] {:>6.1} s  {what}",
        started.elapsed().as_secs_f64()
    );
}

#[tokio::main(flavor = "multi_thread")]
async fn main() -> anyhow::Result<()> {
    let image = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "localhost/tripeaks:check".to_owned());
    let started = Instant::now();
    support::echo_bot_output(false);
    let fake = FakeDiscord::start().await;
    let id = std::process::id();
    let dir = std::env::temp_dir().join(format!("tripeaks-container-check-{id}"));
    std::fs::create_dir_all(&dir)?;
    let secret = dir.join("discord_token");
    std::fs::write(&secret, format!("{TOKEN}\n"))?;
    let container = Container {
        name: format!("tripeaks-check-{id}"),
        volume: format!("tripeaks-check-{id}"),
        dir,
    };
    podman(&["volume", "create", &container.volume])?;
    let metrics = format!("127.0.0.1:{}", free_port()?);
    let secret_mount = format!("{}:/run/secrets/discord_token:ro", secret.display());
    let data_mount = format!("{}:/data", container.volume);
    let api_base = format!("DISCORD_API_BASE={}", fake.api_base());
    let metrics_env = format!("METRICS_ADDR={metrics}");
    podman(&[
        "run",
        "-d",
        "--name",
        &container.name,
        "--network",
        "host",
        "--http-proxy=false",
        "-v",
        &secret_mount,
        "-v",
        &data_mount,
        "-e",
        "DISCORD_TOKEN_FILE=/run/secrets/discord_token",
        "-e",
        &api_base,
        "-e",
        &metrics_env,
        &image,
    ])?;
    step(started, "container started");
    wait_ready(&fake, &container, 1, 1).await?;
    step(
        started,
        "identified on the fake gateway, commands registered",
    );

    let alice = Player::alice();
    let new = fake
        .slash("new")
        .by(&alice)
        .string("code", "TP1-E-AAAAAAB")
        .build();
    let reply = fake.interact(&new).await.context("/tripeaks new")?;
    let files = reply.files();
    ensure!(
        files.len() == 1 && files[0].png_size() == Some((800, 400)),
        "/tripeaks new was not answered with the board picture: {reply:?}"
    );
    step(started, "/tripeaks new answered with an 800x400 board");

    let deadline = Instant::now() + Duration::from_secs(30);
    while podman(&["healthcheck", "run", &container.name]).is_err() {
        ensure!(
            Instant::now() < deadline,
            "the health check did not pass within 30 s; log:\n{}",
            container.logs()
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    step(started, "HEALTHCHECK (tripeaks health) healthy");

    let users = podman(&["top", &container.name, "user", "huser", "comm"])?;
    let bot_line = users
        .lines()
        .find(|line| line.contains("tripeaks"))
        .with_context(|| format!("no tripeaks process in\n{users}"))?;
    ensure!(
        !bot_line
            .split_whitespace()
            .any(|word| word == "root" || word == "0"),
        "the bot runs as root: {bot_line}"
    );
    step(
        started,
        &format!("the bot's process is not root: {bot_line}"),
    );

    let mountpoint = podman(&[
        "volume",
        "inspect",
        "--format",
        "{{.Mountpoint}}",
        &container.volume,
    ])?;
    let database = PathBuf::from(&mountpoint).join("tripeaks.db");
    ensure!(
        database.exists(),
        "no tripeaks.db on the volume ({mountpoint})"
    );
    step(started, "the store is on the /data volume");

    let show = || fake.slash("show").by(&alice).build();
    let before = fake.interact(&show()).await.context("/tripeaks show")?;
    podman(&["restart", "-t", "10", &container.name])?;
    wait_ready(&fake, &container, 2, 2).await?;
    let after = fake.interact(&show()).await.context("/tripeaks show")?;
    ensure!(
        after.files().len() == 1 && after.content() == before.content(),
        "after a restart /tripeaks show did not show the same game: {before:?} then {after:?}"
    );
    step(started, "after podman restart the game is still there");

    let backup = podman(&[
        "exec",
        &container.name,
        "tripeaks",
        "backup",
        "--out",
        "/data/backup.db",
    ])?;
    ensure!(backup.contains("integrity ok"), "backup said: {backup}");
    step(started, &format!("backup inside the container: {backup}"));

    let logs = container.logs();
    ensure!(
        !logs.contains(TOKEN),
        "the token reached the container's log"
    );
    step(
        started,
        "the token never reached the log; all checks passed",
    );
    Ok(())
}
