-- Work a player has started and that must not run twice at once, across the processes of a
-- deployment (issue 39): a challenge is reserved before the search for its winnable deal, so
-- that N `/tripeaks challenge` at once, on any replicas, run one search. `until_ms`: Unix
-- milliseconds when the reservation lapses by itself (a process that stopped mid-search);
-- a later reservation takes a lapsed row over (`store/reservations.rs`). Forget-me deletes
-- the player's rows.
CREATE TABLE reservations (
    user_id BIGINT NOT NULL,
    what TEXT NOT NULL,
    until_ms BIGINT NOT NULL,
    PRIMARY KEY (user_id, what)
);
