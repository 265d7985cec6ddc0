-- The operator's lists (GET /admin/v1/bots, /reviews, /subscriptions, /webhooks), newest first,
-- each read from an index in the order it is shown.
CREATE INDEX bots_created ON bots (created_at DESC, id DESC);
CREATE INDEX bots_owners ON bots USING gin (owners);
CREATE INDEX reviews_time ON reviews (created_at DESC, id DESC);
CREATE INDEX reviews_bot_time ON reviews (bot_id, created_at DESC, id DESC);
CREATE INDEX subscriptions_time ON subscriptions (created_at DESC, id DESC);
CREATE INDEX subscriptions_bot_time ON subscriptions (bot_id, created_at DESC, id DESC);
CREATE INDEX subscriptions_user_time ON subscriptions (user_id, created_at DESC, id DESC);
CREATE INDEX subscriptions_guild_time ON subscriptions (guild_id, created_at DESC, id DESC) WHERE guild_id IS NOT NULL;
CREATE INDEX webhooks_disabled ON webhooks (disabled_at DESC, bot_id) WHERE NOT enabled;
CREATE INDEX webhooks_failing ON webhooks (consecutive_failures DESC, bot_id) WHERE enabled AND consecutive_failures > 0;
-- When a key was last used (written at most once a minute per key and process).
ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz;
