-- Owners sign in and manage their bots (issue 14): tier requests, and a bot's own notices.

-- An owner asks for a higher rate tier for one key; the operator approves or denies it
-- (GET /admin/v1/tier-requests). At most one open request per key.
CREATE TABLE tier_requests (
  id uuid PRIMARY KEY,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  -- The platform id of the owner who asked.
  requested_by text NOT NULL,
  tier smallint NOT NULL CHECK (tier BETWEEN 2 AND 3),
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'denied')),
  note text,
  created_at timestamptz NOT NULL,
  decided_at timestamptz
);
CREATE UNIQUE INDEX tier_requests_open ON tier_requests (key_id) WHERE status = 'pending';
CREATE INDEX tier_requests_time ON tier_requests (created_at DESC, id DESC);
CREATE INDEX tier_requests_status_time ON tier_requests (status, created_at DESC, id DESC);
CREATE INDEX tier_requests_bot_time ON tier_requests (bot_id, created_at DESC, id DESC);

-- The dashboard's switch-off banner reads a bot's latest notice.
CREATE INDEX notifications_bot_time ON notifications (bot_id, created_at DESC);
