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

/** One vote to record: the vote, the 12-hour window around it, and its event's ids and payload. */
export interface VoteRecord {
  vote: { id: string; botId: string; user: string; username: string; flagged: boolean; votedAt: Date; month: string };
  window: { from: Date; to: Date };
  event: { id: string; payload: Record<string, unknown>; createdAt: Date; reminderId: string };
}

export type VoteOutcome =
  { counters: { votesTotal: number; votesMonth: number; changedUs: number }; routing: boolean } | 'duplicate' | 'no_bot';

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

  /** Each user's latest vote strictly after `after` (users without one are absent): one index range per user. */
  async latestSinceMany(db: Queryable, botId: string, userIds: string[], after: Date): Promise<Map<string, Date>> {
    if (userIds.length === 0) return new Map();
    const { rows } = await db.query<{ user_id: string; voted_at: Date }>(
      `SELECT u.user_id, v.voted_at FROM unnest($2::text[]) AS u(user_id)
         CROSS JOIN LATERAL (SELECT voted_at FROM votes WHERE bot_id = $1 AND user_id = u.user_id AND voted_at > $3
                              ORDER BY voted_at DESC LIMIT 1) v`,
      [botId, userIds, after],
    );
    return new Map(rows.map((row) => [row.user_id, row.voted_at]));
  },

  /**
   * Stores many votes at once (an import: no 12-hour check, no events) and moves the counters (total, month, day) by
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
      [
        votes.map((v) => v.id),
        votes.map((v) => v.botId),
        votes.map((v) => v.user),
        votes.map((v) => v.username),
        votes.map((v) => v.flagged),
        votes.map((v) => v.votedAt.toISOString()),
      ],
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
    await tx.query(
      `INSERT INTO bot_vote_days (day, bot_id, votes)
       SELECT (voted_at AT TIME ZONE 'UTC')::date, bot_id, count(*)::int FROM unnest($1::text[], $2::timestamptz[]) AS v(bot_id, voted_at)
        GROUP BY 1, 2
       ON CONFLICT (day, bot_id) DO UPDATE SET votes = bot_vote_days.votes + EXCLUDED.votes`,
      [votes.map((v) => v.botId), votes.map((v) => v.votedAt.toISOString())],
    );
  },

  /**
   * Stores each vote unless its user has another one strictly inside its (from, to), moves its
   * bot's total and monthly counters, and writes its `vote` event when an endpoint of the bot
   * takes votes: `record_vote` per vote (src/db/functions: the bot's row lock, then the check),
   * all of them in one call of `record_votes` (src/db/functions), one statement in autocommit. Answers, in the
   * order given, the counters after each vote and whether its event awaits routing, `duplicate`,
   * or `no_bot`.
   */
  async recordMany(db: Queryable, votes: readonly VoteRecord[]): Promise<VoteOutcome[]> {
    const { rows } = await db.query<{
      place: number;
      result: 'stored' | 'duplicate' | 'no_bot';
      total: number;
      month_votes: number;
      changed: number;
      awaits_routing: boolean;
    }>(
      `SELECT * FROM record_votes($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::timestamptz[],
                                  $7::timestamptz[], $8::timestamptz[], $9::date[], $10::uuid[], $11::jsonb[], $12::timestamptz[], $13::uuid[])`,
      [
        votes.map((v) => v.vote.id),
        votes.map((v) => v.vote.botId),
        votes.map((v) => v.vote.user),
        votes.map((v) => v.vote.username),
        votes.map((v) => v.vote.flagged),
        votes.map((v) => v.vote.votedAt.toISOString()),
        votes.map((v) => v.window.from.toISOString()),
        votes.map((v) => v.window.to.toISOString()),
        votes.map((v) => v.vote.month),
        votes.map((v) => v.event.id),
        votes.map((v) => JSON.stringify(v.event.payload)),
        votes.map((v) => v.event.createdAt.toISOString()),
        votes.map((v) => v.event.reminderId),
      ],
    );
    const outcomes = new Array<VoteOutcome>(votes.length);
    for (const row of rows) {
      outcomes[row.place - 1] =
        row.result === 'stored'
          ? { counters: { votesTotal: row.total, votesMonth: row.month_votes, changedUs: row.changed }, routing: row.awaits_routing }
          : row.result;
    }
    return outcomes;
  },
};
