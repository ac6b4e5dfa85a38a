//! Faults, end to end: the database cut (PostgreSQL through a [`DbProxy`]) or locked (SQLite),
//! Discord answering 429 to an edit or a follow-up, a slow solver. Every interaction must be
//! answered within Discord's 3 seconds (deferred if need be), finished later or apologised for,
//! and the game in the database must be exactly the taps that were acknowledged.

use std::time::Duration;

use serde_json::Value;
use sqlx::{Connection, PgConnection, SqliteConnection};
use tripeaks::game::{Action, DealCode, Game};
use tripeaks::i18n::{Locale, Message};
use tripeaks::store::{Store, UserId};

use crate::postgres::{host_of, postgres_base, scratch_schema};
use crate::support::{
    APPLICATION_ID, Answered, BotProcess, DbProxy, FakeDiscord, InteractionPayload, Player, Reply,
    ReplyAction, SolverGate, TestDatabase, buttons_of,
};
use crate::{Harness, WAIT, draw_id};

/// Long enough for the store's own bounds (5 s acquire or busy timeout) and the slow notice (10 s).
const LATE_WAIT: Duration = Duration::from_secs(15);
const CODE: &str = "TP1-E-AAAAAAA";

impl Harness {
    async fn start_on(database: TestDatabase, env: &[(&str, &str)]) -> Harness {
        let fake = FakeDiscord::start().await;
        let bot = BotProcess::start_with(&fake, &database, env)
            .await
            .expect("the bot starts");
        Harness {
            fake,
            database,
            bot: Some(bot),
            over_http: false,
        }
    }

    fn bot(&self) -> &BotProcess {
        self.bot.as_ref().expect("a running bot")
    }

    /// Sends an interaction and waits for its callback.
    async fn answer(&self, ix: &InteractionPayload) -> Reply {
        self.fake
            .interact(ix)
            .await
            .unwrap_or_else(|e| panic!("{e}\n{}", self.output()))
    }

    /// Sends an interaction and waits for its final answer, through a deferral if need be.
    async fn final_answer(&self, ix: &InteractionPayload) -> Answered {
        self.fake
            .final_answer(ix)
            .await
            .unwrap_or_else(|e| panic!("{e}\n{}", self.output()))
    }

    /// Waits for the `count`th reply to an interaction (callback, edits, follow-ups).
    async fn nth_reply(&self, ix: &InteractionPayload, count: usize) -> Reply {
        let replies = self
            .fake
            .wait_for_replies(ix, count, LATE_WAIT)
            .await
            .unwrap_or_else(|e| panic!("{e}\n{}", self.output()));
        replies[count - 1].clone()
    }

    fn tap(&self, who: &Player, board: &Value) -> InteractionPayload {
        let draw = draw_id(&buttons_of(board));
        self.fake.button(board, &draw).by(who).build()
    }
}

/// A tap answered in time with a deferred update (type 6), accepted.
/// The first answer is a deferral of `kind` (6: update, 5: a message to follow). When it came is
/// not checked here in wall time, which would depend on the machine's speed: the deadline's own
/// tests (`bot/deadline.rs`, tokio's clock paused) pin the deferral at 1.5 s of the
/// interaction's age.
fn assert_deferred(reply: &Reply, kind: u8) {
    assert_eq!((reply.callback_type(), reply.status), (Some(kind), 204));
}

fn store_not_answering() -> String {
    Message::ErrorStoreUnavailable.text(Locale::EnUs)
}

/// The deal after `draws` draws: what the store must hold.
fn drawn(draws: usize) -> Game {
    let mut game = Game::from_code(CODE.parse::<DealCode>().unwrap());
    for _ in 0..draws {
        game.apply(Action::Draw).unwrap();
    }
    game
}

/// The bot on a scratch PostgreSQL schema reached through a [`DbProxy`] the test controls.
struct Proxied {
    harness: Harness,
    proxy: DbProxy,
    /// The scratch schema's URL, past the proxy.
    direct: String,
    admin: PgConnection,
    schema: String,
}

impl Proxied {
    /// `None` (skipped) without a PostgreSQL to test against.
    async fn start(tag: &str) -> Option<Proxied> {
        let base = postgres_base()?;
        let (direct, admin, schema) = scratch_schema(&base, tag).await;
        let (proxy, url) = {
            let (upstream, via) = host_of(&direct);
            let proxy = DbProxy::start(&upstream).await.expect("the proxy starts");
            let url = via(&proxy.address().to_string());
            (proxy, url)
        };
        let harness = Harness::start_on(TestDatabase::at(&url).unwrap(), &[]).await;
        Some(Proxied {
            harness,
            proxy,
            direct,
            admin,
            schema,
        })
    }

    /// The player's game as the database holds it, read past the proxy.
    async fn stored_game(&self, who: &Player) -> Game {
        let store = Store::connect(&self.direct).await.unwrap();
        let stored = store.current_game(UserId(who.id)).await.unwrap().unwrap();
        store.close().await;
        stored.game
    }

    /// Stops the bot and drops the scratch schema.
    async fn finish(self) {
        let Proxied {
            harness,
            mut admin,
            schema,
            ..
        } = self;
        drop(harness);
        let drop = format!("DROP SCHEMA {schema} CASCADE");
        let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(drop))
            .execute(&mut admin)
            .await;
    }
}

/// PostgreSQL cut mid-game: a tap and a command during the cut are deferred in time and then
/// told the store is not answering; after the restore the same button works; a tap during a
/// second cut is finished by an edit once the database is back, and one on a slow network by
/// an edit too. The stored game is exactly the four acknowledged draws.
#[tokio::test(flavor = "multi_thread")]
async fn a_database_cut_mid_game_loses_and_doubles_no_move() {
    let Some(proxied) = Proxied::start("cut").await else {
        return;
    };
    let (h, proxy) = (&proxied.harness, &proxied.proxy);
    let alice = Player::alice();
    let (_, board) = h.new_game(&alice, "en-US", CODE).await;

    // 1: acknowledged.
    let first = h.final_answer(&h.tap(&alice, &board)).await;
    assert!(first.updated, "{first:?}");
    let board = first.message;

    // Cut: a tap and /tripeaks show, both deferred in time, both told to try again.
    proxy.cut().await;
    let lost = h.tap(&alice, &board);
    let show = h.fake.slash("show").by(&alice).build();
    let follow_ups = format!("/webhooks/{APPLICATION_ID}/{}", show.token);
    h.fake.fail_next("POST", &follow_ups, 429, 1);
    let (deferred_tap, deferred_show) = tokio::join!(h.answer(&lost), h.answer(&show));
    assert_deferred(&deferred_tap, 6);
    assert_deferred(&deferred_show, 5);
    assert!(!deferred_show.is_ephemeral(), "a board is public");
    let apology = h.nth_reply(&lost, 2).await;
    assert_eq!(apology.action, ReplyAction::FollowUp);
    assert!(apology.is_ephemeral());
    assert_eq!(apology.content(), Some(store_not_answering().as_str()));
    // The show's "thinking…" message is replaced by an apology only alice sees (the follow-up
    // first answered 429: repeated).
    let replies = h.fake.wait_for_replies(&show, 4, LATE_WAIT).await.unwrap();
    let actions: Vec<_> = replies
        .iter()
        .map(|r| (r.action.clone(), r.status))
        .collect();
    let follow_up = replies.last().unwrap();
    assert!(
        actions.contains(&(ReplyAction::DeleteOriginal, 204)) && follow_up.status == 200,
        "{actions:?}"
    );
    assert!(follow_up.is_ephemeral());
    assert_eq!(follow_up.content(), Some(store_not_answering().as_str()));

    // Restored: the same button (same turn) is applied now, once.
    proxy.restore().await;
    let again = h.fake.button(&board, &draw_id(&buttons_of(&board)));
    let second = h.final_answer(&again.by(&alice).build()).await;
    assert!(second.updated, "{second:?}\n{}", h.output());
    let board = second.message;

    // Cut again, restored after the deferral: the tap is finished by an edit of the board.
    proxy.cut().await;
    let late = h.tap(&alice, &board);
    let deferred = h.answer(&late).await;
    assert_deferred(&deferred, 6);
    tokio::time::sleep(Duration::from_millis(800)).await;
    proxy.restore().await;
    let edit = h.nth_reply(&late, 2).await;
    assert_eq!(
        (edit.action, edit.status),
        (ReplyAction::EditOriginal, 200),
        "{}",
        h.output()
    );
    let shown = h.fake.message(edit.message_id.unwrap()).unwrap();
    assert!(
        shown["content"].as_str().unwrap().contains("Moves: 3"),
        "{shown:#}"
    );

    // A slow network (every packet held 600 ms, each way): deferred, then finished by an edit.
    // A tap is two round trips to PostgreSQL (the pool's check of the connection, then the
    // save), 2.4 s here, past the 1.5 s deferral (at 200 ms, 0.8 s: answered in time).
    proxy.slow(Duration::from_millis(600));
    let slow = h.tap(&alice, &shown);
    let deferred = h.answer(&slow).await;
    assert_deferred(&deferred, 6);
    let edit = h.nth_reply(&slow, 2).await;
    proxy.restore().await;
    assert_eq!(
        (edit.action, edit.status),
        (ReplyAction::EditOriginal, 200),
        "{}",
        h.output()
    );

    // Exactly the four acknowledged draws, read past the proxy.
    assert_eq!(proxied.stored_game(&alice).await, drawn(4));
    proxied.finish().await;
}

/// Was: a Draw whose commit was acknowledged 12 s late (the write in the database, its answer
/// held on the way back) was dropped at 10 s, the board kept the old score and the player was
/// told to try again. Now the player is told once that the answer will follow, and the board
/// is edited with the saved move when it comes: what the player sees is what the database holds.
#[tokio::test(flavor = "multi_thread")]
async fn a_saved_move_whose_answer_is_held_shows_its_true_result() {
    let Some(proxied) = Proxied::start("held").await else {
        return;
    };
    let (h, proxy) = (&proxied.harness, &proxied.proxy);
    let alice = Player::alice();
    let (_, board) = h.new_game(&alice, "en-US", CODE).await;
    let first = h.final_answer(&h.tap(&alice, &board)).await;
    assert!(first.updated, "{first:?}");
    let board = first.message;

    proxy.hold_next_write_ack(Duration::from_secs(12));
    let held = h.tap(&alice, &board);
    let deferred = h.answer(&held).await;
    assert_deferred(&deferred, 6);
    let notice = h.nth_reply(&held, 2).await;
    assert_eq!(notice.action, ReplyAction::FollowUp);
    assert!(notice.is_ephemeral());
    assert_eq!(
        notice.content(),
        Some(Message::ErrorStoreSlow.text(Locale::EnUs).as_str())
    );
    let edit = h.nth_reply(&held, 3).await;
    assert_eq!(
        (edit.action, edit.status),
        (ReplyAction::EditOriginal, 200),
        "{}",
        h.output()
    );
    let shown = h.fake.message(edit.message_id.unwrap()).unwrap();
    let content = shown["content"].as_str().unwrap();
    assert!(content.contains("Moves: 2"), "{shown:#}");
    let replies = h.fake.replies(&held);
    assert!(
        replies
            .iter()
            .all(|r| r.content() != Some(store_not_answering().as_str())),
        "told it failed: {replies:?}"
    );

    // The database holds exactly the two draws the board shows.
    assert_eq!(proxied.stored_game(&alice).await, drawn(2));
    proxied.finish().await;
}

/// SQLite locked by another writer: a tap and a new game are deferred in time and finished
/// when the lock goes (the edit answered 429 first, and repeated); then play goes on.
#[tokio::test(flavor = "multi_thread")]
async fn a_locked_sqlite_file_defers_and_then_finishes() {
    locked_store_defers(Harness::start().await).await;
}

/// The scenario of `a_locked_sqlite_file_defers_and_then_finishes`, on either transport.
pub(crate) async fn locked_store_defers(h: Harness) {
    let alice = Player::alice();
    let bob = Player::bob();
    let (_, board) = h.new_game(&alice, "en-US", CODE).await;

    let path = h.database.sqlite_path();
    let mut lock = SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    sqlx::raw_sql("BEGIN IMMEDIATE")
        .execute(&mut lock)
        .await
        .unwrap();
    let tap = h.tap(&alice, &board);
    let edits = format!("/{}/messages/@original", tap.token);
    h.fake.fail_next("PATCH", &edits, 429, 1);
    let new = h.fake.slash("new").by(&bob).string("code", CODE).build();
    let (deferred_tap, deferred_new) = tokio::join!(h.answer(&tap), h.answer(&new));
    assert_deferred(&deferred_tap, 6);
    assert_deferred(&deferred_new, 5);
    sqlx::raw_sql("ROLLBACK").execute(&mut lock).await.unwrap();
    lock.close().await.unwrap();

    let refused = h.nth_reply(&tap, 2).await;
    assert_eq!(
        (refused.action.clone(), refused.status),
        (ReplyAction::EditOriginal, 429)
    );
    let edit = h.nth_reply(&tap, 3).await;
    assert_eq!(
        (edit.action.clone(), edit.status),
        (ReplyAction::EditOriginal, 200)
    );
    let board = h.fake.message(edit.message_id.unwrap()).unwrap();
    assert!(
        board["content"].as_str().unwrap().contains("Moves: 1"),
        "{board:#}"
    );
    assert_eq!(
        board["attachments"].as_array().map(Vec::len),
        Some(1),
        "{board:#}"
    );
    h.bot()
        .wait_for_line("went through when repeated", WAIT)
        .await
        .unwrap();

    let started = h.nth_reply(&new, 2).await;
    assert_eq!(
        (started.action.clone(), started.status),
        (ReplyAction::EditOriginal, 200)
    );
    let bobs = h.fake.message(started.message_id.unwrap()).unwrap();
    assert!(bobs["flags"].as_u64().unwrap_or(0) & 64 == 0, "{bobs:#}");
    assert!(!buttons_of(&bobs).is_empty());
    // The final answers, read as the other tests read them, past the deferrals and the 429.
    let (tapped, dealt) = tokio::join!(
        h.fake.wait_for_final_answer(&tap, WAIT),
        h.fake.wait_for_final_answer(&new, WAIT)
    );
    let (tapped, dealt) = (tapped.unwrap(), dealt.unwrap());
    assert!(
        tapped.deferred && tapped.updated && tapped.message == board,
        "{tapped:?}"
    );
    assert!(
        dealt.deferred && !dealt.updated && dealt.message == bobs,
        "{dealt:?}"
    );

    // Play goes on: the next tap updates the board.
    let next = h.final_answer(&h.tap(&alice, &board)).await;
    assert!(next.updated, "{next:?}");
    let store = Store::connect(&h.database.url()).await.unwrap();
    let stored = store.current_game(UserId(alice.id)).await.unwrap().unwrap();
    assert_eq!(stored.game, drawn(2));
}

/// One player's hint stuck in the solver (held at its test gate, a debug-build knob, until the
/// test opens it) does not hold up another player's taps: each is answered at once with its
/// board; the hint is deferred, and answered once the solver is let go.
#[tokio::test(flavor = "multi_thread")]
async fn a_slow_hint_does_not_hold_up_other_players() {
    let database = TestDatabase::new().unwrap();
    let gate = SolverGate::closed();
    let h = Harness::start_on(database, &[gate.env()]).await;
    let (alice, bob) = (Player::alice(), Player::bob());
    let (_, alices) = h.new_game(&alice, "en-US", CODE).await;
    let (_, mut bobs) = h.new_game(&bob, "en-US", CODE).await;
    let hint_id = buttons_of(&alices)
        .into_iter()
        .find_map(|b| b.custom_id.filter(|id| id.starts_with("tp:hint:")))
        .expect("a hint button");
    let hint = h.fake.button(&alices, &hint_id).by(&alice).build();
    h.fake.send_interaction(&hint).await.unwrap();
    // Bob's taps are answered at once (an update, not a deferral: the bot's own clock says
    // each took under 1.5 s) while alice's hint is still unanswered: no wall-clock bound here.
    for _ in 0..3 {
        let reply = h.answer(&h.tap(&bob, &bobs)).await;
        assert_eq!((reply.callback_type(), reply.status), (Some(7), 204));
        bobs = h.fake.message_of(&reply).unwrap();
    }
    let answered = h.fake.replies(&hint);
    assert!(
        answered.iter().all(|r| r.action != ReplyAction::FollowUp),
        "the hint came before the other player's taps: {answered:?}"
    );
    // Meanwhile the hint was deferred in time; once the solver is let go, it comes as a
    // follow-up only alice sees.
    let deferred = h.fake.wait_for_callback(&hint, WAIT).await.unwrap();
    assert_eq!(
        (deferred.callback_type(), deferred.status),
        (Some(6), 204),
        "{:?}\n{}",
        deferred.content(),
        h.output()
    );
    gate.open();
    let answer = h.nth_reply(&hint, 2).await;
    assert!(answer.is_ephemeral() && answer.action == ReplyAction::FollowUp);
    assert_eq!(answer.status, 200);
}
