-- A challenge's result is claimed before it is posted and counts as announced only once Discord
-- took the post (issue 30). `claimed_at`: when an interaction claimed the post (Unix
-- milliseconds); a claim whose post failed is let go at once, and one left by a process that
-- stopped lapses after 15 minutes (an interaction token's life), so the result is posted again
-- with a later interaction of one of its players. `announced_at` keeps its meaning: posted.
ALTER TABLE challenges ADD COLUMN claimed_at BIGINT;
