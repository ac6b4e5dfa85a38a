//! Server events on every backend: at most three open per server, even when managers create them
//! at once; a close happens once whichever process gets there first, and a weekly event's next
//! week is made with it; a player's first finished game of each deal counts and nothing after
//! the end does; standings read in the order of their rules with the reader's place; a results
//! post is claimed once and tried again when it failed.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use tripeaks::stats::{EventStanding, MAX_OPEN_PER_SERVER, event_places};
use tripeaks::store::{
    Closed, CountedGame, EventDeal, EventDealRef, EventState, GameKind, NewEvent, Over, Store,
    UserId,
};

use crate::games::code;
use crate::on_every_backend;
use crate::support::{Target, TestDb};

on_every_backend!(
    a_server_keeps_at_most_three_open_events_even_when_created_at_once,
    an_event_closes_once_and_a_weekly_one_comes_back,
    the_first_finished_game_of_each_deal_counts_until_the_end,
    standings_follow_the_rules_with_the_readers_place,
    a_results_post_is_claimed_once_and_tried_again_after_a_failure,
    a_finished_game_counts_and_forget_me_leaves_only_anonymous_results,
);

const START: i64 = 1_796_083_200_000;
const HOUR: i64 = 3_600_000;
const GUILD: u64 = 900;

fn clocked(store: Store) -> (Store, Arc<AtomicI64>) {
    let now = Arc::new(AtomicI64::new(START));
    let clock = now.clone();
    (
        store.with_clock(Arc::new(move || clock.load(Ordering::SeqCst))),
        now,
    )
}

fn new_event(guild: u64, weekly: bool) -> NewEvent {
    NewEvent {
        guild,
        channel: 901,
        name: "Friday sprint".into(),
        created_by: UserId(1),
        deals: vec![
            EventDeal {
                code: code("TP1-E-AAAAAAB"),
                par: Some(612),
            },
            EventDeal {
                code: code("TP1-C-AAAAAAC"),
                par: None,
            },
        ],
        hints: false,
        starts_at: START,
        ends_at: START + 2 * HOUR,
        zone: "Europe/Madrid".into(),
        weekly,
        locale: "en-US".into(),
    }
}

async fn created(store: &Store, weekly: bool) -> tripeaks::store::Event {
    store
        .create_event(&new_event(GUILD, weekly))
        .await
        .unwrap()
        .expect("a place for it")
}

fn counted(event: i64, deal: usize, user: u64, score: u32, at: i64) -> CountedGame {
    CountedGame {
        event,
        deal,
        user: UserId(user),
        game_id: (user as i64) * 100 + deal as i64,
        score,
        won: score >= 500,
        hints: 0,
        finished_at: at,
    }
}

async fn a_server_keeps_at_most_three_open_events_even_when_created_at_once(db: TestDb) {
    let store = Arc::new(db.store().await);
    let tasks: Vec<_> = (0..6)
        .map(|_| {
            let store = Arc::clone(&store);
            tokio::spawn(async move { store.create_event(&new_event(GUILD, false)).await })
        })
        .collect();
    let mut kept = 0;
    for task in tasks {
        match task.await.unwrap().unwrap() {
            Ok(event) => {
                kept += 1;
                assert_eq!(event.state, EventState::Scheduled);
                assert_eq!(event.deals, new_event(GUILD, false).deals);
            }
            Err(open) => assert_eq!(open, MAX_OPEN_PER_SERVER),
        }
    }
    assert_eq!(kept, MAX_OPEN_PER_SERVER);
    assert_eq!(store.open_events(GUILD).await.unwrap().len(), 3);
    // Another server is not limited by this one; a cancelled event frees a place.
    assert!(
        store
            .create_event(&new_event(GUILD + 1, false))
            .await
            .unwrap()
            .is_ok()
    );
    let first = store.open_events(GUILD).await.unwrap()[0].id;
    assert!(
        store
            .cancel_event(GUILD + 1, first)
            .await
            .unwrap()
            .is_none(),
        "another server's"
    );
    let cancelled = store.cancel_event(GUILD, first).await.unwrap().unwrap();
    assert_eq!(cancelled.state, EventState::Cancelled);
    assert!(
        store.cancel_event(GUILD, first).await.unwrap().is_none(),
        "once"
    );
    assert!(
        store
            .create_event(&new_event(GUILD, false))
            .await
            .unwrap()
            .is_ok()
    );
}

async fn an_event_closes_once_and_a_weekly_one_comes_back(db: TestDb) {
    let (store, now) = clocked(db.store().await);
    let event = store
        .create_event(&new_event(GUILD, true))
        .await
        .unwrap()
        .unwrap();
    assert!(store.events_due(10).await.unwrap().is_empty());
    assert!(
        matches!(
            store.close_event(event.id, None).await.unwrap(),
            Closed::Already
        ),
        "not due"
    );
    assert_eq!(
        store.next_event_end().await.unwrap(),
        Some(START + 2 * HOUR)
    );
    now.store(START + 2 * HOUR, Ordering::SeqCst);
    assert_eq!(store.events_due(10).await.unwrap().len(), 1);
    // Two processes close it at once: one closes it and makes next week's. (An in-memory SQLite
    // database is one process's: there, two tasks of one store.)
    let other = match db.target {
        Target::SqliteMemory => store.clone(),
        _ => db
            .store()
            .await
            .with_clock(Arc::new(move || START + 2 * HOUR)),
    };
    let week = 7 * 24 * HOUR;
    let next = || {
        let mut next = new_event(GUILD, true);
        next.starts_at += week;
        next.ends_at += week;
        Some(next)
    };
    let (a, b) = tokio::join!(
        store.close_event(event.id, next()),
        other.close_event(event.id, next())
    );
    let closes: Vec<Closed> = [a.unwrap(), b.unwrap()].into_iter().collect();
    let now_closed: Vec<&Closed> = closes
        .iter()
        .filter(|c| matches!(c, Closed::Now { .. }))
        .collect();
    assert_eq!(now_closed.len(), 1, "{closes:?}");
    let Closed::Now { event: ended, next } = now_closed[0] else {
        unreachable!()
    };
    assert_eq!(ended.state, EventState::Ended);
    let next = next.as_ref().expect("a weekly event comes back");
    assert_eq!(
        (next.starts_at, next.next_of),
        (START + week, Some(event.id))
    );
    // Only next week's is open, and the ended one is what a server shows when nothing runs.
    let open = store.open_events(GUILD).await.unwrap();
    assert_eq!(open.iter().map(|e| e.id).collect::<Vec<_>>(), [next.id]);
    assert_eq!(
        store.current_event(GUILD).await.unwrap().unwrap().id,
        next.id,
        "the next"
    );
    assert!(store.events_due(10).await.unwrap().is_empty());
}

async fn the_first_finished_game_of_each_deal_counts_until_the_end(db: TestDb) {
    let store = db.store().await;
    let event = created(&store, false).await;
    let id = event.id;
    assert!(
        store
            .record_event_game(&counted(id, 0, 7, 600, START + 10), "ann")
            .await
            .unwrap()
    );
    assert!(
        !store
            .record_event_game(&counted(id, 0, 7, 900, START + 20), "ann")
            .await
            .unwrap(),
        "a second game of the deal"
    );
    assert!(
        store
            .record_event_game(&counted(id, 1, 7, 300, START + 30), "ann")
            .await
            .unwrap()
    );
    assert!(
        !store
            .record_event_game(&counted(id, 0, 8, 700, START - 1), "ben")
            .await
            .unwrap(),
        "before the start"
    );
    assert!(
        !store
            .record_event_game(&counted(id, 0, 8, 700, START + 2 * HOUR), "ben")
            .await
            .unwrap(),
        "at the end"
    );
    assert_eq!(
        store.event_games_of(id, UserId(7)).await.unwrap(),
        [(0, 600, true), (1, 300, false)]
    );
    let standings = store.event_standings(id, 10).await.unwrap();
    assert_eq!(
        standings,
        [(
            EventStanding {
                user: 7,
                total: 900,
                cleared: 1,
                hints: 0,
                last_finish_at: START + 30
            },
            "ann".to_owned()
        )]
    );
    assert_eq!(
        store.event_best_scores(id).await.unwrap(),
        [(0, 600), (1, 300)]
    );
}

async fn standings_follow_the_rules_with_the_readers_place(db: TestDb) {
    let store = db.store().await;
    let event = created(&store, false).await;
    let id = event.id;
    // 30 players: scores with ties broken by cleared deals and the time of the last finish.
    let mut expected = Vec::new();
    for user in 1..=30u64 {
        let score = ((user * 37) % 7) as u32 * 100;
        let at = START + 1000 - user as i64;
        let game = counted(id, 0, user, score, at);
        store
            .record_event_game(&game, &format!("p{user}"))
            .await
            .unwrap();
        let mut standing = EventStanding {
            user,
            total: i64::from(score),
            cleared: u32::from(game.won),
            hints: 0,
            last_finish_at: at,
        };
        // Every other player finishes a second deal: their total moves to another band.
        if user % 2 == 0 {
            let second = counted(id, 1, user, ((user * 53) % 9) as u32 * 37, at + 1);
            assert!(store.record_event_game(&second, "again").await.unwrap());
            standing.total += i64::from(second.score);
            standing.cleared += u32::from(second.won);
            standing.last_finish_at = at + 1;
        }
        expected.push(standing);
    }
    let places = event_places(&expected);
    for reader in 1..=30u64 {
        let board = store.event_board(id, UserId(reader)).await.unwrap();
        assert_eq!(board.players, 30);
        assert_eq!(board.top, places[..10].to_vec());
        let own = places.iter().find(|p| p.standing.user == reader).unwrap();
        match board.reader {
            Some(place) => assert_eq!(&place, own),
            None => assert!(board.top.contains(own)),
        }
    }
    let stranger = store.event_board(id, UserId(999)).await.unwrap();
    assert_eq!((stranger.reader, stranger.players), (None, 30));
}

async fn a_results_post_is_claimed_once_and_tried_again_after_a_failure(db: TestDb) {
    let (store, now) = clocked(db.store().await);
    let event = created(&store, false).await;
    now.store(START + 2 * HOUR, Ordering::SeqCst);
    assert!(matches!(
        store.close_event(event.id, None).await.unwrap(),
        Closed::Now { .. }
    ));
    // The closer holds the claim: nobody else posts it meanwhile.
    assert!(!store.claim_event_results(event.id).await.unwrap());
    assert!(store.unposted_event_results(10).await.unwrap().is_empty());
    // Its post failed: let go, then claimed by the next pass, once.
    store.event_results_posted(event.id, false).await.unwrap();
    assert_eq!(store.unposted_event_results(10).await.unwrap().len(), 1);
    assert!(store.claim_event_results(event.id).await.unwrap());
    assert!(!store.claim_event_results(event.id).await.unwrap());
    // A claim nobody confirmed lapses after a token's lifetime.
    now.store(START + 2 * HOUR + 15 * 60_000, Ordering::SeqCst);
    assert!(store.claim_event_results(event.id).await.unwrap());
    store.event_results_posted(event.id, true).await.unwrap();
    now.store(START + 4 * HOUR, Ordering::SeqCst);
    assert!(
        !store.claim_event_results(event.id).await.unwrap(),
        "posted for good"
    );
    assert!(store.unposted_event_results(10).await.unwrap().is_empty());
    assert!(
        store
            .event(event.id)
            .await
            .unwrap()
            .unwrap()
            .results_posted_at
            .is_some()
    );
}

/// Plays the user's current game to its end through the store, drawing while a draw is left
/// and taking the first card that fits otherwise: the game's end files what its kind keeps.
async fn play_to_the_end(store: &Store, user: UserId) {
    loop {
        let current = store.current_game(user).await.unwrap().unwrap();
        let game = &current.game;
        if game.status() != tripeaks::game::Status::Playing {
            return;
        }
        let action = game
            .free_cards()
            .into_iter()
            .find(|&(_, card)| game.fits(card))
            .map(|(_, card)| tripeaks::game::Action::Remove(card))
            .unwrap_or(tripeaks::game::Action::Draw);
        store.apply(user, action, Some(current.at())).await.unwrap();
    }
}

/// A game of an event's deal, started and finished through the store as the bot does.
async fn finish_a_deal(store: &Store, event: &tripeaks::store::Event, deal: u8, user: UserId) {
    store.remember_name(user, "ann").await.unwrap();
    let code = event.deals[usize::from(deal)].code;
    let kind = GameKind::Event(EventDealRef {
        event: event.id,
        deal,
    });
    let started = store.start(
        user,
        tripeaks::game::Game::from_code(code),
        Some(GUILD),
        kind,
        Over::Anything,
    );
    assert!(
        started.await.unwrap().is_some(),
        "a deal of a running event starts"
    );
    play_to_the_end(store, user).await;
}

async fn a_finished_game_counts_and_forget_me_leaves_only_anonymous_results(db: TestDb) {
    let (store, now) = clocked(db.store().await);
    now.store(START + HOUR, Ordering::SeqCst);
    let ann = UserId(7);
    let ended = created(&store, false).await;
    finish_a_deal(&store, &ended, 0, ann).await;
    let counted = store
        .counted_game(
            EventDealRef {
                event: ended.id,
                deal: 0,
            },
            ann,
        )
        .await
        .unwrap();
    let counted = counted.expect("the game's end filed it");
    assert_eq!(
        store.event_standings(ended.id, 10).await.unwrap()[0].1,
        "ann"
    );
    // A deal the event does not have never starts.
    let missing = GameKind::Event(EventDealRef {
        event: ended.id,
        deal: 9,
    });
    let game = tripeaks::game::Game::from_code(ended.deals[0].code);
    let refused = store.start(ann, game, Some(GUILD), missing, Over::Anything);
    assert!(refused.await.unwrap().is_none());
    // The first event ends; a second one runs.
    now.store(START + 2 * HOUR, Ordering::SeqCst);
    assert!(matches!(
        store.close_event(ended.id, None).await.unwrap(),
        Closed::Now { .. }
    ));
    let running = store
        .create_event(&NewEvent {
            starts_at: START + 2 * HOUR,
            ends_at: START + 4 * HOUR,
            ..new_event(GUILD, false)
        })
        .await
        .unwrap()
        .unwrap();
    finish_a_deal(&store, &running, 1, ann).await;
    assert_eq!(store.event_board(running.id, ann).await.unwrap().players, 1);

    let forgotten = store.forget(ann).await.unwrap();
    assert_eq!(forgotten.event_games, 2);
    // Gone from the running event's standings; anonymous in the ended one's, its score kept.
    assert_eq!(store.event_board(running.id, ann).await.unwrap().players, 0);
    let kept = store.event_standings(ended.id, 10).await.unwrap();
    assert_eq!(kept.len(), 1);
    let (standing, name) = &kept[0];
    assert_eq!(name, "");
    assert_eq!(standing.total, i64::from(counted.score));
    assert_ne!(standing.user, ann.0);
    assert!(
        store
            .event_games_of(ended.id, ann)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(store.event_record(ann).await.unwrap(), None);
}
