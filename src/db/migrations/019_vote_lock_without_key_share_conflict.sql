-- A vote locks its bot's row FOR NO KEY UPDATE instead of FOR UPDATE. Both keep two votes for one
-- bot apart (the 12-hour check runs after the lock), but FOR UPDATE also conflicts with the
-- FOR KEY SHARE lock that every insert of a row referencing the bot takes (history, votes,
-- reviews, events). The nightly collection inserts a history row for every published bot in one
-- statement and holds those locks to its commit, while a batch of votes (017) locks its bots in id
-- order: each waited for the other and PostgreSQL ended the collection with "deadlock detected"
-- (seen at 100,000 bots under 300 votes/s). A vote changes no key of the row, so the weaker lock is
-- the one its UPDATE would take anyway. Otherwise the function is 016's.
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
  )
  UPDATE bots b SET votes_total = b.votes_total + 1 WHERE b.id IN (SELECT bot_id FROM v)
  RETURNING b.votes_total, (SELECT votes FROM m), (extract(epoch from b.changed_at) * 1000000)::bigint
  INTO votes_total, votes_month, changed_us;
  IF NOT FOUND THEN
    status := 'duplicate';
    RETURN;
  END IF;
  -- The bot's endpoints: one index range on webhooks_bot, usually empty.
  SELECT COALESCE(bool_or('vote' = ANY (w.events)), false), COALESCE(bool_or('vote.reminder' = ANY (w.events)), false)
    INTO routing, wants_reminder
    FROM webhooks w WHERE w.bot_id = p_bot_id AND w.enabled;
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
