/**
 * A bot's analytics read from the daily series store: every day of the window (zero days too),
 * month boundaries, the votes rule (the last 7 days live from bot_vote_days, older days from
 * bot_days), the top lists summed over the window and cut to 20, and one plan whatever the size.
 */
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../src/db/index.js';
import { consecutiveDays } from '../../../src/lib/clock.js';
import { analyticsReadRepository } from '../../../src/modules/analytics/read-repository.js';
import { appPerFile, backends, ManualClock } from '../../helpers.js';
import { createBot } from '../../support/owner.js';
import { writeDay, writeLiveVotes, writeTops } from './rows.js';

// A Monday in March: 7 days reach back into February, 90 days into December.
const NOW = new Date('2026-03-02T10:00:00.000Z');

describe.each(backends())('analytics reads (%s)', (backend) => {
  const clock = new ManualClock(NOW);
  const t = appPerFile(backend, { clock });
  const read = (botId: string, days: 7 | 30 | 90) => t.app.services.analyticsReports.forBot(botId, days);

  it('has every day of the window, oldest first, zero days included', async () => {
    const botId = await createBot(t);
    const week = await read(botId, 7);
    expect(week.days).toBe(7);
    expect(week.from).toBe('2026-02-24');
    expect(week.to).toBe('2026-03-02');
    expect(week.daily.map((day) => day.date)).toEqual(consecutiveDays('2026-02-24', 7));
    expect(week.daily[0]).toEqual({
      date: '2026-02-24',
      views: 0,
      visitors: 0,
      invites: 0,
      votes: 0,
      widgetViews: 0,
      cardViews: 0,
      badgeViews: 0,
      searchImpressions: 0,
      searchClicks: 0,
    });
    expect(week.totals.views).toBe(0);
    expect(week.conversion).toEqual({ invites: null, votes: null });
    expect([week.referrers, week.searchTerms, week.embedReferrers]).toEqual([[], [], []]);
    const quarter = await read(botId, 90);
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.from).toBe('2025-12-03');
  });

  it('reads across month boundaries: the last days of February and of December, the first of March', async () => {
    const botId = await createBot(t);
    await writeDay(t.db, botId, '2025-12-02', { views: 1000 }); // one day before the 90-day window
    await writeDay(t.db, botId, '2025-12-03', { views: 3, invites: 1 });
    await writeDay(t.db, botId, '2025-12-31', { views: 31 });
    await writeDay(t.db, botId, '2026-01-01', { views: 1, visitors: 1 });
    await writeDay(t.db, botId, '2026-02-23', { views: 500 }); // before the 7-day window
    await writeDay(t.db, botId, '2026-02-28', { views: 28, visitors: 20, invites: 7, widget_views: 4, card_views: 3, badge_views: 2 });
    await writeDay(t.db, botId, '2026-03-01', { views: 10, search_impressions: 50, search_clicks: 5 });
    await writeDay(t.db, botId, '2026-03-02', { views: 2 });
    await writeDay(t.db, botId, '2026-03-03', { views: 999 }); // tomorrow: not shown
    // February has 28 days: elements 29 to 31 of its row are no days at all, and never read as March's.
    await t.db.query(`UPDATE bot_days SET views[29] = 77, views[30] = 77, views[31] = 77 WHERE bot_id = $1 AND month = '2026-02-01'`, [
      botId,
    ]);

    const week = await read(botId, 7);
    expect(week.daily.map((day) => day.views)).toEqual([0, 0, 0, 0, 28, 10, 2]);
    expect(week.daily[4]).toMatchObject({ date: '2026-02-28', visitors: 20, invites: 7, widgetViews: 4, cardViews: 3, badgeViews: 2 });
    expect(week.daily[5]).toMatchObject({ date: '2026-03-01', searchImpressions: 50, searchClicks: 5 });
    expect(week.totals).toMatchObject({ views: 40, visitors: 20, invites: 7, searchImpressions: 50, searchClicks: 5 });
    expect(week.conversion).toEqual({ invites: 0.175, votes: 0 });

    const quarter = await read(botId, 90);
    const byDate = new Map(quarter.daily.map((day) => [day.date, day.views]));
    expect(byDate.get('2025-12-03')).toBe(3);
    expect(byDate.get('2025-12-31')).toBe(31);
    expect(byDate.get('2026-01-01')).toBe(1);
    expect(byDate.get('2026-02-23')).toBe(500);
    expect(quarter.totals.views).toBe(3 + 31 + 1 + 500 + 28 + 10 + 2);
    expect(quarter.totals.invites).toBe(8);
  });

  it('takes the last 7 days of votes from the live counters, older days from bot_days', async () => {
    const botId = await createBot(t);
    // The nightly copy reached yesterday already: the live counter wins for the days it covers.
    await writeDay(t.db, botId, '2026-03-01', { votes: 40, views: 100 });
    await writeLiveVotes(t.db, botId, '2026-03-01', 4);
    await writeLiveVotes(t.db, botId, '2026-03-02', 2);
    await writeLiveVotes(t.db, botId, '2026-02-24', 1); // the oldest live day
    // Older than 7 days: bot_days, whatever a live counter still holds.
    await writeDay(t.db, botId, '2026-02-23', { votes: 9 });
    await writeLiveVotes(t.db, botId, '2026-02-23', 100);
    await writeDay(t.db, botId, '2026-02-10', { votes: 5 });
    // A day the nightly copy has but no live counter: 0 within the 7 days.
    await writeDay(t.db, botId, '2026-02-26', { votes: 8 });
    // Another bot's votes are not ours.
    const other = await createBot(t);
    await writeLiveVotes(t.db, other, '2026-03-02', 50);

    const week = await read(botId, 7);
    expect(week.daily.map((day) => day.votes)).toEqual([1, 0, 0, 0, 0, 4, 2]);
    expect(week.conversion.votes).toBe(0.07);
    const month = await read(botId, 30);
    const votes = new Map(month.daily.map((day) => [day.date, day.votes]));
    expect(votes.get('2026-02-23')).toBe(9);
    expect(votes.get('2026-02-10')).toBe(5);
    expect(month.totals.votes).toBe(1 + 4 + 2 + 9 + 5);
  });

  it('sums the top lists over the window and keeps the 20 heaviest, ties by key', async () => {
    const botId = await createBot(t);
    const many = (prefix: string, count: number, base: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${String(i).padStart(2, '0')}`, base + i]));
    await writeTops(t.db, botId, '2026-02-27', {
      referrers: { 'a.example': 6, 'b.example': 1, ...many('r', 30, 1) },
      search_terms: { music: 3, radio: 2 },
      embed_referrers: { 'blog.example': 7 },
    });
    await writeTops(t.db, botId, '2026-03-02', {
      referrers: { 'b.example': 40, 'a.example': 6 },
      search_terms: { music: 1, 'music bot': 4 },
      embed_referrers: { 'forum.example': 7 },
    });
    await writeTops(t.db, botId, '2026-02-01', { referrers: { 'old.example': 1000 } }); // outside 7 and 30 days

    const week = await read(botId, 7);
    expect(week.referrers).toHaveLength(20);
    expect(week.referrers.slice(0, 3)).toEqual([
      { value: 'b.example', count: 41 },
      { value: 'r29', count: 30 },
      { value: 'r28', count: 29 },
    ]);
    // a.example and r11 both have 12 for the last place: the key decides.
    expect(week.referrers.at(-1)).toEqual({ value: 'a.example', count: 12 });
    expect(week.referrers.map((entry) => entry.value)).not.toContain('r11');
    expect(week.referrers.map((entry) => entry.value)).not.toContain('old.example');
    const counts = week.referrers.map((entry) => entry.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(week.searchTerms).toEqual([
      { value: 'music', count: 4 },
      { value: 'music bot', count: 4 },
      { value: 'radio', count: 2 },
    ]);
    expect(week.embedReferrers).toEqual([
      { value: 'blog.example', count: 7 },
      { value: 'forum.example', count: 7 },
    ]);
    const quarter = await read(botId, 90);
    expect(quarter.referrers[0]).toEqual({ value: 'old.example', count: 1000 });
  });

  it('reads index ranges of the three tables, never a scan of a table, however many bots there are', async () => {
    const botId = await createBot(t);
    await writeDay(t.db, botId, '2026-02-28', { views: 1 });
    // Other bots' rows (their bots left out: the foreign keys are not checked for this filler).
    await t.db.transaction(async (tx) => {
      await tx.query(`SET LOCAL session_replication_role = replica`);
      await tx.query(
        `INSERT INTO bot_days (bot_id, month)
         SELECT (200000000000000000 + b)::text, m::date
           FROM generate_series(1, 2000) b, generate_series('2025-10-01'::date, '2026-03-01'::date, interval '1 month') m`,
      );
      await tx.query(
        `INSERT INTO bot_day_tops (bot_id, day, referrers)
         SELECT (200000000000000000 + b)::text, d::date, '{"x.example": 1}'
           FROM generate_series(1, 2000) b, generate_series('2026-01-01'::date, '2026-03-02'::date, interval '1 day') d`,
      );
      await tx.query(
        `INSERT INTO bot_vote_days (day, bot_id, votes)
         SELECT d::date, (200000000000000000 + b)::text, 1
           FROM generate_series(1, 2000) b, generate_series('2026-02-17'::date, '2026-03-02'::date, interval '1 day') d`,
      );
    });
    await t.db.query('ANALYZE bot_days');
    await t.db.query('ANALYZE bot_day_tops');
    await t.db.query('ANALYZE bot_vote_days');
    const plans: string[] = [];
    const explaining: Queryable = {
      async query<T>(sql: string, params?: readonly unknown[]) {
        const { rows } = await t.db.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
        plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
        return { rows: [] as T[], rowCount: 0 };
      },
    };
    const days = consecutiveDays('2025-12-03', 90);
    await analyticsReadRepository.window(
      explaining,
      botId,
      { firstDay: days[0]!, lastDay: days.at(-1)!, liveVotesFrom: days.at(-7)! },
      days,
    );
    const plan = plans.join('\n');
    for (const table of ['bot_days', 'bot_day_tops', 'bot_vote_days']) {
      expect(plan, plan).toMatch(new RegExp(`(Index (Only )?Scan using|Bitmap Index Scan on) ${table}_pkey`));
      expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    }
  });

  it('is not found for an unpublished or unknown bot', async () => {
    const botId = await createBot(t, { published: false });
    await expect(read(botId, 30)).rejects.toMatchObject({ code: 'not_found' });
    await expect(read('123456789012345670', 30)).rejects.toMatchObject({ code: 'not_found' });
    await expect(read('not-an-id', 30)).rejects.toMatchObject({ code: 'not_found' });
  });
});
