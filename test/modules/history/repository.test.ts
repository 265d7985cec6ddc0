/** History on bot_days: windows across month ends (February of a leap year, 31-day months), the carried value, writes. */
import { describe, expect, it } from 'vitest';
import { historyRepository } from '../../../src/modules/history/repository.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends } from '../../helpers.js';

describe.each(backends())('history repository on %s', (backend) => {
  const t = appPerFile(backend);
  const write = (botId: string, points: { day: string; servers: number }[]) => historyRepository.upsertMany(t.db, botId, points);

  it('reads a window across a leap February into March, day by day', async () => {
    const { id } = await putBot(t, { platformServerCount: 5 });
    await write(id, [
      { day: '2028-02-27', servers: 27 },
      { day: '2028-02-28', servers: 28 },
      { day: '2028-02-29', servers: 29 },
      { day: '2028-03-01', servers: 1 },
      { day: '2028-03-02', servers: 2 },
    ]);
    const facts = await historyRepository.facts(t.db, id, '2028-02-28', '2028-03-02');
    expect(facts).toEqual({ current: 5, source: 'platform', before: 27, offsets: [0, 1, 2, 3], servers: [28, 29, 1, 2] });
  });

  it('reads the 31st of a month and the 1st of the next as consecutive days', async () => {
    const { id } = await putBot(t, { platformServerCount: 5 });
    await write(id, [
      { day: '2026-07-30', servers: 30 },
      { day: '2026-07-31', servers: 31 },
      { day: '2026-08-01', servers: 1 },
      { day: '2027-02-28', servers: 228 },
      { day: '2027-03-01', servers: 301 },
    ]);
    expect(await historyRepository.facts(t.db, id, '2026-07-31', '2026-08-01')).toMatchObject({
      before: 30,
      offsets: [0, 1],
      servers: [31, 1],
    });
    // 2027 is no leap year: February has 28 days.
    expect(await historyRepository.facts(t.db, id, '2027-02-28', '2027-03-01')).toMatchObject({
      before: 1,
      offsets: [0, 1],
      servers: [228, 301],
    });
  });

  it('carries the last value of an earlier month into a window that starts on the 1st or after a gap', async () => {
    const { id } = await putBot(t, { platformServerCount: 5 });
    await write(id, [
      { day: '2026-01-10', servers: 110 },
      { day: '2026-01-20', servers: 120 },
      { day: '2026-04-03', servers: 403 },
    ]);
    expect(await historyRepository.facts(t.db, id, '2026-04-01', '2026-04-05')).toMatchObject({
      before: 120,
      offsets: [2],
      servers: [403],
    });
    expect(await historyRepository.facts(t.db, id, '2026-03-15', '2026-03-31')).toMatchObject({ before: 120, offsets: [] });
    // More than 12 months before the window's first month is not looked at.
    expect(await historyRepository.facts(t.db, id, '2027-02-01', '2027-02-05')).toMatchObject({ before: 403 });
    expect(await historyRepository.facts(t.db, id, '2027-05-01', '2027-05-05')).toMatchObject({ before: null });
  });

  it('writes given days over earlier ones of the same month and keeps the others', async () => {
    const { id } = await putBot(t, { platformServerCount: 5 });
    await write(id, [
      { day: '2026-05-01', servers: 1 },
      { day: '2026-05-02', servers: 2 },
    ]);
    await write(id, [
      { day: '2026-05-02', servers: 20 },
      { day: '2026-05-31', servers: 31 },
      { day: '2026-06-01', servers: 61 },
    ]);
    expect(await historyRepository.facts(t.db, id, '2026-05-01', '2026-06-01')).toMatchObject({
      before: null,
      offsets: [0, 1, 30, 31],
      servers: [1, 20, 31, 61],
    });
    const { rows } = await t.db.query<{ lower: number; length: number }>(
      'SELECT array_lower(servers, 1) AS lower, array_length(servers, 1) AS length FROM bot_days WHERE bot_id = $1',
      [id],
    );
    expect(rows).toEqual([
      { lower: 1, length: 31 },
      { lower: 1, length: 31 },
    ]);
  });

  it('collects the 31st, the 29th of a leap February and the 1st into their elements, once', async () => {
    const { id } = await putBot(t, { platformServerCount: 77 });
    for (const day of ['2026-12-31', '2028-02-29', '2029-01-01']) {
      expect(await historyRepository.collect(t.db, day)).toBeGreaterThanOrEqual(1);
      await t.db.query('UPDATE bots SET platform_server_count = 78 WHERE id = $1', [id]);
      await historyRepository.collect(t.db, day);
      await t.db.query('UPDATE bots SET platform_server_count = 77 WHERE id = $1', [id]);
    }
    const { rows } = await t.db.query<{ month: string; d: number; servers: number }>(
      `SELECT to_char(month, 'YYYY-MM-DD') AS month, u.d::integer AS d, u.servers
         FROM bot_days CROSS JOIN LATERAL unnest(servers) WITH ORDINALITY AS u(servers, d)
        WHERE bot_id = $1 AND u.servers IS NOT NULL ORDER BY month, d`,
      [id],
    );
    expect(rows).toEqual([
      { month: '2026-12-01', d: 31, servers: 77 },
      { month: '2028-02-01', d: 29, servers: 77 },
      { month: '2029-01-01', d: 1, servers: 77 },
    ]);
  });
});
