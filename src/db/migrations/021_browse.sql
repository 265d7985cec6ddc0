-- The pages people browse (issue 29).

-- Votes per bot and UTC day, for "trending" (the rise of the last 7 days over the 7 before):
-- kept by record_vote beside bot_vote_months, so the periodic trending refresh reads at most 14
-- days of rows per bot (an index range on day) and never the votes. Rows older than 14 days are
-- pruned by that refresh. No foreign key: a vote has found its bot already, and a deleted bot's
-- rows age out (the refresh lists published bots only).
CREATE TABLE bot_vote_days (
  day date NOT NULL,
  bot_id text NOT NULL,
  votes integer NOT NULL,
  PRIMARY KEY (day, bot_id)
);
INSERT INTO bot_vote_days (day, bot_id, votes)
SELECT (voted_at AT TIME ZONE 'UTC')::date, bot_id, count(*)::int
  FROM votes
 WHERE voted_at >= ((now() AT TIME ZONE 'UTC')::date - 13)::timestamp AT TIME ZONE 'UTC'
 GROUP BY 1, 2;

-- A bot page's reviews, newest first (besides most helpful first: reviews_bot_helpful).
CREATE INDEX reviews_bot_newest ON reviews (bot_id, created_at DESC, id DESC) WHERE published;
