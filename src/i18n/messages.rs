//! The catalogue of messages the code formats, one typed variant per Fluent message.
//!
//! Each variant names its Fluent id and carries exactly the variables the message may use, so
//! the compiler makes every call site pass all of them. `Message::CATALOGUE` lists the same
//! facts as data, and the catalogue tests compare it with every `.ftl` file: a locale that
//! lacks a message, has an extra one, or refers to a variable the code does not pass fails them.
//! Slash-command texts have no variables and live in `commands.rs`.

use super::Arg;
use super::locale::Locale;

/// Declares `Message` and its catalogue: `Variant = "fluent-id" { variable: type, … };`.
macro_rules! messages {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $id:literal $({ $($var:ident : $ty:ty),* $(,)? })? ;
    )*) => {
        /// A message the bot says, with the values of its variables.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Message<'a> {
            $($(#[$doc])* $variant $({ $($var: $ty),* })?,)*
        }

        impl<'a> Message<'a> {
            /// Every message as `(Fluent id, variables the code passes)`.
            pub const CATALOGUE: &'static [(&'static str, &'static [&'static str])] = &[
                $(($id, &[$($(stringify!($var)),*)?])),*
            ];

            /// The Fluent id.
            pub fn id(&self) -> &'static str {
                match self {
                    $(Message::$variant { .. } => $id,)*
                }
            }

            /// The variables, named as in the `.ftl` files.
            pub fn args(&self) -> Vec<(&'static str, Arg<'a>)> {
                match *self {
                    $(Message::$variant $({ $($var),* })? => {
                        vec![$($((stringify!($var), Arg::from($var))),*)?]
                    })*
                }
            }

            /// The text in a locale, falling back to en-US.
            pub fn text(&self, locale: Locale) -> String {
                super::text(locale, self.id(), &self.args())
            }
        }
    };
}

messages! {
    // cards.ftl
    /// A card's long name: `rank` is `ace`, `jack`, `queen`, `king` or `2`…`10`; `suit` is
    /// `clubs`, `diamonds`, `hearts` or `spades`.
    CardName = "card-name" { rank: &'a str, suit: &'a str };
    /// A card's button label: the rank as `CardName`, then the suit symbol.
    CardLabel = "card-label" { rank: &'a str, symbol: &'a str };
    RuleEasy = "rule-easy";
    RuleClassic = "rule-classic";

    // board.ftl
    /// The whole board description from its parts.
    BoardDescription = "board-description" { stock: &'a str, waste: &'a str, rows: &'a str };
    /// The description of a won board (all peaks empty).
    BoardDescriptionWon = "board-description-won" { stock: &'a str, waste: &'a str };
    BoardStock = "board-stock" { count: usize };
    BoardWaste = "board-waste" { card: &'a str };
    BoardRowTop = "board-row-top" { cards: &'a str };
    BoardRowSecond = "board-row-second" { cards: &'a str };
    BoardRowThird = "board-row-third" { cards: &'a str };
    BoardRowBottom = "board-row-bottom" { cards: &'a str };
    BoardRowEmpty = "board-row-empty";
    BoardFaceDown = "board-face-down";
    BoardListSeparator = "board-list-separator";
    BoardRowSeparator = "board-row-separator";
    /// Score, moves and the stock left in words.
    StatusLine = "status-line" { score: u32, moves: u32, stock: usize };
    /// The status line followed by the outcome.
    StatusLineEnded = "status-line-ended" { status: &'a str, outcome: &'a str };
    OutcomeWon = "outcome-won";
    /// The seeds' "No more moves possible".
    OutcomeBlocked = "outcome-blocked";

    // game.ftl
    GameStarted = "game-started" { code: &'a str, rule: &'a str };
    /// `waste` is the long name of the waste card.
    GameYourTurn = "game-your-turn" { waste: &'a str };
    GameWon = "game-won" { score: u32, moves: u32 };
    GameBlocked = "game-blocked" { score: u32 };
    /// A removal emptied a whole peak.
    PeakCleared = "peak-cleared";
    RefusalNotAdjacent = "refusal-not-adjacent";
    RefusalBlocked = "refusal-blocked";
    RefusalNotOnBoard = "refusal-not-on-board";
    RefusalStockEmpty = "refusal-stock-empty";
    RefusalNothingToUndo = "refusal-nothing-to-undo";
    RefusalGameOver = "refusal-game-over";
    /// `command` is how to start a game: a command mention such as `</tripeaks new:123>`,
    /// which Discord shows in the reader's language, or plain `/tripeaks new`.
    GameNotYours = "game-not-yours" { command: &'a str };
    /// The player has no game in progress; `command` as in `GameNotYours`.
    GameNone = "game-none" { command: &'a str };
    BoardOutdated = "board-outdated";
    /// `input` is what the player typed (escape Discord markdown before passing it).
    CodeInvalid = "code-invalid" { input: &'a str };
    /// `rule` is the localised rule name; `command` as in `GameNotYours`.
    CodeShare = "code-share" { code: &'a str, rule: &'a str, command: &'a str };
    /// `input` is what the player typed (escape Discord markdown before passing it).
    CardUnknown = "card-unknown" { input: &'a str };
    HintRemove = "hint-remove" { card: &'a str, label: &'a str };
    HintDraw = "hint-draw";
    /// The deal cannot be won any more from the current position.
    HintLost = "hint-lost";
    /// The solver gave up within its time bound.
    HintUnavailable = "hint-unavailable";
    HintsUsed = "hints-used" { count: u32 };
    /// The deal could have been won from the start in `moves` moves.
    VerdictWinnable = "verdict-winnable" { moves: u32 };
    VerdictUnwinnable = "verdict-unwinnable";
    /// The solver gave up: nobody knows.
    VerdictUnknown = "verdict-unknown";
    ErrorCorruptGame = "error-corrupt-game" { command: &'a str };
    ErrorGeneric = "error-generic";
    /// The stock button; says "stock empty" at 0.
    ButtonDraw = "button-draw" { count: usize };
    ButtonUndo = "button-undo";
    ButtonHint = "button-hint";
    ButtonNewGame = "button-new-game";
    ButtonShareCode = "button-share-code";
    ButtonPlayDeal = "button-play-deal";

    // settings.ftl
    SettingsErrorsOn = "settings-errors-on";
    SettingsErrorsOff = "settings-errors-off";
    /// `rule` is the localised rule name.
    SettingsRule = "settings-rule" { rule: &'a str };
    /// `errors` is `on` or `off`; `rule` the localised rule name.
    SettingsCurrent = "settings-current" { errors: &'a str, rule: &'a str };
    /// A few short paragraphs for `/tripeaks rules`.
    RulesSummary = "rules-summary";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_args_follow_the_catalogue() {
        let mut ids: Vec<&str> = Message::CATALOGUE.iter().map(|(id, _)| *id).collect();
        ids.sort_unstable();
        let count = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), count, "a Fluent id is declared twice");
        let message = Message::StatusLine {
            score: 480,
            moves: 20,
            stock: 3,
        };
        assert_eq!(message.id(), "status-line");
        let names: Vec<&str> = message.args().iter().map(|(name, _)| *name).collect();
        let declared = Message::CATALOGUE
            .iter()
            .find(|(id, _)| *id == "status-line")
            .unwrap()
            .1;
        assert_eq!(names, declared);
        assert_eq!(message.args()[0].1, Arg::Number(480));
    }
}
