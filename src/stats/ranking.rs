//! A server board from per-player totals: who comes first, how ties are broken, and who is left
//! out.
//!
//! Order (docs/players.md, "Server boards"), most first:
//! - by wins: wins, then fewer games (a better win rate), then whoever reached their last win
//!   first, then the lower user id;
//! - by best score: best score, then wins, then fewer games, then the lower user id;
//! - by streak: best win streak in the period, then wins, then fewer games, then the lower user id.
//!
//! Players equal on every key but the user id share a rank (1, 2, 2, 4). Hidden players
//! (`public` off) are left out before ranking, so nobody can tell they are there; the viewer
//! always sees themselves.
//!
//! Two ways to the same board: `rank` from every player's totals, and `board_from_page` from
//! what an index gives cheaply in a server of any size (the first public places, the viewer's
//! own totals, how many public players rank before them and how many there are). A property
//! test holds them equal.

use std::cmp::{Ordering, Reverse};

/// What a board ranks by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Metric {
    Wins,
    Best,
    Streak,
}

impl Metric {
    pub fn name(self) -> &'static str {
        match self {
            Metric::Wins => "wins",
            Metric::Best => "best",
            Metric::Streak => "streak",
        }
    }
}

/// One player's totals in a server and period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub user: u64,
    /// Whether the player shows on boards.
    pub public: bool,
    /// The name the player was last seen with, if known.
    pub name: Option<String>,
    pub games: u32,
    pub wins: u32,
    pub best_score: u32,
    /// The longest run of won games in the period.
    pub best_streak: u32,
    /// When the player's last won game in the period finished (Unix milliseconds).
    pub last_win_at: Option<i64>,
}

/// A place on a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranked {
    /// 1 for the first.
    pub rank: u32,
    pub standing: Standing,
}

/// A board as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub metric: Metric,
    /// The first places, best first.
    pub top: Vec<Ranked>,
    /// The viewer's own place, when it is not among `top`.
    pub viewer: Option<Ranked>,
    /// How many players the viewer's board ranks.
    pub players: usize,
}

/// The sort key of a standing under a metric, without the final user-id tie-break.
fn key(metric: Metric, s: &Standing) -> (Reverse<u32>, Reverse<u32>, u32, i64) {
    // An earlier last win ranks first; "never won" last.
    let last_win = s.last_win_at.unwrap_or(i64::MAX);
    match metric {
        Metric::Wins => (Reverse(s.wins), Reverse(0), s.games, last_win),
        Metric::Best => (Reverse(s.best_score), Reverse(s.wins), s.games, 0),
        Metric::Streak => (Reverse(s.best_streak), Reverse(s.wins), s.games, 0),
    }
}

/// Ranks `standings` for `viewer`: the first `top` places, and the viewer's own if lower.
pub fn rank(mut standings: Vec<Standing>, metric: Metric, viewer: u64, top: usize) -> Board {
    standings.retain(|s| s.public || s.user == viewer);
    standings.sort_by(|a, b| match key(metric, a).cmp(&key(metric, b)) {
        Ordering::Equal => a.user.cmp(&b.user),
        order => order,
    });
    let players = standings.len();
    let mut ranked = Vec::with_capacity(players);
    let mut rank = 0;
    for (index, standing) in standings.into_iter().enumerate() {
        let tied = ranked
            .last()
            .is_some_and(|last: &Ranked| key(metric, &last.standing) == key(metric, &standing));
        if !tied {
            rank = index as u32 + 1;
        }
        ranked.push(Ranked { rank, standing });
    }
    let viewer_place = ranked.iter().position(|r| r.standing.user == viewer);
    let viewer = viewer_place
        .filter(|&place| place >= top)
        .map(|place| ranked[place].clone());
    ranked.truncate(top);
    Board {
        metric,
        top: ranked,
        viewer,
        players,
    }
}

/// What a store reads for one viewer's board, in a server of any size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardPage {
    /// The first public standings in board order (key, then user id), at most `top` of them.
    pub first: Vec<Standing>,
    /// The viewer's own standing, public or hidden, if they played in the window.
    pub viewer: Option<Standing>,
    /// How many public players other than the viewer have a strictly better key.
    pub ahead_of_viewer: u32,
    /// How many public players the window has.
    pub public_players: usize,
}

/// The board `rank` would make of every standing, from a `BoardPage` of them.
pub fn board_from_page(page: BoardPage, metric: Metric, top: usize) -> Board {
    let BoardPage {
        mut first,
        viewer,
        ahead_of_viewer,
        public_players,
    } = page;
    let order = |a: &Standing, b: &Standing| match key(metric, a).cmp(&key(metric, b)) {
        Ordering::Equal => a.user.cmp(&b.user),
        order => order,
    };
    // A hidden viewer is on their own board; a public one is counted already.
    let players = public_players + usize::from(viewer.as_ref().is_some_and(|v| !v.public));
    if let Some(viewer) = &viewer
        && !first.iter().any(|s| s.user == viewer.user)
    {
        first.push(viewer.clone());
    }
    first.sort_by(order);
    // The first places are a prefix of the whole order, so a place is its index unless it ties
    // the one before (as in `rank`); the viewer's, possibly past the prefix, is a count.
    let mut ranked: Vec<Ranked> = Vec::with_capacity(first.len());
    for (index, standing) in first.into_iter().enumerate() {
        let rank = match ranked.last() {
            Some(last) if key(metric, &last.standing) == key(metric, &standing) => last.rank,
            _ => index as u32 + 1,
        };
        ranked.push(Ranked { rank, standing });
    }
    let viewer = viewer.and_then(|viewer| {
        let place = ranked.iter().position(|r| r.standing.user == viewer.user)?;
        (place >= top).then(|| Ranked {
            rank: ahead_of_viewer + 1,
            standing: viewer,
        })
    });
    ranked.truncate(top);
    Board {
        metric,
        top: ranked,
        viewer,
        players,
    }
}

/// Whether `a` ranks strictly before `b` on every key but the user id.
pub fn ranks_before(metric: Metric, a: &Standing, b: &Standing) -> bool {
    key(metric, a) < key(metric, b)
}
