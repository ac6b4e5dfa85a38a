//! The counting rules of docs/players.md's "What counts" and "Server boards", as tests.

use super::*;
use crate::game::Rule;

const MONDAY_2026_11_30: i64 = 1_795_996_800_000;
const MONDAY_2026_12_07: i64 = 1_796_601_600_000;
const DECEMBER_2026: i64 = 1_796_083_200_000;
const JANUARY_2027: i64 = 1_798_761_600_000;
const FEBRUARY_2026: i64 = 1_769_904_000_000;
const MARCH_2026: i64 = 1_772_323_200_000;

fn result(outcome: Outcome, score: u32, at: i64) -> GameResult {
    GameResult {
        rule: Rule::Easy,
        outcome,
        score,
        moves: 40,
        finished_at: at,
        longest_chain: Some(5),
        hints_used: Some(1),
        duration_millis: None,
    }
}

use Outcome::{Abandoned, Blocked, Won};

#[test]
fn a_blocked_or_abandoned_game_breaks_a_streak() {
    assert_eq!(streaks([Won, Won, Blocked, Won]), (1, 2));
    assert_eq!(streaks([Won, Won, Won, Abandoned]), (0, 3));
    assert_eq!(streaks([Abandoned, Won, Won]), (2, 2));
    assert_eq!(streaks([]), (0, 0));
}

#[test]
fn a_summary_counts_every_outcome_once() {
    let games = [
        result(Won, 700, 1),
        result(Blocked, 450, 2),
        result(Won, 741, 3),
        result(Abandoned, 480, 4),
        result(Won, 760, 5),
    ];
    let s = Summary::of(&games);
    assert_eq!((s.played, s.won, s.blocked, s.abandoned), (5, 3, 1, 1));
    assert_eq!((s.current_streak, s.best_streak), (1, 1));
    assert_eq!(s.best_score, Some(760));
    // (700 + 741 + 760) / 3 = 733.67, rounded.
    assert_eq!(s.average_won_score, Some(734));
    assert_eq!(s.win_percent(), 60);
    assert_eq!(s.longest_chain, Known::Exactly(5));
    assert_eq!(s.hints_used, Known::Exactly(5));
}

#[test]
fn facts_older_records_lack_are_unknown_or_a_lower_bound_never_zero() {
    let mut old = result(Won, 700, 1);
    old.longest_chain = None;
    old.hints_used = None;
    assert_eq!(Summary::of(&[old]).longest_chain, Known::Unknown);
    assert_eq!(Summary::of(&[old]).hints_used, Known::Unknown);
    let new = result(Blocked, 400, 2);
    let s = Summary::of(&[old, new]);
    assert_eq!(s.longest_chain, Known::AtLeast(5));
    assert_eq!(s.hints_used, Known::AtLeast(1));
    let empty = Summary::of(&[]);
    assert_eq!(
        (empty.played, empty.best_score, empty.win_percent()),
        (0, None, 0)
    );
}

#[test]
fn weeks_start_on_monday_at_midnight_utc() {
    let window = Period::Week.window(MONDAY_2026_11_30);
    assert_eq!(window.from, MONDAY_2026_11_30);
    assert_eq!(window.to, MONDAY_2026_12_07);
    // The last millisecond of Sunday still belongs to the week before.
    let sunday_night = Period::Week.window(MONDAY_2026_12_07 - 1);
    assert_eq!(sunday_night.from, MONDAY_2026_11_30);
    assert_eq!(sunday_night.resets_at, Some(MONDAY_2026_12_07));
    let next = Period::Week.window(MONDAY_2026_12_07);
    assert_eq!(next.from, MONDAY_2026_12_07);
    // A Thursday (the epoch's weekday) and a time before 1970 land on their Mondays too.
    assert_eq!(Period::Week.window(0).from, -3 * DAY_MS);
    assert_eq!(Period::Week.window(-1).from, -3 * DAY_MS);
}

#[test]
fn months_run_from_the_first_at_midnight_utc() {
    let window = Period::Month.window(DECEMBER_2026 + 17 * DAY_MS + 5);
    assert_eq!((window.from, window.to), (DECEMBER_2026, JANUARY_2027));
    assert_eq!(Period::Month.window(JANUARY_2027 - 1).from, DECEMBER_2026);
    // February 2026 has 28 days.
    let february = Period::Month.window(FEBRUARY_2026);
    assert_eq!(february.to, MARCH_2026);
    assert_eq!(february.to - february.from, 28 * DAY_MS);
    let all = Period::All.window(DECEMBER_2026);
    assert!(all.from < 0 && all.to == i64::MAX && all.resets_at.is_none());
}

#[test]
fn the_last_30_days_include_exactly_30_days_back() {
    let now = DECEMBER_2026;
    let window = last_days(now, 30);
    assert_eq!(window.from, now - 30 * DAY_MS);
    assert!(window.from <= now - 30 * DAY_MS && now < window.to);
    assert!(now - 30 * DAY_MS - 1 < window.from);
}

fn standing(user: u64, games: u32, wins: u32, best: u32, streak: u32) -> Standing {
    Standing {
        user,
        public: true,
        name: Some(format!("player {user}")),
        games,
        wins,
        best_score: best,
        best_streak: streak,
        last_win_at: (wins > 0).then_some(user as i64 * 10),
    }
}

fn order(board: &Board) -> Vec<(u32, u64)> {
    board
        .top
        .iter()
        .map(|r| (r.rank, r.standing.user))
        .collect()
}

#[test]
fn wins_ties_go_to_fewer_games_then_the_earlier_last_win() {
    let board = rank(
        vec![
            standing(1, 10, 5, 700, 2),
            standing(2, 8, 5, 650, 1),
            standing(3, 10, 5, 720, 3),
            standing(4, 3, 7, 500, 1),
        ],
        Metric::Wins,
        1,
        10,
    );
    // 4 has most wins; 2 the same wins as 1 and 3 in fewer games; 1 won last before 3.
    assert_eq!(order(&board), vec![(1, 4), (2, 2), (3, 1), (4, 3)]);
}

#[test]
fn players_equal_on_every_key_share_a_rank() {
    let mut a = standing(7, 4, 2, 700, 2);
    let mut b = standing(5, 4, 2, 700, 2);
    a.last_win_at = Some(100);
    b.last_win_at = Some(100);
    let c = standing(9, 4, 1, 600, 1);
    let board = rank(vec![a, b, c], Metric::Best, 9, 10);
    // The tie is shown as such, listed by user id; the next place is 3rd, not 2nd.
    assert_eq!(order(&board), vec![(1, 5), (1, 7), (3, 9)]);
}

#[test]
fn best_and_streak_boards_rank_by_their_own_number() {
    let standings = vec![
        standing(1, 10, 5, 700, 2),
        standing(2, 10, 4, 770, 4),
        standing(3, 10, 6, 690, 3),
    ];
    let best = rank(standings.clone(), Metric::Best, 1, 10);
    assert_eq!(order(&best), vec![(1, 2), (2, 1), (3, 3)]);
    let streak = rank(standings, Metric::Streak, 1, 10);
    assert_eq!(order(&streak), vec![(1, 2), (2, 3), (3, 1)]);
}

#[test]
fn hidden_players_are_left_out_except_for_themselves() {
    let mut hidden = standing(1, 10, 9, 770, 9);
    hidden.public = false;
    let others = vec![
        hidden.clone(),
        standing(2, 5, 3, 700, 2),
        standing(3, 5, 2, 600, 1),
    ];
    let seen_by_2 = rank(others.clone(), Metric::Wins, 2, 10);
    assert_eq!(order(&seen_by_2), vec![(1, 2), (2, 3)]);
    assert_eq!(seen_by_2.players, 2);
    let seen_by_1 = rank(others, Metric::Wins, 1, 10);
    assert_eq!(order(&seen_by_1), vec![(1, 1), (2, 2), (3, 3)]);
}

#[test]
fn the_viewer_outside_the_top_gets_their_own_line() {
    let standings: Vec<Standing> = (1..=15)
        .map(|u| standing(u, 20, 20 - u as u32, 700, 1))
        .collect();
    let board = rank(standings, Metric::Wins, 14, 10);
    assert_eq!(board.top.len(), 10);
    assert_eq!(board.top[0].standing.user, 1);
    let viewer = board.viewer.expect("the viewer's place");
    assert_eq!((viewer.rank, viewer.standing.user), (14, 14));
    let inside = rank(vec![standing(1, 1, 1, 1, 1)], Metric::Wins, 1, 10);
    assert!(inside.viewer.is_none());
}

#[test]
fn a_daily_streak_counts_won_days_in_a_row_up_to_today() {
    let days = [(1, true), (2, true), (4, true), (5, true), (6, true)];
    assert_eq!(daily_streak(&days, 6), 3, "won today: 4, 5, 6");
    assert_eq!(
        daily_streak(&days, 7),
        3,
        "today not played yet: still alive"
    );
    assert_eq!(daily_streak(&days, 8), 0, "day 7 missed");
    assert_eq!(daily_streak(&[(5, true), (6, false)], 6), 0, "lost today");
    assert_eq!(
        daily_streak(&[(5, true), (6, false)], 7),
        0,
        "lost yesterday"
    );
    assert_eq!(daily_streak(&[(1, true), (2, true)], 3), 2);
    assert_eq!(daily_streak(&[], 1), 0);
    assert_eq!(daily_streak(&[(1, true)], 1), 1);
}

mod board_pages {
    //! `board_from_page` makes the board `rank` makes, from what an index can give.

    use proptest::prelude::*;

    use super::super::*;

    fn standings() -> impl Strategy<Value = Vec<Standing>> {
        // Small ranges, so that ties on every key are common.
        prop::collection::vec(
            (
                1u32..6,
                0u32..4,
                0u32..3,
                0u32..3,
                prop::option::of(0i64..3),
                prop::bool::weighted(0.8),
            ),
            0..30,
        )
        .prop_map(|rows| {
            rows.into_iter()
                .enumerate()
                .map(
                    |(at, (games, wins, best, streak, last_win_at, public))| Standing {
                        user: at as u64 + 1,
                        public,
                        name: None,
                        games,
                        wins: wins.min(games),
                        best_score: best,
                        best_streak: streak.min(wins),
                        last_win_at,
                    },
                )
                .collect()
        })
    }

    fn metric() -> impl Strategy<Value = Metric> {
        prop_oneof![Just(Metric::Wins), Just(Metric::Best), Just(Metric::Streak)]
    }

    /// What a store's queries return: the first public places, the viewer, two counts.
    fn page_of(all: &[Standing], metric: Metric, viewer: u64, top: usize) -> BoardPage {
        let mut public: Vec<Standing> = all.iter().filter(|s| s.public).cloned().collect();
        public.sort_by(|a, b| {
            if ranks_before(metric, a, b) {
                std::cmp::Ordering::Less
            } else if ranks_before(metric, b, a) {
                std::cmp::Ordering::Greater
            } else {
                a.user.cmp(&b.user)
            }
        });
        let own = all.iter().find(|s| s.user == viewer).cloned();
        let ahead = own.as_ref().map_or(0, |own| {
            public
                .iter()
                .filter(|s| s.user != viewer && ranks_before(metric, s, own))
                .count() as u32
        });
        BoardPage {
            public_players: public.len(),
            first: public.into_iter().take(top).collect(),
            viewer: own,
            ahead_of_viewer: ahead,
        }
    }

    proptest! {
        #[test]
        fn a_page_makes_the_same_board_as_every_standing(
            all in standings(),
            metric in metric(),
            viewer in 0u64..32,
            top in 1usize..6,
        ) {
            let page = page_of(&all, metric, viewer, top);
            prop_assert_eq!(board_from_page(page, metric, top), rank(all, metric, viewer, top));
        }
    }
}

mod running_totals {
    //! `Totals`, one game at a time, says what `Summary::of` says of all the games.

    use proptest::prelude::*;

    use super::super::*;
    use crate::game::Rule;

    fn game() -> impl Strategy<Value = GameResult> {
        (
            prop_oneof![
                Just(Outcome::Won),
                Just(Outcome::Blocked),
                Just(Outcome::Abandoned)
            ],
            0u32..800,
            20u32..80,
            prop::option::of(0u32..30),
            prop::option::of(0u32..4),
            prop::option::of(0u64..900_000),
        )
            .prop_map(
                |(outcome, score, moves, longest_chain, hints_used, duration_millis)| GameResult {
                    rule: Rule::Easy,
                    outcome,
                    score,
                    moves,
                    finished_at: 0,
                    longest_chain,
                    hints_used,
                    duration_millis,
                },
            )
    }

    proptest! {
        #[test]
        fn totals_summarise_as_the_games_do(games in prop::collection::vec(game(), 0..40)) {
            prop_assert_eq!(Totals::of(&games).summary(), Summary::of(&games));
        }
    }
}
