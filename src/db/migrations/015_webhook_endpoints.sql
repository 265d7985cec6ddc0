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
