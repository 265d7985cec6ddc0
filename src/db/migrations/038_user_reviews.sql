-- Reviews written by the directory's users (issue 32): one per user and bot, held by the
-- moderation rules or hidden by an operator, marked helpful and reported by other users. The rules
-- are in src/modules/reviews/ (rules.ts, user-service.ts, moderation-service.ts).

-- Where a review stands: published (shown and counted in the bot's rating), held (a moderation
-- rule stopped it: it waits for an operator) or hidden (an operator took it down, with a reason
-- its author is shown). `published` stays the one column every public read filters on.
ALTER TABLE reviews
  ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'held', 'hidden')),
  -- The rules a held review tripped (new_account, link, word); null when none.
  ADD COLUMN held_for text[],
  -- The operator's reason for hiding it, shown to its author.
  ADD COLUMN hide_reason text,
  -- When it was held or hidden: the moderation queue's order.
  ADD COLUMN status_at timestamptz;

-- Reviews the operator unpublished before were hidden, without a reason.
UPDATE reviews SET status = 'hidden', status_at = updated_at WHERE NOT published;
ALTER TABLE reviews ADD CONSTRAINT reviews_status_published CHECK (published = (status = 'published'));

-- One review per user and bot. Reviews imported through the management API before may repeat a
-- user: the newest of each stays, the older ones are kept aside here (nothing is dropped), and
-- the ratings of their bots are worked out once more below.
CREATE TABLE reviews_superseded (LIKE reviews);
WITH older AS (
  DELETE FROM reviews r USING reviews newer
   WHERE newer.bot_id = r.bot_id AND newer.user_id = r.user_id AND (newer.created_at, newer.id) > (r.created_at, r.id)
  RETURNING r.*
)
INSERT INTO reviews_superseded SELECT * FROM older;
UPDATE bots b SET rating_sum = s.rating_sum, rating_count = s.rating_count
  FROM (SELECT bot_id, COALESCE(sum(rating) FILTER (WHERE published), 0)::int AS rating_sum,
               (count(*) FILTER (WHERE published))::int AS rating_count
          FROM reviews WHERE bot_id IN (SELECT bot_id FROM reviews_superseded) GROUP BY bot_id) s
 WHERE b.id = s.bot_id;

-- One review per user and bot; also the author's own review, one row.
CREATE UNIQUE INDEX reviews_bot_user ON reviews (bot_id, user_id);
-- The operator's queue of held reviews, oldest first, read by keyset in this order.
CREATE INDEX reviews_held_queue ON reviews (status_at, id) WHERE status = 'held';
-- The owner's "unanswered" list of a bot's published reviews, newest first.
CREATE INDEX reviews_bot_unanswered ON reviews (bot_id, created_at DESC, id DESC) WHERE published AND reply_body IS NULL;

-- "Helpful" marks: one per user and review, taken back by deleting it. reviews.helpful_count is
-- kept next to them in the same transaction.
CREATE TABLE review_helpful (
  review_id uuid NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (review_id, user_id)
);

-- Reports of reviews by signed-in users: a reason from the list and their words. An operator's
-- decision on the review (approve, hide, delete) resolves its open reports.
CREATE TABLE review_reports (
  id uuid PRIMARY KEY,
  review_id uuid NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  reporter_id text NOT NULL,
  reporter_name text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('spam', 'offensive', 'off_topic', 'conflict_of_interest', 'personal_data', 'other')),
  details text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'resolved')),
  -- How it ended (approved: the review stays; hidden; deleted: the row goes with the review), by
  -- whom (a platform ID; null for the operator token) and when.
  resolution text CHECK (resolution IN ('approved', 'hidden')),
  resolved_by text,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL,
  CHECK ((status = 'resolved') = (resolved_at IS NOT NULL AND resolution IS NOT NULL))
);
-- One open report per user and review.
CREATE UNIQUE INDEX review_reports_open_per_reporter ON review_reports (reporter_id, review_id) WHERE status = 'open';
-- The operator's queue of open reports, oldest first, read by keyset in this order.
CREATE INDEX review_reports_open_queue ON review_reports (created_at, id) WHERE status = 'open';
-- A review's open reports, resolved together with the operator's decision.
CREATE INDEX review_reports_review ON review_reports (review_id) WHERE status = 'open';
