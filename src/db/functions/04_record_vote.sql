-- A vote in one round trip: the bot's row lock, the 12-hour check, the vote, its counters and its
-- events. The order makes the 12-hour rule safe: the row lock serialises the votes of one bot, and
-- the check runs as a statement of its own after it (a new snapshot in READ COMMITTED), so it sees
-- every vote committed before the lock was granted. Called in autocommit (through record_votes):
-- the commit follows.
-- The lock is FOR NO KEY UPDATE, the one the UPDATE takes anyway: FOR UPDATE would also conflict
-- with the FOR KEY SHARE lock of every insert referencing the bot (history, votes, reviews, events),
-- and the nightly history collection, holding those for every published bot, deadlocked with
-- batches of votes locking their bots in id order.
-- status: 'stored', 'duplicate' (a vote of this user for this bot within the window), 'no_bot'.
-- The votes of the bot's month and UTC day are counted beside the vote (bot_vote_months for the
-- lists, bot_vote_days for trending).
-- The `vote` event carries the counters the vote left (votesTotal, votesMonth; the caller's payload
-- has expiresAt) and is written only while an endpoint takes votes; a `vote.reminder`, due when the
-- window ends, only while one takes reminders (endpoint_subscribed). `routing` says whether the
-- `vote` event was written: only then does the vote's announcement wake the delivery workers.
CREATE OR REPLACE FUNCTION record_vote(
  p_id uuid, p_bot_id text, p_user_id text, p_username text, p_flagged boolean, p_voted_at timestamptz,
  p_window_from timestamptz, p_window_to timestamptz, p_month date,
  p_event_id uuid, p_event_payload jsonb, p_event_at timestamptz, p_reminder_id uuid,
  OUT status text, OUT votes_total integer, OUT votes_month integer, OUT changed_us bigint, OUT routing boolean
) LANGUAGE plpgsql AS $$
DECLARE
  wants_reminder boolean;
BEGIN
  PERFORM 1 FROM bots WHERE id = p_bot_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    status := 'no_bot';
    RETURN;
  END IF;
  WITH v AS (
    INSERT INTO votes (id, bot_id, user_id, username, flagged, voted_at)
    SELECT p_id, p_bot_id, p_user_id, p_username, p_flagged, p_voted_at
     WHERE NOT EXISTS (SELECT 1 FROM votes WHERE bot_id = p_bot_id AND user_id = p_user_id
                          AND voted_at > p_window_from AND voted_at < p_window_to)
    RETURNING bot_id
  ), m AS (
    INSERT INTO bot_vote_months (bot_id, month, votes) SELECT bot_id, p_month, 1 FROM v
    ON CONFLICT (bot_id, month) DO UPDATE SET votes = bot_vote_months.votes + 1
    RETURNING votes
  ), d AS (
    INSERT INTO bot_vote_days (day, bot_id, votes) SELECT (p_voted_at AT TIME ZONE 'UTC')::date, bot_id, 1 FROM v
    ON CONFLICT (day, bot_id) DO UPDATE SET votes = bot_vote_days.votes + 1
  )
  UPDATE bots b SET votes_total = b.votes_total + 1 WHERE b.id IN (SELECT bot_id FROM v)
  RETURNING b.votes_total, (SELECT votes FROM m), (extract(epoch from b.changed_at) * 1000000)::bigint
  INTO votes_total, votes_month, changed_us;
  IF NOT FOUND THEN
    status := 'duplicate';
    RETURN;
  END IF;
  routing := endpoint_subscribed(p_bot_id, 'vote');
  wants_reminder := endpoint_subscribed(p_bot_id, 'vote.reminder');
  IF routing OR wants_reminder THEN
    INSERT INTO events (id, bot_id, type, payload, created_at, due_at)
    SELECT p_event_id, p_bot_id, 'vote', p_event_payload || jsonb_build_object('votesTotal', votes_total, 'votesMonth', votes_month), p_event_at, p_event_at
     WHERE routing
    UNION ALL
    SELECT p_reminder_id, p_bot_id, 'vote.reminder', p_event_payload - 'expiresAt', p_event_at, p_window_to
     WHERE wants_reminder;
  END IF;
  status := 'stored';
END
$$;
