-- PostgreSQL numbers games with a sequence from this migration on. A SQLite file serves one
-- process and every write transaction already holds the database's one write lock, so its
-- counter row costs nothing more and stays; this migration keeps the two histories in step.
SELECT 1;
