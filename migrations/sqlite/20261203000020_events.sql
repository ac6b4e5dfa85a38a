-- Server events (issue 38): a server plays the same deals for a set time, with standings.
-- `deals`: the deal codes (with their rule and modes), space-separated, 1 to 10; `pars`: each
-- deal's par (the best score the solver finds), space-separated, `-` where none was found.
-- `state`: `scheduled` (before or while it runs: running is `starts_at <= now < ends_at`),
-- `ended` or `cancelled`. The close is one `UPDATE … WHERE state = 'scheduled'`, so whichever
-- process gets there first closes it, once; its results post is claimed (`results_claimed_at`,
-- a claim lapses) and confirmed (`results_posted_at`) as a challenge's is. `weekly`: 0/1, the
-- event comes back a week later at the same local time in `zone` (an IANA name), created in the
-- transaction that closes it (`next_of` names the event it follows). `announcement_id`: the
-- channel message with its buttons; `listing_id`: Discord's guild scheduled event, if any.
-- Times are Unix milliseconds.
CREATE TABLE events (
    event_id BIGINT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    created_by BIGINT NOT NULL,
    deals TEXT NOT NULL,
    pars TEXT NOT NULL,
    hints BIGINT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    zone TEXT NOT NULL,
    weekly BIGINT NOT NULL,
    state TEXT NOT NULL,
    next_of BIGINT,
    announcement_id BIGINT,
    listing_id BIGINT,
    closed_at BIGINT,
    results_claimed_at BIGINT,
    results_posted_at BIGINT,
    created_at BIGINT NOT NULL,
    version BIGINT NOT NULL DEFAULT 0
);
-- A server's events by state and start (at most 3 scheduled; the running, next or last one).
CREATE INDEX events_by_guild ON events (guild_id, state, starts_at);
-- The events due to close, whichever server they are in.
CREATE INDEX events_due ON events (state, ends_at);
-- A weekly event comes back once.
CREATE UNIQUE INDEX events_one_next ON events (next_of);
-- The counted games: a player's first finished game of each deal of an event.
CREATE TABLE event_games (
    event_id BIGINT NOT NULL,
    deal BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    game_id BIGINT NOT NULL,
    score BIGINT NOT NULL,
    won BIGINT NOT NULL,
    hints BIGINT NOT NULL,
    finished_at BIGINT NOT NULL,
    PRIMARY KEY (event_id, deal, user_id)
);
CREATE INDEX event_games_by_user ON event_games (user_id, event_id);
-- A player's standing in an event, kept with each counted game, so the first places come from
-- this index in the standings' order (stats::event_rules) and a place is a count over it.
CREATE TABLE event_standings (
    event_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    total BIGINT NOT NULL,
    cleared BIGINT NOT NULL,
    hints BIGINT NOT NULL,
    last_finish_at BIGINT NOT NULL,
    PRIMARY KEY (event_id, user_id)
);
CREATE INDEX event_standings_order
    ON event_standings (event_id, total DESC, cleared DESC, hints, last_finish_at, user_id);
CREATE INDEX event_standings_by_user ON event_standings (user_id, event_id);
