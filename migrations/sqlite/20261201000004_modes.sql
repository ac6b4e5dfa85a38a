-- Game modes (RULES.md, "Modes"): a finished game keeps its mode letters ('' for the standard
-- game), and a player may choose the modes of their new games. Scores of different modes are
-- never mixed: the server boards count standard games only, so the boards' covering index
-- gains the column.
ALTER TABLE finished_games ADD COLUMN modes TEXT NOT NULL DEFAULT '';
ALTER TABLE player_settings ADD COLUMN default_modes TEXT NOT NULL DEFAULT '';
DROP INDEX finished_games_by_guild;
CREATE INDEX finished_games_by_guild
    ON finished_games (guild_id, finished_at, user_id, outcome, score, game_id, modes);
