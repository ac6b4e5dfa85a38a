//! The real `tripeaks` binary as a child process of a test: started against a [`FakeDiscord`]
//! with its own SQLite file, its output captured line by line (and echoed, so a failing test
//! shows it), and killed when dropped, also when the test panics. A restart is a drop and a new
//! start on the same [`TestDatabase`].

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};

use super::fake_discord::FakeDiscord;

/// How long [`BotProcess::start`] waits for READY and the command registration.
/// The token the bot is given: distinctive, so a test can check it never reaches the log.
pub const TOKEN: &str = "test-token-Zq7xW3";

pub const START_TIMEOUT: Duration = Duration::from_secs(20);

/// A directory of its own under the target dir with the SQLite file; removed on drop. Or, with
/// [`TestDatabase::at`], any database URL (the directory is still the bot's working directory).
pub struct TestDatabase {
    dir: PathBuf,
    url: Option<String>,
}

impl TestDatabase {
    pub fn new() -> anyhow::Result<TestDatabase> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos();
        let name = format!(
            "e2e-{}-{}-{nanos}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        // Integration tests have a temporary dir under the target dir; examples use the system's.
        let base =
            option_env!("CARGO_TARGET_TMPDIR").map_or_else(std::env::temp_dir, PathBuf::from);
        let dir = base.join(name);
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        Ok(TestDatabase { dir, url: None })
    }

    /// A bot database at this URL (e.g. PostgreSQL through a [`super::DbProxy`]).
    pub fn at(url: &str) -> anyhow::Result<TestDatabase> {
        let mut database = TestDatabase::new()?;
        database.url = Some(url.to_owned());
        Ok(database)
    }

    /// The SQLite file, whatever [`TestDatabase::url`] says.
    pub fn sqlite_path(&self) -> PathBuf {
        self.dir.join("tripeaks.db")
    }

    /// `sqlite://…/tripeaks.db?mode=rwc`, or the URL given to [`TestDatabase::at`].
    pub fn url(&self) -> String {
        if let Some(url) = &self.url {
            return url.clone();
        }
        format!(
            "sqlite://{}?mode=rwc",
            self.dir.join("tripeaks.db").display()
        )
    }

    /// The directory (also the bot's working directory, so no `.env` is picked up).
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The bot's output lines, stdout and stderr interleaved as they arrived, ANSI colours removed.
type Lines = Arc<Mutex<Vec<String>>>;

pub struct BotProcess {
    child: Child,
    lines: Lines,
    /// Its interactions endpoint, when it takes interactions over HTTP.
    endpoint: Option<std::net::SocketAddr>,
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl BotProcess {
    /// The most memory the process has held so far (`VmHWM`, its peak resident set), in bytes;
    /// `None` where /proc does not say.
    pub fn peak_rss_bytes(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }

    /// Starts the bot and waits until it identified on the gateway and registered its commands.
    pub async fn start(fake: &FakeDiscord, database: &TestDatabase) -> anyhow::Result<BotProcess> {
        BotProcess::start_with(fake, database, &[]).await
    }

    /// Like [`BotProcess::start`], with extra environment variables (e.g. `DEV_GUILD_ID`).
    pub async fn start_with(
        fake: &FakeDiscord,
        database: &TestDatabase,
        env: &[(&str, &str)],
    ) -> anyhow::Result<BotProcess> {
        let progress = || {
            fake.read(|state| {
                (
                    state.ready_count,
                    state.registrations.len(),
                    state.requests.len(),
                )
            })
        };
        let (ready_before, registrations_before, requests_before) = progress();
        let mut bot = BotProcess::spawn(fake, database, env)?;
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            let (ready_count, registrations, _) = progress();
            let ready = ready_count > ready_before;
            if ready && registrations > registrations_before {
                return Ok(bot);
            }
            if let Some(refused) = refused_registration(fake, requests_before) {
                bail!(
                    "the fake refused the bot's commands: {refused}; output:\n{}",
                    bot.tail(40)
                );
            }
            if let Some(status) = bot.child.try_wait()? {
                bail!(
                    "the bot exited ({status}) before it was ready; output:\n{}",
                    bot.tail(40)
                );
            }
            if Instant::now() > deadline {
                let stage = if ready {
                    "its command registration"
                } else {
                    "READY"
                };
                bail!(
                    "the bot was not ready after {START_TIMEOUT:?} (waiting for {stage}); output:\n{}",
                    bot.tail(40)
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Starts the bot taking interactions over HTTP (`INTERACTIONS_ADDR` on a free port of
    /// 127.0.0.1, the fake's public key), waits until it registered its commands and serves,
    /// and adds its endpoint to the fake's: from then on the fake POSTs interactions, signed.
    pub async fn start_over_http(
        fake: &FakeDiscord,
        database: &TestDatabase,
        env: &[(&str, &str)],
    ) -> anyhow::Result<BotProcess> {
        let key = fake.public_key_hex();
        let mut all = vec![
            ("INTERACTIONS_ADDR", "127.0.0.1:0"),
            ("DISCORD_PUBLIC_KEY", key.as_str()),
        ];
        all.extend_from_slice(env);
        let mut bot = BotProcess::spawn(fake, database, &all)?;
        let line = bot
            .wait_for_line("interactions at POST /interactions", START_TIMEOUT)
            .await?;
        let address = line
            .split_whitespace()
            .find_map(|field| field.strip_prefix("address="))
            .and_then(|address| address.parse().ok())
            .with_context(|| format!("no address in {line:?}"))?;
        bot.endpoint = Some(address);
        fake.add_endpoint(address);
        Ok(bot)
    }

    /// Its interactions endpoint, when it takes interactions over HTTP.
    pub fn endpoint(&self) -> Option<std::net::SocketAddr> {
        self.endpoint
    }

    fn spawn(
        fake: &FakeDiscord,
        database: &TestDatabase,
        env: &[(&str, &str)],
    ) -> anyhow::Result<BotProcess> {
        let mut command = Command::new(bot_binary());
        command
            .current_dir(database.dir())
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_BASE", fake.api_base())
            .env("DATABASE_URL", database.url())
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .env("NO_PROXY", "127.0.0.1,localhost")
            .env_remove("DEV_GUILD_ID");
        for proxy in [
            "HTTP_PROXY",
            "HTTPS_PROXY",
            "ALL_PROXY",
            "http_proxy",
            "https_proxy",
            "all_proxy",
        ] {
            command.env_remove(proxy);
        }
        for (name, value) in env {
            command.env(name, value);
        }
        BotProcess::from_command(command)
    }

    /// Runs any command with its output captured and the kill-on-drop guarantee.
    pub fn from_command(mut command: Command) -> anyhow::Result<BotProcess> {
        command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let program = command.get_program().to_string_lossy().into_owned();
        let mut child = command
            .spawn()
            .with_context(|| format!("starting {program}"))?;
        let lines = Lines::default();
        if let Some(stdout) = child.stdout.take() {
            collect(stdout, Arc::clone(&lines));
        }
        if let Some(stderr) = child.stderr.take() {
            collect(stderr, Arc::clone(&lines));
        }
        Ok(BotProcess {
            child,
            lines,
            endpoint: None,
        })
    }

    /// Everything the bot printed so far.
    pub fn lines(&self) -> Vec<String> {
        self.lines
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Everything the bot printed since the last call, taken out of the buffer (a long run reads
    /// its lines this way, so that they do not pile up in memory).
    pub fn take_lines(&self) -> Vec<String> {
        std::mem::take(
            &mut *self
                .lines
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }

    /// The last `count` lines, joined, for error messages.
    pub fn tail(&self, count: usize) -> String {
        let lines = self.lines();
        lines[lines.len().saturating_sub(count)..].join("\n")
    }

    /// Waits for a line containing `needle` (among all lines so far); returns it.
    pub async fn wait_for_line(&self, needle: &str, timeout: Duration) -> anyhow::Result<String> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(line) = self.lines().into_iter().find(|line| line.contains(needle)) {
                return Ok(line);
            }
            if Instant::now() > deadline {
                bail!(
                    "no line with {needle:?} after {timeout:?}; output:\n{}",
                    self.tail(40)
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGTERM and waits for the process to exit; its exit status.
    pub async fn terminate(
        &mut self,
        timeout: Duration,
    ) -> anyhow::Result<std::process::ExitStatus> {
        self.send_terminate()?;
        self.wait_exit(timeout).await
    }

    /// Sends SIGTERM and returns at once.
    pub fn send_terminate(&self) -> anyhow::Result<()> {
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &self.id().to_string()])
            .status()?;
        anyhow::ensure!(sent.success(), "kill -TERM failed");
        Ok(())
    }

    /// Waits for the process to exit; its exit status.
    pub async fn wait_exit(
        &mut self,
        timeout: Duration,
    ) -> anyhow::Result<std::process::ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait()? {
                return Ok(status);
            }
            if Instant::now() > deadline {
                bail!(
                    "still running {timeout:?} after SIGTERM; output:\n{}",
                    self.tail(40)
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// The `tripeaks` binary: the one cargo built for this integration test; for an example,
/// `TRIPEAKS_BIN` or `tripeaks` beside the example's own folder (`target/<profile>/`).
pub fn bot_binary() -> PathBuf {
    if let Some(built) = option_env!("CARGO_BIN_EXE_tripeaks") {
        return PathBuf::from(built);
    }
    if let Some(given) = std::env::var_os("TRIPEAKS_BIN") {
        return PathBuf::from(given);
    }
    let me = std::env::current_exe().unwrap_or_default();
    let profile_dir = me.parent().and_then(Path::parent).unwrap_or(Path::new("."));
    profile_dir.join("tripeaks")
}

/// The fake's answer to a command registration it refused, among the requests from `first` on.
fn refused_registration(fake: &FakeDiscord, first: usize) -> Option<String> {
    fake.read(|state| {
        let requests = state.requests.get(first..)?;
        let refused = requests.iter().find(|request| {
            request.path.ends_with("/commands") && request.method != "GET" && request.status >= 400
        })?;
        Some(format!(
            "{} {} -> {} {:?}",
            refused.method, refused.path, refused.status, refused.answer
        ))
    })
}

/// Whether the bot's lines are echoed to stderr as they come (on for tests, so that a failing
/// test shows them; the load generator turns it off).
static ECHO: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Turns the echo of the bot's output on or off (the lines are kept either way).
pub fn echo_bot_output(on: bool) {
    ECHO.store(on, Ordering::Relaxed);
}

/// Reads a pipe line by line on a thread of its own until the child closes it.
fn collect(pipe: impl Read + Send + 'static, lines: Lines) {
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines() {
            let Ok(line) = line else { break };
            let line = strip_ansi(&line);
            if ECHO.load(Ordering::Relaxed) {
                eprintln!("[bot] {line}");
            }
            lines
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(line);
        }
    });
}

/// Removes ANSI escape sequences (colour codes) from a line.
pub fn strip_ansi(line: &str) -> String {
    let mut plain = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            plain.push(c);
            continue;
        }
        if chars.next() == Some('[') {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        }
    }
    plain
}
