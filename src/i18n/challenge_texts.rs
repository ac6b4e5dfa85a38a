//! The texts of a challenge that are built from several messages: two players' head-to-head
//! record ("Ann leads Ben 3–2", with the ties) and a challenge's result (its players best first,
//! the winner or a tie, the code, par when the game knows it).

use super::cards::rule_name;
use super::locale::Locale;
use super::messages::Message;
use super::mode_texts::mode_names;
use super::stats_texts::outcome_word;
use crate::game::DealCode;
use crate::stats::{ChallengeEntry, HeadToHead, ranked, winner};

/// The head-to-head line of `first` (whose record it is) against `second`; the names are made
/// safe for a message already.
pub fn head_to_head_line(locale: Locale, first: &str, second: &str, record: HeadToHead) -> String {
    let line = if record.played() == 0 {
        return Message::ChallengeRecordNone { first, second }.text(locale);
    } else if record.wins > record.losses {
        Message::ChallengeRecordLead {
            leader: first,
            other: second,
            wins: record.wins,
            losses: record.losses,
        }
        .text(locale)
    } else if record.losses > record.wins {
        Message::ChallengeRecordLead {
            leader: second,
            other: first,
            wins: record.losses,
            losses: record.wins,
        }
        .text(locale)
    } else {
        Message::ChallengeRecordLevel {
            first,
            second,
            wins: record.wins,
        }
        .text(locale)
    };
    match record.ties {
        0 => line,
        ties => format!(
            "{line} {}",
            Message::ChallengeRecordTies { count: ties }.text(locale)
        ),
    }
}

/// The rule's and the modes' names of a challenge's deal, for its messages.
pub fn challenge_terms(locale: Locale, code: DealCode) -> (String, String) {
    (rule_name(locale, code.rule), mode_names(locale, code.modes))
}

/// A challenge's result, for the channel: `names` gives each player's name made safe for a
/// message; `par` is the deal's par, shown when known.
pub struct ChallengeResult<'a> {
    pub code: DealCode,
    pub entries: &'a [ChallengeEntry],
    pub names: &'a (dyn Fn(u64) -> String + Sync),
    pub par: Option<u32>,
}

impl ChallengeResult<'_> {
    /// The lines: title with the code, one per player best first, the winner (or a tie), par.
    pub fn lines(&self, locale: Locale) -> Vec<String> {
        let (rule, modes) = challenge_terms(locale, self.code);
        let code = self.code.to_string();
        let mut lines = vec![
            Message::ChallengeResultTitle {
                rule: &rule,
                modes: &modes,
                code: &code,
            }
            .text(locale),
        ];
        for (i, entry) in ranked(self.entries).iter().enumerate() {
            lines.push(
                Message::ChallengeResultLine {
                    rank: i + 1,
                    name: &(self.names)(entry.user),
                    outcome: &outcome_word(locale, entry.outcome),
                    score: entry.score,
                    moves: entry.moves,
                }
                .text(locale),
            );
        }
        lines.push(match winner(self.entries) {
            Some(user) => Message::ChallengeResultWinner {
                name: &(self.names)(user),
            }
            .text(locale),
            None => Message::ChallengeResultTie.text(locale),
        });
        if let Some(par) = self.par {
            lines.push(Message::ChallengeResultPar { par }.text(locale));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Outcome;

    #[test]
    fn the_leader_is_named_first_and_ties_are_counted() {
        let record = HeadToHead {
            wins: 2,
            losses: 3,
            ties: 0,
        };
        assert_eq!(
            head_to_head_line(Locale::EnUs, "Ben", "Ann", record),
            "Head to head: **Ann** leads **Ben** 3–2"
        );
        assert_eq!(
            head_to_head_line(Locale::EnUs, "Ann", "Ben", record.turned()),
            "Head to head: **Ann** leads **Ben** 3–2"
        );
        let level = HeadToHead {
            wins: 1,
            losses: 1,
            ties: 2,
        };
        assert_eq!(
            head_to_head_line(Locale::EnUs, "Ann", "Ben", level),
            "Head to head: **Ann** and **Ben** are level at 1–1 (2 ties)"
        );
        for locale in Locale::ALL {
            let none = head_to_head_line(locale, "Ann", "Ben", HeadToHead::default());
            assert!(none.contains("Ann") && none.contains("Ben"), "{none}");
        }
    }

    #[test]
    fn a_result_ranks_the_players_names_the_winner_and_shows_par_only_when_known() {
        let code: DealCode = "TP1-E-AAAAAAB".parse().unwrap();
        let entries = [
            ChallengeEntry {
                user: 1,
                outcome: Outcome::Blocked,
                score: 250,
                moves: 40,
            },
            ChallengeEntry {
                user: 2,
                outcome: Outcome::Won,
                score: 610,
                moves: 38,
            },
        ];
        let names = |user: u64| {
            if user == 1 {
                "Ann".to_string()
            } else {
                "Ben".to_string()
            }
        };
        let mut result = ChallengeResult {
            code,
            entries: &entries,
            names: &names,
            par: None,
        };
        let lines = result.lines(Locale::EnUs);
        assert_eq!(
            lines,
            [
                "**Challenge result**: Easy, standard game, deal `TP1-E-AAAAAAB`",
                "1. **Ben**: won, 610 points in 38 moves",
                "2. **Ann**: blocked, 250 points in 40 moves",
                "**Ben** wins!",
            ]
        );
        result.par = Some(590);
        let lines = result.lines(Locale::De);
        assert_eq!(lines.last().unwrap(), "Par dieses Spiels: 590 Punkte.");
    }
}
