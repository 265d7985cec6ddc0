/**
 * Counting through the app: two processes on one database summing correctly, the flush at
 * shutdown, the bounded top lists under a flood, what is not counted, the invite redirect and bad
 * input. Flushes are called directly; nothing waits on ANALYTICS_FLUSH_MS.
 */
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../../src/db/index.js';
import { TOP_KEPT } from '../../../src/modules/analytics/metrics.js';
import { analyticsRepository } from '../../../src/modules/analytics/repository.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends, databasePerFile, ManualClock, testApp, type TestApp } from '../../helpers.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const NOW = '2026-03-15T12:00:00Z';
/** bot_days's element of NOW's day; its month's row. */
const DAY = 15;
const MONTH = '2026-03-01';

interface DayFigures {
  views: number;
  visitors: number;
  invites: number;
  widget_views: number;
  card_views: number;
  badge_views: number;
  search_impressions: number;
  search_clicks: number;
}

async function figures(db: Queryable, botId: string): Promise<DayFigures | undefined> {
  const { rows } = await db.query<DayFigures>(
    `SELECT views[$3] AS views, visitors[$3] AS visitors, invites[$3] AS invites, widget_views[$3] AS widget_views,
            card_views[$3] AS card_views, badge_views[$3] AS badge_views, search_impressions[$3] AS search_impressions,
            search_clicks[$3] AS search_clicks
       FROM bot_days WHERE bot_id = $1 AND month = $2`,
    [botId, MONTH, DAY],
  );
  return rows[0];
}

async function tops(db: Queryable, botId: string): Promise<Record<string, Record<string, number>> | undefined> {
  const { rows } = await db.query<Record<string, Record<string, number>>>(
    `SELECT referrers, search_terms, embed_referrers FROM bot_day_tops WHERE bot_id = $1 AND day = '2026-03-15'`,
    [botId],
  );
  return rows[0];
}

/**
 * Bots are counted once the process's catalog holds them published: on PostgreSQL the change
 * reaches each process by NOTIFY, a moment after the write.
 */
async function putCountedBot(apps: TestApp[], overrides: Record<string, unknown>) {
  const put = await putBot(apps[0]!, overrides);
  for (const t of apps) await vi.waitFor(() => expect(t.app.services.catalog.held(put.id)).toBeDefined());
  return put;
}

function visit(t: TestApp, url: string, options: Partial<InjectOptions> & { address?: string; headers?: Record<string, string> } = {}) {
  const { address, headers, ...rest } = options;
  return t.inject({ url, remoteAddress: address ?? '203.0.113.7', headers: { 'user-agent': BROWSER, ...headers }, ...rest });
}

for (const backend of backends()) {
  describe(`analytics counting across processes (${backend})`, () => {
    const shared = databasePerFile(backend);
    // The day's salt decides which sketch register a visitor raises; with a random one, two of a
    // test's few visitors share a register now and then and read as one. A fixed salt, stored
    // before the apps read it, makes every count here the same on every run.
    beforeAll(() => analyticsRepository.salt(shared.db, NOW.slice(0, 10), Buffer.alloc(32, 7)));
    const clock = new ManualClock(new Date(NOW));
    const first = appPerFile(backend, () => ({ db: shared.db, clock }));
    const second = appPerFile(backend, () => ({ db: shared.db, clock }));

    it('sums views of two processes and counts the same visitor once', async () => {
      const { id, body } = await putCountedBot([first, second], { slugs: { en: 'count-a', de: 'zaehl-a' } });
      const page = `/en/bots/${(body.slugs as { en: string }).en}`;
      expect((await second.get(page)).statusCode).toBe(200);
      for (const t of [first, second]) expect((await visit(t, page)).statusCode).toBe(200);
      await visit(second, page, { address: '198.51.100.9' });
      // Flushing twice adds nothing twice; the order of the processes does not matter.
      await second.app.services.analytics.flush();
      await first.app.services.analytics.flush();
      await first.app.services.analytics.flush();
      expect(await figures(shared.db, id)).toMatchObject({ views: 3, visitors: 2 });
      await visit(first, page);
      await visit(first, page, { address: '192.0.2.1' });
      await first.app.services.analytics.flush();
      expect(await figures(shared.db, id)).toMatchObject({ views: 5, visitors: 3 });
    });

    it('writes what a process counted when it shuts down', async () => {
      const { id, body } = await putCountedBot([first, second], { slugs: { en: 'count-b', de: 'zaehl-b' } });
      const third = await testApp(backend, { db: shared.db, clock });
      expect((await visit(third, `/en/bots/${(body.slugs as { en: string }).en}`)).statusCode).toBe(200);
      expect(await figures(shared.db, id)).toBeUndefined();
      await third.close();
      expect(await figures(shared.db, id)).toMatchObject({ views: 1, visitors: 1 });
    });

    it('keeps a failed flush for the next one, and leaves out a bot deleted meanwhile', async () => {
      const kept = await putCountedBot([first, second], { slugs: { en: 'count-c', de: 'zaehl-c' } });
      const gone = await putCountedBot([first, second], { slugs: { en: 'count-d', de: 'zaehl-d' } });
      await visit(first, '/en/bots/count-c', { headers: { referer: 'https://forum.example.net/t/1' } });
      await visit(first, '/en/bots/count-d');
      const db = first.app.db;
      const transaction = db.transaction.bind(db);
      db.transaction = () => Promise.reject(new Error('connection lost'));
      try {
        await first.app.services.analytics.flush();
      } finally {
        db.transaction = transaction;
      }
      expect(await figures(shared.db, kept.id)).toBeUndefined();
      expect((await first.admin('DELETE', `/admin/v1/bots/${gone.id}`)).statusCode).toBe(204);
      await first.app.services.analytics.flush();
      expect(await figures(shared.db, kept.id)).toMatchObject({ views: 1, visitors: 1 });
      expect(await tops(shared.db, kept.id)).toMatchObject({ referrers: { 'forum.example.net': 1 } });
      expect(await figures(shared.db, gone.id)).toBeUndefined();
    });

    it('bounds the top lists under a flood of 100,000 unique referrers and terms', async () => {
      const { id } = await putCountedBot([first, second], { slugs: { en: 'count-e', de: 'zaehl-e' } });
      const request = (referer: string) => ({ method: 'GET', ip: '203.0.113.7', headers: { 'user-agent': BROWSER, referer } });
      for (const t of [first, second]) {
        for (let i = 0; i < 50_000; i++) {
          t.app.services.analytics.count('views', id, request(`https://flood-${i}.example/`));
          t.app.services.analytics.count('views', id, request(`http://127.0.0.1:3000/en/search?q=flood+${i}`));
          if (i % 20 === 0) t.app.services.analytics.count('views', id, request('https://steady.example/'));
        }
        await t.app.services.analytics.flush();
      }
      const stored = await tops(shared.db, id);
      expect(Object.keys(stored!.referrers!)).toHaveLength(TOP_KEPT);
      expect(Object.keys(stored!.search_terms!)).toHaveLength(TOP_KEPT);
      expect(stored!.referrers!['steady.example']).toBeGreaterThanOrEqual(5000);
      expect(await figures(shared.db, id)).toMatchObject({ views: 205_000, search_clicks: 100_000, visitors: 1 });
    });
  });

  describe(`analytics: what is counted, and bad input (${backend})`, () => {
    const t = appPerFile(backend, { clock: new ManualClock(new Date(NOW)) });
    const flush = () => t.app.services.analytics.flush();

    it('does not count crawlers, monitors, HEAD requests or prefetches', async () => {
      const { id } = await putCountedBot([t], { slugs: { en: 'quiet', de: 'leise' } });
      const page = '/en/bots/quiet';
      await visit(t, page, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } });
      await visit(t, page, { headers: { 'user-agent': 'kube-probe/1.31' } });
      await visit(t, page, { method: 'HEAD' });
      await visit(t, page, { headers: { 'sec-purpose': 'prefetch' } });
      await visit(t, `/api/widget/${id}`, { headers: { 'user-agent': 'Googlebot-Image/1.0' } });
      await flush();
      expect(await figures(t.db, id)).toBeUndefined();
      const page200 = await visit(t, page);
      expect(page200.headers['set-cookie']).toBeUndefined();
      await flush();
      expect(await figures(t.db, id)).toMatchObject({ views: 1 });
    });

    it('redirects invite clicks to the invite URL and counts them; 404 for unknown and unpublished bots', async () => {
      const { id, body } = await putCountedBot([t], { slugs: { en: 'inviting', de: 'einladend' } });
      const answer = await visit(t, '/en/bots/inviting/invite');
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(body.inviteUrl);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect((await visit(t, '/de/bots/einladend/invite')).statusCode).toBe(302);
      expect((await visit(t, '/en/bots/no-such-bot/invite')).statusCode).toBe(404);
      const hidden = await putBot(t, { slugs: { en: 'hidden', de: 'versteckt' }, published: false });
      expect((await visit(t, '/en/bots/hidden/invite')).statusCode).toBe(404);
      await flush();
      expect(await figures(t.db, id)).toMatchObject({ invites: 2, views: 0 });
      expect(await figures(t.db, hidden.id)).toBeUndefined();
      // The bot page and the widget lead there.
      expect((await visit(t, '/en/bots/inviting')).body).toContain('href="/en/bots/inviting/invite"');
      expect((await visit(t, `/api/widget/${id}?lang=de`)).body).toContain('/de/bots/einladend/invite"');
    });

    it('counts embeds with the embedding host, search impressions and clicks with their terms', async () => {
      const { id } = await putCountedBot([t], { name: 'Quokka Tunes', slugs: { en: 'quokka-tunes', de: 'quokka-toene' } });
      const embedder = { headers: { referer: 'https://Blog.Example.com:8443/post' } };
      expect((await visit(t, `/api/widget/${id}`, embedder)).statusCode).toBe(200);
      expect((await visit(t, `/api/card/${id}.svg`, embedder)).statusCode).toBe(200);
      expect((await visit(t, `/api/badge/${id}`)).statusCode).toBe(200);
      // A README's badge, fetched by GitHub's image proxy (no Referer).
      expect((await visit(t, `/api/badge/${id}`, { headers: { 'user-agent': 'github-camo (876f3a9c)' } })).statusCode).toBe(200);
      expect((await visit(t, '/en/search?q=quokka')).statusCode).toBe(200);
      const fromSearch = { headers: { referer: 'http://127.0.0.1:3000/en/search?q=+Quokka++TUNES' } };
      expect((await visit(t, '/en/bots/quokka-tunes', fromSearch)).statusCode).toBe(200);
      // Our own pages are no referrer.
      await visit(t, '/en/bots/quokka-tunes', { headers: { referer: 'http://127.0.0.1:3000/en/bots' } });
      await flush();
      expect(await figures(t.db, id)).toMatchObject({
        views: 2,
        widget_views: 1,
        card_views: 1,
        badge_views: 2,
        search_impressions: 1,
        search_clicks: 1,
      });
      expect(await tops(t.db, id)).toEqual({
        referrers: {},
        search_terms: { 'quokka tunes': 1 },
        embed_referrers: { 'blog.example.com': 2, 'github.com': 1 },
      });
      // Operator-level totals only: by kind, never by bot.
      const metrics = (await t.get('/metrics')).body;
      expect(metrics).toMatch(/^botdir_analytics_events_total\{kind="widget_views"\} [1-9]/m);
      expect(metrics).toMatch(/^botdir_analytics_flush_duration_seconds_count\{result="succeeded"\} [1-9]/m);
      expect(metrics).not.toContain(id);
    });

    it('takes a 10 KB referrer, a non-UTF-8 query and a 100-character term without a 500', async () => {
      const { id } = await putCountedBot([t], { slugs: { en: 'odd-input', de: 'seltsam' } });
      const long = { headers: { referer: `https://${'a'.repeat(10_000)}.example/` } };
      expect((await visit(t, '/en/bots/odd-input', long)).statusCode).toBe(200);
      expect((await visit(t, `/api/badge/${id}`, long)).statusCode).toBe(200);
      expect((await visit(t, '/en/search?q=%FF%FEquokka')).statusCode).toBeLessThan(500);
      const term = 'x'.repeat(100);
      await visit(t, '/en/bots/odd-input', { headers: { referer: `http://127.0.0.1:3000/en/search?q=%FF${term}` } });
      await flush();
      expect(await figures(t.db, id)).toMatchObject({ views: 2, badge_views: 1, search_clicks: 1 });
      const stored = await tops(t.db, id);
      expect(stored).toEqual({ referrers: {}, embed_referrers: {}, search_terms: { [`\uFFFD${'x'.repeat(63)}`]: 1 } });
    });
  });

  describe(`analytics switched off (${backend})`, () => {
    const t = appPerFile(backend, { clock: new ManualClock(new Date(NOW)), env: { ANALYTICS_ENABLED: 'false' } });

    it('counts nothing and writes nothing, the invite redirect still works', async () => {
      const { id } = await putCountedBot([t], { slugs: { en: 'uncounted', de: 'ungezaehlt' } });
      expect((await visit(t, '/en/bots/uncounted')).statusCode).toBe(200);
      expect((await visit(t, '/en/bots/uncounted/invite')).statusCode).toBe(302);
      await t.app.services.analytics.flush();
      expect(await figures(t.db, id)).toBeUndefined();
      expect((await t.db.query('SELECT 1 FROM analytics_salts')).rowCount).toBe(0);
    });
  });
}
