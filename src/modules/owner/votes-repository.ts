import type { Queryable } from '../../db/index.js';
import type { VoteEntry } from './schemas.js';

interface VoteRow {
  user_id: string;
  username: string;
  voted_at: Date;
  flagged: boolean;
}

function toVote(row: VoteRow): VoteEntry {
  return { user: row.user_id, username: row.username, votedAt: row.voted_at.toISOString(), flagged: row.flagged };
}

export const voteRepository = {
  async list(db: Queryable, botId: string, limit: number, since: Date | undefined): Promise<VoteEntry[]> {
    const { rows } = await db.query<VoteRow>(
      `SELECT user_id, username, voted_at, flagged FROM votes
        WHERE bot_id = $1 AND ($2::timestamptz IS NULL OR voted_at >= $2)
        ORDER BY voted_at DESC, id DESC LIMIT $3`,
      [botId, since ?? null, limit],
    );
    return rows.map(toVote);
  },

  /** The user's latest vote strictly after `after`, if any. */
  async latestSince(db: Queryable, botId: string, userId: string, after: Date): Promise<Date | undefined> {
    const { rows } = await db.query<{ voted_at: Date }>(
      `SELECT voted_at FROM votes WHERE bot_id = $1 AND user_id = $2 AND voted_at > $3
        ORDER BY voted_at DESC LIMIT 1`,
      [botId, userId, after],
    );
    return rows[0]?.voted_at;
  },

  /**
   * Stores many votes at once (an import: no 12-hour check, no events) and moves the counters by
   * as much as `record` would one vote at a time: keep the two in step.
   */
  async insertMany(
    tx: Queryable,
    votes: { id: string; botId: string; user: string; username: string; flagged: boolean; votedAt: Date; month: string }[],
  ): Promise<void> {
    if (votes.length === 0) return;
    await tx.query(
      `INSERT INTO votes (id, bot_id, user_id, username, flagged, voted_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::timestamptz[])`,
      [votes.map((v) => v.id), votes.map((v) => v.botId), votes.map((v) => v.user), votes.map((v) => v.username), votes.map((v) => v.flagged), votes.map((v) => v.votedAt.toISOString())],
    );
    await tx.query(
      `UPDATE bots SET votes_total = votes_total + v.n
         FROM (SELECT bot_id, count(*)::int AS n FROM unnest($1::text[]) AS bot_id GROUP BY bot_id) v
        WHERE bots.id = v.bot_id`,
      [votes.map((v) => v.botId)],
    );
    await tx.query(
      `INSERT INTO bot_vote_months (bot_id, month, votes)
       SELECT bot_id, month, count(*)::int FROM unnest($1::text[], $2::date[]) AS v(bot_id, month) GROUP BY bot_id, month
       ON CONFLICT (bot_id, month) DO UPDATE SET votes = bot_vote_months.votes + EXCLUDED.votes`,
      [votes.map((v) => v.botId), votes.map((v) => v.month)],
    );
  },

  /**
   * Stores the vote unless the user has another one strictly inside (from, to), moves the bot's
   * total and monthly counters, and writes the `vote` event, in one call of `record_vote`
   * (migration 011: the bot's row lock, then the check, in one round trip, in autocommit).
   * Answers the counters after the vote, `duplicate`, or `no_bot`.
   */
  async record(
    db: Queryable,
    vote: { id: string; botId: string; user: string; username: string; flagged: boolean; votedAt: Date; month: string },
    window: { from: Date; to: Date },
    event: { id: string; payload: Record<string, unknown>; createdAt: Date },
  ): Promise<{ votesTotal: number; votesMonth: number; changedUs: number } | 'duplicate' | 'no_bot'> {
    const { rows } = await db.query<{ status: 'stored' | 'duplicate' | 'no_bot'; votes_total: number; votes_month: number; changed_us: number }>(
      'SELECT * FROM record_vote($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
      [vote.id, vote.botId, vote.user, vote.username, vote.flagged, vote.votedAt, window.from, window.to, vote.month, event.id, JSON.stringify(event.payload), event.createdAt],
    );
    const row = rows[0]!;
    if (row.status !== 'stored') return row.status;
    return { votesTotal: row.votes_total, votesMonth: row.votes_month, changedUs: row.changed_us };
  },
};
