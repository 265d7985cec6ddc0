-- A vote writes its `vote` event only while the bot has an enabled endpoint that takes votes. The
-- outbox is read by nothing but routing, delivery and retention, and an endpoint added or enabled
-- later never receives an event from before it (active_since), so an event with no endpoint to
-- take it was written for nobody: its row and three index entries, then a routing UPDATE that
-- could never be HOT (routed_at is in events_due's predicate), then its deletion by retention
-- (docs/scale.md). Whether one was written comes back as `routing`: only such a vote's
-- announcement wakes the delivery workers.
DROP FUNCTION record_vote(uuid, text, text, text, boolean, timestamptz, timestamptz, timestamptz, date, uuid, jsonb, timestamptz, uuid);
CREATE FUNCTION record_vote(
  p_id uuid, p_bot_id text, p_user_id text, p_username text, p_flagged boolean, p_voted_at timestamptz,
  p_window_from timestamptz, p_window_to timestamptz, p_month date,
  p_event_id uuid, p_event_payload jsonb, p_event_at timestamptz, p_reminder_id uuid,
  OUT status text, OUT votes_total integer, OUT votes_month integer, OUT changed_us bigint, OUT routing boolean
) LANGUAGE plpgsql AS $$
DECLARE
  wants_reminder boolean;
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
