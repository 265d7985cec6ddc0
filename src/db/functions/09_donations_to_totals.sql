-- A donation paid through Stripe counts in its month's totals when recorded, and moves from received
-- to refunded when its refund is recorded (refunded_at is set once). Trigger donations_totals (042).
CREATE OR REPLACE FUNCTION donations_to_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.refunded_at IS NULL THEN
      PERFORM payment_totals_add(NEW.bot_id, NEW.created_at, NEW.currency, NEW.amount_minor, 1, 0, 0, 0, 0);
    ELSE
      PERFORM payment_totals_add(NEW.bot_id, NEW.created_at, NEW.currency, 0, 0, NEW.amount_minor, 0, 0, 0);
    END IF;
  ELSIF OLD.refunded_at IS NULL AND NEW.refunded_at IS NOT NULL THEN
    PERFORM payment_totals_add(NEW.bot_id, NEW.created_at, NEW.currency, -NEW.amount_minor, -1, NEW.amount_minor, 0, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
