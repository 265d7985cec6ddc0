-- Two top lists of one bot and day ({"key": count}) as one: counts added key by key, the `kept`
-- heaviest keys kept (ties by key, so every process and retry keeps the same ones). Flushes of the
-- analytics counts (src/modules/analytics/repository.ts) merge each process's list into the stored one.
CREATE OR REPLACE FUNCTION merge_top(stored jsonb, added jsonb, kept integer) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(jsonb_object_agg(key, total), '{}'::jsonb)
    FROM (SELECT key, sum(value::bigint) AS total
            FROM (SELECT key, value FROM jsonb_each(stored) UNION ALL SELECT key, value FROM jsonb_each(added)) AS e
           GROUP BY key
           ORDER BY total DESC, key
           LIMIT kept) AS top
$$;
