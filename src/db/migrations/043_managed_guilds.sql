-- The servers a signed-in user may manage (owns, or holds Manage Server in), as the chat platform
-- listed them at the user's last sign-in (Discord's `guilds` scope, asked only while payments are
-- on): the bot page offers them for a server tier. Replaced at each sign-in; removed nightly once no
-- session of that sign-in can be alive (SESSION_MAX_AGE_HOURS).
CREATE TABLE managed_guilds (
  user_id text NOT NULL,
  guild_id text NOT NULL,
  name text NOT NULL,
  listed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, guild_id)
);
CREATE INDEX managed_guilds_listed ON managed_guilds (listed_at);
