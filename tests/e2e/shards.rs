//! End-to-end: the bot past one process. Two processes run shards 0-1 and 2-3 of 4 on one
//! PostgreSQL; the fake Discord sends each interaction on the shard Discord would use. And a
//! default process runs every shard the fake recommends.

use std::time::Duration;

use crate::metrics::metrics_address;
use crate::postgres::{postgres_base, scratch_schema};
use crate::support::{
    Answered, BotProcess, FakeDiscord, FakeOptions, Player, TestDatabase, buttons_of,
};
use crate::{WAIT, draw_id};

/// The longest a group of shards takes to connect: serenity starts a process's shards 5 s
/// apart, and a process waits its turn (the other's shards, and 5 s more).
const SHARDS_UP: Duration = Duration::from_secs(60);

/// A server whose interactions Discord sends on `shard` of 4.
fn guild_on_shard(shard: u64) -> u64 {
    (281_474_976 << 22) + (shard << 22) + 7
}

async fn slash_in(
    fake: &FakeDiscord,
    guild: u64,
    who: &Player,
    name: &str,
    code: Option<&str>,
) -> Answered {
    let mut builder = fake.slash(name).by(who).in_guild(guild);
    if let Some(code) = code {
        builder = builder.string("code", code);
    }
    let ix = builder.build();
    fake.final_answer(&ix).await.expect("an answer")
}

#[tokio::test(flavor = "multi_thread")]
async fn two_processes_share_four_shards_one_store_and_take_turns_to_identify() {
    let Some(base) = postgres_base() else { return };
    let (url, mut admin, schema) = scratch_schema(&base, "shards").await;
    let fake = FakeDiscord::start().await;
    let database = TestDatabase::at(&url).unwrap();
    let first_half = [("SHARD_COUNT", "4"), ("SHARDS", "0-1")];
    let second_half = [("SHARD_COUNT", "4"), ("SHARDS", "2-3")];
    // Both start at once: one waits for the other's turn.
    let (a, b) = tokio::join!(
        BotProcess::start_with(&fake, &database, &first_half),
        async {
            tokio::time::sleep(Duration::from_millis(50)).await;
            BotProcess::start_with(&fake, &database, &second_half).await
        }
    );
    let a = a.expect("process A starts");
    let mut b = b.expect("process B starts");
    let identified = fake
        .wait_for_shards(&[0, 1, 2, 3], SHARDS_UP)
        .await
        .unwrap();
    // IDENTIFY pacing with max_concurrency 1: never two within 5 s, across both processes.
    let mut times: Vec<_> = identified.iter().map(|(at, _)| *at).collect();
    times.sort();
    assert_eq!(times.len(), 4, "one IDENTIFY per shard: {identified:?}");
    for pair in times.windows(2) {
        let gap = pair[1] - pair[0];
        assert!(
            gap >= Duration::from_millis(4_900),
            "IDENTIFYs {gap:?} apart"
        );
    }

    // A game started on shard 0 continues on shard 3: two processes, one store.
    let alice = Player::alice();
    let started = slash_in(
        &fake,
        guild_on_shard(0),
        &alice,
        "new",
        Some("TP1-E-AAAAAAA"),
    )
    .await;
    let board = started.message.clone();
    let shown = slash_in(&fake, guild_on_shard(3), &alice, "show", None).await;
    assert_eq!(
        shown.files()[0].bytes,
        started.files()[0].bytes,
        "the same game, shown by the other process"
    );
    // Each process logs the shard of what it handled (after answering: wait for the line).
    let line = a.wait_for_line("command handled", WAIT).await.unwrap();
    assert!(line.contains("shard=0"), "{line}");
    let line = b.wait_for_line("command handled", WAIT).await.unwrap();
    assert!(line.contains("shard=3"), "{line}");
    // Every shard is served, each interaction answered by exactly one process.
    for shard in 0..4 {
        let reply = slash_in(&fake, guild_on_shard(shard), &Player::bob(), "rules", None).await;
        assert!(reply.is_ephemeral());
    }
    fake.read(|state| {
        for reply in &state.replies {
            let answers = state
                .replies
                .iter()
                .filter(|r| {
                    r.interaction_id == reply.interaction_id
                        && matches!(r.action, crate::support::ReplyAction::Callback(_))
                })
                .count();
            assert!(
                answers <= 1,
                "interaction {} answered {answers} times",
                reply.interaction_id
            );
        }
        assert!(state.undelivered.is_empty());
    });

    // The same board's Draw pressed through both processes at once: one draw, no more.
    let draw = draw_id(&buttons_of(&board));
    let through = |guild| {
        fake.button(&board, &draw)
            .by(&alice)
            .in_guild(guild)
            .build()
    };
    let (one, other) = (through(guild_on_shard(1)), through(guild_on_shard(2)));
    let (x, y) = tokio::join!(fake.final_answer(&one), fake.final_answer(&other));
    let (x, y) = (x.unwrap(), y.unwrap());
    assert!(x.updated && y.updated, "{x:?}\n{y:?}");
    let moves: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM {schema}.current_games WHERE state LIKE '%\"moves\":1,%'"
    )))
    .fetch_one(&mut admin)
    .await
    .unwrap();
    assert_eq!(moves, 1, "exactly one draw was applied");
    let after = slash_in(&fake, guild_on_shard(3), &alice, "show", None).await;
    let content = after.content().unwrap_or_default().to_string();
    assert!(content.contains("Moves: 1"), "{content}");

    // Process B dies: A keeps serving its shards; B's servers go unanswered until it is back.
    let old_board_on_b = shown.message.clone();
    drop(b);
    fake.wait_until(WAIT, "B's sessions closed", |state| {
        (!state.open_shards().contains(&2)).then_some(())
    })
    .await
    .unwrap();
    let still = slash_in(&fake, guild_on_shard(1), &alice, "show", None).await;
    assert!(
        still
            .content()
            .is_some_and(|text| text.contains("Moves: 1")),
        "{still:?}"
    );
    let lost = fake
        .send_interaction(
            &fake
                .slash("show")
                .by(&alice)
                .in_guild(guild_on_shard(2))
                .build(),
        )
        .await;
    assert!(lost.is_err(), "nobody runs shard 2 now");
    assert_eq!(fake.read(|state| state.undelivered.len()), 1);
    b = BotProcess::start_with(&fake, &database, &second_half)
        .await
        .expect("B starts again");
    fake.wait_for_shards(&[0, 1, 2, 3], SHARDS_UP)
        .await
        .unwrap();
    // An old board of B's servers still works after the restart.
    let old = draw_id(&buttons_of(&old_board_on_b));
    let press = fake
        .button(&old_board_on_b, &old)
        .by(&alice)
        .in_guild(guild_on_shard(3))
        .build();
    let pressed = fake.final_answer(&press).await.unwrap();
    assert!(pressed.updated, "{pressed:?}\n{}", b.tail(20));
    drop((a, b));
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("DROP SCHEMA {schema} CASCADE")))
        .execute(&mut admin)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_default_process_runs_every_recommended_shard() {
    let fake = FakeDiscord::start_with(FakeOptions {
        shards: 3,
        ..FakeOptions::default()
    })
    .await;
    let database = TestDatabase::new().unwrap();
    let bot = BotProcess::start(&fake, &database)
        .await
        .expect("the bot starts");
    fake.wait_for_shards(&[0, 1, 2], SHARDS_UP).await.unwrap();
    let counts: Vec<u64> = fake.read(|state| {
        state
            .identifies
            .iter()
            .map(|d| d["shard"][1].as_u64().unwrap())
            .collect()
    });
    assert_eq!(counts, [3, 3, 3]);
    for shard in 0..3 {
        let reply = slash_in(
            &fake,
            guild_on_shard(shard),
            &Player::alice(),
            "rules",
            None,
        )
        .await;
        assert!(reply.is_ephemeral(), "shard {shard}: {}", bot.tail(10));
    }
}

/// `/healthz` counts the shards the process should run, not those started so far: with one of
/// three connected (the gateway lets one connection through), it is 503 naming the two others;
/// once the gateway lets them in, 200. It used to say ok with one shard of three up.
#[tokio::test(flavor = "multi_thread")]
async fn health_counts_every_shard_this_process_should_run() {
    let fake = FakeDiscord::start_with(FakeOptions {
        shards: 3,
        ..FakeOptions::default()
    })
    .await;
    fake.limit_gateway_connections(Some(1));
    let database = TestDatabase::new().unwrap();
    let bot = BotProcess::start_with(&fake, &database, &[("METRICS_ADDR", "127.0.0.1:0")])
        .await
        .expect("the bot starts");
    let address = metrics_address(&bot).await;
    fake.wait_for_shards(&[0], SHARDS_UP).await.unwrap();
    // Until the bot has seen shard 0's READY it names shard 0 too; then only the other two,
    // for as long as the gateway keeps them out.
    let two_down = "2 of 3 shards of this process not connected: 1 (not started), 2 (not started)";
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let (status, body) = crate::metrics::get(&address, "/healthz").await.unwrap();
        assert_eq!(status, 503, "healthy with one shard of three: {body:?}");
        if body.contains(two_down) {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "/healthz said {body:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    fake.limit_gateway_connections(None);
    fake.wait_for_shards(&[0, 1, 2], SHARDS_UP).await.unwrap();
    let deadline = tokio::time::Instant::now() + SHARDS_UP;
    loop {
        let (status, body) = crate::metrics::get(&address, "/healthz").await.unwrap();
        if status == 200 {
            assert_eq!(body, "ok\n");
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "/healthz said {body:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[test]
fn shard_settings_with_sqlite_are_refused_in_one_line() {
    let database = TestDatabase::new().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tripeaks"))
        .current_dir(database.dir())
        .env("DISCORD_TOKEN", "x")
        .env("DATABASE_URL", database.url())
        .env("SHARD_COUNT", "2")
        .env("SHARDS", "0-0")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("PostgreSQL"), "{stderr}");
}
