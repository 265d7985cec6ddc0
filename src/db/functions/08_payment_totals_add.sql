-- Adds to a bot's payment totals of the month (UTC) of `p_at` in a currency; the triggers of
-- donations and subscription_payments (migration 042, functions 09 and 10) call it with the change
-- their row made, so the totals move in the transaction of the payment itself. PL/pgSQL, as its body
-- is only checked when called: the files are applied to databases of earlier migrations too.
CREATE OR REPLACE FUNCTION payment_totals_add(
  p_bot text, p_at timestamptz, p_currency char(3),
  p_donations_minor bigint, p_donations integer, p_donations_refunded bigint,
  p_subscriptions_minor bigint, p_payments integer, p_subscriptions_refunded bigint
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_month_totals AS t (bot_id, month, currency, donations_minor, donations, donations_refunded_minor,
                                         subscriptions_minor, payments, subscriptions_refunded_minor)
  VALUES (p_bot, date_trunc('month', p_at AT TIME ZONE 'UTC')::date, p_currency, p_donations_minor, p_donations,
          p_donations_refunded, p_subscriptions_minor, p_payments, p_subscriptions_refunded)
  ON CONFLICT (bot_id, month, currency) DO UPDATE SET
    donations_minor = t.donations_minor + EXCLUDED.donations_minor,
    donations = t.donations + EXCLUDED.donations,
    donations_refunded_minor = t.donations_refunded_minor + EXCLUDED.donations_refunded_minor,
    subscriptions_minor = t.subscriptions_minor + EXCLUDED.subscriptions_minor,
    payments = t.payments + EXCLUDED.payments,
    subscriptions_refunded_minor = t.subscriptions_refunded_minor + EXCLUDED.subscriptions_refunded_minor;
END
$$;
