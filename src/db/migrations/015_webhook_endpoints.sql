-- Several webhook endpoints per bot (issue 15). The spec's single webhook is the bot's default
-- endpoint (is_default); the others are added through /admin/v1/bots/{id}/webhooks.
ALTER TABLE webhooks ADD COLUMN id uuid;
UPDATE webhooks SET id = gen_random_uuid();
ALTER TABLE webhooks ALTER COLUMN id SET NOT NULL;
ALTER TABLE webhooks ADD COLUMN is_default boolean NOT NULL DEFAULT false;
UPDATE webhooks SET is_default = true;
-- The events an endpoint receives. Existing webhooks keep the spec's events; the new ones
-- (vote.reminder, review) are opt-in, so no receiver gets a body it was not written for.
ALTER TABLE webhooks ADD COLUMN events text[] NOT NULL DEFAULT ARRAY['vote', 'premium', 'donation', 'test'];
-- json: our signed JSON body; discord: a Discord channel message (embed), in `language`.
ALTER TABLE webhooks ADD COLUMN format text NOT NULL DEFAULT 'json' CHECK (format IN ('json', 'discord'));
ALTER TABLE webhooks ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('de', 'en'));
-- Secret rotation: the replaced secret still signs (beside the new one) until previous_secret_until.
ALTER TABLE webhooks ADD COLUMN previous_secret_box text;
ALTER TABLE webhooks ADD COLUMN previous_secret_until timestamptz;

ALTER TABLE deliveries ADD COLUMN endpoint_id uuid;
UPDATE deliveries d SET endpoint_id = w.id FROM webhooks w WHERE w.bot_id = d.bot_id;
ALTER TABLE deliveries ALTER COLUMN endpoint_id SET NOT NULL;
ALTER TABLE deliveries DROP CONSTRAINT deliveries_bot_id_fkey;
ALTER TABLE webhooks DROP CONSTRAINT webhooks_pkey;
ALTER TABLE webhooks ADD PRIMARY KEY (id);
CREATE UNIQUE INDEX webhooks_default ON webhooks (bot_id) WHERE is_default;
CREATE INDEX webhooks_bot ON webhooks (bot_id, created_at, id);
-- Removing an endpoint removes its deliveries and their log; removing a bot removes its endpoints.
ALTER TABLE deliveries ADD CONSTRAINT deliveries_endpoint_fkey FOREIGN KEY (endpoint_id) REFERENCES webhooks (id) ON DELETE CASCADE;
CREATE INDEX deliveries_endpoint ON deliveries (endpoint_id);

-- New event kinds. `due_at`: when the event is routed to its endpoints; now for every event but
-- a vote's reminder, due when the voter's 12-hour window ends. The outbox is the reminder's queue:
-- routing takes due events by this index range under SKIP LOCKED, so each is routed exactly once.
ALTER TABLE events DROP CONSTRAINT events_type_check;
ALTER TABLE events ADD CONSTRAINT events_type_check CHECK (type IN ('vote', 'vote.reminder', 'premium', 'donation', 'test', 'review'));
ALTER TABLE events ADD COLUMN due_at timestamptz;
-- A test call to one endpoint only (POST …/webhooks/{endpointId}/test); null: every subscribed endpoint.
ALTER TABLE events ADD COLUMN endpoint_id uuid;
UPDATE events SET due_at = created_at WHERE routed_at IS NULL;
DROP INDEX events_unrouted;
CREATE INDEX events_due ON events (due_at) WHERE routed_at IS NULL;

-- Shard-aware stats: the latest report of each shard; the bot's reported count is the sum of
-- its live shards (bot_shard_sum), recomputed by every shard report.
CREATE TABLE bot_shards (
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  shard_id integer NOT NULL,
  server_count integer NOT NULL,
  reported_at timestamptz NOT NULL,
  PRIMARY KEY (bot_id, shard_id)
);

-- The sum of a bot's other live shards. VOLATILE on purpose: called in the UPDATE of the bot's row,
-- it reads with a fresh snapshot, and is evaluated again when that row was updated meanwhile; so two
-- processes reporting different shards at the same moment cannot overwrite each other's share (the
-- later writer sums what the earlier one committed).
CREATE FUNCTION bot_shard_sum(p_bot text, p_live_after timestamptz, p_shards integer, p_except integer) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN (SELECT COALESCE(sum(server_count), 0)
            FROM bot_shards WHERE bot_id = p_bot AND shard_id < p_shards AND shard_id <> p_except AND reported_at > p_live_after);
END
$$;

-- The vote's one call (011) also writes what issue 15 adds: the `vote` event carries the counters
-- the vote left (votesTotal, votesMonth; the caller's payload has expiresAt), and a `vote.reminder`
-- due when the window ends, only while the bot has an enabled endpoint subscribed to it (an index
-- lookup on webhooks_bot), so most votes still write one event row. Still one round trip.
DROP FUNCTION record_vote(uuid, text, text, text, boolean, timestamptz, timestamptz, timestamptz, date, uuid, jsonb, timestamptz);
CREATE FUNCTION record_vote(
  p_id uuid, p_bot_id text, p_user_id text, p_username text, p_flagged boolean, p_voted_at timestamptz,
  p_window_from timestamptz, p_window_to timestamptz, p_month date,
  p_event_id uuid, p_event_payload jsonb, p_event_at timestamptz, p_reminder_id uuid,
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
  INSERT INTO events (id, bot_id, type, payload, created_at, due_at)
  SELECT p_event_id, p_bot_id, 'vote', p_event_payload || jsonb_build_object('votesTotal', votes_total, 'votesMonth', votes_month), p_event_at, p_event_at
  UNION ALL
  SELECT p_reminder_id, p_bot_id, 'vote.reminder', p_event_payload - 'expiresAt', p_event_at, p_window_to
   WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.bot_id = p_bot_id AND w.enabled AND 'vote.reminder' = ANY (w.events));
  status := 'stored';
END
$$;
