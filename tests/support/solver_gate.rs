//! The solver's test gate, as an end-to-end test holds it: a path in a temporary directory that
//! the bot (a debug build, with `TRIPEAKS_TEST_SOLVER_GATE` naming it) waits for before every
//! hint and winnable-deal search. The test opens the gate, by creating the file, at the point
//! where it wants the solver to finish, so nothing depends on how fast the machine is.

use std::path::PathBuf;

/// What the bot reads (debug builds only: `src/bot/game/advice.rs`).
pub const SOLVER_GATE_VARIABLE: &str = "TRIPEAKS_TEST_SOLVER_GATE";

/// A gate, closed until [`SolverGate::open`]; its directory goes when it is dropped.
pub struct SolverGate {
    _directory: tempfile::TempDir,
    path: PathBuf,
}

impl SolverGate {
    /// # Panics
    /// When no temporary directory can be made, which leaves nothing to test.
    pub fn closed() -> SolverGate {
        let directory = tempfile::tempdir().expect("a temporary directory for the solver's gate");
        let path = directory.path().join("solver-gate-open");
        SolverGate {
            _directory: directory,
            path,
        }
    }

    /// The bot's environment variable and its value: this gate's path.
    pub fn env(&self) -> (&'static str, &str) {
        let path = self.path.to_str().expect("a temporary path in UTF-8");
        (SOLVER_GATE_VARIABLE, path)
    }

    /// Lets every solver call waiting at the gate go on, and every later one pass at once.
    pub fn open(&self) {
        std::fs::write(&self.path, b"open").expect("the solver's gate opens");
    }
}
