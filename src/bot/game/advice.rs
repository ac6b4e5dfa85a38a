//! What the solver tells the player: the hint for a position, the verdict on a lost deal, par
//! (the end of a game, and a deal's board), and winnable-only deals.
//!
//! The solver is pure and bounded (milliseconds at worst: docs/performance.md, "Speed and size"),
//! but it is CPU work, so every call here
//! runs it in `spawn_blocking`, off the async threads that answer Discord. Debug builds read
//! `TRIPEAKS_TEST_SOLVER_GATE`, the path of a file: every hint and winnable-deal search then
//! waits, on its blocking thread, until that file exists (a minute at most), so that an
//! end-to-end test holds the solver for as long as it needs and lets it finish when it chooses
//! (a slow solver blocks nobody else, a hint in flight holds a place, a drain answers it),
//! whatever the machine's speed. Release builds never read it.

use tracing::{error, warn};

use crate::game::solver::{self, Hint};
use crate::game::{Action, DealCode, DealNumber, Game, Modes, Rule};
use crate::i18n::{self, Locale, Message};
use crate::store::EventDeal;

/// The hint as the player reads it.
pub fn hint_text(locale: Locale, hint: Hint) -> String {
    let action_text = |action: Action| match action {
        Action::Remove(card) => i18n::hint_remove(locale, card),
        Action::Draw | Action::Undo => Message::HintDraw.text(locale),
    };
    match hint {
        Hint::Win(action) => action_text(action),
        Hint::NoWin(Some(action)) => format!(
            "{}\n{}",
            Message::HintLost.text(locale),
            action_text(action)
        ),
        Hint::NoWin(None) => Message::HintLost.text(locale),
    }
}

/// The next action of a winning line from here, off the async threads; `None` if the solver
/// failed (logged).
pub async fn hint(game: Game) -> Option<Hint> {
    let hint = tokio::task::spawn_blocking(move || {
        test_gate();
        solver::hint(&game)
    });
    match hint.await {
        Ok(hint) => Some(hint),
        Err(error) => {
            error!("the solver failed while looking for a hint: {error}");
            None
        }
    }
}

/// The longest a solver call waits at a closed test gate before it goes on (and says so).
#[cfg(debug_assertions)]
const GATE_LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

/// In debug builds, with `TRIPEAKS_TEST_SOLVER_GATE` set (read once), waits until the file it
/// names exists, looking every 10 ms, at most `GATE_LIMIT`; nothing otherwise, and nothing in
/// release builds. Called on a blocking thread.
fn test_gate() {
    #[cfg(debug_assertions)]
    {
        static GATE: std::sync::LazyLock<Option<std::path::PathBuf>> =
            std::sync::LazyLock::new(|| {
                let path = std::env::var_os("TRIPEAKS_TEST_SOLVER_GATE")?;
                (!path.is_empty()).then(|| path.into())
            });
        let Some(gate) = GATE.as_deref() else {
            return;
        };
        let closed_since = std::time::Instant::now();
        while !gate.exists() {
            if closed_since.elapsed() >= GATE_LIMIT {
                warn!(
                    gate = %gate.display(),
                    seconds = GATE_LIMIT.as_secs(),
                    "the solver's test gate stayed closed; the solver goes on"
                );
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }
}

/// What the end of a game adds from the solver: for a lost game, whether its deal could have
/// been won from the start, and in how few moves (in progressive rounds: the round that was
/// lost, from its start); under the standard scoring, the deal's par and how far from it the
/// player finished. One fewest-draws search, off the async threads.
pub async fn end_of_game(locale: Locale, game: &Game) -> Vec<String> {
    let start = match game.code() {
        Some(code) if !game.modes().progressive() => Game::from_code(code),
        _ => Game::from_layout_with_modes(game.deal().clone(), game.rule(), game.modes()),
    };
    let blocked = game.status() == crate::game::Status::Blocked;
    let best = match tokio::task::spawn_blocking(move || solver::best_score(&start)).await {
        Ok(best) => best,
        Err(error) => {
            error!("the solver failed at the end of a game: {error}");
            return blocked
                .then(|| Message::VerdictUnknown.text(locale))
                .into_iter()
                .collect();
        }
    };
    let mut lines = Vec::new();
    if blocked {
        lines.push(match &best {
            Some((_, line)) => Message::VerdictWinnable {
                moves: line.len() as u32,
            }
            .text(locale),
            None => Message::VerdictUnwinnable.text(locale),
        });
    }
    lines.extend(i18n::par_result(locale, game, best.map(|(score, _)| score)));
    lines
}

/// The par of the deal `code_of` names, from its start (docs/RULES.md, "Par"; `None` when it cannot
/// be won or has Aisleriot scoring), off the async threads with the naming itself (a daily's code
/// is a solver's pick too); `None` too if the solver failed (logged).
pub async fn deal_par(code_of: impl FnOnce() -> DealCode + Send + 'static) -> Option<u32> {
    match tokio::task::spawn_blocking(move || solver::par(&Game::from_code(code_of()))).await {
        Ok(par) => par,
        Err(error) => {
            error!("the solver failed on a deal's par: {error}");
            None
        }
    }
}

/// How many random deals `/tripeaks new winnable:true` tries before it settles for any deal:
/// about 3% of Easy and 27% of Classic deals cannot be won, so 40 tries all failing has a
/// chance below 10⁻²².
const WINNABLE_TRIES: usize = 40;

/// A random deal number; with `winnable`, one the solver can win under `rule` and `modes` (in
/// progressive rounds: its first round).
pub async fn random_deal(rule: Rule, modes: Modes, winnable: bool) -> DealNumber {
    if !winnable {
        return DealNumber::random();
    }
    let search = tokio::task::spawn_blocking(move || {
        test_gate();
        (0..WINNABLE_TRIES)
            .map(|_| DealNumber::random())
            .find(|&number| {
                let code = DealCode::new(number, rule).with_modes(modes);
                solver::solve(&Game::from_code(code)).winnable
            })
    });
    match search.await {
        Ok(Some(number)) => number,
        Ok(None) => {
            warn!(%rule, "no winnable deal in {WINNABLE_TRIES} tries; dealing any");
            DealNumber::random()
        }
        Err(error) => {
            error!("the solver failed while dealing: {error}");
            DealNumber::random()
        }
    }
}

/// `count` deals for a server event under `rule` and `modes`, each one the solver wins, with its
/// par (none under Aisleriot's scoring), off the async threads. `None` if the solver failed
/// (logged): an event is never made of deals nobody checked.
pub async fn event_deals(rule: Rule, modes: Modes, count: usize) -> Option<Vec<EventDeal>> {
    let search = tokio::task::spawn_blocking(move || {
        test_gate();
        let mut deals = Vec::with_capacity(count);
        while deals.len() < count {
            let code = DealCode::new(DealNumber::random(), rule).with_modes(modes);
            let start = Game::from_code(code);
            if !solver::solve(&start).winnable {
                continue;
            }
            let par = match modes.aisleriot() {
                true => None,
                false => solver::par(&start),
            };
            deals.push(EventDeal { code, par });
        }
        deals
    });
    match search.await {
        Ok(deals) => Some(deals),
        Err(error) => {
            error!("the solver failed while picking an event's deals: {error}");
            None
        }
    }
}
