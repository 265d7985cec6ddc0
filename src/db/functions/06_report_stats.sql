-- Stats reports of a bot's total that arrive while others are being written go to the database
-- together, as votes do (record_votes, lib/coalescer.ts): one call of report_stats, one statement
-- and one commit for the batch. Each report, on a published bot, replaces the owner's count (and
-- the shard count when given; per-shard reports are dropped, they would be summed again by the next
-- shard report), and answers the effective values and the row's new changed_at. Bots are taken in
-- id order, as every batch and every vote batch takes them, so batches cannot deadlock; each row of
-- the answer names its report by its place in the arrays, and a report for no published bot has no row.
CREATE OR REPLACE FUNCTION report_stats(p_bot_ids text[], p_counts integer[], p_shards integer[], p_at timestamptz[])
RETURNS TABLE (place integer, server_count integer, shard_count integer, changed_us bigint)
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  FOR n IN SELECT b.o FROM unnest(p_bot_ids) WITH ORDINALITY AS b(bot_id, o) ORDER BY b.bot_id, b.o LOOP
    DELETE FROM bot_shards WHERE bot_id = p_bot_ids[n] AND EXISTS (SELECT 1 FROM bots WHERE id = p_bot_ids[n] AND published);
    UPDATE bots SET reported_server_count = p_counts[n],
           reported_shard_count = COALESCE(p_shards[n], reported_shard_count),
           reported_at = p_at[n]
     WHERE id = p_bot_ids[n] AND published
    RETURNING reported_server_count, COALESCE(reported_shard_count, platform_shard_count, 1), (extract(epoch from changed_at) * 1000000)::bigint
      INTO server_count, shard_count, changed_us;
    IF FOUND THEN
      place := n;
      RETURN NEXT;
    END IF;
  END LOOP;
END
$$;
