//! One whole tap as the bot handles it, minus the network: parse the button's custom_id, load the
//! game from a SQLite file, apply the action, save it (compare-and-swap), render the new picture,
//! describe it for screen readers and build the reply with its buttons.
//!
//! `cargo bench --bench tap`. The taps alternate Draw and Undo on one game, so every tap is
//! accepted and the position stays mid-game. Target: median <= 3 ms on the project's 2-core machine.

use std::sync::atomic::{AtomicU32, Ordering};

use criterion::Criterion;
use tokio::runtime::Runtime;
use tripeaks::bot::game::bot::{Bot, Player};
use tripeaks::bot::game::custom_id::{ButtonAction, PlayerTurn};
use tripeaks::bot::game::reply::Delivery;
use tripeaks::game::{Action, DealCode, Game};
use tripeaks::i18n::Locale;
use tripeaks::store::{GameKind, GameTurn, Over, Store, UserId};

const USER: u64 = 4242;

fn tap(c: &mut Criterion) {
    let runtime = Runtime::new().expect("a tokio runtime");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("tap.db").display());
    let (bot, game_id) = runtime.block_on(async {
        let store = Store::connect(&url).await.expect("the store opens");
        // A mid-game position: a few cards removed, a few drawn.
        let mut game = Game::from_code("TP1-E-AAAAAAA".parse::<DealCode>().unwrap());
        for action in ["6C", "draw", "draw", "10D", "JS", "QD", "KH", "AD", "2S"] {
            let _ = game.apply(action.parse::<Action>().unwrap());
        }
        let current = store
            .start(UserId(USER), game, None, GameKind::Free, Over::Anything)
            .await
            .unwrap()
            .expect("a free game starts over anything");
        (Bot::new(store), current.game_id)
    });
    tripeaks::render::warm_up();
    tripeaks::i18n::init();
    let player = Player {
        user: USER,
        name: "bench".to_string(),
        locale: Locale::EsEs,
        guild: Some(1),
        channel: 2,
    };
    let turn = AtomicU32::new(
        runtime
            .block_on(bot.store().current_game(UserId(USER)))
            .unwrap()
            .unwrap()
            .game
            .turn(),
    );
    let mut group = c.benchmark_group("tap");
    group.bench_function("draw or undo, sqlite file, es-ES", |b| {
        b.to_async(&runtime).iter(|| async {
            let now = turn.load(Ordering::Relaxed);
            let drawn = PlayerTurn {
                owner: USER,
                at: GameTurn { game_id, turn: now },
            };
            let action = if now.is_multiple_of(2) {
                ButtonAction::Draw(drawn)
            } else {
                ButtonAction::Undo(drawn)
            };
            let reply = bot.press(&player, &action.to_string()).await;
            assert_eq!(reply.delivery, Delivery::UpdateMessage, "{}", reply.text);
            turn.store(now + 1, Ordering::Relaxed);
            reply
        });
    });
    group.finish();
}

criterion::criterion_group!(benches, tap);
criterion::criterion_main!(benches);
