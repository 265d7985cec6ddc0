-- The sum of a bot's other live shards. VOLATILE on purpose: called in the UPDATE of the bot's row,
-- it reads with a fresh snapshot, and is evaluated again when that row was updated meanwhile; so two
-- processes reporting different shards at the same moment cannot overwrite each other's share (the
-- later writer sums what the earlier one committed).
CREATE OR REPLACE FUNCTION bot_shard_sum(p_bot text, p_live_after timestamptz, p_shards integer, p_except integer) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN (SELECT COALESCE(sum(server_count), 0)
            FROM bot_shards WHERE bot_id = p_bot AND shard_id < p_shards AND shard_id <> p_except AND reported_at > p_live_after);
END
$$;
