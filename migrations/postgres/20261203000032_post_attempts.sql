-- The tries at a post that makes a result known (issue 39): a challenge's result, an event's
-- results. A try noted here and never confirmed may have reached Discord all the same (the
-- process stopped between Discord's answer and the confirmation, or the answer was lost on the
-- way), so the next try first looks for the bot's own message in each channel tried since
-- `first_at` (Unix milliseconds) and posts only if it is not there: each result is posted once.
-- `post`: the post's key (`store/post_attempts.rs`); rows go when the post is confirmed.
CREATE TABLE post_attempts (
    post TEXT NOT NULL,
    channel_id BIGINT NOT NULL,
    first_at BIGINT NOT NULL,
    PRIMARY KEY (post, channel_id)
);
