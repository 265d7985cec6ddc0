-- Bots, their reviews, votes and daily server-count history.
-- Derived figures (votes_total, rating_sum/count, the monthly vote counts) are kept next to the
-- facts in the same transaction, so a read never aggregates over all votes or reviews.

CREATE TABLE bots (
  id text PRIMARY KEY,
  name text NOT NULL,
  -- Lower-cased name for the substring filter, and a diacritic-free sort key: computed by the
  -- service so that PGlite and every PostgreSQL collation give the same answers.
  name_lower text NOT NULL,
  sort_name text NOT NULL,
  slugs jsonb NOT NULL,
  short_description jsonb NOT NULL,
  prefix text NOT NULL,
  pricing text NOT NULL,
  icon_url text NOT NULL,
  banner_url text,
  invite_url text NOT NULL,
  support_server_url text NOT NULL,
  website_url text NOT NULL,
  categories text[] NOT NULL,
  tags text[] NOT NULL,
  owners text[] NOT NULL,
  is_verified boolean NOT NULL,
  published boolean NOT NULL,
  published_at timestamptz,
  platform_server_count integer,
  platform_shard_count integer,
  reported_server_count integer,
  reported_shard_count integer,
  reported_at timestamptz,
  votes_total integer NOT NULL DEFAULT 0,
  rating_sum integer NOT NULL DEFAULT 0,
  rating_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE INDEX bots_published_votes_total ON bots (votes_total DESC, id) WHERE published;
CREATE INDEX bots_published_servers ON bots ((COALESCE(reported_server_count, platform_server_count, 0)) DESC, id) WHERE published;
CREATE INDEX bots_published_new ON bots (published_at DESC, id) WHERE published;
CREATE INDEX bots_published_name ON bots (sort_name COLLATE "C", id) WHERE published;

CREATE TABLE bot_vote_months (
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  month date NOT NULL,
  votes integer NOT NULL,
  PRIMARY KEY (bot_id, month)
);
CREATE INDEX bot_vote_months_month ON bot_vote_months (month, votes DESC);

CREATE TABLE votes (
  id uuid PRIMARY KEY,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  username text NOT NULL,
  flagged boolean NOT NULL,
  voted_at timestamptz NOT NULL
);
CREATE INDEX votes_bot_time ON votes (bot_id, voted_at DESC, id DESC);
CREATE INDEX votes_bot_user_time ON votes (bot_id, user_id, voted_at DESC);

CREATE TABLE reviews (
  id uuid PRIMARY KEY,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  username text NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body text NOT NULL,
  helpful_count integer NOT NULL DEFAULT 0,
  published boolean NOT NULL,
  reply_body text,
  replied_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX reviews_bot_helpful ON reviews (bot_id, helpful_count DESC, created_at DESC, id) WHERE published;

CREATE TABLE bot_history (
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  day date NOT NULL,
  servers integer NOT NULL,
  source text NOT NULL CHECK (source IN ('self', 'platform')),
  PRIMARY KEY (bot_id, day)
);
