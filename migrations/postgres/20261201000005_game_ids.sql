-- Games are numbered by a sequence, which hands out numbers without a row lock: every new game
-- of every process used to queue behind the one `counters` row. The sequence goes on from the
-- counter, so existing ids stay as they are; numbers of a rolled-back start are skipped (ids
-- stay unique, not gapless). The counter row stays, unused, for older binaries mid-upgrade.
CREATE SEQUENCE game_ids;
SELECT setval('game_ids', (SELECT value FROM counters WHERE name = 'game_id') + 1, false);
