-- One append-only log of who changed what (issue 31): every change of a bot's listing, keys,
-- webhook endpoints and team, and every moderation decision, written in the same transaction as the
-- change it records. The actions and actors are listed in src/modules/audit/entry.ts.
CREATE TABLE audit_log (
  -- In the order they were written: entries of one instant keep their order.
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  -- The bot the change was about; null for changes of no one bot (a user's ban, a template).
  -- No foreign key: the log outlives a deleted bot.
  bot_id text,
  -- Who: a platform user, an API key (by its prefix), an operator (null id: the operator token),
  -- or the service itself (a webhook switched off after failing).
  actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'key', 'operator', 'system')),
  actor_id text,
  -- From where: the dashboard, the owner API with a key, the console, the management API, or the service.
  via text NOT NULL CHECK (via IN ('dashboard', 'api', 'console', 'admin_api', 'system')),
  action text NOT NULL,
  -- What the action was on beside the bot: a key's, endpoint's, user's or report's id.
  target text,
  -- For changes, each changed field's value before and after: {"field": {"before": …, "after": …}}.
  diff jsonb,
  note text
);
-- Every list is a keyset page on one of these, in its order (at DESC, id DESC).
CREATE INDEX audit_log_bot_time ON audit_log (bot_id, at DESC, id DESC);
CREATE INDEX audit_log_time ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_time ON audit_log (actor_id, at DESC, id DESC);
CREATE INDEX audit_log_action_time ON audit_log (action, at DESC, id DESC);
