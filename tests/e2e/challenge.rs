//! End-to-end: challenges as Discord clients see them, through the real binary: a duel from
//! `/tripeaks challenge opponent:` to its public result (Accept, private boards, the result as
//! a follow-up of the last finisher's press, with the head-to-head and Rematch), a decline,
//! and an open challenge of three.

use serde_json::Value;

use crate::Harness;
use crate::support::{Answered, InteractionPayload, Player, Reply, ReplyAction, buttons_of};

fn id_starting(message: &Value, prefix: &str) -> Option<String> {
    buttons_of(message)
        .into_iter()
        .filter(|b| !b.disabled)
        .filter_map(|b| b.custom_id)
        .find(|id| id.starts_with(prefix))
}

/// A fitting card if there is one, else Draw: a game played this way always ends, won or
/// blocked, whatever the deal.
fn next_move(board: &Value) -> Option<String> {
    let fitting = buttons_of(board).into_iter().find(|b| {
        b.style == 3
            && b.custom_id
                .as_deref()
                .is_some_and(|id| id.starts_with("tp:card:"))
    });
    fitting
        .and_then(|b| b.custom_id)
        .or_else(|| id_starting(board, "tp:draw:"))
}

/// Plays `who`'s private board (the message `board`) to its end; the interaction of the last
/// press, to read its follow-ups.
async fn play_out(h: &Harness, who: &Player, mut board: Value) -> InteractionPayload {
    assert_eq!(
        board["flags"].as_u64().unwrap_or(0) & 64,
        64,
        "a private board: {board}"
    );
    let mut last = None;
    for _ in 0..200 {
        let Some(id) = next_move(&board) else {
            return last.expect("at least one move");
        };
        let ix = h.fake.button(&board, &id).by(who).build();
        let reply = h.fake.final_answer(&ix).await.unwrap();
        assert!(reply.updated, "{reply:?}");
        board = reply.message;
        last = Some(ix);
    }
    panic!("the game did not end")
}

/// The final answer to an interaction already sent, and the `count` follow-ups after it.
async fn answer_and_follow_ups(
    h: &Harness,
    ix: &InteractionPayload,
    count: usize,
) -> (Answered, Vec<Reply>) {
    let answered = h
        .fake
        .wait_for_final_answer(ix, crate::WAIT)
        .await
        .unwrap_or_else(|e| panic!("{e}\n{}", h.output()));
    let follow_ups = h
        .fake
        .wait_for_follow_ups(ix, &answered, count, crate::WAIT)
        .await
        .unwrap_or_else(|e| panic!("{e}\n{}", h.output()));
    (answered, follow_ups)
}

/// How many follow-ups came after the answer to an interaction so far.
async fn follow_ups_so_far(h: &Harness, ix: &InteractionPayload) -> usize {
    answer_and_follow_ups(h, ix, 0).await.1.len()
}

/// `/tripeaks challenge opponent:` by `who`: the answer and the challenge's message.
async fn post_duel(h: &Harness, who: &Player, opponent: &Player) -> (Answered, Value) {
    let ix = h
        .fake
        .slash("challenge")
        .by(who)
        .user("opponent", opponent)
        .build();
    let posted = h.fake.final_answer(&ix).await.unwrap();
    assert!(!posted.is_ephemeral(), "{posted:?}");
    let message = posted.message.clone();
    (posted, message)
}

/// A duel of `ann` against `ben`, accepted by Ben: Ann's private board (from Play) and Ben's.
async fn duel_accepted(h: &Harness, ann: &Player, ben: &Player) -> (Value, Value) {
    let (_, challenge) = post_duel(h, ann, ben).await;
    let accept = id_starting(&challenge, "tp:accept:").unwrap();
    let ix = h.fake.button(&challenge, &accept).by(ben).build();
    h.fake.send_interaction(&ix).await.unwrap();
    let (accepted, boards) = answer_and_follow_ups(h, &ix, 1).await;
    let ben_board = h.fake.message_of(&boards[0]).unwrap();
    let play = id_starting(&accepted.message, "tp:cplay:").unwrap();
    let ann_reply = h.press(ann, "en-US", &accepted.message, &play).await;
    (ann_reply.message, ben_board)
}

/// Checks a public result: every player listed, the winner or a tie, the code, and Rematch.
fn check_result(result: &Reply, players: usize) -> Value {
    assert!(!result.is_ephemeral(), "the result is public: {result:?}");
    let text = result.content().unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("**Challenge result**") && lines[0].contains("`TP1-"),
        "{text}"
    );
    for (rank, line) in lines.iter().enumerate().skip(1).take(players) {
        assert!(line.starts_with(&format!("{rank}. **")), "{text}");
    }
    assert!(
        lines[players + 1].ends_with("wins!") || lines[players + 1] == "It is a tie!",
        "{text}"
    );
    assert_eq!(
        result.data()["allowed_mentions"]["parse"],
        serde_json::json!([]),
        "no pings"
    );
    let files = result.files();
    assert_eq!(files.len(), 1, "the result's picture");
    assert_eq!(&files[0].bytes[1..4], b"PNG");
    assert!(
        files[0]
            .description
            .as_deref()
            .is_some_and(|alt| alt.contains("TP1-"))
    );
    let message = result.data().clone();
    assert!(id_starting(&message, "tp:rematch:").is_some(), "{message}");
    message
}

#[tokio::test(flavor = "multi_thread")]
async fn a_duel_is_played_to_its_result() {
    duel_to_its_result(Harness::start().await).await;
}

/// The scenario of `a_duel_is_played_to_its_result`, on either transport.
pub(crate) async fn duel_to_its_result(h: Harness) {
    let ann = Player::new(1_100_000_000_000_022_001, "ann");
    let ben = Player::new(1_100_000_000_000_022_002, "ben");
    let cy = Player::new(1_100_000_000_000_022_003, "cy");
    let (posted, challenge) = post_duel(&h, &ann, &ben).await;
    let text = posted.content().unwrap();
    assert!(
        text.starts_with("**ann** challenges **ben** to TriPeaks"),
        "{text}"
    );
    assert!(!text.contains("TP1-"), "the code is kept back: {text}");
    let labels: Vec<_> = buttons_of(&challenge)
        .into_iter()
        .filter_map(|b| b.label)
        .collect();
    assert_eq!(labels, ["Accept", "Decline"]);
    let accept = id_starting(&challenge, "tp:accept:").unwrap();
    // Someone else's press: told privately, nothing changes.
    let foreign = h.press(&cy, "en-US", &challenge, &accept).await;
    assert!(foreign.is_ephemeral() && foreign.content().unwrap().contains("not yours"));
    // Ben accepts: the message says so, his private board follows.
    let ix = h.fake.button(&challenge, &accept).by(&ben).build();
    h.fake.send_interaction(&ix).await.unwrap();
    let (accepted, boards) = answer_and_follow_ups(&h, &ix, 1).await;
    assert!(accepted.updated, "{accepted:?}");
    let challenge = accepted.message;
    assert!(
        challenge["content"].as_str().unwrap().contains("took up"),
        "{challenge}"
    );
    let ben_board = h.fake.message_of(&boards[0]).unwrap();
    assert!(boards[0].is_ephemeral() && !boards[0].files().is_empty());
    // Ann's board comes from Play.
    let play = id_starting(&challenge, "tp:cplay:").unwrap();
    let ann_reply = h.press(&ann, "en-US", &challenge, &play).await;
    assert!(ann_reply.is_ephemeral(), "{ann_reply:?}");
    let ann_last = play_out(&h, &ann, ann_reply.message).await;
    let ben_last = play_out(&h, &ben, ben_board).await;
    let (_, results) = answer_and_follow_ups(&h, &ben_last, 1).await;
    let result = check_result(&results[0], 2);
    let text = result["content"].as_str().unwrap();
    assert!(text.contains("Head to head: **"), "{text}");
    assert_eq!(
        follow_ups_so_far(&h, &ann_last).await,
        0,
        "the first finisher posts nothing"
    );
    // The head-to-head is in the statistics too.
    let stats_ix = h.fake.slash("stats").by(&ann).user("user", &ben).build();
    let stats = h.fake.final_answer(&stats_ix).await.unwrap();
    assert!(
        stats.content().unwrap().contains("Head to head: **"),
        "{:?}",
        stats.content()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_challenge_is_declined() {
    let h = Harness::start().await;
    let ann = Player::new(1_100_000_000_000_022_011, "ann");
    let ben = Player::new(1_100_000_000_000_022_012, "ben");
    let (_, challenge) = post_duel(&h, &ann, &ben).await;
    let decline = id_starting(&challenge, "tp:decline:").unwrap();
    let own = h.press(&ann, "en-US", &challenge, &decline).await;
    assert!(own.is_ephemeral(), "only the opponent answers");
    let declined = h.press(&ben, "de", &challenge, &decline).await;
    assert!(declined.updated, "{declined:?}");
    let message = declined.message;
    assert!(
        message["content"].as_str().unwrap().contains("abgelehnt"),
        "{message}"
    );
    assert!(buttons_of(&message).is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn an_open_challenge_of_three() {
    let h = Harness::start().await;
    let ann = Player::new(1_100_000_000_000_022_021, "ann");
    let ben = Player::new(1_100_000_000_000_022_022, "ben");
    let cy = Player::new(1_100_000_000_000_022_023, "cy");
    let ix = h.fake.slash("challenge").by(&ann).build();
    let mut challenge = h.fake.final_answer(&ix).await.unwrap().message;
    assert!(
        challenge["content"]
            .as_str()
            .unwrap()
            .contains("Players (1/10): ann")
    );
    let mut boards = Vec::new();
    for who in [&ben, &cy] {
        let join = id_starting(&challenge, "tp:join:").unwrap();
        let ix = h.fake.button(&challenge, &join).by(who).build();
        h.fake.send_interaction(&ix).await.unwrap();
        let (joined, board) = answer_and_follow_ups(&h, &ix, 1).await;
        assert!(joined.updated, "{joined:?}");
        challenge = joined.message;
        boards.push(h.fake.message_of(&board[0]).unwrap());
    }
    let content = challenge["content"].as_str().unwrap();
    assert!(
        content.contains("Players (3/10): ann, ben, cy"),
        "{content}"
    );
    let play = id_starting(&challenge, "tp:cplay:").unwrap();
    let ann_board = h.press(&ann, "en-US", &challenge, &play).await;
    play_out(&h, &ann, ann_board.message).await;
    play_out(&h, &ben, boards.remove(0)).await;
    let last = play_out(&h, &cy, boards.remove(0)).await;
    let (_, result) = answer_and_follow_ups(&h, &last, 1).await;
    check_result(&result[0], 3);
}

/// Ann and Ben duel to the end; Ben's last press is answered, but Discord fails the result's
/// follow-up (a 500, which is never repeated: it may have been posted). Was: the result was
/// claimed before it was sent, so it was never posted. Now the claim is let go, and Ann's next
/// interaction (any command) posts it, once.
#[tokio::test(flavor = "multi_thread")]
async fn a_result_whose_post_failed_comes_with_the_next_interaction() {
    let h = Harness::start().await;
    let ann = Player::new(1_100_000_000_000_022_031, "ann");
    let ben = Player::new(1_100_000_000_000_022_032, "ben");
    let (ann_board, ben_board) = duel_accepted(&h, &ann, &ben).await;
    play_out(&h, &ann, ann_board).await;
    h.fake.fail_next("POST", "/webhooks/", 500, 1);
    let ben_last = play_out(&h, &ben, ben_board).await;
    let failed = h
        .fake
        .wait_until(crate::WAIT, "the result's follow-up", |state| {
            let mut replies = state.replies_to(ben_last.id);
            replies.find(|r| r.action == ReplyAction::FollowUp).cloned()
        })
        .await
        .unwrap();
    assert_eq!(failed.status, 500, "{failed:?}");
    // Ann asks for anything: her answer, then the result.
    let stats = h.fake.slash("stats").by(&ann).build();
    h.fake.send_interaction(&stats).await.unwrap();
    let (_, results) = answer_and_follow_ups(&h, &stats, 1).await;
    check_result(&results[0], 2);
    // Posted once: nobody's next interaction posts it again.
    for who in [&ann, &ben] {
        let show = h.fake.slash("rules").by(who).build();
        h.fake.final_answer(&show).await.unwrap();
    }
    let results = h
        .fake
        .all_replies()
        .iter()
        .filter(|r| {
            r.status < 300
                && r.content()
                    .is_some_and(|c| c.starts_with("**Challenge result**"))
        })
        .count();
    assert_eq!(results, 1, "{}", h.output());
}

/// Was: a player who forgot themselves mid-duel took their seat with them, and the duel never
/// closed. Now Ben counts as abandoned and is shown as a player who left; Ann's next
/// interaction posts the result, with no head-to-head against nobody.
#[tokio::test(flavor = "multi_thread")]
async fn a_duel_whose_opponent_forgets_themselves_still_ends() {
    let h = Harness::start().await;
    let ann = Player::new(1_100_000_000_000_022_041, "ann");
    let ben = Player::new(1_100_000_000_000_022_042, "ben");
    let (ann_board, _) = duel_accepted(&h, &ann, &ben).await;
    let ann_last = play_out(&h, &ann, ann_board).await;
    assert_eq!(
        follow_ups_so_far(&h, &ann_last).await,
        0,
        "Ben has not finished"
    );
    let ask = h
        .fake
        .final_answer(&h.fake.slash("forget-me").by(&ben).build())
        .await
        .unwrap();
    let message = ask.message;
    let confirm = buttons_of(&message)[0].custom_id.clone().unwrap();
    let done = h.press(&ben, "en-US", &message, &confirm).await;
    assert!(done.content().unwrap().starts_with("Deleted:"), "{done:?}");
    let show = h.fake.slash("show").by(&ann).build();
    h.fake.send_interaction(&show).await.unwrap();
    let (_, results) = answer_and_follow_ups(&h, &show, 1).await;
    let result = check_result(&results[0], 2);
    let text = result["content"].as_str().unwrap();
    assert!(text.contains("a player who left"), "{text}");
    assert!(!text.contains("ben"), "{text}");
    assert!(!text.contains("Head to head"), "{text}");
}
