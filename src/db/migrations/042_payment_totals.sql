-- What Stripe paid out per bot and month: each paid subscription invoice once (by its id), and a
-- running total per bot, month (UTC) and currency of donations and invoices, kept by triggers in the
-- transaction of every write (functions 08, 09), so the operator's totals read a few rows per bot
-- and month instead of summing every payment.
CREATE TABLE subscription_payments (
  stripe_invoice_id text PRIMARY KEY,
  stripe_account_id text NOT NULL,
  stripe_subscription_id text NOT NULL,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency char(3) NOT NULL,
  paid_at timestamptz NOT NULL,
  refunded_minor bigint NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0 AND refunded_minor <= amount_minor)
);

CREATE TABLE payment_month_totals (
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  month date NOT NULL,
  currency char(3) NOT NULL,
  donations_minor bigint NOT NULL DEFAULT 0,
  donations integer NOT NULL DEFAULT 0,
  donations_refunded_minor bigint NOT NULL DEFAULT 0,
  subscriptions_minor bigint NOT NULL DEFAULT 0,
  payments integer NOT NULL DEFAULT 0,
  subscriptions_refunded_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (bot_id, month, currency)
);
-- The operator's totals over a span of months, every bot.
CREATE INDEX payment_month_totals_month ON payment_month_totals (month, bot_id, currency);

-- The functions' current bodies are in src/db/functions/ (08-10), applied right after the
-- migrations; the triggers need them to exist, so this creates them empty.
CREATE OR REPLACE FUNCTION payment_totals_add(
  p_bot text, p_at timestamptz, p_currency char(3),
  p_donations_minor bigint, p_donations integer, p_donations_refunded bigint,
  p_subscriptions_minor bigint, p_payments integer, p_subscriptions_refunded bigint
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
END
$$;

CREATE OR REPLACE FUNCTION donations_to_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END
$$;
CREATE TRIGGER donations_totals AFTER INSERT OR UPDATE OF refunded_at ON donations
  FOR EACH ROW WHEN (NEW.stripe_session_id IS NOT NULL) EXECUTE FUNCTION donations_to_totals();

CREATE OR REPLACE FUNCTION subscription_payments_to_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END
$$;
CREATE TRIGGER subscription_payments_totals AFTER INSERT OR UPDATE OF refunded_minor ON subscription_payments
  FOR EACH ROW EXECUTE FUNCTION subscription_payments_to_totals();

-- The donations made through Stripe before this migration.
INSERT INTO payment_month_totals (bot_id, month, currency, donations_minor, donations, donations_refunded_minor)
SELECT bot_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, currency,
       COALESCE(sum(amount_minor) FILTER (WHERE refunded_at IS NULL), 0),
       count(*) FILTER (WHERE refunded_at IS NULL),
       COALESCE(sum(amount_minor) FILTER (WHERE refunded_at IS NOT NULL), 0)
  FROM donations WHERE stripe_session_id IS NOT NULL
 GROUP BY 1, 2, 3;
