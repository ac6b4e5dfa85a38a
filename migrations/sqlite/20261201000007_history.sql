-- History and replays (issue 23). A finished game keeps what a replay needs: its stored form
-- (`history`, the same small JSON `current_games.state` holds: the deal and the cards put on
-- the waste) and when its first and last actions were made (Unix milliseconds; the duration is
-- the one minus the other). The daily it was started as tells a replay to keep the day's deal
-- private until the day is over. Games filed before this migration keep NULL: no replay, no
-- time.
ALTER TABLE finished_games ADD COLUMN history TEXT;
ALTER TABLE finished_games ADD COLUMN started_at BIGINT;
ALTER TABLE finished_games ADD COLUMN ended_at BIGINT;
ALTER TABLE finished_games ADD COLUMN daily BIGINT;
-- The current game's first action (NULL until one is made): set by the save of that action.
ALTER TABLE current_games ADD COLUMN first_action_at BIGINT;
