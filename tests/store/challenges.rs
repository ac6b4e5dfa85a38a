//! Challenges on every backend: a double Accept accepts once and a double Play starts one
//! game; two players finishing at the same instant close the challenge once, with one result
//! to post; a duel nobody answers lapses after a day, a player out of time forfeits, an open
//! challenge takes at most ten players for an hour, and a board replaced counts as abandoned.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use tokio::sync::Barrier;
use tripeaks::game::{Game, Status, solver};
use tripeaks::stats::{DAY_MS, HeadToHead, Outcome};
use tripeaks::store::{
    Challenge, ChallengeState, Due, GameKind, NewChallenge, Over, Store, Taken, UserId,
};

use crate::games::code;
use crate::on_every_backend;
use crate::support::{StartFree, Target, TestDb};

on_every_backend!(
    a_double_accept_accepts_once_and_racing_finishes_close_it_once,
    a_duel_nobody_answers_lapses_after_a_day,
    a_player_out_of_time_forfeits_and_the_result_is_due,
    an_open_challenge_takes_ten_players_for_an_hour,
    a_board_replaced_counts_as_abandoned,
    many_racing_finishes_each_close_their_challenge_once,
    a_player_who_forgets_mid_duel_leaves_it_to_settle_for_the_other,
    a_challenger_who_forgets_leaves_an_open_challenge_to_its_players,
    a_result_is_announced_only_once_its_post_is_confirmed,
    forget_me_racing_finishes_never_fails_either,
);

const START: i64 = 1_796_083_200_000;
const DEAL: &str = "TP1-C-AAAAAAC";

fn clocked(store: Store) -> (Store, Arc<AtomicI64>) {
    let now = Arc::new(AtomicI64::new(START));
    let clock = now.clone();
    (
        store.with_clock(Arc::new(move || clock.load(Ordering::SeqCst))),
        now,
    )
}

fn duel(challenger: u64, opponent: Option<u64>) -> NewChallenge {
    NewChallenge {
        challenger: UserId(challenger),
        challenger_name: format!("player {challenger}"),
        opponent: opponent.map(|o| (UserId(o), format!("player {o}"))),
        guild: Some(900),
        channel: 901,
        code: code(DEAL),
        rematch_of: None,
    }
}

/// Runs `act(i)` for `tasks` tasks released at the same moment.
async fn at_once<T, F, Fut>(tasks: usize, act: F) -> Vec<T>
where
    T: Send + 'static,
    F: Fn(usize) -> Fut,
    Fut: Future<Output = T> + Send + 'static,
{
    let barrier = Arc::new(Barrier::new(tasks));
    let handles: Vec<_> = (0..tasks)
        .map(|i| {
            let (barrier, work) = (barrier.clone(), act(i));
            tokio::spawn(async move {
                barrier.wait().await;
                work.await
            })
        })
        .collect();
    let mut results = Vec::new();
    for handle in handles {
        results.push(handle.await.expect("a racing task"));
    }
    results
}

/// A duel of player 1 against player 2, not answered yet: its id.
async fn created_duel(store: &Store) -> i64 {
    store
        .create_challenge(&duel(1, Some(2)))
        .await
        .unwrap()
        .unwrap()
        .id
}

/// A duel of player 1 against player 2, accepted by player 2: its id.
async fn accepted_duel(store: &Store) -> i64 {
    let id = created_duel(store).await;
    let accepted = store.accept_challenge(id, UserId(2)).await.unwrap();
    assert!(matches!(accepted, Taken::Done(_)), "{accepted:?}");
    id
}

/// Starts `user`'s board of challenge `id`.
async fn start_board(store: &Store, user: UserId, id: i64) {
    let game = Game::from_code(code(DEAL));
    let started = store
        .start(
            user,
            game,
            None,
            GameKind::Challenge(id),
            Over::Exactly(None),
        )
        .await;
    assert!(started.unwrap().is_some(), "{user:?}'s board");
}

/// The result of challenge `id` as a post due to `user`, who must have it due.
async fn result_due(store: &Store, user: UserId, id: i64) -> Due {
    let dues = store.posts_due(user).await.unwrap();
    let due = dues
        .iter()
        .find(|due| due.kind() == GameKind::Challenge(id));
    *due.unwrap_or_else(|| panic!("challenge {id}'s result is not due to {user:?}: {dues:?}"))
}

/// The player whose game is `game_id` in challenge `over`.
fn closer_user(over: &Challenge, game_id: i64) -> u64 {
    let closer = over.players.iter().find(|p| p.game_id == Some(game_id));
    closer.expect("the closer's seat").user.0
}

/// Plays the solver's line of the deal on `user`'s board but its last action; returns it.
async fn all_but_the_last(store: &Store, user: UserId) -> tripeaks::game::Action {
    let mut line = solver::solve(&Game::from_code(code(DEAL))).line;
    let last = line.pop().expect("a winning line");
    for action in line {
        store.apply(user, action, None).await.unwrap();
    }
    last
}

async fn a_double_accept_accepts_once_and_racing_finishes_close_it_once(db: TestDb) {
    let store = db.store().await;
    let (ann, ben) = (UserId(1), UserId(2));
    let challenge = store
        .create_challenge(&duel(1, Some(2)))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(challenge.state, ChallengeState::Waiting);
    let id = challenge.id;
    // Only the opponent answers, and two presses of Accept accept once.
    assert!(matches!(
        store.accept_challenge(id, ann).await.unwrap(),
        Taken::Unchanged(c) if c.state == ChallengeState::Waiting
    ));
    let accepts = at_once(2, |_| {
        let store = store.clone();
        async move { store.accept_challenge(id, ben).await.unwrap() }
    })
    .await;
    let done = accepts
        .iter()
        .filter(|t| matches!(t, Taken::Done(_)))
        .count();
    assert_eq!(done, 1, "{accepts:?}");
    // Two presses of Play start one game.
    let starts = at_once(2, |_| {
        let store = store.clone();
        async move {
            let game = Game::from_code(code(DEAL));
            store
                .start(
                    ben,
                    game,
                    Some(900),
                    GameKind::Challenge(id),
                    Over::Exactly(None),
                )
                .await
                .unwrap()
        }
    })
    .await;
    assert_eq!(starts.iter().filter(|s| s.is_some()).count(), 1);
    let game = Game::from_code(code(DEAL));
    let ann_board = store
        .start(
            ann,
            game,
            Some(900),
            GameKind::Challenge(id),
            Over::Exactly(None),
        )
        .await;
    let ann_board = ann_board.unwrap().expect("ann's board");
    assert_eq!(ann_board.kind, GameKind::Challenge(id));
    // Both finish at the same instant, each through a store of its own (two shards' processes
    // sharing one database; an in-memory database lives in one process, so one store there).
    let last_ann = all_but_the_last(&store, ann).await;
    let last_ben = all_but_the_last(&store, ben).await;
    let other_process = match db.target {
        Target::SqliteMemory => store.clone(),
        Target::SqliteFile | Target::Postgres => db.store().await,
    };
    let finishes = at_once(2, |i| {
        let (store, user, last) = if i == 0 {
            (store.clone(), ann, last_ann)
        } else {
            (other_process.clone(), ben, last_ben)
        };
        async move { store.apply(user, last, None).await.unwrap() }
    })
    .await;
    let games: Vec<_> = finishes.iter().map(|f| f.game().unwrap().clone()).collect();
    assert!(games.iter().all(|g| g.game.status() == Status::Won));
    let over = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(over.state, ChallengeState::Over);
    assert_eq!(over.winner, None, "the same line: a tie");
    assert_eq!(over.results().len(), 2);
    // One of the two finishing moves closed it: its interaction, and only it, posts.
    let closer = over.closed_by_game.expect("closed by a finishing move");
    assert!(games.iter().any(|g| g.game_id == closer));
    let due = result_due(&store, ann, id).await;
    assert_eq!(result_due(&store, ben, id).await, due, "due to both");
    let claims = at_once(2, |i| {
        let (store, game_id) = (store.clone(), games[i].game_id);
        async move { store.claim_post(due, Some(game_id)).await.unwrap() }
    })
    .await;
    assert_eq!(claims.iter().filter(|&&c| c).count(), 1, "{claims:?}");
    assert!(!store.claim_post(due, None).await.unwrap());
    let record = store.head_to_head(ann, ben).await.unwrap();
    assert_eq!(
        record,
        HeadToHead {
            wins: 0,
            losses: 0,
            ties: 1
        }
    );
    assert_eq!(store.challenge_record(ann).await.unwrap(), (0, 0));
    // A finished board's result is final: an undo afterwards changes no challenge result.
    let filed = store.challenge(id).await.unwrap().unwrap().results();
    assert!(filed.iter().all(|e| e.outcome == Outcome::Won));
}

async fn a_duel_nobody_answers_lapses_after_a_day(db: TestDb) {
    let (store, now) = clocked(db.store().await);
    let id = created_duel(&store).await;
    // One unanswered challenge at a time.
    assert_eq!(
        store.create_challenge(&duel(1, Some(3))).await.unwrap(),
        Err(id)
    );
    now.store(START + DAY_MS - 1, Ordering::SeqCst);
    let waiting = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(waiting.state, ChallengeState::Waiting);
    now.store(START + DAY_MS, Ordering::SeqCst);
    let lapsed = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(lapsed.state, ChallengeState::Lapsed);
    assert!(matches!(
        store.accept_challenge(id, UserId(2)).await.unwrap(),
        Taken::Unchanged(c) if c.state == ChallengeState::Lapsed
    ));
    // Lapsed: the challenger may challenge again.
    assert!(
        store
            .create_challenge(&duel(1, Some(3)))
            .await
            .unwrap()
            .is_ok()
    );
}

async fn a_player_out_of_time_forfeits_and_the_result_is_due(db: TestDb) {
    let (store, now) = clocked(db.store().await);
    let (ann, ben) = (UserId(1), UserId(2));
    let id = created_duel(&store).await;
    now.store(START + 1_000, Ordering::SeqCst);
    assert!(matches!(
        store.accept_challenge(id, ben).await.unwrap(),
        Taken::Done(_)
    ));
    start_board(&store, ann, id).await;
    let last = all_but_the_last(&store, ann).await;
    store.apply(ann, last, None).await.unwrap();
    let playing = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(
        (playing.state, playing.unfinished()),
        (ChallengeState::Playing, 1)
    );
    // Ben never started his board: a day after accepting, he forfeits.
    now.store(START + 1_000 + DAY_MS - 1, Ordering::SeqCst);
    assert_eq!(store.challenge(id).await.unwrap().unwrap().unfinished(), 1);
    now.store(START + 1_000 + DAY_MS, Ordering::SeqCst);
    let over = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(over.state, ChallengeState::Over);
    assert_eq!(over.winner, Some(ann));
    let ben_result = over.player(ben).unwrap().result.unwrap();
    assert_eq!(
        (ben_result.outcome, ben_result.score),
        (Outcome::Abandoned, 0)
    );
    // Closed by no move: the next interaction on it posts the result, once.
    assert_eq!(over.closed_by_game, None);
    // Due to Ben too, who has no game at all.
    assert_eq!(store.current_game(ben).await.unwrap(), None);
    let due = result_due(&store, ben, id).await;
    assert_eq!(result_due(&store, ann, id).await, due);
    assert!(store.claim_post(due, None).await.unwrap());
    assert!(!store.claim_post(due, None).await.unwrap());
    // Too late to start the board now.
    let game = Game::from_code(code(DEAL));
    assert!(
        store
            .start(
                ben,
                game,
                None,
                GameKind::Challenge(id),
                Over::Exactly(None)
            )
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(store.challenge_record(ann).await.unwrap(), (1, 0));
    assert_eq!(store.challenge_record(ben).await.unwrap(), (0, 1));
    let record = store.head_to_head(ben, ann).await.unwrap();
    assert_eq!(
        record,
        HeadToHead {
            wins: 0,
            losses: 1,
            ties: 0
        }
    );
    // Forget-me: Ann's rows go, Ben keeps his result; their duel leaves his head-to-head.
    store.forget(ann).await.unwrap();
    let kept = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(kept.players.len(), 1);
    assert_eq!(kept.winner, Some(UserId(0)), "nobody");
    assert_eq!(
        store.head_to_head(ben, ann).await.unwrap(),
        HeadToHead::default()
    );
    assert_eq!(store.challenge_record(ben).await.unwrap(), (0, 1));
    assert_eq!(store.challenge_record(ann).await.unwrap(), (0, 0));
}

async fn an_open_challenge_takes_ten_players_for_an_hour(db: TestDb) {
    let (store, now) = clocked(db.store().await);
    let open = store
        .create_challenge(&duel(1, None))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((open.state, open.players.len()), (ChallengeState::Open, 1));
    let id = open.id;
    // Eleven others press Join at once: nine get in, the tenth seat being the challenger's.
    let joins = at_once(11, |i| {
        let store = store.clone();
        async move {
            let user = UserId(100 + i as u64);
            store.join_challenge(id, user, "joiner").await.unwrap()
        }
    })
    .await;
    assert_eq!(
        joins.iter().filter(|t| matches!(t, Taken::Done(_))).count(),
        9
    );
    let full = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(full.players.len(), 10);
    assert!(!full.joinable_at(START));
    // A joiner pressing again changes nothing.
    let again = store
        .join_challenge(id, full.players[1].user, "joiner")
        .await
        .unwrap();
    assert!(matches!(again, Taken::Unchanged(_)));
    // Another open challenge nobody joins lapses after its hour.
    let lonely = store
        .create_challenge(&duel(2, None))
        .await
        .unwrap()
        .unwrap()
        .id;
    now.store(START + 3_600_000 - 1, Ordering::SeqCst);
    assert_eq!(
        store.challenge(lonely).await.unwrap().unwrap().state,
        ChallengeState::Open
    );
    now.store(START + 3_600_000, Ordering::SeqCst);
    assert_eq!(
        store.challenge(lonely).await.unwrap().unwrap().state,
        ChallengeState::Lapsed
    );
    assert!(matches!(
        store.join_challenge(lonely, UserId(3), "late").await.unwrap(),
        Taken::Unchanged(c) if c.state == ChallengeState::Lapsed
    ));
    // The full one is played from now on, and no longer counts as waiting for players.
    assert_eq!(
        store.challenge(id).await.unwrap().unwrap().state,
        ChallengeState::Playing
    );
    assert!(
        store
            .create_challenge(&duel(1, None))
            .await
            .unwrap()
            .is_ok()
    );
}

async fn a_board_replaced_counts_as_abandoned(db: TestDb) {
    let store = db.store().await;
    let (ann, ben) = (UserId(1), UserId(2));
    let id = accepted_duel(&store).await;
    for user in [ann, ben] {
        start_board(&store, user, id).await;
    }
    let last = all_but_the_last(&store, ann).await;
    store.apply(ann, last, None).await.unwrap();
    // Ben starts another game over his untouched board: he leaves the challenge.
    let other = Game::from_code(code("TP1-E-AAAAAAB"));
    let replaced = store.start_free(ben, other, None).await.unwrap();
    assert_eq!(replaced.kind, GameKind::Free);
    let over = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(over.state, ChallengeState::Over);
    assert_eq!(over.winner, Some(ann));
    assert_eq!(
        over.player(ben).unwrap().result.unwrap().outcome,
        Outcome::Abandoned
    );
    // The board that was replaced closed it: that game's interaction may post.
    let ben_game = over.player(ben).unwrap().game_id;
    assert_eq!(over.closed_by_game, ben_game);
    // Ann's finished challenge game remembers its challenge.
    let finished = store.finished_games(ann).await.unwrap();
    assert_eq!(finished.last().unwrap().kind, GameKind::Challenge(id));
}

/// 100 duels whose two last moves all land at once, through two stores. Without the challenge's
/// row lock this fails on PostgreSQL (tried: a challenge left in play, both finishers having
/// read the other's result as missing); 6 duels were too few to catch it.
async fn many_racing_finishes_each_close_their_challenge_once(db: TestDb) {
    const DUELS: u64 = 100;
    let store = db.store().await;
    let other_process = match db.target {
        Target::SqliteMemory => store.clone(),
        Target::SqliteFile | Target::Postgres => db.store().await,
    };
    let mut races = Vec::new();
    for duel_number in 0..DUELS {
        let (ann, ben) = (10 + 2 * duel_number, 11 + 2 * duel_number);
        let id = store.create_challenge(&duel(ann, Some(ben))).await.unwrap();
        let id = id.unwrap().id;
        store.accept_challenge(id, UserId(ben)).await.unwrap();
        for user in [ann, ben] {
            start_board(&store, UserId(user), id).await;
        }
        let last_ann = all_but_the_last(&store, UserId(ann)).await;
        let last_ben = all_but_the_last(&store, UserId(ben)).await;
        races.push((id, (UserId(ann), last_ann), (UserId(ben), last_ben)));
    }
    // Every last move of every duel at once, half through each store.
    let moves: Vec<_> = races.iter().flat_map(|(_, a, b)| [*a, *b]).collect();
    let finished = at_once(moves.len(), |i| {
        let store = if i % 2 == 0 {
            store.clone()
        } else {
            other_process.clone()
        };
        let (user, last) = moves[i];
        async move {
            store
                .apply(user, last, None)
                .await
                .unwrap()
                .game()
                .unwrap()
                .game_id
        }
    })
    .await;
    for (id, _, _) in &races {
        let over = store.challenge(*id).await.unwrap().unwrap();
        assert_eq!(over.state, ChallengeState::Over, "challenge {id}");
        assert_eq!(over.results().len(), 2);
        let closer = over.closed_by_game.expect("closed by one finishing move");
        assert!(finished.contains(&closer));
        let due = result_due(&store, UserId(closer_user(&over, closer)), *id).await;
        let claims = [
            store.claim_post(due, Some(closer)).await.unwrap(),
            other_process.claim_post(due, Some(closer)).await.unwrap(),
        ];
        assert_eq!(claims, [true, false], "posted once");
    }
}

/// Was: forget-me deleted Ben's seat of a duel being played, and a challenge with fewer than
/// two players never closes, so Ann's finished game never got its result, even after the 24 h
/// forfeit. Now Ben counts as abandoned (his board's score), his seat stays without his id or
/// name, and the duel is over with Ann's result, to be posted with her next interaction.
async fn a_player_who_forgets_mid_duel_leaves_it_to_settle_for_the_other(db: TestDb) {
    let (store, now) = clocked(db.store().await);
    let (ann, ben) = (UserId(1), UserId(2));
    let id = accepted_duel(&store).await;
    for user in [ann, ben] {
        start_board(&store, user, id).await;
    }
    let last = all_but_the_last(&store, ann).await;
    store.apply(ann, last, None).await.unwrap();
    store
        .apply(ben, tripeaks::game::Action::Draw, None)
        .await
        .unwrap();
    let ben_board = store.current_game(ben).await.unwrap().unwrap().game;
    store.forget(ben).await.unwrap();
    let over = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(over.state, ChallengeState::Over, "{over:?}");
    assert_eq!(over.winner, Some(ann));
    assert_eq!(over.players.len(), 2, "the seat stays");
    assert!(over.player(ben).is_none(), "without his id");
    let departed = &over.players[1];
    assert!(
        departed.departed() && departed.name.is_empty(),
        "{departed:?}"
    );
    let result = departed.result.expect("his result");
    assert_eq!(
        (result.outcome, result.score, result.moves),
        (Outcome::Abandoned, ben_board.score(), 1)
    );
    assert_eq!(over.opponent, Some(departed.user));
    // Closed by no move: Ann's next interaction posts it.
    let due = result_due(&store, ann, id).await;
    assert!(store.claim_post(due, None).await.unwrap());
    // Nothing of Ben is left to find, and a day later nothing changes.
    assert!(store.posts_due(ben).await.unwrap().is_empty());
    now.store(START + 2 * DAY_MS, Ordering::SeqCst);
    assert_eq!(
        store.challenge(id).await.unwrap().unwrap().winner,
        Some(ann)
    );
    assert_eq!(store.challenge_record(ann).await.unwrap(), (1, 0));
}

/// Was: a challenger who forgot deleted every seat of their open challenge, and the players who
/// had joined kept a private board of a challenge that no longer existed. Now the challenge goes
/// on for them; it closes when they finish. A duel nobody answered yet, and an open challenge
/// nobody joined, go with the player.
async fn a_challenger_who_forgets_leaves_an_open_challenge_to_its_players(db: TestDb) {
    let (store, _now) = clocked(db.store().await);
    let (ann, ben, cat) = (UserId(1), UserId(2), UserId(3));
    let id = store
        .create_challenge(&duel(1, None))
        .await
        .unwrap()
        .unwrap()
        .id;
    for user in [ben, cat] {
        let taken = store.join_challenge(id, user, "joiner").await.unwrap();
        assert!(matches!(taken, Taken::Done(_)), "{taken:?}");
        start_board(&store, user, id).await;
    }
    start_board(&store, ann, id).await;
    store.forget(ann).await.unwrap();
    let open = store.challenge(id).await.unwrap().expect("still there");
    assert_eq!(open.players.len(), 3);
    assert!(open.players[0].departed());
    assert_eq!(open.unfinished(), 2);
    for user in [ben, cat] {
        let current = store.current_game(user).await.unwrap().unwrap();
        assert_eq!(current.kind, GameKind::Challenge(id), "their boards go on");
        let last = all_but_the_last(&store, user).await;
        store.apply(user, last, None).await.unwrap();
    }
    let over = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(over.state, ChallengeState::Over);
    assert_eq!(
        over.winner, None,
        "the same line: a tie of the two who finished"
    );
    // Ann may challenge again at once: her old challenge no longer counts as hers.
    assert!(store.unanswered_challenge(ann).await.unwrap().is_none());

    // Nobody else in it: it goes.
    let waiting = store
        .create_challenge(&duel(4, Some(5)))
        .await
        .unwrap()
        .unwrap()
        .id;
    let lonely = store
        .create_challenge(&duel(6, None))
        .await
        .unwrap()
        .unwrap()
        .id;
    store.forget(UserId(5)).await.unwrap();
    store.forget(UserId(6)).await.unwrap();
    assert!(store.challenge(waiting).await.unwrap().is_none());
    assert!(store.challenge(lonely).await.unwrap().is_none());
    assert!(
        store
            .unanswered_challenge(UserId(4))
            .await
            .unwrap()
            .is_none()
    );
}

/// Was: the post was claimed for good before it was sent, so a refused or failed follow-up
/// left the challenge over and never announced. Now a claim is confirmed once Discord took the
/// post, released when it did not (the next interaction claims it again), and lapses after 15
/// minutes when nobody said (a process that stopped).
async fn a_result_is_announced_only_once_its_post_is_confirmed(db: TestDb) {
    let (store, now) = clocked(db.store().await);
    let (ann, ben) = (UserId(1), UserId(2));
    let id = accepted_duel(&store).await;
    for user in [ann, ben] {
        start_board(&store, user, id).await;
        let last = all_but_the_last(&store, user).await;
        store.apply(user, last, None).await.unwrap();
    }
    let over = store.challenge(id).await.unwrap().unwrap();
    let closer = over.closed_by_game.expect("closed by a move");
    let due = result_due(&store, ann, id).await;
    assert!(store.claim_post(due, Some(closer)).await.unwrap());
    // Being posted: still due to both until Discord took it, but nobody else claims it.
    assert!(!store.claim_post(due, None).await.unwrap());
    assert_eq!(result_due(&store, ben, id).await, due);
    // Each player's game row says so, in the statement that reads it.
    let current = store.current_game(ann).await.unwrap().unwrap();
    assert!(current.posts_due);
    // Discord refused the post: either player's next interaction claims it again.
    store.release_post(due).await.unwrap();
    assert_eq!(result_due(&store, ben, id).await, due);
    assert!(store.claim_post(due, None).await.unwrap());
    // A claim nobody confirms or releases lapses with the token's 15 minutes.
    now.store(START + 14 * 60 * 1000, Ordering::SeqCst);
    assert!(!store.claim_post(due, None).await.unwrap());
    now.store(START + 15 * 60 * 1000, Ordering::SeqCst);
    assert_eq!(result_due(&store, ann, id).await, due);
    assert!(store.claim_post(due, None).await.unwrap());
    // Posted: announced for good, and due to nobody any more.
    store.confirm_post(due).await.unwrap();
    store.release_post(due).await.unwrap();
    let announced = store.challenge(id).await.unwrap().unwrap();
    assert!(announced.announced);
    for user in [ann, ben] {
        assert!(store.posts_due(user).await.unwrap().is_empty());
        let current = store.current_game(user).await.unwrap().unwrap();
        assert!(!current.posts_due);
    }
    now.store(START + DAY_MS, Ordering::SeqCst);
    assert!(!store.claim_post(due, None).await.unwrap());
}

/// One lock order everywhere: Ben's forget-me and Ann's finishing move of the same duel, in
/// the same server and on the same deal (so the same result buckets), land at once through two
/// stores, twenty times. Neither may fail: on PostgreSQL a deadlock (40P01) between them used
/// to reach the player as the generic apology. Nor may either be rolled back for a conflict
/// and tried again: both sides retry one (forget-me up to 8 times, the move as a lost race), so
/// only the store's count of conflicts tells a broken order from a sound one. The count is the
/// process's: a conflict in another test running meanwhile breaks the same rule.
async fn forget_me_racing_finishes_never_fails_either(db: TestDb) {
    const DUELS: u64 = 20;
    let store = db.store().await;
    let other_process = match db.target {
        Target::SqliteMemory => store.clone(),
        Target::SqliteFile | Target::Postgres => db.store().await,
    };
    let mut ready = Vec::new();
    for n in 0..DUELS {
        let (ann, ben) = (UserId(1_000 + 2 * n), UserId(1_001 + 2 * n));
        // Ben has results on the same deal and server first: forget-me takes them out.
        let earlier = store
            .start_free(ben, Game::from_code(code(DEAL)), Some(900))
            .await
            .unwrap();
        drop(earlier);
        let line = solver::solve(&Game::from_code(code(DEAL))).line;
        for action in line {
            store.apply(ben, action, None).await.unwrap();
        }
        let id = store
            .create_challenge(&duel(ann.0, Some(ben.0)))
            .await
            .unwrap()
            .unwrap()
            .id;
        store.accept_challenge(id, ben).await.unwrap();
        let game = Game::from_code(code(DEAL));
        let started = store
            .start(
                ann,
                game,
                Some(900),
                GameKind::Challenge(id),
                Over::Exactly(None),
            )
            .await
            .unwrap();
        assert!(started.is_some());
        let game = Game::from_code(code(DEAL));
        let current = store.current_game(ben).await.unwrap().map(|c| c.at());
        let started = store
            .start(
                ben,
                game,
                Some(900),
                GameKind::Challenge(id),
                Over::Exactly(current),
            )
            .await
            .unwrap();
        assert!(started.is_some());
        let last = all_but_the_last(&store, ann).await;
        ready.push((id, ann, ben, last));
    }
    let ready = Arc::new(ready);
    let conflicts_before = tripeaks::store::conflicts_seen();
    let outcomes = at_once(2 * DUELS as usize, |i| {
        let (ready, store, other) = (ready.clone(), store.clone(), other_process.clone());
        async move {
            let (_, ann, ben, last) = ready[i / 2];
            match i % 2 {
                0 => store.apply(ann, last, None).await.map(|_| ()),
                _ => other.forget(ben).await.map(|_| ()),
            }
        }
    })
    .await;
    for (i, outcome) in outcomes.iter().enumerate() {
        assert!(outcome.is_ok(), "task {i}: {outcome:?}");
    }
    let conflicts = tripeaks::store::conflicts_seen() - conflicts_before;
    assert_eq!(
        conflicts, 0,
        "{conflicts} transaction(s) rolled back for a deadlock and tried again: the lock order is broken"
    );
    for (id, ann, _, _) in ready.iter() {
        let over = store.challenge(*id).await.unwrap().unwrap();
        assert_eq!(over.state, ChallengeState::Over, "{over:?}");
        assert_eq!(over.winner, Some(*ann));
    }
}
