-- Reports of bots by signed-in users, and the operator's answer (issue 30). The rules (reasons,
-- 5 a day per user, one open report per user and bot) are in src/modules/reports/service.ts.
CREATE TABLE reports (
  id uuid PRIMARY KEY,
  -- The bot reported; its reports go with it when it is deleted.
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  -- The platform user who reported it, and their name as the sign-in gave it.
  reporter_id text NOT NULL,
  reporter_name text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('spam', 'malicious', 'offensive', 'impersonation', 'broken', 'other')),
  details text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'resolved')),
  -- How it was resolved (action taken, or nothing to do), the answer the reporter is shown, by whom
  -- (a platform ID; null for the operator token) and when.
  resolution text CHECK (resolution IN ('actioned', 'dismissed')),
  answer text,
  resolved_by text,
  resolved_at timestamptz,
  -- When the reporter saw the answer on their reports page; null: not yet (shown as new).
  seen_at timestamptz,
  created_at timestamptz NOT NULL,
  CHECK ((status = 'resolved') = (resolved_at IS NOT NULL AND resolution IS NOT NULL AND answer IS NOT NULL))
);
-- One open report per user and bot.
CREATE UNIQUE INDEX reports_open_per_reporter ON reports (reporter_id, bot_id) WHERE status = 'open';
-- The console's queue of open reports, oldest first, read by keyset in this order.
CREATE INDEX reports_open_queue ON reports (created_at, id) WHERE status = 'open';
-- Resolved reports, the latest decision first.
CREATE INDEX reports_resolved_time ON reports (resolved_at DESC, id DESC) WHERE status = 'resolved';
-- A reporter's own reports, newest first; also the range the daily limit counts.
CREATE INDEX reports_reporter_time ON reports (reporter_id, created_at DESC, id DESC);
