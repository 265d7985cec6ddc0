-- Reads that stay cheap at 100,000 bots and 10 million votes (docs/scale.md).

-- When a bot's row last changed, to the microsecond, set by the database on every update (votes,
-- stats reports, ratings, edits alike). Each process keeps the published bots in memory, kept current
-- by the change feed; a sweep over this column catches a change whose notification was lost.
ALTER TABLE bots ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE bots ALTER COLUMN changed_at SET DEFAULT clock_timestamp();
CREATE FUNCTION bots_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_at := clock_timestamp();
  RETURN NEW;
END
$$;
CREATE TRIGGER bots_touch BEFORE UPDATE ON bots FOR EACH ROW EXECUTE FUNCTION bots_touch();
CREATE INDEX bots_changed ON bots (changed_at);

-- A bot's history (up to 365 days) is read from the primary key's index alone: the servers value
-- rides in the index, so a year is two or three index pages instead of 365 scattered heap pages.
CREATE UNIQUE INDEX bot_history_covering ON bot_history (bot_id, day) INCLUDE (servers);
ALTER TABLE bot_history DROP CONSTRAINT bot_history_pkey;
ALTER TABLE bot_history ADD CONSTRAINT bot_history_pkey PRIMARY KEY USING INDEX bot_history_covering;
-- Index-only reads need the visibility map: vacuum after each night's rows, not after 20% growth.
ALTER TABLE bot_history SET (autovacuum_vacuum_insert_threshold = 20000, autovacuum_vacuum_insert_scale_factor = 0);
