//! The metrics' text and the outcome notes of an interaction.

use super::*;

#[test]
fn the_text_names_every_metric_and_labels_in_lowercase() {
    interaction(
        Kind::Button,
        "draw",
        Handled::Applied,
        Duration::from_millis(2),
        Arrival::gateway(3),
    );
    interaction(
        Kind::Command,
        "new",
        Handled::Applied,
        Duration::from_millis(2),
        Arrival::HTTP,
    );
    game_finished(Status::Won);
    game_finished(Status::Playing); // not finished: not counted
    store_error(&StoreError::Contention {
        user: crate::store::UserId(1),
        attempts: 3,
    });
    deferred(Kind::Command);
    refused(Refusal::InFlight);
    let text = render();
    for name in [
        "tripeaks_interactions_total{kind=\"button\",action=\"draw\",outcome=\"applied\",transport=\"gateway\",shard=\"3\"}",
        "tripeaks_interactions_total{kind=\"command\",action=\"new\",outcome=\"applied\",transport=\"http\",shard=\"0\"}",
        "tripeaks_interaction_handling_seconds_bucket{le=\"0.003\",kind=\"button\"}",
        "tripeaks_games_finished_total{name=\"won\"}",
        "tripeaks_store_errors_total{name=\"contention\"}",
        "tripeaks_deferred_replies_total{kind=\"command\"}",
        "tripeaks_gateway_connected ",
        "tripeaks_games_started_total ",
        "tripeaks_store_conflicts_total ",
        "tripeaks_endpoint_refusals_total{reason=\"in_flight\"}",
    ] {
        assert!(text.contains(name), "{name} in\n{text}");
    }
}

#[tokio::test]
async fn an_error_noted_during_an_interaction_wins_over_later_notes() {
    let noted = Arc::new(Noted::default());
    NOTE.scope(Arc::clone(&noted), async {
        note(Handled::Applied);
        tokio::task::yield_now().await;
        note(Handled::Error);
        note(Handled::Stale);
    })
    .await;
    assert_eq!(
        Handled::from_u8(noted.outcome.load(Ordering::Relaxed)),
        Handled::Error
    );
    note(Handled::Refused); // outside an interaction: nothing to note, no panic
    note_action("draw");
}

/// A press is counted under the verb its flow noted, once its custom_id was read; one
/// that noted none (a custom_id this bot did not make) under `invalid`.
#[tokio::test]
async fn a_press_counts_under_the_verb_its_flow_noted_else_invalid() {
    let counted = |action: &str| {
        let series = format!(
            "tripeaks_interactions_total{{kind=\"button\",action=\"{action}\",outcome=\"answered\",transport=\"http\",shard=\"0\"}}"
        );
        render()
            .lines()
            .find_map(|line| line.strip_prefix(series.as_str()))
            .map_or(0.0, |value| value.trim().parse::<f64>().unwrap())
    };
    let (undo, invalid) = (counted("undo"), counted("invalid"));
    let labels = (Kind::Button, "invalid");
    measure(labels, Arrival::HTTP, async { note_action("undo") }).await;
    measure(labels, Arrival::HTTP, async {}).await;
    assert_eq!(counted("undo"), undo + 1.0);
    assert_eq!(counted("invalid"), invalid + 1.0);
}
