import type { Queryable } from '../../db/index.js';
import { ADDED_COUNTS, TOP_KEPT, TOP_LISTS, type TopList } from './metrics.js';

/** One bot and UTC month of a flush: each added count as the month's 31 days (0 where nothing was counted). */
export interface MonthRow {
  botId: string;
  /** The month's first day, `YYYY-MM-01`. */
  month: string;
  counts: number[][];
  /** The day's estimate where a sketch was merged, else 0 (the stored figure is kept: GREATEST). */
  visitors: number[];
}

export interface TopsRow {
  botId: string;
  day: string;
  lists: Partial<Record<TopList, Record<string, number>>>;
}

export interface SketchRow {
  botId: string;
  day: string;
  registers: Uint8Array;
}

/** `stored` and `added` element by element, in order of the days, for an array column of bot_days. */
function elementwise(column: string, combine: (stored: string, added: string) => string): string {
  return `${column} = ARRAY(SELECT ${combine('s', 'a')} FROM unnest(bot_days.${column}, EXCLUDED.${column}) WITH ORDINALITY AS t(s, a, d) ORDER BY d)`;
}

/**
 * Adds a flush's counts to the bots' months; rows are one per bot and month (ON CONFLICT may touch
 * a row once per statement), days are elements. A bot deleted meanwhile is left out (the join,
 * with its row locked against a delete until commit).
 */
const ADD_MONTHS = `
  INSERT INTO bot_days (bot_id, month, ${ADDED_COUNTS.join(', ')}, visitors)
  SELECT m.bot_id, m.month, ${ADDED_COUNTS.map((_, i) => `($${i + 3}::int[])[(m.k - 1) * 31 + 1 : m.k * 31]`).join(', ')},
         ($${ADDED_COUNTS.length + 3}::int[])[(m.k - 1) * 31 + 1 : m.k * 31]
    FROM unnest($1::text[], $2::date[]) WITH ORDINALITY AS m(bot_id, month, k)
    JOIN bots b ON b.id = m.bot_id
   ORDER BY m.bot_id, m.month
     FOR KEY SHARE OF b
  ON CONFLICT (bot_id, month) DO UPDATE SET
    ${ADDED_COUNTS.map((column) => elementwise(column, (s, a) => `${s} + ${a}`)).join(',\n    ')},
    ${elementwise('visitors', (s, a) => `GREATEST(${s}, ${a})`)}`;

/** The day's top lists merged key by key with what other flushes stored (merge_top keeps the heaviest). */
const MERGE_TOPS = `
  INSERT INTO bot_day_tops (bot_id, day, ${TOP_LISTS.join(', ')})
  SELECT t.bot_id, t.day, ${TOP_LISTS.map((list) => `COALESCE(t.${list}, '{}')`).join(', ')}
    FROM jsonb_to_recordset($1::jsonb) AS t(bot_id text, day date, ${TOP_LISTS.map((list) => `${list} jsonb`).join(', ')})
    JOIN bots b ON b.id = t.bot_id
   ORDER BY t.bot_id, t.day
     FOR KEY SHARE OF b
  ON CONFLICT (bot_id, day) DO UPDATE SET
    ${TOP_LISTS.map((list) => `${list} = merge_top(bot_day_tops.${list}, EXCLUDED.${list}, ${TOP_KEPT})`).join(',\n    ')}`;

export const analyticsRepository = {
  /** The day's visitor salt: `candidate` (random) unless another process made one first. */
  async salt(db: Queryable, day: string, candidate: Buffer): Promise<Buffer> {
    await db.query('INSERT INTO analytics_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [day, candidate]);
    const { rows } = await db.query<{ salt: Uint8Array }>('SELECT salt FROM analytics_salts WHERE day = $1', [day]);
    return Buffer.from(rows[0]!.salt);
  },

  /**
   * The stored sketches of these bots and days merged with ours (register-wise maximum), under
   * their row locks: ours is put in first where there is none, then every row is locked and read,
   * and the caller writes the merge back (saveSketches) in the same transaction. Sorted by bot and
   * day, so two processes lock in the same order.
   */
  async lockSketches(tx: Queryable, rows: readonly SketchRow[]): Promise<Map<string, Uint8Array>> {
    const ids = rows.map((row) => row.botId);
    const days = rows.map((row) => row.day);
    await tx.query(
      `INSERT INTO bot_visitor_sketches (bot_id, day, registers)
       SELECT s.bot_id, s.day, decode(s.registers, 'hex')
         FROM unnest($1::text[], $2::date[], $3::text[]) AS s(bot_id, day, registers)
         JOIN bots b ON b.id = s.bot_id
        ORDER BY s.bot_id, s.day
       ON CONFLICT (bot_id, day) DO NOTHING`,
      [ids, days, rows.map((row) => Buffer.from(row.registers).toString('hex'))],
    );
    const { rows: stored } = await tx.query<{ bot_id: string; day: string; registers: Uint8Array }>(
      `SELECT v.bot_id, to_char(v.day, 'YYYY-MM-DD') AS day, v.registers
         FROM bot_visitor_sketches v
         JOIN unnest($1::text[], $2::date[]) AS s(bot_id, day) ON v.bot_id = s.bot_id AND v.day = s.day
        ORDER BY v.bot_id, v.day
          FOR UPDATE OF v`,
      [ids, days],
    );
    return new Map(stored.map((row) => [`${row.bot_id} ${row.day}`, row.registers]));
  },

  async saveSketches(tx: Queryable, rows: readonly SketchRow[]): Promise<void> {
    await tx.query(
      `UPDATE bot_visitor_sketches v SET registers = decode(s.registers, 'hex')
         FROM unnest($1::text[], $2::date[], $3::text[]) AS s(bot_id, day, registers)
        WHERE v.bot_id = s.bot_id AND v.day = s.day`,
      [rows.map((row) => row.botId), rows.map((row) => row.day), rows.map((row) => Buffer.from(row.registers).toString('hex'))],
    );
  },

  async addMonths(tx: Queryable, rows: readonly MonthRow[]): Promise<void> {
    await tx.query(ADD_MONTHS, [
      rows.map((row) => row.botId),
      rows.map((row) => row.month),
      ...ADDED_COUNTS.map((_, i) => rows.flatMap((row) => row.counts[i]!)),
      rows.flatMap((row) => row.visitors),
    ]);
  },

  async mergeTops(tx: Queryable, rows: readonly TopsRow[]): Promise<void> {
    const records = rows.map((row) => ({ bot_id: row.botId, day: row.day, ...row.lists }));
    await tx.query(MERGE_TOPS, [JSON.stringify(records)]);
  },
};
