-- Votes that arrive while others are being written go to the database together (lib/coalescer.ts):
-- one call of record_votes, one statement and one commit for the batch. Each vote is still
-- record_vote's, with its own 12-hour check after its bot's row lock; a later vote of the batch
-- sees the earlier ones. The bots are locked in id order, as every batch locks them, so two
-- batches cannot deadlock; each row of the answer names its vote by its place in the arrays.
CREATE OR REPLACE FUNCTION record_votes(
  p_ids uuid[], p_bot_ids text[], p_user_ids text[], p_usernames text[], p_flagged boolean[], p_voted_at timestamptz[],
  p_window_from timestamptz[], p_window_to timestamptz[], p_months date[],
  p_event_ids uuid[], p_event_payloads jsonb[], p_event_at timestamptz[], p_reminder_ids uuid[]
) RETURNS TABLE (place integer, result text, total integer, month_votes integer, changed bigint, awaits_routing boolean)
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  FOR n IN SELECT b.o FROM unnest(p_bot_ids) WITH ORDINALITY AS b(bot_id, o) ORDER BY b.bot_id, b.o LOOP
    place := n;
    SELECT r.status, r.votes_total, r.votes_month, r.changed_us, r.routing
      INTO result, total, month_votes, changed, awaits_routing
      FROM record_vote(p_ids[n], p_bot_ids[n], p_user_ids[n], p_usernames[n], p_flagged[n], p_voted_at[n],
                       p_window_from[n], p_window_to[n], p_months[n],
                       p_event_ids[n], p_event_payloads[n], p_event_at[n], p_reminder_ids[n]) r;
    RETURN NEXT;
  END LOOP;
END
$$;
