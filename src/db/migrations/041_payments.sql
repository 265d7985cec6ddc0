-- Premium tiers and donations paid through Stripe Connect (docs/decisions.md): one Express account
-- per bot, the tiers its owners sell, the customers made for its buyers, and the Stripe events
-- already handled (idempotency). Amounts are integers in the currency's minor units.
CREATE TABLE payment_accounts (
  bot_id text PRIMARY KEY REFERENCES bots (id) ON DELETE CASCADE,
  account_id text UNIQUE NOT NULL,
  charges_enabled boolean NOT NULL DEFAULT false,
  details_submitted boolean NOT NULL DEFAULT false,
  requirements_due text[] NOT NULL DEFAULT '{}',
  donation_currency char(3) NOT NULL DEFAULT 'eur',
  connected_by text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- The operator's list, newest first, read by keyset.
CREATE INDEX payment_accounts_time ON payment_accounts (created_at DESC, bot_id DESC);

CREATE TABLE premium_tiers (
  id uuid PRIMARY KEY,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  name_en text NOT NULL,
  name_de text NOT NULL,
  description_en text NOT NULL,
  description_de text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('user', 'guild')),
  interval text NOT NULL CHECK (interval IN ('month', 'year')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency char(3) NOT NULL,
  archived_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX premium_tiers_bot ON premium_tiers (bot_id, created_at);

CREATE TABLE payment_customers (
  account_id text NOT NULL,
  user_id text NOT NULL,
  customer_id text NOT NULL,
  PRIMARY KEY (account_id, user_id)
);

CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  account_id text,
  received_at timestamptz NOT NULL
);
-- The nightly clean-up removes events past 30 days.
CREATE INDEX stripe_events_received ON stripe_events (received_at);

ALTER TABLE subscriptions
  ADD COLUMN stripe_subscription_id text UNIQUE,
  ADD COLUMN stripe_account_id text,
  ADD COLUMN stripe_customer_id text,
  ADD COLUMN stripe_status text,
  ADD COLUMN refunded_until timestamptz;
-- "My subscriptions" reads subscriptions_user_time (012).
-- A tier with subscribers is never deleted: the check reads this.
CREATE INDEX subscriptions_tier ON subscriptions (tier_id);
-- The operator's list of Stripe-made subscriptions, newest first.
CREATE INDEX subscriptions_stripe_time ON subscriptions (created_at DESC, id DESC) WHERE stripe_subscription_id IS NOT NULL;

ALTER TABLE donations
  ADD COLUMN stripe_session_id text UNIQUE,
  -- A refund names the charge's payment intent, not the session.
  ADD COLUMN stripe_payment_intent_id text UNIQUE,
  ADD COLUMN amount_minor bigint,
  ADD COLUMN refunded_at timestamptz,
  ADD COLUMN public boolean NOT NULL DEFAULT true;
CREATE INDEX donations_stripe_time ON donations (created_at DESC, id DESC) WHERE stripe_session_id IS NOT NULL;
