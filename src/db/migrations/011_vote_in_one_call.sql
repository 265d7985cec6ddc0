-- A vote in one round trip. It was five (BEGIN, the bot's row lock, the vote statement, the event,
-- COMMIT), each a socket write and read on both sides; at hundreds of votes a second those round
-- trips were most of the server's CPU and held a pool connection throughout. The function keeps
-- the order that makes the 12-hour rule safe: the row lock serialises the votes of one bot, and the
-- check runs as a statement of its own after it (a new snapshot in READ COMMITTED), so it sees
-- every vote committed before the lock was granted. Called in autocommit: the commit follows.
-- status: 'stored', 'duplicate' (a vote of this user for this bot within the window), 'no_bot'.
CREATE FUNCTION record_vote(
  p_id uuid, p_bot_id text, p_user_id text, p_username text, p_flagged boolean, p_voted_at timestamptz,
  p_window_from timestamptz, p_window_to timestamptz, p_month date,
  p_event_id uuid, p_event_payload jsonb, p_event_at timestamptz,
  OUT status text, OUT votes_total integer, OUT votes_month integer, OUT changed_us bigint
) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM bots WHERE id = p_bot_id FOR UPDATE;
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
  INSERT INTO events (id, bot_id, type, payload, created_at) VALUES (p_event_id, p_bot_id, 'vote', p_event_payload, p_event_at);
  status := 'stored';
END
$$;
