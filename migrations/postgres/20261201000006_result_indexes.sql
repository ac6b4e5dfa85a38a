-- Taking a result back (an undo out of a blocked position) deletes it by game: without these,
-- each such undo read every result of every deal and day.
CREATE INDEX deal_results_by_game ON deal_results (game_id);
CREATE INDEX daily_results_by_game ON daily_results (game_id);

-- The hidden players a deal's or a daily's leaderboard leaves out: few, found without reading
-- every player's settings.
CREATE INDEX player_settings_hidden ON player_settings (user_id) WHERE public = 0;
