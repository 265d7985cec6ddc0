-- One store for a bot's daily series (issue 33): one row per bot and UTC month, each column an
-- array of that month's days (element d = day d of the month, 1 to 31). A year of any bot is
-- twelve or thirteen rows next to each other in the primary key. The server-count history and
-- the analytics counts live here; src/modules/analytics/ and src/modules/history/ read and write it.
CREATE TABLE bot_days (
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  -- The first day of the UTC month.
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  -- The nightly collected server count; NULL on a day not collected.
  servers integer[] NOT NULL DEFAULT array_fill(NULL::integer, ARRAY[31]),
  -- Bot page views, their unique visitors (an estimate: see docs/privacy.md), invite clicks
  -- through our redirect, embed impressions, search result impressions and clicks, votes.
  views integer[] NOT NULL DEFAULT array_fill(0, ARRAY[31]),
  visitors integer[] NOT NULL DEFAULT array_fill(0, ARRAY[31]),
  invites integer[] NOT NULL DEFAULT array_fill(0, ARRAY[31]),
  widget_views integer[] NOT NULL DEFAULT array_fill(0, ARRAY[31]),
  card_views integer[] NOT NULL DEFAULT array_fill(0, ARRAY[31]),
  badge_views integer[] NOT NULL DEFAULT array_fill(0, ARRAY[31]),
  search_impressions integer[] NOT NULL DEFAULT array_fill(0, ARRAY[31]),
  search_clicks integer[] NOT NULL DEFAULT array_fill(0, ARRAY[31]),
  votes integer[] NOT NULL DEFAULT array_fill(0, ARRAY[31]),
  PRIMARY KEY (bot_id, month)
) WITH (fillfactor = 80);

-- The bounded top lists of one bot and day: {"key": count}, the heaviest keys only.
CREATE TABLE bot_day_tops (
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  day date NOT NULL,
  -- Hosts that referred bot page views.
  referrers jsonb NOT NULL DEFAULT '{}',
  -- Search terms after which the bot was opened from a search result.
  search_terms jsonb NOT NULL DEFAULT '{}',
  -- Hosts of pages that showed the bot's widget, card or badge.
  embed_referrers jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (bot_id, day)
);

-- Today's visitor sketches (HyperLogLog registers of the day's salted visitor hashes), merged by
-- every process's flush; deleted with the day's salt.
CREATE TABLE bot_visitor_sketches (
  bot_id text NOT NULL,
  day date NOT NULL,
  registers bytea NOT NULL,
  PRIMARY KEY (bot_id, day)
);

-- The day's random salt for visitor hashes, shared by all processes, discarded after its day.
CREATE TABLE analytics_salts (
  day date PRIMARY KEY,
  salt bytea NOT NULL
);
