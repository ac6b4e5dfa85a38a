//! Every button's custom_id round-trips within Discord's limit; forged or damaged ones are refused.

use super::*;

fn drawn() -> PlayerTurn {
    PlayerTurn {
        owner: u64::MAX,
        at: GameTurn {
            game_id: i64::MAX,
            turn: u32::MAX,
        },
    }
}

#[test]
fn every_action_round_trips_within_discords_limit() {
    let d = drawn();
    let actions = [
        ButtonAction::Card(d, Position::new(27).unwrap()),
        ButtonAction::Card(d, Position::new(0).unwrap()),
        ButtonAction::Draw(d),
        ButtonAction::Undo(d),
        ButtonAction::Hint(d),
        ButtonAction::Share(d),
        ButtonAction::NewGame(d, Rule::Easy),
        ButtonAction::NewGame(d, Rule::Classic),
        ButtonAction::PlayDeal("TP1-C-ZZZZZZZ".parse().unwrap()),
        ButtonAction::Forget(u64::MAX),
        ButtonAction::Forget(0),
        ButtonAction::StartDaily(d, DailyNumber::new(2_912_109).unwrap()),
        ButtonAction::ShareResult(d),
        ButtonAction::StartDeal(d, "TP1-C-ZZZZZZZ-AMPOW".parse().unwrap()),
        ButtonAction::StartWinnable(d, Rule::Easy, Modes::default()),
        ButtonAction::StartWinnable(d, Rule::Classic, "AMPOWJT".parse().unwrap()),
        ButtonAction::DailyLeaderboard(DailyNumber::new(3653).unwrap()),
        ButtonAction::DealLeaderboard("TP1-E-ZZZZZZZ".parse().unwrap()),
        ButtonAction::Replay(u64::MAX, i64::MAX),
        ButtonAction::Replay(0, 0),
        ButtonAction::ChallengeAccept(i64::MAX),
        ButtonAction::ChallengeDecline(0),
        ButtonAction::ChallengeJoin(7),
        ButtonAction::ChallengePlay(i64::MAX),
        ButtonAction::ChallengeRematch(12),
        ButtonAction::ChallengeTake(d, i64::MAX),
        ButtonAction::EventPlay(EventDealRef {
            event: i64::MAX,
            deal: 9,
        }),
        ButtonAction::EventStandings(i64::MAX),
        ButtonAction::EventTake(
            d,
            EventDealRef {
                event: i64::MAX,
                deal: u8::MAX,
            },
        ),
    ];
    for action in actions {
        let id = action.to_string();
        assert!(id.len() <= MAX_LEN, "{id}");
        assert_eq!(ButtonAction::parse(&id), Ok(action), "{id}");
        assert_eq!(id.split(':').nth(1), Some(action.verb()), "{id}");
    }
}

#[test]
fn forged_or_damaged_ids_are_refused() {
    let long = format!("tp:draw:1:1:1{}", "0".repeat(200));
    for id in [
        "",
        "tp",
        "tp:",
        "xx:draw:1:2:3",
        "tp:draw:1:2",
        "tp:draw:1:2:3:4",
        "tp:fly:1:2:3",
        "tp:card:1:2:3",
        "tp:card:1:2:3:28",
        "tp:card:1:2:3:-1",
        "tp:card:1:2:3:07",
        "tp:draw:-1:2:3",
        "tp:draw:+1:2:3",
        "tp:draw: 1:2:3",
        "tp:draw:18446744073709551616:2:3",
        "tp:draw:1:9223372036854775808:3",
        "tp:draw:1:2:4294967296",
        "tp:new:1:2:3:x",
        "tp:new:1:2:3",
        "tp:play:TP1-E-AAAA",
        "tp:play:tp1-e-aaaaaaa",
        "tp:play:TP1-N-AAAAAAA",
        "tp:play:TP1-E-AAAAAAA:x",
        "TP:draw:1:2:3",
        long.as_str(),
        "tp:draw:1:2:3\n",
        "tp:draw:١:2:3",
        "tp:forget",
        "tp:forget:",
        "tp:forget:01",
        "tp:forget:1:2",
        "tp:forget:-1",
        "tp:daily:",
        "tp:daily:1:2",
        "tp:daily:1:2:3",
        "tp:daily:1:2:3:0",
        "tp:dboard:0",
        "tp:dboard:x",
        "tp:dboard:99999999999",
        "tp:board:TP1-E-AAAAAA",
        "tp:board:tp1-e-aaaaaaa",
        "tp:result:1:2",
        "tp:deal:1:2:3",
        "tp:deal:1:2:3:TP1-E-AAAAAA",
        "tp:deal:1:2:3:tp1-e-aaaaaaa",
        "tp:deal:1:2:3:TP1-E-AAAAAAA:x",
        "tp:replay:1",
        "tp:replay:1:2:3",
        "tp:replay:01:2",
        "tp:replay:1:-2",
        "tp:replay:1:9223372036854775808",
        "tp:accept",
        "tp:accept:",
        "tp:accept:01",
        "tp:accept:-1",
        "tp:accept:1:2",
        "tp:decline:x",
        "tp:join:9223372036854775808",
        "tp:cplay:1 ",
        "tp:rematch:+1",
        "tp:ctake:1:2:3",
        "tp:ctake:1:2:3:",
        "tp:ctake:1:2:3:4:5",
        "tp:ctake:1:2:3:04",
        "tp:eplay:1",
        "tp:eplay:1:",
        "tp:eplay:1:256",
        "tp:eplay:1:01",
        "tp:eplay:-1:0",
        "tp:estand:",
        "tp:estand:1:2",
        "tp:etake:1:2:3:4",
        "tp:etake:1:2:3:4:5:6",
    ] {
        assert!(ButtonAction::parse(id).is_err(), "{id:?} parsed");
    }
}
