-- When a bot's row last changed, to the microsecond, set on every update (votes, stats reports,
-- ratings, edits alike): the change feed's sweep over bots.changed_at catches a change whose
-- notification was lost. The trigger (bots_touch, migration 008) calls it by name.
-- Each update moves it forward, even within one tick of the clock (PGlite's ticks by the
-- millisecond): processes keep the counters with the later changed_at, so two updates of a row
-- must never share one.
CREATE OR REPLACE FUNCTION bots_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_at := GREATEST(clock_timestamp(), OLD.changed_at + interval '1 microsecond');
  RETURN NEW;
END
$$;
