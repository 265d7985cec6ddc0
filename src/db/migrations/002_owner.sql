-- API keys, premium subscriptions, donations, and the event outbox that webhooks deliver from.

CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  name text,
  -- The first characters of the key, shown in lists so an owner can tell keys apart.
  prefix text NOT NULL,
  -- SHA-256 of the whole key: the key itself is never stored.
  key_hash text NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  tier smallint NOT NULL CHECK (tier BETWEEN 1 AND 3),
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX api_keys_bot ON api_keys (bot_id, created_at);

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  guild_id text,
  tier_id uuid NOT NULL,
  tier_name text NOT NULL,
  interval text NOT NULL,
  expires_at timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL,
  active boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions (bot_id, user_id, expires_at DESC) WHERE guild_id IS NULL;
CREATE INDEX subscriptions_guild ON subscriptions (bot_id, guild_id, expires_at DESC) WHERE guild_id IS NOT NULL;

CREATE TABLE donations (
  id uuid PRIMARY KEY,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  username text,
  amount numeric(12, 2) NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX donations_bot ON donations (bot_id, created_at DESC);

-- The outbox: every vote, premium begin/end and donation writes its event in the same
-- transaction as the fact, so nothing committed can be lost before it is delivered.
CREATE TABLE events (
  id uuid PRIMARY KEY,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('vote', 'premium', 'donation', 'test')),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX events_bot_time ON events (bot_id, created_at DESC);
