import type { Queryable } from '../../db/index.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import { DAILY_COUNTS, TOP_LISTS, TOP_SHOWN, type DailyCount, type TopList } from './metrics.js';

/** A key of a top list and its count summed over the window. */
export interface TopCount {
  key: string;
  count: number;
}

/** What the store holds of a bot over a window of days: every day's counts, and the top lists summed. */
export interface AnalyticsFacts {
  /** One value per day of the window, oldest first (a day without a row counts 0). */
  counts: Record<DailyCount, number[]>;
  /** The heaviest keys over the window, most first (ties by key), at most TOP_SHOWN each. */
  tops: Record<TopList, TopCount[]>;
}

/** The window to read: its first and last UTC day (YYYY-MM-DD), and the first day whose votes come from bot_vote_days. */
export interface ReadWindow {
  firstDay: string;
  lastDay: string;
  /** Days from here to `lastDay` take their votes from bot_vote_days (live), days before it from bot_days.votes. */
  liveVotesFrom: string;
}

type Row = {
  offsets: number[] | null;
  vote_offsets: number[] | null;
  live_votes: number[] | null;
  top_lists: number[] | null;
  top_keys: string[] | null;
  top_counts: number[] | null;
} & Record<DailyCount, number[] | null>;

const UNNESTED = DAILY_COUNTS.map((name) => `m.${name}`).join(', ');
const AGGREGATED = DAILY_COUNTS.map((name) => `array_agg(x.${name} ORDER BY x.day) AS ${name}`).join(',\n              ');

/**
 * One round trip, three index ranges, whatever the number of bots or visits:
 * - the window's months of bot_days (a range of its primary key (bot_id, month), at most four
 *   rows for 90 days), each month's arrays unnested into days and cut to the window;
 * - the live votes of the days from `liveVotesFrom` in bot_vote_days (one primary-key lookup per
 *   day: `(day, bot_id)` with the days listed, never a range over every bot's rows of those days);
 * - the window's rows of bot_day_tops (a range of its primary key (bot_id, day)), summed per key
 *   and cut to the TOP_SHOWN heaviest of each list.
 * Days come back as integers (days after `firstDay`): no date is printed or parsed.
 */
const SQL = `
  SELECT d.offsets, ${DAILY_COUNTS.map((name) => `d.${name}`).join(', ')},
         v.offsets AS vote_offsets, v.votes AS live_votes,
         t.lists AS top_lists, t.keys AS top_keys, t.counts AS top_counts
    FROM bots b
    LEFT JOIN LATERAL (
      SELECT array_agg(x.day - $2::date ORDER BY x.day) AS offsets,
              ${AGGREGATED}
        FROM (SELECT m.month + (u.n - 1)::int AS day, u.*
                FROM bot_days m
               CROSS JOIN LATERAL unnest(${UNNESTED}) WITH ORDINALITY AS u(${DAILY_COUNTS.join(', ')}, n)
               WHERE m.bot_id = b.id AND m.month BETWEEN $4::date AND $3::date
                 AND u.n <= extract(day FROM m.month + interval '1 month' - interval '1 day')) x
       WHERE x.day BETWEEN $2::date AND $3::date) d ON true
    LEFT JOIN LATERAL (
      SELECT array_agg(r.day - $2::date) AS offsets, array_agg(r.votes) AS votes
        FROM bot_vote_days r
       WHERE r.day = ANY($5::date[]) AND r.bot_id = b.id) v ON true
    LEFT JOIN LATERAL (
      SELECT array_agg(s.list ORDER BY s.list, s.total DESC, s.key) AS lists,
             array_agg(s.key ORDER BY s.list, s.total DESC, s.key) AS keys,
             array_agg(s.total ORDER BY s.list, s.total DESC, s.key) AS counts
        FROM (SELECT l.list, e.key, sum(e.value::float8)::float8 AS total,
                     row_number() OVER (PARTITION BY l.list ORDER BY sum(e.value::float8) DESC, e.key) AS rank
                FROM bot_day_tops dt
               CROSS JOIN LATERAL (VALUES (0, dt.referrers), (1, dt.search_terms), (2, dt.embed_referrers)) AS l(list, top)
               CROSS JOIN LATERAL jsonb_each(l.top) AS e
               WHERE dt.bot_id = b.id AND dt.day BETWEEN $2::date AND $3::date AND jsonb_typeof(e.value) = 'number'
               GROUP BY l.list, e.key) s
       WHERE s.rank <= $6) t ON true
   WHERE b.id = $1 AND b.published`;

export const analyticsReadRepository = {
  /**
   * A published bot's counts over the window (at most 90 days); undefined when no published bot
   * has this ID. Votes of the days from `liveVotesFrom` come from bot_vote_days, which record_vote
   * keeps up to date with every vote; older days from bot_days.votes, the nightly copy.
   */
  async window(db: Queryable, botId: string, window: ReadWindow, days: string[]): Promise<AnalyticsFacts | undefined> {
    if (!isSnowflakeId(botId)) return undefined;
    const { firstDay, lastDay, liveVotesFrom } = window;
    const liveDays = days.filter((day) => day >= liveVotesFrom);
    const { rows } = await db.query<Row>(SQL, [botId, firstDay, lastDay, `${firstDay.slice(0, 8)}01`, liveDays, TOP_SHOWN]);
    const row = rows[0];
    if (!row) return undefined;
    const length = days.length;
    const counts = Object.fromEntries(DAILY_COUNTS.map((name) => [name, new Array<number>(length).fill(0)])) as Record<
      DailyCount,
      number[]
    >;
    const offsets = row.offsets ?? [];
    for (const name of DAILY_COUNTS) {
      const values = row[name] ?? [];
      const series = counts[name];
      for (let i = 0; i < offsets.length; i++) series[offsets[i]!] = values[i] ?? 0;
    }
    // The live days' votes are bot_vote_days's alone (0 without a row): the nightly copy may have
    // reached some of them, and must not be counted twice.
    const firstLive = length - liveDays.length;
    counts.votes.fill(0, firstLive);
    const voteOffsets = row.vote_offsets ?? [];
    const liveVotes = row.live_votes ?? [];
    for (let i = 0; i < voteOffsets.length; i++) counts.votes[voteOffsets[i]!] = liveVotes[i] ?? 0;

    const tops = Object.fromEntries(TOP_LISTS.map((name) => [name, [] as TopCount[]])) as Record<TopList, TopCount[]>;
    const lists = row.top_lists ?? [];
    const keys = row.top_keys ?? [];
    const totals = row.top_counts ?? [];
    for (let i = 0; i < lists.length; i++) tops[TOP_LISTS[lists[i]!]!].push({ key: keys[i]!, count: Number(totals[i]) });
    return { counts, tops };
  },
};
