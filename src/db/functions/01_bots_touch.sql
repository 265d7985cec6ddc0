-- When a bot's row last changed, to the microsecond, set on every update (votes, stats reports,
-- ratings, edits alike): the change feed's sweep over bots.changed_at catches a change whose
-- notification was lost. The trigger (bots_touch, migration 008) calls it by name.
CREATE OR REPLACE FUNCTION bots_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_at := clock_timestamp();
  RETURN NEW;
END
$$;
