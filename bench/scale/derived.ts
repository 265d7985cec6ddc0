/**
 * THE derived-counter step of the generator: every figure the service keeps next to the facts
 * (src/db/migrations/001_directory.sql) is computed here from the facts, in one transaction, after
 * all facts are loaded. A new derived column (a counter, a rank, a maintained count) gets its
 * statement here and nowhere else. Idempotent: it resets what it computes.
 */
import type { Database } from '../../src/db/index.js';

export async function computeDerivedCounters(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL work_mem = '${db.kind === 'embedded' ? '256MB' : '1GB'}'`);
    // bots.votes_total: all votes; bots.rating_sum / rating_count: published reviews only.
    await tx.query(
      `UPDATE bots b SET votes_total = COALESCE(v.n, 0), rating_sum = COALESCE(r.total, 0), rating_count = COALESCE(r.n, 0)
         FROM bots x
         LEFT JOIN (SELECT bot_id, count(*)::int AS n FROM votes GROUP BY bot_id) v ON v.bot_id = x.id
         LEFT JOIN (SELECT bot_id, sum(rating)::int AS total, count(*)::int AS n FROM reviews WHERE published GROUP BY bot_id) r
                ON r.bot_id = x.id
        WHERE b.id = x.id`,
    );
    // bot_vote_months: votes per bot per UTC month (the month of votedAt, as OwnerService.addVote files it).
    await tx.query('DELETE FROM bot_vote_months');
    await tx.query(
      `INSERT INTO bot_vote_months (bot_id, month, votes)
       SELECT bot_id, date_trunc('month', voted_at AT TIME ZONE 'UTC')::date, count(*)::int FROM votes GROUP BY 1, 2`,
    );
    // bot_vote_days: votes per bot per UTC day, the last 14 days (trending; record_vote keeps it, its refresh prunes it).
    await tx.query('DELETE FROM bot_vote_days');
    await tx.query(
      `INSERT INTO bot_vote_days (day, bot_id, votes)
       SELECT (voted_at AT TIME ZONE 'UTC')::date, bot_id, count(*)::int FROM votes
        WHERE voted_at >= ((now() AT TIME ZONE 'UTC')::date - 13)::timestamp AT TIME ZONE 'UTC'
        GROUP BY 1, 2`,
    );
  });
}
