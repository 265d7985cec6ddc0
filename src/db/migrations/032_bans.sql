-- Bans of users (no submissions, votes, reviews or reports) and of bots (out of view, no listing
-- again), and their lifting (issue 30). A lifted ban stays as the record of what happened.
CREATE TABLE bans (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('user', 'bot')),
  -- A platform user ID, or a bot's application ID (no reference: a ban outlives the bot's row).
  subject_id text NOT NULL,
  reason text NOT NULL,
  -- The operator's platform ID; null for the operator token. The same for lifting.
  banned_by text,
  created_at timestamptz NOT NULL,
  lifted_by text,
  lifted_at timestamptz
);
-- One ban in force per user or bot; also the lookup of every check.
CREATE UNIQUE INDEX bans_in_force ON bans (kind, subject_id) WHERE lifted_at IS NULL;
-- The console's list of bans in force, newest first, read by keyset in this order.
CREATE INDEX bans_in_force_time ON bans (created_at DESC, id DESC) WHERE lifted_at IS NULL;
