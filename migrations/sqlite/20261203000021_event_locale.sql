-- The language an event's channel posts (its announcement's edits, its results) are written
-- in: the server's, as the manager's interaction said it when the event was created. The
-- closer posts with nobody asking, so it has no reader's locale to go by.
ALTER TABLE events ADD COLUMN locale TEXT NOT NULL DEFAULT 'en-US';
