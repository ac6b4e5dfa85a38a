//! The choices of the slash commands' options (`ChoiceParameter`, as poise registers them), what
//! each means to the game and the statistics, and the options several commands share, declared
//! once here: `rule` (new, settings, stats, challenge), the six mode options (new, settings,
//! challenge), `modes` (stats, leaderboard) and `user` (stats, history). Each command's file
//! lists which options it has and declares the ones only it has.

use crate::bot::game::declaration::{Opt, OptionDecl, Options, Target, Unreadable};
use crate::game::{ModeChoices, Modes, ParseModesError, Rule, ScoringChoice};
use crate::stats::{Metric, Period};

/// The rule, over a code's or the player's default.
pub const RULE: Opt<RuleChoice> = Opt::choice("rule");
/// The modes of a game, one option each.
pub const SCORING: Opt<ScoringOption> = Opt::choice("scoring");
pub const PROGRESSIVE: Opt<bool> = Opt::boolean("progressive");
pub const OPEN_PEAKS: Opt<bool> = Opt::boolean("open-peaks");
pub const EMPTY_WASTE: Opt<bool> = Opt::boolean("empty-waste");
pub const WILD_CARD: Opt<bool> = Opt::boolean("wild-card");
pub const TRADITIONAL_DRAW: Opt<bool> = Opt::boolean("traditional-draw");
/// A mode set as typed ([`modes_option`]): which games statistics and leaderboards count.
pub const MODE_SET: Opt<String> = Opt::string("modes");
/// Whose numbers: another player than the asker.
pub const USER: Opt<Target> = Opt::user("user");

/// `first`, then the six mode options: the options of `new`, `settings` and `challenge`.
pub fn with_mode_options(first: impl IntoIterator<Item = OptionDecl>) -> Vec<OptionDecl> {
    let modes = [
        SCORING.declared(),
        PROGRESSIVE.declared(),
        OPEN_PEAKS.declared(),
        EMPTY_WASTE.declared(),
        WILD_CARD.declared(),
        TRADITIONAL_DRAW.declared(),
    ];
    first.into_iter().chain(modes).collect()
}

/// The rule option, as the game reads it.
pub fn read_rule(o: &Options) -> Result<Option<Rule>, Unreadable> {
    Ok(o.get(&RULE)?.map(Rule::from))
}

/// The six mode options, as the game reads them.
pub fn read_modes(o: &Options) -> Result<ModeChoices, Unreadable> {
    Ok(ModeChoices {
        scoring: o.get(&SCORING)?.map(ScoringChoice::from),
        progressive: o.get(&PROGRESSIVE)?,
        open_peaks: o.get(&OPEN_PEAKS)?,
        empty_waste: o.get(&EMPTY_WASTE)?,
        wild_card: o.get(&WILD_CARD)?,
        traditional_draw: o.get(&TRADITIONAL_DRAW)?,
    })
}

/// The King–Ace rule as a command option.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RuleChoice {
    #[name = "easy"]
    Easy,
    #[name = "classic"]
    Classic,
}

impl From<RuleChoice> for Rule {
    fn from(choice: RuleChoice) -> Rule {
        match choice {
            RuleChoice::Easy => Rule::Easy,
            RuleChoice::Classic => Rule::Classic,
        }
    }
}

/// The scoring as a command option (the multiplier is offered as a scoring of its own).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ScoringOption {
    #[name = "standard"]
    Standard,
    #[name = "aisleriot"]
    Aisleriot,
    #[name = "multiplier"]
    Multiplier,
}

impl From<ScoringOption> for ScoringChoice {
    fn from(option: ScoringOption) -> ScoringChoice {
        match option {
            ScoringOption::Standard => ScoringChoice::Standard,
            ScoringOption::Aisleriot => ScoringChoice::Aisleriot,
            ScoringOption::Multiplier => ScoringChoice::Multiplier,
        }
    }
}

/// The `modes` option of `/tripeaks stats` and `/tripeaks leaderboard`: mode letters as a deal
/// code writes them (any order and case, an optional leading `-`), or `standard` (also `none`,
/// `-`) for the standard game.
pub fn modes_option(text: &str) -> Result<Modes, ParseModesError> {
    let text = text.trim();
    if ["standard", "none", "-", ""]
        .iter()
        .any(|word| text.eq_ignore_ascii_case(word))
    {
        return Ok(Modes::STANDARD);
    }
    text.strip_prefix('-').unwrap_or(text).parse()
}

/// On or off, for the "help for errors" and "public" settings.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Switch {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

impl From<Switch> for bool {
    fn from(switch: Switch) -> bool {
        matches!(switch, Switch::On)
    }
}

/// Which games a leaderboard counts.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PeriodChoice {
    #[name = "week"]
    Week,
    #[name = "month"]
    Month,
    #[name = "all"]
    All,
    /// The daily deal's leaderboard (today's, or that of the `date` option).
    #[name = "daily"]
    Daily,
}

/// What a leaderboard ranks by.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum MetricChoice {
    #[name = "wins"]
    Wins,
    #[name = "best"]
    Best,
    #[name = "streak"]
    Streak,
}

impl From<MetricChoice> for Metric {
    fn from(choice: MetricChoice) -> Metric {
        match choice {
            MetricChoice::Wins => Metric::Wins,
            MetricChoice::Best => Metric::Best,
            MetricChoice::Streak => Metric::Streak,
        }
    }
}

/// The period a leaderboard option names, if it is one of time (not the daily's).
impl PeriodChoice {
    pub fn period(self) -> Option<Period> {
        match self {
            PeriodChoice::Week => Some(Period::Week),
            PeriodChoice::Month => Some(Period::Month),
            PeriodChoice::All => Some(Period::All),
            PeriodChoice::Daily => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_modes_option_reads_letters_or_standard() {
        assert_eq!(modes_option(" Standard "), Ok(Modes::STANDARD));
        assert_eq!(modes_option("-"), Ok(Modes::STANDARD));
        assert_eq!(modes_option("ja").unwrap().letters(), "AJ");
        assert_eq!(modes_option("-AP").unwrap().letters(), "AP");
        assert!(modes_option("JJ").is_err());
        assert!(modes_option("X").is_err());
        assert!(modes_option("P").is_err());
    }
}
