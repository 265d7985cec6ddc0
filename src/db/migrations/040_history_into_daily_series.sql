-- The server-count history moves into the daily series store (039, issue 33): every bot_history
-- row becomes element d of bot_days.servers in its bot's row for that UTC month, then
-- bot_history goes. One statement over the whole table, read in its primary key's order (the
-- planner sorts only each bot's rows by month) and written in (bot_id, month) order, so that a
-- bot's year sits in consecutive pages of bot_days. Its time at scale: docs/operations.md.
--
-- bot_history.source is not carried: no read used it (the history's `source` is the bot's
-- current one: `self` when its owner has reported a count, else `platform`).
--
-- A month whose collected days follow each other (every month the nightly job missed no day) is
-- its values in day order, padded with NULLs before and after; a month with gaps is put together
-- day by day.
INSERT INTO bot_days (bot_id, month, servers)
SELECT bot_id, month,
       CASE WHEN cardinality(days) = days[cardinality(days)] - days[1] + 1
            THEN array_fill(NULL::integer, ARRAY[days[1] - 1]) || servers
                 || array_fill(NULL::integer, ARRAY[31 - days[cardinality(days)]])
            ELSE ARRAY(SELECT servers[array_position(days, g.d)] FROM generate_series(1, 31) AS g(d) ORDER BY g.d)
       END
  FROM (SELECT bot_id, month, array_agg(d ORDER BY d) AS days, array_agg(servers ORDER BY d) AS servers
          FROM (SELECT bot_id, day - (extract(day FROM day)::integer - 1) AS month, extract(day FROM day)::integer AS d, servers
                  FROM bot_history) h
         GROUP BY bot_id, month) m
 ORDER BY bot_id, month;

DROP TABLE bot_history;

ANALYZE bot_days;
