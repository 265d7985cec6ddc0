-- EXPLAIN of the console's lists (docs/listings.md#scale-the-consoles-lists-at-100000-bots), on a
-- copy of the scale data set, everything inside BEGIN … ROLLBACK. From the repository's root:
--   psql postgres://postgres@127.0.0.1:5432/bd_scale_100000_10000000 -f bench/scale/explain-console.sql
\set QUIET on
\pset pager off
BEGIN;
SET LOCAL statement_timeout = 0;
\i src/db/migrations/031_reports.sql
\i src/db/migrations/032_bans.sql
SET LOCAL session_replication_role = replica;
-- 20,000 reports of random bots by 20,000 users over 20 days: every other one resolved.
WITH b AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM bots)
INSERT INTO reports (id, bot_id, reporter_id, reporter_name, reason, details, status, resolution, answer, resolved_by, resolved_at, created_at)
SELECT gen_random_uuid(), b.id, (300000000000000000 + g)::text, 'Reporter', 'spam', 'Spam.',
       CASE WHEN g % 2 = 0 THEN 'open' ELSE 'resolved' END,
       CASE WHEN g % 2 = 1 THEN 'dismissed' END, CASE WHEN g % 2 = 1 THEN 'Thanks.' END, NULL,
       CASE WHEN g % 2 = 1 THEN timestamptz '2026-06-21' + g * interval '80 seconds' END,
       timestamptz '2026-06-01' + g * interval '80 seconds'
FROM generate_series(1, 20000) g JOIN b ON b.rn = (g * 37 % 100000) + 1;
-- 5,000 bans (every tenth lifted).
INSERT INTO bans (id, kind, subject_id, reason, banned_by, created_at, lifted_at)
SELECT gen_random_uuid(), CASE WHEN g % 5 = 0 THEN 'bot' ELSE 'user' END, (400000000000000000 + g)::text, 'Spam.', NULL,
       timestamptz '2026-06-01' + g * interval '5 minutes', CASE WHEN g % 10 = 0 THEN timestamptz '2026-07-01' END
FROM generate_series(1, 5000) g;
-- 3,000 tier requests, a third pending.
WITH b AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM bots)
INSERT INTO tier_requests (id, bot_id, key_id, requested_by, tier, reason, status, created_at)
SELECT gen_random_uuid(), b.id, gen_random_uuid(), '500000000000000000', 2, 'More.',
       CASE WHEN g % 3 = 0 THEN 'pending' WHEN g % 3 = 1 THEN 'approved' ELSE 'denied' END,
       timestamptz '2026-06-01' + g * interval '10 minutes'
FROM generate_series(1, 3000) g JOIN b ON b.rn = (g * 53 % 100000) + 1;
ANALYZE reports; ANALYZE bans; ANALYZE tier_requests;
\set QUIET off
\echo === reports open queue, first page
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF)
SELECT r.id, r.bot_id, r.reporter_id, r.reporter_name, r.reason, r.details, r.status, r.resolution, r.answer,
  r.resolved_by, r.resolved_at, r.seen_at, r.created_at, b.name AS bot_name, b.slugs AS bot_slugs
  FROM (SELECT * FROM reports WHERE status = 'open' ORDER BY created_at, id LIMIT 26) r
  JOIN bots b ON b.id = r.bot_id ORDER BY r.created_at, r.id;
\echo === reports open queue, a later page
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF)
SELECT r.id, r.bot_id, r.reporter_id, r.reporter_name, r.reason, r.details, r.status, r.resolution, r.answer,
  r.resolved_by, r.resolved_at, r.seen_at, r.created_at, b.name AS bot_name, b.slugs AS bot_slugs
  FROM (SELECT * FROM reports WHERE status = 'open' AND (created_at, id) > (timestamptz '2026-06-10', '00000000-0000-0000-0000-000000000000'::uuid)
        ORDER BY created_at, id LIMIT 26) r
  JOIN bots b ON b.id = r.bot_id ORDER BY r.created_at, r.id;
\echo === reports resolved, latest first, a later page
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF)
SELECT r.id, b.name AS bot_name
  FROM (SELECT * FROM reports WHERE status = 'resolved' AND (resolved_at, id) < (timestamptz '2026-07-01', 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
        ORDER BY resolved_at DESC, id DESC LIMIT 26) r
  JOIN bots b ON b.id = r.bot_id ORDER BY r.resolved_at DESC, r.id DESC;
\echo === a reporter’s reports of the last 24 hours (the daily limit)
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF)
SELECT created_at FROM (
  SELECT created_at FROM reports WHERE reporter_id = '300000000000010000' AND created_at > timestamptz '2026-06-10' ORDER BY created_at DESC, id DESC LIMIT 5
) latest ORDER BY created_at;
\echo === bans in force, newest first, a later page
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF)
SELECT id, kind, subject_id, reason, banned_by, created_at, lifted_by, lifted_at FROM bans
 WHERE lifted_at IS NULL AND (created_at, id) < (timestamptz '2026-06-10', 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
 ORDER BY created_at DESC, id DESC LIMIT 26;
\echo === bans in force, the copy each process reads
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF)
SELECT kind, subject_id FROM bans WHERE lifted_at IS NULL;
\echo === tier requests pending, oldest first, a later page
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF)
SELECT r.*, b.name AS bot_name
  FROM (SELECT id, bot_id, key_id, requested_by, tier, reason, status, note, created_at, decided_at FROM tier_requests
         WHERE status = 'pending' AND (created_at, id) > (timestamptz '2026-06-10', '00000000-0000-0000-0000-000000000000'::uuid)
         ORDER BY created_at, id LIMIT 26) r
  JOIN bots b ON b.id = r.bot_id ORDER BY r.created_at, r.id;
ROLLBACK;
