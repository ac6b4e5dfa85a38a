-- The interactions taken over HTTP lately, by id (issue 39): a signed request sent again (a
-- captured one replayed within Discord's 5-minute timestamp window, or a proxy's retry) is
-- acted on once, whichever process of the deployment it reaches. `seen_at`: Unix milliseconds
-- of its first arrival; rows older than 15 minutes are deleted as new ones come
-- (`store/seen_interactions.rs`). Nothing here names a player.
CREATE TABLE seen_interactions (
    interaction_id BIGINT PRIMARY KEY,
    seen_at BIGINT NOT NULL
);
CREATE INDEX seen_interactions_by_time ON seen_interactions (seen_at);
