-- Webhook delivery: one webhook per bot, one delivery per event per webhook, every attempt
-- logged, and the notifications an operator relays to owners (a webhook switched off).

CREATE TABLE webhooks (
  bot_id text PRIMARY KEY REFERENCES bots (id) ON DELETE CASCADE,
  url text NOT NULL,
  -- AES-256-GCM under SECRET_KEY (secret-box.ts): a database dump alone does not reveal it.
  secret_box text NOT NULL,
  enabled boolean NOT NULL,
  disabled_at timestamptz,
  consecutive_failures integer NOT NULL DEFAULT 0,
  -- Events created from this moment on are delivered: set when the webhook is created and when it
  -- is enabled again, so neither the history before it nor what happened while it was off floods it.
  active_since timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Events are routed to deliveries by the worker. Those recorded before this migration had no
-- webhook to go to: mark them routed. New events start unrouted (NULL).
ALTER TABLE events ADD COLUMN routed_at timestamptz;
UPDATE events SET routed_at = created_at;
CREATE INDEX events_unrouted ON events (created_at) WHERE routed_at IS NULL;

CREATE TABLE deliveries (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  -- Removing a webhook removes its deliveries and their log.
  bot_id text NOT NULL REFERENCES webhooks (bot_id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  -- Attempts made so far, equal to the rows in delivery_attempts.
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  -- The lease: a worker that claimed the delivery owns it until locked_until; when that process
  -- dies, the delivery becomes claimable again once the lease has expired.
  lease uuid,
  locked_until timestamptz,
  created_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX deliveries_bot_time ON deliveries (bot_id, created_at DESC, id DESC);
CREATE INDEX deliveries_event ON deliveries (event_id);

CREATE TABLE delivery_attempts (
  delivery_id uuid NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL,
  status_code smallint,
  error_code text,
  error_message text,
  latency_ms integer NOT NULL,
  response_snippet text,
  PRIMARY KEY (delivery_id, attempt)
);

CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('webhook_disabled')),
  message text NOT NULL,
  details jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX notifications_time ON notifications (created_at DESC, id DESC);
