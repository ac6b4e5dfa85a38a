//! The choices of the slash commands' options, as poise reads them (`ChoiceParameter`), and what
//! each means to the game and the statistics. Several commands share them (`rule` is an option
//! of `new`, `settings` and `stats`); each command's file declares which options it has.

use crate::game::{ModeChoices, Modes, ParseModesError, Rule, ScoringChoice};
use crate::stats::{Metric, Period};

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

/// The mode options of `/tripeaks new`, `/tripeaks settings` and `/tripeaks challenge` (the
/// same six everywhere), as the game reads them.
pub fn mode_choices(
    scoring: Option<ScoringOption>,
    progressive: Option<bool>,
    open_peaks: Option<bool>,
    empty_waste: Option<bool>,
    wild_card: Option<bool>,
    traditional_draw: Option<bool>,
) -> ModeChoices {
    ModeChoices {
        scoring: scoring.map(ScoringChoice::from),
        progressive,
        open_peaks,
        empty_waste,
        wild_card,
        traditional_draw,
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
