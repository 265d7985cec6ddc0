-- Whether a subscription's last premium event said "begins" (active and paid beyond that moment).
-- A subscription that runs past expires_at without anyone ending it still owes its "ends" event:
-- the lapse sweep finds it through this flag and writes that event once.
ALTER TABLE subscriptions ADD COLUMN announced boolean NOT NULL DEFAULT false;
-- Subscriptions that lapsed before this migration are not announced again.
UPDATE subscriptions SET announced = active AND expires_at > now();
CREATE INDEX subscriptions_lapsing ON subscriptions (expires_at) WHERE announced;
