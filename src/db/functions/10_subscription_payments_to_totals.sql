-- A paid subscription invoice counts in the month it was paid; a refund of it (whole or in part,
-- refunded_minor only grows) adds the newly refunded amount. Trigger subscription_payments_totals (042).
CREATE OR REPLACE FUNCTION subscription_payments_to_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payment_totals_add(NEW.bot_id, NEW.paid_at, NEW.currency, 0, 0, 0, NEW.amount_minor, 1, NEW.refunded_minor);
  ELSIF NEW.refunded_minor <> OLD.refunded_minor THEN
    PERFORM payment_totals_add(NEW.bot_id, NEW.paid_at, NEW.currency, 0, 0, 0, 0, 0, NEW.refunded_minor - OLD.refunded_minor);
  END IF;
  RETURN NULL;
END
$$;
