import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoKey } from '../../scripts/demo-key.js';
import { seed, type SeedResult } from '../../scripts/seed.js';
import { SAMPLE_FILE, sampleBots } from '../fixtures.js';
import { testApp, type TestApp } from '../helpers.js';
import { bearer } from '../support/owner.js';

describe('demo data and demo key', () => {
  let t: TestApp;
  let loaded: SeedResult;
  const steps: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'bd-demo-'));

  beforeAll(async () => {
    t = await testApp('pglite', { env: { DATA_DIR: dataDir } });
    loaded = await seed(t.app, SAMPLE_FILE, { progress: (step, done, total) => steps.push(`${step} ${done}/${total}`) });
  }, 120_000);
  afterAll(() => t.close());

  it('loads every sample bot with reviews, votes and a year of history, reporting progress', async () => {
    const bots = sampleBots();
    expect(loaded.bots).toBe(bots.length);
    expect(loaded.reviews).toBeGreaterThan(0);
    expect(loaded.votes).toBeGreaterThan(0);
    expect(loaded.historyDays).toBeGreaterThan(100 * bots.filter((b) => b.platformServerCount != null).length);
    // A year of history: daily points recently, weekly ones before, and the series has every day.
    const withCount = bots.find((b) => b.published && typeof b.platformServerCount === 'number')!;
    const year = (await t.get(`/api/v1/bots/${withCount.id}/history?days=365`)).json();
    expect(year.data).toHaveLength(365);
    expect(year.data.at(-1).servers).toBe(withCount.platformServerCount);
    expect(steps.at(-1)).toMatch(/^reviews, votes and history (\d+)\/\1$/);
    expect(steps).toContain(`bots ${bots.length}/${bots.length}`);
    const list = await t.get(`/api/v1/bots?limit=1`);
    expect(list.json().pagination.total).toBe(bots.filter((b) => b.published).length);
  });

  it('keeps the derived counters in step with the facts, as votes and reviews through the API would', async () => {
    const { rows } = await t.db.query<{
      id: string;
      votes_total: number;
      counted: number;
      month_votes: number;
      counted_month: number;
      rating_count: number;
      published_reviews: number;
    }>(
      `SELECT b.id, b.votes_total,
              (SELECT count(*)::int FROM votes v WHERE v.bot_id = b.id) AS counted,
              COALESCE((SELECT votes FROM bot_vote_months m WHERE m.bot_id = b.id AND m.month = date_trunc('month', now() AT TIME ZONE 'UTC')::date), 0) AS month_votes,
              (SELECT count(*)::int FROM votes v WHERE v.bot_id = b.id AND v.voted_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS counted_month,
              b.rating_count, (SELECT count(*)::int FROM reviews r WHERE r.bot_id = b.id AND r.published) AS published_reviews
         FROM bots b`,
    );
    for (const row of rows) {
      expect(row.votes_total, row.id).toBe(row.counted);
      expect(row.month_votes, row.id).toBe(row.counted_month);
      expect(row.rating_count, row.id).toBe(row.published_reviews);
    }
    const top = rows.sort((a, b) => b.votes_total - a.votes_total)[0]!;
    const bot = (await t.get(`/api/v1/bots/${top.id}`)).json().data;
    expect(bot.votesTotal).toBe(top.counted);
    expect(bot.votesMonth).toBe(top.counted_month);
  });

  it('refuses a file with an invalid bot, naming it', async () => {
    const bad = join(dataDir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ ...sampleBots()[0], id: '12', iconUrl: 'javascript:alert(1)' }]));
    await expect(seed(t.app, bad)).rejects.toThrow(/bad\.json\[0\]: id: .*; \/iconUrl: /);
  });

  it('gives the same demo key on every start, kept encrypted in DATA_DIR with mode 0600', async () => {
    const botId = sampleBots().find((b) => b.published)!.id;
    const first = await demoKey(t.app, botId);
    const again = await demoKey(t.app, botId);
    expect(again).toBe(first);
    expect((await t.get(`/api/v1/bots/${botId}/votes`, bearer(first))).statusCode).toBe(200);
    const file = join(dataDir, 'demo-key.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(first);
    expect(readFileSync(file, 'utf8')).not.toContain(first.slice(4));
    // A revoked demo key is replaced; the earlier keys are not touched.
    const keys = (await t.admin('GET', `/admin/v1/bots/${botId}/keys`)).json().data;
    expect(keys.filter((k: { revokedAt: string | null }) => k.revokedAt === null)).toHaveLength(1);
    await t.admin('DELETE', `/admin/v1/keys/${keys[0].id}`);
    const replaced = await demoKey(t.app, botId);
    expect(replaced).not.toBe(first);
    expect(await demoKey(t.app, botId)).toBe(replaced);
  });
});
