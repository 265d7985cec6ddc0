import { describe, expect, it } from 'vitest';
import { voteRepository } from '../../../src/modules/votes/repository.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends, ManualClock } from '../../helpers.js';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const DAY = 86_400_000;

/** A time `days` days before NOW's UTC day, at `hour` o'clock. */
function daysAgo(days: number, hour = 10): string {
  const midnight = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate());
  return new Date(midnight - days * DAY + hour * 3_600_000).toISOString();
}

let voter = 0;

for (const backend of backends()) {
  describe(`trending: the largest rise in votes, the last 7 days against the 7 before (${backend})`, () => {
    const clock = new ManualClock(NOW);
    const t = appPerFile(backend, { clock });

    /** Votes for the bot at each of the times, each by a new user (so no 12-hour rule applies). */
    async function vote(botId: string, times: string[]): Promise<void> {
      for (const votedAt of times) {
        voter += 1;
        const user = String(300000000000000000n + BigInt(voter));
        const response = await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user, username: `voter ${voter}`, votedAt });
        expect(response.statusCode, response.body).toBe(201);
      }
    }

    it('ranks by the rise, counts a day to one week only, leaves out falls, flat bots and unpublished ones, and prunes old days', async () => {
      const rising = (await putBot(t, { name: 'Rising' })).id;
      const fresh = (await putBot(t, { name: 'Fresh' })).id;
      const falling = (await putBot(t, { name: 'Falling' })).id;
      const flat = (await putBot(t, { name: 'Flat' })).id;
      const revived = (await putBot(t, { name: 'Revived' })).id;
      const hidden = (await putBot(t, { name: 'Hidden' })).id;
      // +6 in the last 7 days, 2 in the 7 before: a rise of 4.
      await vote(rising, [daysAgo(10), daysAgo(8), daysAgo(6), daysAgo(5), daysAgo(3), daysAgo(1), daysAgo(0, 1), daysAgo(0, 11)]);
      // 3 this week, none before: 3.
      await vote(fresh, [daysAgo(2), daysAgo(1), daysAgo(0)]);
      // 5 before, 3 now: a fall.
      await vote(falling, [daysAgo(13), daysAgo(12), daysAgo(11), daysAgo(9), daysAgo(7), daysAgo(4), daysAgo(2), daysAgo(0)]);
      // Day 7 belongs to the week before, day 6 (at its first second) to this one: no rise.
      await vote(flat, [daysAgo(7, 23.999), daysAgo(6, 0)]);
      // Ten votes three weeks ago do not count against it: a rise of 1; their day is pruned.
      await vote(revived, [...Array.from({ length: 10 }, () => daysAgo(20)), daysAgo(1)]);
      await vote(hidden, [daysAgo(1), daysAgo(1), daysAgo(1), daysAgo(1), daysAgo(1)]);
      expect((await t.admin('PATCH', `/admin/v1/bots/${hidden}`, { published: false })).statusCode).toBe(200);

      const days = await t.db.query<{ bot_id: string; day: string; votes: number }>(
        `SELECT bot_id, day::text, votes FROM bot_vote_days WHERE bot_id = $1 ORDER BY day`,
        [revived],
      );
      expect(days.rows).toEqual([
        { bot_id: revived, day: daysAgo(20).slice(0, 10), votes: 10 },
        { bot_id: revived, day: daysAgo(1).slice(0, 10), votes: 1 },
      ]);

      await t.app.services.trending.refresh();
      const top = await t.app.services.trending.top(10);
      expect(top.map(({ bot, rise, recent }) => [bot.name, rise, recent])).toEqual([
        ['Rising', 4, 6],
        ['Fresh', 3, 3],
        ['Revived', 1, 1],
      ]);
      expect((await t.app.services.trending.top(2)).map(({ bot }) => bot.name)).toEqual(['Rising', 'Fresh']);

      // The start page shows them in its language, with their rise.
      const home = await t.get('/en');
      const trending = /<section class="home-section" aria-labelledby="trending">([\s\S]*?)<\/section>/.exec(home.body)![1]!;
      expect(trending.indexOf('>Rising<')).toBeLessThan(trending.indexOf('>Fresh<'));
      expect(trending).toContain('+4 votes this week');
      expect(trending).not.toContain('Hidden');
      expect(trending).not.toContain('Falling');
      expect((await t.get('/de')).body).toContain('+4 Stimmen diese Woche');

      // A week later, this week's votes are the week before's, and none came since: nothing rises.
      // The first refresh of the new day prunes the days trending no longer reads; the 14 stay.
      clock.advance(7 * DAY);
      await t.app.services.trending.refresh();
      expect(await t.app.services.trending.top(10)).toEqual([]);
      const left = await t.db.query<{ day: string }>('SELECT DISTINCT day::text FROM bot_vote_days ORDER BY 1');
      expect(left.rows.map((row) => row.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => daysAgo(n).slice(0, 10)));
    });

    it('votes imported in bulk (the demo’s seed) are counted per day too', async () => {
      const botId = (await putBot(t, { name: 'Imported' })).id;
      const at = (iso: string) => ({ botId, username: 'imported', flagged: false, votedAt: new Date(iso), month: iso.slice(0, 7) + '-01' });
      await t.db.transaction((tx) =>
        voteRepository.insertMany(tx, [
          { id: '00000000-0000-7000-8000-000000000001', user: '400000000000000001', ...at(daysAgo(2)) },
          { id: '00000000-0000-7000-8000-000000000002', user: '400000000000000002', ...at(daysAgo(2, 23)) },
          { id: '00000000-0000-7000-8000-000000000003', user: '400000000000000003', ...at(daysAgo(9)) },
        ]),
      );
      const { rows } = await t.db.query<{ day: string; votes: number }>(
        'SELECT day::text, votes FROM bot_vote_days WHERE bot_id = $1 ORDER BY day',
        [botId],
      );
      expect(rows).toEqual([
        { day: daysAgo(9).slice(0, 10), votes: 1 },
        { day: daysAgo(2).slice(0, 10), votes: 2 },
      ]);
    });
  });
}
