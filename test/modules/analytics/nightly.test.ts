/** The analytics store's nightly upkeep: yesterday's votes into bot_days, and retention (ANALYTICS_RETENTION_DAYS). */
import { describe, expect, it } from 'vitest';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends, ManualClock, type TestApp } from '../../helpers.js';

const TODAY = '2026-06-15';

async function votesOf(t: TestApp, botId: string, month: string): Promise<number[] | undefined> {
  const { rows } = await t.db.query<{ votes: number[] }>('SELECT votes FROM bot_days WHERE bot_id = $1 AND month = $2::date', [
    botId,
    month,
  ]);
  return rows[0]?.votes;
}

/** 31 zeros with the given days (1-based) set. */
function month(days: Record<number, number>): number[] {
  return Array.from({ length: 31 }, (_, i) => days[i + 1] ?? 0);
}

describe.each(backends())('analytics nightly upkeep (%s)', (backend) => {
  const clock = new ManualClock(new Date(`${TODAY}T03:00:00.000Z`));
  const t = appPerFile(backend, { clock });

  describe('copyVotes', () => {
    it("copies yesterday's day counters into the month rows, once however often it runs", async () => {
      const a = await putBot(t);
      const b = await putBot(t);
      await t.db.query(
        `INSERT INTO bot_vote_days (day, bot_id, votes) VALUES ('2026-06-14', $1, 7), ('2026-06-14', $2, 2), ('2026-06-13', $1, 5),
                ('2026-06-14', '999999999999999999', 4)`,
        [a.id, b.id],
      );
      // A bot's row of the month may be there already (its other counts): only the day changes.
      await t.db.query(`INSERT INTO bot_days (bot_id, month, views) VALUES ($1, '2026-06-01', array_fill(3, ARRAY[31]))`, [b.id]);
      // The deleted bot's counter (no bots row) is left out.
      expect(await t.app.services.analyticsNightly.copyVotes()).toBe(2);
      expect(await votesOf(t, a.id, '2026-06-01')).toEqual(month({ 14: 7 }));
      expect(await votesOf(t, b.id, '2026-06-01')).toEqual(month({ 14: 2 }));
      const { rows } = await t.db.query<{ views: number[] }>(`SELECT views FROM bot_days WHERE bot_id = $1`, [b.id]);
      expect(rows[0]?.views).toEqual(Array(31).fill(3));
      expect(await t.app.services.analyticsNightly.copyVotes()).toBe(0);
      expect(await votesOf(t, a.id, '2026-06-01')).toEqual(month({ 14: 7 }));
      // An earlier day on request, beside the copied one.
      expect(await t.app.services.analyticsNightly.copyVotes('2026-06-13')).toBe(1);
      expect(await votesOf(t, a.id, '2026-06-01')).toEqual(month({ 13: 5, 14: 7 }));
    });

    it.each([
      ['2026-05-31', '2026-05-01', 31],
      ['2026-03-01', '2026-03-01', 1],
      ['2028-02-29', '2028-02-01', 29],
    ])('puts %s into the row of %s, element %i', async (day, monthStart, element) => {
      const { id } = await putBot(t);
      await t.db.query('INSERT INTO bot_vote_days (day, bot_id, votes) VALUES ($1::date, $2, 9)', [day, id]);
      await t.app.services.analyticsNightly.copyVotes(day);
      expect(await votesOf(t, id, monthStart)).toEqual(month({ [element]: 9 }));
      const { rows } = await t.db.query<{ lower: number; length: number }>(
        'SELECT array_lower(votes, 1) AS lower, array_length(votes, 1) AS length FROM bot_days WHERE bot_id = $1',
        [id],
      );
      expect(rows).toEqual([{ lower: 1, length: 31 }]);
    });
  });

  describe('prune', () => {
    it('deletes the months wholly before the cutoff, older top lists, and past days of sketches and salts', async () => {
      const { id } = await putBot(t);
      // 400 days before 2026-06-15 is 2025-05-11: April 2025 is wholly before it, May 2025 is not.
      for (const m of ['2025-03-01', '2025-04-01', '2025-05-01', '2026-06-01']) {
        await t.db.query('INSERT INTO bot_days (bot_id, month) VALUES ($1, $2::date)', [id, m]);
      }
      for (const day of ['2025-05-10', '2025-05-11', TODAY]) {
        await t.db.query('INSERT INTO bot_day_tops (bot_id, day) VALUES ($1, $2::date)', [id, day]);
      }
      for (const day of ['2026-06-13', '2026-06-14', TODAY]) {
        await t.db.query(`INSERT INTO bot_visitor_sketches (bot_id, day, registers) VALUES ($1, $2::date, '\\x00')`, [id, day]);
        await t.db.query(`INSERT INTO analytics_salts (day, salt) VALUES ($1::date, '\\x01') ON CONFLICT DO NOTHING`, [day]);
      }
      expect(await t.app.services.analyticsNightly.prune()).toEqual({
        bot_days: 2,
        bot_day_tops: 1,
        bot_visitor_sketches: 2,
        analytics_salts: 2,
      });
      const left = async (sql: string) => (await t.db.query<{ d: string }>(sql, [id])).rows.map((row) => row.d);
      expect(await left(`SELECT to_char(month, 'YYYY-MM-DD') AS d FROM bot_days WHERE bot_id = $1 ORDER BY month`)).toEqual([
        '2025-05-01',
        '2026-06-01',
      ]);
      expect(await left(`SELECT to_char(day, 'YYYY-MM-DD') AS d FROM bot_day_tops WHERE bot_id = $1 ORDER BY day`)).toEqual([
        '2025-05-11',
        TODAY,
      ]);
      expect(await left(`SELECT to_char(day, 'YYYY-MM-DD') AS d FROM bot_visitor_sketches WHERE bot_id = $1`)).toEqual([TODAY]);
      // Counting reads tomorrow's salt ahead (analytics/service.ts): only past days' salts go.
      const salts = await left(`SELECT to_char(day, 'YYYY-MM-DD') AS d FROM analytics_salts WHERE $1::text IS NOT NULL ORDER BY day`);
      expect(salts.filter((day) => day <= TODAY)).toEqual([TODAY]);
      expect(await t.app.services.analyticsNightly.prune()).toEqual({
        bot_days: 0,
        bot_day_tops: 0,
        bot_visitor_sketches: 0,
        analytics_salts: 0,
      });
    });
  });
});
