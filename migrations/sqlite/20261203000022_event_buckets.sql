-- How many players of an event stand in each band of 64 points of total (`bucket`: the total
-- divided by 64, truncated), kept with each standing: a reader's place is the players of the
-- bands above theirs plus a count within their own band, so reading it costs about the same in
-- an event of 20,000 players as in one of 100 (`benches/events.rs`).
CREATE TABLE event_buckets (
    event_id BIGINT NOT NULL,
    bucket BIGINT NOT NULL,
    players BIGINT NOT NULL,
    PRIMARY KEY (event_id, bucket)
);
INSERT INTO event_buckets (event_id, bucket, players)
    SELECT event_id, total / 64, COUNT(*) FROM event_standings GROUP BY event_id, total / 64;
