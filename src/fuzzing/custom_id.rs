//! A button's custom_id, as Discord hands it back (anyone can forge one): the strict parse, and
//! the print it must equal. Also the other way: an action built from the bytes prints within
//! Discord's limit and parses back to itself.

use crate::bot::game::custom_id::{ButtonAction, MAX_LEN, PlayerTurn};
use crate::game::{DEAL_COUNT, DailyNumber, DealCode, DealNumber, Modes, Position, Rule};
use crate::store::{EventDealRef, GameTurn};

/// The target `custom_id`.
pub fn custom_id(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        parsed(text);
    }
    if let Some(action) = built(data) {
        let printed = action.to_string();
        assert!(
            printed.len() <= MAX_LEN,
            "{printed} is over Discord's limit"
        );
        assert_eq!(ButtonAction::parse(&printed), Ok(action), "{printed}");
    }
}

/// The action a custom_id names, if it is one the bot writes: then it is exactly its print.
pub(super) fn parsed(text: &str) -> Option<ButtonAction> {
    let action = ButtonAction::parse(text).ok()?;
    assert_eq!(action.to_string(), text, "only the printed form parses");
    Some(action)
}

/// Numbers read from the front of the bytes, zeros past their end.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn u64(&mut self) -> u64 {
        let mut word = [0u8; 8];
        let taken = self.0.len().min(8);
        word[..taken].copy_from_slice(&self.0[..taken]);
        self.0 = &self.0[taken..];
        u64::from_le_bytes(word)
    }

    /// An id the store hands out: never negative.
    fn id(&mut self) -> i64 {
        (self.u64() >> 1) as i64
    }
}

/// A deal code from the bits of `n`: the rule, the mode letters, the deal's number.
fn code(n: u64) -> Option<DealCode> {
    let rule = if n & 1 == 0 {
        Rule::Easy
    } else {
        Rule::Classic
    };
    let letters: String = ['A', 'M', 'P', 'O', 'W', 'J', 'T']
        .into_iter()
        .enumerate()
        .filter(|(bit, _)| n >> (bit + 1) & 1 == 1)
        .map(|(_, letter)| letter)
        .collect();
    let modes: Modes = letters.parse().ok()?;
    let number = DealNumber::new((n >> 8) % DEAL_COUNT)?;
    Some(DealCode::new(number, rule).with_modes(modes))
}

/// An action the bot could write, every field taken from the bytes.
fn built(data: &[u8]) -> Option<ButtonAction> {
    let (&verb, rest) = data.split_first()?;
    let mut b = Bytes(rest);
    let d = PlayerTurn {
        owner: b.u64(),
        at: GameTurn {
            game_id: b.id(),
            turn: b.u64() as u32,
        },
    };
    let n = b.u64();
    let id = b.id();
    let daily = DailyNumber::new(n as u32);
    let deal = EventDealRef {
        event: id,
        deal: n as u8,
    };
    Some(match verb % 24 {
        0 => ButtonAction::Card(d, Position::new((n % 28) as usize)?),
        1 => ButtonAction::Draw(d),
        2 => ButtonAction::Undo(d),
        3 => ButtonAction::Hint(d),
        4 => ButtonAction::NewGame(d, Rule::Easy),
        5 => ButtonAction::NewGame(d, Rule::Classic),
        6 => ButtonAction::Share(d),
        7 => ButtonAction::PlayDeal(code(n)?),
        8 => ButtonAction::StartDeal(d, code(n)?),
        9 => ButtonAction::Forget(n),
        10 => ButtonAction::StartDaily(d, daily?),
        11 => ButtonAction::ShareResult(d),
        12 => ButtonAction::DailyLeaderboard(daily?),
        13 => ButtonAction::DealLeaderboard(code(n)?),
        14 => ButtonAction::Replay(n, id),
        15 => ButtonAction::ChallengeAccept(id),
        16 => ButtonAction::ChallengeDecline(id),
        17 => ButtonAction::ChallengeJoin(id),
        18 => ButtonAction::ChallengePlay(id),
        19 => ButtonAction::ChallengeRematch(id),
        20 => ButtonAction::ChallengeTake(d, id),
        21 => ButtonAction::EventPlay(deal),
        22 => ButtonAction::EventStandings(id),
        _ => ButtonAction::EventTake(d, deal),
    })
}
