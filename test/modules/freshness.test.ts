/**
 * One freshness rule for every read surface (issue 27, point 2): what takes a bot out of view
 * (unpublish, delete) or changes its text is gone from every answer of this process before the
 * write's response is sent; only counters (votes, server counts, rating) may lag, by at most
 * LIST_MAX_STALE_MS. The surfaces: list pages, `?search=`, search, the single bot, the slug pages
 * and the embeds. Another process drops what it holds when the change feed reaches it.
 */
import { describe, expect, it } from 'vitest';
import { putBot, uniqueToken } from '../fixtures.js';
import { appPerFile, backends, databasePerFile, ManualClock, type TestApp } from '../helpers.js';

const MAX_STALE_MS = 2000;

/** Every surface that can show a published bot, and whether it shows this one (by id, name or slug). */
async function surfaces(t: TestApp, bot: { id: string; name: string; slug: string; token: string }) {
  const listed = async (url: string) => ((await t.get(url)).json().data as { id: string; name: string }[]).filter((b) => b.id === bot.id);
  const status = async (url: string) => (await t.get(url)).statusCode;
  return {
    list: (await listed('/api/v1/bots?limit=100&sort=new')).map((b) => b.name),
    listSearch: (await listed(`/api/v1/bots?search=${encodeURIComponent(bot.token)}`)).map((b) => b.name),
    search: (await listed(`/api/v1/search?q=${encodeURIComponent(bot.token)}`)).map((b) => b.name),
    single: await status(`/api/v1/bots/${bot.id}`),
    page: await status(`/en/bots/${encodeURIComponent(bot.slug)}`),
    badge: await status(`/api/badge/${bot.id}`),
    shields: await status(`/api/badge/${bot.id}/shields.json`),
    widget: await status(`/api/widget/${bot.id}`),
    card: await status(`/api/card/${bot.id}.svg`),
    chart: await status(`/api/chart/${bot.id}`),
  };
}

const SHOWN = { single: 200, page: 200, badge: 200, shields: 200, widget: 200, card: 200, chart: 200 };
const GONE = { list: [], listSearch: [], search: [], single: 404, page: 404, badge: 404, shields: 404, widget: 404, card: 404, chart: 404 };

describe.each(backends())('one freshness rule on %s', (backend) => {
  const clock = new ManualClock(new Date('2026-05-12T10:00:00.000Z'));
  const t = appPerFile(backend, { clock, env: { LIST_MAX_STALE_MS: String(MAX_STALE_MS) } });

  async function published() {
    const token = uniqueToken();
    const name = `Quuxolotl Zephyrine ${token}`;
    const slug = `quuxolotl-${token}`;
    const { id } = await putBot(t, { name, slugs: { de: slug, en: slug } });
    const bot = { id, name, slug, token };
    // Every surface answers once, so each has an answer it could keep.
    expect(await surfaces(t, bot)).toEqual({ list: [name], listSearch: [name], search: [name], ...SHOWN });
    return bot;
  }

  it('an unpublished bot is gone from every surface at once, not LIST_MAX_STALE_MS later', async () => {
    const bot = await published();
    expect((await t.admin('PATCH', `/admin/v1/bots/${bot.id}`, { published: false })).statusCode).toBe(200);
    expect(await surfaces(t, bot)).toEqual(GONE);
    // Published again: back everywhere at once.
    expect((await t.admin('PATCH', `/admin/v1/bots/${bot.id}`, { published: true })).statusCode).toBe(200);
    expect(await surfaces(t, bot)).toEqual({ list: [bot.name], listSearch: [bot.name], search: [bot.name], ...SHOWN });
  });

  it('a deleted bot is gone from every surface at once', async () => {
    const bot = await published();
    expect((await t.admin('DELETE', `/admin/v1/bots/${bot.id}`)).statusCode).toBe(204);
    expect(await surfaces(t, bot)).toEqual(GONE);
  });

  it('a new name, slug, tag and description show at once everywhere, the old ones nowhere (an old slug leads to the new)', async () => {
    const bot = await published();
    const renamed = { ...bot, name: `Zephyrine Renamed ${bot.token}`, slug: `renamed-${bot.token}` };
    const patch = {
      name: renamed.name,
      slugs: { de: renamed.slug, en: renamed.slug },
      tags: [`tag${bot.token}`],
      shortDescription: { de: `Neu ${bot.token}x`, en: `New ${bot.token}x` },
    };
    expect((await t.admin('PATCH', `/admin/v1/bots/${bot.id}`, patch)).statusCode).toBe(200);
    expect(await surfaces(t, renamed)).toEqual({ list: [renamed.name], listSearch: [renamed.name], search: [renamed.name], ...SHOWN });
    // The old slug is no page of its own any more: it answers 301 to the new one.
    const old = await t.get(`/en/bots/${bot.slug}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/en/bots/${renamed.slug}`);
    expect((await t.get(`/api/v1/bots?search=Quuxolotl ${bot.token}`)).json().data).toEqual([]);
    expect((await t.get(`/api/v1/search?q=tag${bot.token}`)).json().data.map((b: { id: string }) => b.id)).toEqual([bot.id]);
    expect((await t.get(`/api/v1/bots/${bot.id}`)).json().data.shortDescription.en).toBe(`New ${bot.token}x`);
    expect((await t.get(`/api/badge/${bot.id}/shields.json`)).statusCode).toBe(200);
    expect((await t.get(`/api/widget/${bot.id}`)).body).toContain(renamed.name);
  });

  it('only counters lag, and by LIST_MAX_STALE_MS at most; the single bot and the embeds are exact', async () => {
    const bot = await published();
    const votesIn = async (url: string) =>
      ((await t.get(url)).json().data as { id: string; votesMonth: number }[]).find((b) => b.id === bot.id)?.votesMonth;
    expect((await t.admin('POST', `/admin/v1/bots/${bot.id}/votes`, { user: '400000000000000001', username: 'voter' })).statusCode).toBe(
      201,
    );
    expect((await t.get(`/api/v1/bots/${bot.id}`)).json().data.votesMonth).toBe(1);
    expect((await t.get(`/api/badge/${bot.id}/shields.json?variant=votes`)).json().message).toMatch(/1/);
    expect(await votesIn(`/api/v1/bots?search=${bot.token}`)).toBe(0);
    expect(await votesIn(`/api/v1/search?q=${bot.token}`)).toBe(0);
    clock.advance(MAX_STALE_MS - 1);
    expect(await votesIn(`/api/v1/bots?search=${bot.token}`)).toBe(0);
    clock.advance(1);
    expect(await votesIn(`/api/v1/bots?search=${bot.token}`)).toBe(1);
    expect(await votesIn(`/api/v1/search?q=${bot.token}`)).toBe(1);
  });

  it('an answer nothing changed keeps its bytes and ETag however old it is', async () => {
    const bot = await published();
    const url = `/api/v1/search?q=${bot.token}`;
    const first = await t.get(url);
    clock.advance(20 * MAX_STALE_MS);
    const later = await t.get(url);
    expect(later.body).toBe(first.body);
    expect((await t.get(url, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('one freshness rule across processes (postgres)', () => {
  const shared = databasePerFile('postgres');
  const env = { LIST_MAX_STALE_MS: String(60_000) };
  const writer = appPerFile('postgres', () => ({ db: shared.db, env }));
  const reader = appPerFile('postgres', () => ({ db: shared.db, env }));

  it('another process drops an unpublished bot from every surface once the change feed reaches it, whatever LIST_MAX_STALE_MS says', async () => {
    const token = uniqueToken();
    const name = `Quuxolotl Zephyrine ${token}`;
    const slug = `quuxolotl-${token}`;
    const { id } = await putBot(writer, { name, slugs: { de: slug, en: slug } });
    const bot = { id, name, slug, token };
    const shown = { list: [name], listSearch: [name], search: [name], ...SHOWN };
    for (let i = 0; i < 200 && JSON.stringify(await surfaces(reader, bot)) !== JSON.stringify(shown); i++) await sleep(25);
    expect(await surfaces(reader, bot)).toEqual(shown);

    expect((await writer.admin('PATCH', `/admin/v1/bots/${id}`, { published: false })).statusCode).toBe(200);
    for (let i = 0; i < 200 && (await reader.get(`/api/v1/search?q=${token}`)).json().data.length > 0; i++) await sleep(25);
    expect(await surfaces(reader, bot)).toEqual(GONE);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
