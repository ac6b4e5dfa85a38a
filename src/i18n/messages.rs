//! The catalogue of messages the code formats, one typed variant per Fluent message.
//!
//! Each variant names its Fluent id and carries exactly the variables the message may use, so
//! the compiler makes every call site pass all of them. `Message::CATALOGUE` lists the same
//! facts as data, and the catalogue tests compare it with every `.ftl` file: a locale that
//! lacks a message, has an extra one, or refers to a variable the code does not pass fails them.
//! Slash-command texts have no variables and live in `commands.rs`.

use super::locale::Locale;
use super::text::Arg;

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
                super::text::text(locale, self.id(), &self.args())
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
    /// The joker of the wild card (J): its long name ("comodín").
    CardJoker = "card-joker";
    /// The joker's button label.
    CardJokerLabel = "card-joker-label";
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
    /// A draw refused under the traditional draw: `card` (long name) and `label` name a free
    /// card that fits.
    RefusalMustPlay = "refusal-must-play" { card: &'a str, label: &'a str };
    /// Par (docs/RULES.md, "Par") at the end of a won or lost game: made, or `behind` points short.
    ParMade = "par-made" { par: u32 };
    ParBehind = "par-behind" { par: u32, behind: u32 };
    /// A lost deal that cannot be won has no par.
    ParNone = "par-none";
    /// The daily's par on its share line, and how far below it the player finished.
    SharePar = "share-par" { par: u32, behind: u32 };
    /// A deal's par on its board (the daily's, a code's).
    ParOfDeal = "par-of-deal" { par: u32 };
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
    /// Expensive work refused (`bot::game::budget`): the player's previous piece still runs.
    WorkOneAtATime = "work-one-at-a-time";
    /// The player's allowance is spent; enough is back in `seconds`.
    WorkSpent = "work-spent" { seconds: u64 };
    /// Every place for expensive work stayed taken.
    WorkCrowded = "work-crowded";
    /// The deal could have been won from the start in `moves` moves.
    VerdictWinnable = "verdict-winnable" { moves: u32 };
    VerdictUnwinnable = "verdict-unwinnable";
    /// The solver gave up: nobody knows.
    VerdictUnknown = "verdict-unknown";
    ErrorCorruptGame = "error-corrupt-game" { command: &'a str };
    ErrorGeneric = "error-generic";
    ErrorStoreUnavailable = "error-store-unavailable";
    /// Before a new deal replaces a game in progress with `moves` moves.
    GameReplaceConfirm = "game-replace-confirm" { moves: u32, code: &'a str };
    /// `/tripeaks new winnable:true` over a game in progress: asked before any search.
    GameReplaceWinnable = "game-replace-winnable-confirm" { moves: u32 };
    /// The same over today's daily `number`: its scored attempt and the streak are at stake.
    GameReplaceDailyConfirm = "game-replace-daily-confirm" { moves: u32, number: u32, code: &'a str };
    /// `/tripeaks new winnable:true` over today's daily, asked before any search.
    GameReplaceDailyWinnable = "game-replace-daily-winnable-confirm" { moves: u32, number: u32 };
    ButtonStartDeal = "button-start-deal";
    /// A deferred answer is still on its way: said once, the answer follows when it comes.
    ErrorStoreSlow = "error-store-slow";
    /// No answer for `minutes` minutes, near the end of the interaction's life: the action may
    /// or may not have been saved, and `command` shows which.
    ErrorStoreGaveUp = "error-store-gave-up" { minutes: u64, command: &'a str };
    /// An interaction that had arrived before (a replayed request): answered, not acted on.
    InteractionAlreadyAnswered = "interaction-already-answered";
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
    /// `errors` and `public` are `on` or `off`; `rule` the localised rule name.
    SettingsCurrent = "settings-current" { errors: &'a str, rule: &'a str, public: &'a str };
    /// A few short paragraphs for `/tripeaks rules`.
    RulesSummary = "rules-summary";

    // stats.ftl: `name` is a player's name as text (markdown escaped where it is shown in a
    // message); `command` as in `GameNotYours`.
    StatsNoneSelf = "stats-none-self" { command: &'a str };
    StatsNoneOther = "stats-none-other" { name: &'a str };
    /// `rule` is the localised rule name.
    StatsNoneRule = "stats-none-rule" { rule: &'a str };
    StatsHidden = "stats-hidden" { name: &'a str };
    StatsBot = "stats-bot";
    /// `/tripeaks history`: `name` as in `StatsHidden`; each game is a `HistoryLine`.
    HistoryTitle = "history-title" { name: &'a str };
    /// `number` 1 = newest; `date` a Discord timestamp; `rule`, `modes` (may be empty) and
    /// `outcome` in words; `time` the duration as m:ss or `–`; `code` the deal code or `–`.
    HistoryLine = "history-line" {
        number: usize, date: &'a str, rule: &'a str, modes: &'a str, outcome: &'a str,
        score: u32, moves: u32, time: &'a str, code: &'a str,
    };
    HistoryNoneSelf = "history-none-self" { command: &'a str };
    HistoryNoneOther = "history-none-other" { name: &'a str };
    /// The fastest and average winning times (m:ss), under the list and in `/tripeaks stats`.
    HistoryTimes = "history-times" { fastest: &'a str, average: &'a str };
    /// A game filed before replays were kept.
    HistoryNoReplay = "history-no-replay";
    HistoryReplayDamaged = "history-replay-damaged";
    /// A Replay button naming a game that is not (or no longer) in the player's history.
    HistoryNotFound = "history-not-found";
    /// The Replay button's label: `number` as in `HistoryLine`.
    ButtonReplay = "button-replay" { number: usize };
    /// The replay's message and its alt text (one line): `actions` is the number of frames
    /// after the deal.
    ReplayText = "replay-text" { code: &'a str, outcome: &'a str, score: u32 };
    ReplayAlt = "replay-alt" { code: &'a str, outcome: &'a str, score: u32, actions: usize };
    ReplayComing = "replay-coming";
    ReplayBusy = "replay-busy";
    StatsSummary = "stats-summary" {
        name: &'a str, played: u32, won: u32, percent: u32, streak: u32, best_streak: u32,
        best: &'a str,
    };
    StatsScopeAll = "stats-scope-all";
    /// The `modes` option of stats and leaderboard could not be read (`input` as typed).
    ModesOptionInvalid = "modes-option-invalid" { input: &'a str };
    /// The player's games in other mode sets, not counted on the card.
    StatsOtherModes = "stats-other-modes" { count: u32 };
    /// No game with these modes (`modes`: their names), `others` in other mode sets.
    StatsNoneModes = "stats-none-modes" { modes: &'a str, others: u32 };
    /// Which modes a card or a board counts (`modes`: their names).
    ModesCounted = "modes-counted" { modes: &'a str };
    /// The viewer's games in other mode sets in a board's period and server.
    BoardOtherModes = "board-other-modes" { count: u32 };
    StatsScopeRule = "stats-scope-rule" { rule: &'a str };
    StatsCardTitle = "stats-card-title" { name: &'a str };
    StatsCardPlayed = "stats-card-played";
    StatsCardWinRate = "stats-card-win-rate";
    StatsCardStreak = "stats-card-streak";
    StatsCardBestScore = "stats-card-best-score";
    StatsCardBestStreak = "stats-card-best-streak" { count: u32 };
    StatsCardOutcomes = "stats-card-outcomes" { won: u32, blocked: u32, abandoned: u32 };
    /// Each value is a number, or `StatsAtLeast` / `StatsUnknown`, or "—" when there is none.
    StatsCardDetails = "stats-card-details" {
        average: &'a str, fewest: &'a str, chain: &'a str, hints: &'a str,
    };
    StatsCardLast30Days = "stats-card-last-30-days" { played: u32, won: u32 };
    StatsCardDailyStreak = "stats-card-daily-streak" { count: u32 };
    StatsCardRecent = "stats-card-recent" { count: usize };
    StatsAtLeast = "stats-at-least" { value: u32 };
    StatsUnknown = "stats-unknown";
    /// The stats card's alt text; `strip` lists the last games as `StatsStrip*` joined by ", ".
    StatsAlt = "stats-alt" {
        name: &'a str, scope: &'a str, played: u32, won: u32, blocked: u32, abandoned: u32,
        percent: u32, streak: u32, best_streak: u32, best: &'a str, average: &'a str,
        fewest: &'a str, chain: &'a str, hints: &'a str, recent_played: u32, recent_won: u32,
        strip: &'a str,
    };
    StatsStripWon = "stats-strip-won" { score: u32 };
    StatsStripBlocked = "stats-strip-blocked" { score: u32 };
    StatsStripAbandoned = "stats-strip-abandoned" { score: u32 };
    /// `period` is a `BoardPeriod*` text, `metric` a `BoardMetric*` text.
    BoardTitle = "board-title" { period: &'a str, metric: &'a str };
    BoardPeriodWeek = "board-period-week";
    BoardPeriodMonth = "board-period-month";
    BoardPeriodAll = "board-period-all";
    BoardMetricWins = "board-metric-wins";
    BoardMetricBest = "board-metric-best";
    BoardMetricStreak = "board-metric-streak";
    /// `when` is a `Duration*` text.
    BoardResetsWeek = "board-resets-week" { when: &'a str };
    BoardResetsMonth = "board-resets-month" { when: &'a str };
    BoardLineWins = "board-line-wins" { rank: u32, name: &'a str, wins: u32, games: u32 };
    BoardLineBest = "board-line-best" { rank: u32, name: &'a str, score: u32 };
    BoardLineStreak = "board-line-streak" { rank: u32, name: &'a str, streak: u32 };
    BoardYou = "board-you" { name: &'a str };
    BoardHiddenPlayer = "board-hidden-player";
    BoardUnknownPlayer = "board-unknown-player";
    BoardYourPlace = "board-your-place";
    BoardPlayers = "board-players" { count: usize };
    BoardEmpty = "board-empty" { period: &'a str, command: &'a str };
    BoardDm = "board-dm";
    BoardDmNone = "board-dm-none" { period: &'a str };
    DurationDays = "duration-days" { count: i64 };
    DurationHours = "duration-hours" { count: i64 };
    DurationMinutes = "duration-minutes" { count: i64 };
    SettingsPublicOn = "settings-public-on";
    SettingsPublicOff = "settings-public-off";
    ForgetConfirm = "forget-confirm";
    ButtonForget = "button-forget";
    /// `parts` lists `ForgetPart*` texts joined by ", ".
    ForgetDone = "forget-done" { parts: &'a str };
    ForgetPartCurrent = "forget-part-current";
    ForgetPartFinished = "forget-part-finished" { count: u64 };
    ForgetPartSettings = "forget-part-settings";
    ForgetPartCorrupt = "forget-part-corrupt" { count: u64 };
    ForgetPartName = "forget-part-name";
    ForgetNothing = "forget-nothing";
    ForgetNotYours = "forget-not-yours" { command: &'a str };

    // daily.ftl: `number` is the daily's number, `date` YYYY-MM-DD, `when` a `Duration*` text.
    DailyStarted = "daily-started" { number: u32, date: &'a str, when: &'a str };
    DailyPractice = "daily-practice" { number: u32 };
    DailyConfirm = "daily-confirm" { moves: u32, number: u32 };
    ButtonDailyStart = "button-daily-start";
    DailyScored = "daily-scored" { number: u32, score: u32 };
    DailyPracticeOver = "daily-practice-over" { number: u32 };
    DailyStreak = "daily-streak" { count: u32 };
    /// `input` is what the player typed (escape Discord markdown before passing it).
    DailyDateInvalid = "daily-date-invalid" { input: &'a str };
    DailyDateFuture = "daily-date-future" { date: &'a str };
    DailyDateEarly = "daily-date-early" { date: &'a str };
    ButtonShareResult = "button-share-result";
    ButtonDailyBoard = "button-daily-board";
    ButtonDealBoard = "button-deal-board";
    /// `marks` is one mark per peak; `removed` the cards removed of 28.
    ShareLineDaily = "share-line-daily" {
        name: &'a str, number: u32, removed: u32, score: u32, marks: &'a str, hints: u32,
    };
    ShareLineDeal = "share-line-deal" {
        name: &'a str, code: &'a str, removed: u32, score: u32, marks: &'a str, hints: u32,
    };
    DealBoardNote = "deal-board-note" { others: usize, place: u32, total: usize };
    DealBoardTitle = "deal-board-title" { code: &'a str };
    DailyBoardTitle = "daily-board-title" { number: u32, date: &'a str };
    /// `outcome` is a `DealBoardWon`/`Blocked`/`Abandoned` text.
    DealBoardLine = "deal-board-line" {
        rank: u32, name: &'a str, outcome: &'a str, score: u32, moves: u32, hints: u32,
    };
    DealBoardWon = "deal-board-won";
    DealBoardBlocked = "deal-board-blocked";
    DealBoardAbandoned = "deal-board-abandoned";
    DealBoardEmpty = "deal-board-empty";
    DailyBoardEmpty = "daily-board-empty" { number: u32, command: &'a str };
    DailyBoardDm = "daily-board-dm";

    // modes.ftl: `modes` is a list of mode names joined with ", ".
    ModeStandard = "mode-standard";
    ModeAisleriot = "mode-aisleriot";
    ModeMultiplier = "mode-multiplier";
    ModeProgressive = "mode-progressive";
    ModeOpenPeaks = "mode-open-peaks";
    ModeEmptyWaste = "mode-empty-waste";
    ModeWildCard = "mode-wild-card";
    ModeTraditionalDraw = "mode-traditional-draw";
    GameModes = "game-modes" { modes: &'a str };
    StatusRound = "status-round" { round: u32 };
    /// `chain` cards removed since the last draw; the next one earns `next`.
    StatusChain = "status-chain" { chain: u32, next: u32 };
    /// A peak emptied in Aisleriot scoring, with its bonus.
    PeakClearedBonus = "peak-cleared-bonus" { points: u32 };
    /// Progressive rounds: round `round` is cleared and round `next` dealt.
    RoundCleared = "round-cleared" { round: u32, next: u32 };
    /// Progressive rounds: the game ended on a blocked round after `rounds` cleared ones.
    GameOverRounds = "game-over-rounds" { score: u32, rounds: u32 };
    BoardWasteEmpty = "board-waste-empty";
    /// An open peaks card that is still covered; `card` is its name.
    BoardCovered = "board-covered" { card: &'a str };
    /// A code whose mode suffix has the bad letter `letter`.
    CodeInvalidModes = "code-invalid-modes" { input: &'a str, letter: &'a str };
    ModesProgressiveNeedsAisleriot = "modes-progressive-needs-aisleriot";
    SettingsModes = "settings-modes" { modes: &'a str };
    SettingsCurrentModes = "settings-current-modes" { modes: &'a str };
    /// The modes paragraph of `/tripeaks rules`; `command` as in `GameNotYours`.
    RulesModes = "rules-modes" { command: &'a str };

    // challenge.ftl: names are shown as text (escape them); `rule` is the localised rule
    // name and `modes` the modes' names (`mode_names`).
    ChallengeDuel = "challenge-duel" {
        challenger: &'a str, opponent: &'a str, rule: &'a str, modes: &'a str,
    };
    ChallengeOpen = "challenge-open" { challenger: &'a str, rule: &'a str, modes: &'a str, max: usize };
    /// The players so far: `names` joined with ", ".
    ChallengePlayers = "challenge-players" { count: usize, max: usize, names: &'a str };
    ChallengeAccepted = "challenge-accepted" {
        challenger: &'a str, opponent: &'a str, rule: &'a str, modes: &'a str,
    };
    ChallengeDeclined = "challenge-declined" { challenger: &'a str, opponent: &'a str };
    ChallengeLapsed = "challenge-lapsed";
    /// A challenge that is no longer kept, or over, pressed.
    ChallengeGone = "challenge-gone";
    ChallengePlayerLeft = "challenge-player-left";
    /// `command` as in `GameNotYours`.
    ChallengeNotYours = "challenge-not-yours" { command: &'a str };
    ChallengeSelf = "challenge-self";
    ChallengeBot = "challenge-bot";
    ChallengePending = "challenge-pending";
    ChallengeFull = "challenge-full" { max: usize };
    ChallengeClosed = "challenge-closed";
    ChallengeRematchOnly = "challenge-rematch-only";
    /// The note over a player's challenge board: the others' names, the time left.
    ChallengeBoard = "challenge-board" { players: &'a str, when: &'a str };
    /// A finished challenge board while `count` players have still to finish.
    ChallengeWaiting = "challenge-waiting" { count: usize };
    /// The player's board of this challenge was replaced, or their time ran out.
    ChallengeLeft = "challenge-left" { score: u32 };
    ChallengeTakeConfirm = "challenge-take-confirm" { moves: u32 };
    ChallengeCodeSecret = "challenge-code-secret";
    ChallengeResultTitle = "challenge-result-title" { rule: &'a str, modes: &'a str, code: &'a str };
    /// `outcome` as `outcome_word` says it.
    ChallengeResultLine = "challenge-result-line" {
        rank: usize, name: &'a str, outcome: &'a str, score: u32, moves: u32,
    };
    ChallengeResultWinner = "challenge-result-winner" { name: &'a str };
    ChallengeResultTie = "challenge-result-tie";
    /// The deal's par (docs/RULES.md, "Par"), once the game knows it.
    ChallengeResultPar = "challenge-result-par" { par: u32 };
    /// Two players' duels: `leader` has won `wins`, `other` `losses`.
    ChallengeRecordLead = "challenge-record-lead" {
        leader: &'a str, other: &'a str, wins: u32, losses: u32,
    };
    ChallengeRecordLevel = "challenge-record-level" { first: &'a str, second: &'a str, wins: u32 };
    ChallengeRecordTies = "challenge-record-ties" { count: u32 };
    ChallengeRecordNone = "challenge-record-none" { first: &'a str, second: &'a str };
    /// The stats card's count of challenges played to the end.
    StatsChallenges = "stats-challenges" { won: u32, lost: u32 };
    /// The result's picture: its title, its deal line, a player's numbers.
    ChallengeCardTitle = "challenge-card-title";
    ChallengeCardDeal = "challenge-card-deal" { rule: &'a str, modes: &'a str, code: &'a str };
    ChallengeCardNumbers = "challenge-card-numbers" { score: u32, moves: u32 };
    ButtonChallengeAccept = "button-challenge-accept";
    ButtonChallengeDecline = "button-challenge-decline";
    ButtonChallengeJoin = "button-challenge-join";
    ButtonChallengePlay = "button-challenge-play";
    ButtonChallengeRematch = "button-challenge-rematch";
    ButtonChallengeTake = "button-challenge-take";

    // events.ftl
    EventOnlyInServer = "event-only-in-server";
    EventBadName = "event-bad-name" { max: usize };
    EventBadDeals = "event-bad-deals" { max: usize };
    EventBadDuration = "event-bad-duration" { typed: &'a str, min: &'a str, max: &'a str };
    EventBadZone = "event-bad-zone" { zone: &'a str };
    EventBadStart = "event-bad-start" { typed: &'a str };
    EventStartPast = "event-start-past" { start: &'a str };
    EventTooMany = "event-too-many" { max: usize };
    /// `permissions`: the permissions' names, joined.
    EventCannotPost = "event-cannot-post" { channel: &'a str, permissions: &'a str };
    EventCreated = "event-created" { name: &'a str, channel: &'a str, start: &'a str, end: &'a str };
    EventCreatedUnconfirmed = "event-created-unconfirmed" { name: &'a str, channel: &'a str, start: &'a str, end: &'a str };
    EventNotListed = "event-not-listed";
    EventWhich = "event-which";
    EventNoneToEnd = "event-none-to-end";
    EventNoneToCancel = "event-none-to-cancel";
    EventEndedNow = "event-ended-now" { name: &'a str, channel: &'a str };
    EventCancelledNow = "event-cancelled-now" { name: &'a str };
    EventListNone = "event-list-none";
    /// `weekly`: `yes` or `no`.
    EventListLine = "event-list-line" { name: &'a str, id: &'a str, start: &'a str, end: &'a str, weekly: &'a str };
    EventAnnounceTitle = "event-announce-title" { name: &'a str };
    EventAnnounceDeals = "event-announce-deals" { count: usize, rule: &'a str, modes: &'a str };
    EventAnnounceHintsOff = "event-announce-hints-off";
    EventAnnounceHintsOn = "event-announce-hints-on";
    EventAnnounceWhen = "event-announce-when" { start: &'a str, end: &'a str };
    EventAnnounceWeekly = "event-announce-weekly";
    EventAnnounceEnded = "event-announce-ended";
    EventAnnounceCancelled = "event-announce-cancelled";
    ButtonEventPlay = "button-event-play" { number: usize };
    ButtonEventStandings = "button-event-standings";
    EventNotStarted = "event-not-started" { start: &'a str };
    EventOver = "event-over";
    EventWrongServer = "event-wrong-server";
    EventGone = "event-gone";
    EventNone = "event-none";
    EventDealStarted = "event-deal-started" { name: &'a str, deal: usize, count: usize, end: &'a str };
    EventPractice = "event-practice" { deal: usize, score: u32 };
    EventTakeConfirm = "event-take-confirm" { moves: u32 };
    EventCounted = "event-counted" { deal: usize, score: u32 };
    EventPracticeOver = "event-practice-over";
    EventTooLate = "event-too-late";
    EventHintsOff = "event-hints-off";
    EventCodeSecret = "event-code-secret";
    EventPlace = "event-place" { place: usize, count: usize, total: i64 };
    GameReplaceEventConfirm = "game-replace-event-confirm" { moves: u32, code: &'a str };
    GameReplaceEventWinnable = "game-replace-event-winnable-confirm" { moves: u32 };
    ShareLineEvent = "share-line-event" {
        name: &'a str, event: &'a str, deal: usize, removed: u32, score: u32, marks: &'a str, hints: u32,
    };
    EventViewRunning = "event-view-running" { end: &'a str };
    EventViewUpcoming = "event-view-upcoming" { start: &'a str, end: &'a str };
    EventViewEnded = "event-view-ended" { end: &'a str };
    EventViewCancelled = "event-view-cancelled";
    /// `won`: `yes` or `no`.
    EventDealDone = "event-deal-done" { deal: usize, score: u32, won: &'a str };
    EventDealOpen = "event-deal-open" { deal: usize };
    EventStandingsTitle = "event-standings-title" { count: usize };
    EventStandingsLine = "event-standings-line" { place: usize, name: &'a str, total: i64, cleared: u32 };
    EventStandingsYou = "event-standings-you" { place: usize, count: usize, total: i64 };
    EventStandingsEmpty = "event-standings-empty";
    EventPlayerLeft = "event-player-left";
    EventResultsTitle = "event-results-title" { name: &'a str };
    EventResultsMore = "event-results-more" { count: usize };
    EventResultsDeal = "event-results-deal" { deal: usize, code: &'a str, best: u32, par: u32 };
    EventResultsDealNoPar = "event-results-deal-no-par" { deal: usize, code: &'a str, best: u32 };
    EventResultsDealUnplayed = "event-results-deal-unplayed" { deal: usize, code: &'a str };
    EventResultsNobody = "event-results-nobody";
    EventResultsReplays = "event-results-replays";
    EventCardTitle = "event-card-title" { name: &'a str };
    EventCardDeals = "event-card-deals" { count: usize, rule: &'a str, modes: &'a str };
    EventCardNumbers = "event-card-numbers" { total: i64, cleared: u32, count: usize };
    EventListingDescription = "event-listing-description" { count: usize };
    EventListingLocation = "event-listing-location";
    StatsEvents = "stats-events" { wins: u32, podiums: u32 };
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
