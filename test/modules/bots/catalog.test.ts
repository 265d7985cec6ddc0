import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intBetween, pick, seededRandom } from '../../../scripts/random.js';
import { PublishedBots } from '../../../src/modules/bots/catalog.js';
import { putBot, uniqueToken } from '../../fixtures.js';
import { backends, ManualClock, testApp, type TestApp } from '../../helpers.js';

const SORTS = ['votes_month', 'votes_total', 'servers', 'new', 'name'] as const;
const MONTH = '2026-03-01';

/**
 * The list's orders as SQL, the way the service once computed them: the in-memory ranking must
 * answer exactly what this answers (ties by id, names by code point like COLLATE "C").
 */
const REFERENCE_ORDER: Record<(typeof SORTS)[number], string> = {
  votes_month: 'COALESCE(m.votes, 0) DESC, b.id COLLATE "C"',
  votes_total: 'b.votes_total DESC, b.id COLLATE "C"',
  servers: 'COALESCE(b.reported_server_count, b.platform_server_count, 0) DESC, b.id COLLATE "C"',
  new: 'b.published_at DESC, b.id COLLATE "C"',
  name: 'b.sort_name COLLATE "C", b.id COLLATE "C"',
};

async function referencePage(t: TestApp, sort: (typeof SORTS)[number], needle: string, offset: number, limit: number) {
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT b.id FROM bots b LEFT JOIN bot_vote_months m ON m.bot_id = b.id AND m.month = $1::date
      WHERE b.published AND b.name_lower LIKE $2 ORDER BY ${REFERENCE_ORDER[sort]} LIMIT $3 OFFSET $4`,
    [MONTH, `%${needle}%`, limit, offset],
  );
  return rows.map((row) => row.id);
}

/** Writes counters behind the service's back, then says so through the feed (as every writer does). */
async function writeBehind(t: TestApp, sql: string, params: unknown[], botId: string): Promise<void> {
  await t.db.query(sql, params);
  t.app.changes.emit({ kind: 'bot', botId, aspect: 'profile' });
}

describe.each(backends())('bot list from the in-memory catalog on %s', (backend) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-20T12:00:00.000Z'));
  const token = uniqueToken();

  beforeAll(async () => {
    t = await testApp(backend, { clock });
    const random = seededRandom(20261122);
    // Names with ties, diacritics, and characters where UTF-16 order and code-point order differ.
    const stems = ['alpha', 'Alpha', 'älpha', 'beta', 'zeta', '\u{1F600}bot', '\uE000bot', '\uFB01nder', '\uFF21wide', 'beta'];
    for (let i = 0; i < 48; i++) {
      clock.advance(intBetween(random, 0, 2) * 1000); // some bots share a publication time
      const { id } = await putBot(t, {
        name: `${token} ${pick(random, stems)}`,
        platformServerCount: pick(random, [null, 0, 10, 10, 500, intBetween(random, 0, 100_000)]),
        published: random() > 0.1,
      });
      await writeBehind(t, 'UPDATE bots SET votes_total = $2 WHERE id = $1', [id, pick(random, [0, 3, 3, intBetween(random, 0, 50)])], id);
      if (random() < 0.3)
        await writeBehind(t, 'UPDATE bots SET reported_server_count = $2 WHERE id = $1', [id, pick(random, [10, 500])], id);
      const votes = pick(random, [0, 2, 2, intBetween(random, 1, 20)]);
      if (votes > 0) await writeBehind(t, 'INSERT INTO bot_vote_months (bot_id, month, votes) VALUES ($1, $2, $3)', [id, MONTH, votes], id);
    }
  });
  afterAll(() => t.close());

  it('answers every sort, page, limit and search exactly as the SQL order with ties by id', async () => {
    const random = seededRandom(7);
    const needles = [token, `${token} a`, `${token} \u{1F600}`, `${token} beta`, 'nothing-matches-this'];
    for (let round = 0; round < 60; round++) {
      const sort = pick(random, SORTS);
      const needle = pick(random, needles);
      const limit = intBetween(random, 1, 20);
      const page = intBetween(random, 1, 6);
      const response = await t.get(`/api/v1/bots?sort=${sort}&limit=${limit}&page=${page}&search=${encodeURIComponent(needle)}`);
      expect(response.statusCode).toBe(200);
      const { data, pagination } = response.json();
      const expected = await referencePage(t, sort, needle.toLowerCase(), (page - 1) * limit, limit);
      expect(
        data.map((bot: { id: string }) => bot.id),
        `${sort} ${needle} ${page}×${limit}`,
      ).toEqual(expected);
      const all = await referencePage(t, sort, needle.toLowerCase(), 0, 1000);
      expect(pagination).toEqual({ page, limit, total: all.length, pages: Math.ceil(all.length / limit) });
    }
  });

  it('pages through every order without repeating or skipping a bot', async () => {
    for (const sort of SORTS) {
      const seen: string[] = [];
      for (let page = 1; page <= 10; page++) {
        const { data } = (await t.get(`/api/v1/bots?sort=${sort}&limit=7&page=${page}&search=${token}`)).json();
        seen.push(...data.map((bot: { id: string }) => bot.id));
      }
      expect(seen).toEqual(await referencePage(t, sort, token, 0, 1000));
      expect(new Set(seen).size).toBe(seen.length);
    }
  });

  it('gives the number of an unpublished bot to the next bot published, and the list search tells the two apart', async () => {
    const gone = await putBot(t, { name: `${token} leaving xq`, published: true });
    expect((await t.get(`/api/v1/bots?search=${token}%20leaving`)).json().pagination.total).toBe(1);
    await t.admin('PATCH', `/admin/v1/bots/${gone.id}`, { published: false });
    const next = await putBot(t, { name: `${token} arriving xq`, published: true });
    await t.app.services.catalog.ready('all');
    for (const [needle, want] of [
      [`${token} leaving`, []],
      [`${token} arriving`, [next.id]],
      [`ing xq`, [next.id]],
    ] as const) {
      const page = (await t.get(`/api/v1/bots?search=${encodeURIComponent(needle)}`)).json();
      expect(page.data.map((bot: { id: string }) => bot.id)).toEqual(want);
    }
  });

  it('loads the same bots in small batches as in one', async () => {
    const catalog = t.app.services.catalog;
    await catalog.ready('all');
    const batched = new PublishedBots(t.db.reads, clock, 7);
    await batched.load();
    expect(batched.size).toBe(catalog.size);
    expect(batched.size).toBeGreaterThan(7 * 3);
    for (const sort of SORTS) {
      const ids = (c: PublishedBots) => c.ranking.page(sort, 0, c.size).bots.map((bot) => [bot.id, bot.body.toString()]);
      expect(ids(batched)).toEqual(ids(catalog));
    }
  });

  it('finds a change its notification never announced at the next sweep', async () => {
    const { id } = await putBot(t, { name: `${token} sweep`, platformServerCount: 1 });
    // The bot's own change is read back first (under load, a read-back still queued could see the update).
    await t.app.services.catalog.ready('all');
    await t.db.query('UPDATE bots SET votes_total = 999999 WHERE id = $1', [id]);
    expect((await t.get(`/api/v1/bots/${id}`)).json().data.votesTotal).toBe(0);
    await t.app.services.catalog.sweep();
    await t.app.services.catalog.ready('all');
    expect((await t.get(`/api/v1/bots/${id}`)).json().data.votesTotal).toBe(999999);
    expect((await t.get(`/api/v1/bots?sort=votes_total&limit=1&search=${token}`)).json().data[0].id).toBe(id);
  });

  it('answers the bot, the list and search while changes keep arriving (a reader waits only for what was announced before it)', async () => {
    const { id } = await putBot(t, { name: `${token} busy` });
    // Every read-back of changed bots meets a new change: the stream never pauses.
    // The catalog reads bots back on the read pool (on PGlite the database itself).
    const reads = t.db.reads;
    const query = reads.query.bind(reads);
    reads.query = (sql: string, params?: readonly unknown[]) => {
      if (sql.includes('= ANY($2::text[])'))
        setImmediate(() => t.app.changes.emit({ kind: 'bot', botId: id, aspect: 'votes', userId: id }));
      return query(sql, params);
    };
    try {
      t.app.changes.emit({ kind: 'bot', botId: id, aspect: 'votes', userId: id });
      for (let i = 0; i < 3; i++) {
        expect((await t.get(`/api/v1/bots/${id}`)).statusCode).toBe(200);
        expect((await t.get(`/api/v1/bots?search=${token}%20busy`)).json().pagination.total).toBe(1);
        expect((await t.get(`/api/v1/search?q=${token}`)).statusCode).toBe(200);
      }
    } finally {
      reads.query = query;
    }
  });

  it('applies the counters a vote or a stats report left without reading the bot back', async () => {
    const { id } = await putBot(t, { name: `${token} counted`, platformServerCount: 5 });
    await t.app.services.catalog.ready('all');
    const key = (await t.admin('POST', `/admin/v1/bots/${id}/keys`, { scopes: ['stats:write'] })).json().data.key;
    // The catalog reads bots back on the read pool (on PGlite the database itself).
    const reads = t.db.reads;
    const query = reads.query.bind(reads);
    let readBacks = 0;
    reads.query = (sql: string, params?: readonly unknown[]) => {
      if (sql.includes('= ANY($2::text[])')) readBacks++;
      return query(sql, params);
    };
    try {
      expect((await t.admin('POST', `/admin/v1/bots/${id}/votes`, { user: '400000000000000009', username: 'v' })).statusCode).toBe(201);
      const stats = await t.inject({
        method: 'POST',
        url: `/api/v1/bots/${id}/stats`,
        headers: { authorization: `Bearer ${key}` },
        payload: { serverCount: 777, shardCount: 2 },
      });
      expect(stats.statusCode).toBe(200);
      expect((await t.get(`/api/v1/bots/${id}`)).json().data).toMatchObject({
        votesTotal: 1,
        votesMonth: 1,
        serverCount: 777,
        shardCount: 2,
      });
      const [listed] = (await t.get(`/api/v1/bots?search=${token}%20counted`)).json().data;
      expect(listed).toMatchObject({ votesTotal: 1, serverCount: 777 });
      expect(readBacks).toBe(0);
    } finally {
      reads.query = query;
    }
  });

  it('reads a bot back instead of applying counters onto an edit not read yet, so neither is lost', async () => {
    const { id } = await putBot(t, { name: `${token} racer` });
    await t.app.services.catalog.ready('all');
    // The catalog reads bots back on the read pool (on PGlite the database itself).
    const reads = t.db.reads;
    const query = reads.query.bind(reads);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let readBack!: () => void;
    const readDone = new Promise<void>((resolve) => (readBack = resolve));
    reads.query = (async (sql: string, params?: readonly unknown[]) => {
      const result = await query(sql, params);
      if (sql.includes('= ANY($2::text[])')) {
        readBack();
        await gate;
      }
      return result;
    }) as typeof reads.query;
    try {
      // An edit announced and read back, its answer held up until a vote has committed and been announced.
      await t.db.query('UPDATE bots SET name = $2, name_lower = lower($2), sort_name = lower($2) WHERE id = $1', [id, `${token} renamed`]);
      t.app.changes.emit({ kind: 'bot', botId: id, aspect: 'profile' });
      await readDone;
      expect((await t.admin('POST', `/admin/v1/bots/${id}/votes`, { user: '400000000000000010', username: 'v' })).statusCode).toBe(201);
      release();
      expect((await t.get(`/api/v1/bots/${id}`)).json().data).toMatchObject({ name: `${token} renamed`, votesTotal: 1 });
    } finally {
      reads.query = query;
    }
  });

  it('drops a bot that vanished without a notification at a full sweep', async () => {
    const { id } = await putBot(t, { name: `${token} vanish` });
    await t.db.query('DELETE FROM bots WHERE id = $1', [id]);
    expect((await t.get(`/api/v1/bots/${id}`)).statusCode).toBe(200);
    // Every thirtieth sweep compares every published bot; an incremental one cannot see a deletion.
    for (let i = 0; i < 60; i++) await t.app.services.catalog.sweep();
    await t.app.services.catalog.ready('all');
    expect((await t.get(`/api/v1/bots/${id}`)).statusCode).toBe(404);
    expect((await t.get(`/api/v1/bots?search=${token}%20vanish`)).json().pagination.total).toBe(0);
  });
});

describe.each(backends())('list staleness under changes on %s', (backend) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-31T23:59:00.000Z'));
  const token = uniqueToken();

  beforeAll(async () => {
    t = await testApp(backend, { clock, env: { LIST_MAX_STALE_MS: '2000' } });
  });
  afterAll(() => t.close());

  const vote = (id: string, user: string) => t.admin('POST', `/admin/v1/bots/${id}/votes`, { user, username: 'voter' });
  const listed = async () => (await t.get(`/api/v1/bots?search=${token}`)).json().data as { id: string; votesMonth: number }[];

  it('reuses a page for at most LIST_MAX_STALE_MS while votes arrive; the bot itself is exact at once', async () => {
    const { id } = await putBot(t, { name: `${token} one` });
    // A list may be as old as the bound from the start: wait until this process has read the bot back.
    await t.app.services.catalog.ready('all');
    expect((await listed()).map((b) => b.votesMonth)).toEqual([0]);
    expect((await vote(id, '400000000000000001')).statusCode).toBe(201);
    // The page is younger than the bound: served as it was.
    expect((await listed()).map((b) => b.votesMonth)).toEqual([0]);
    // The single bot is read from the catalog once the vote has been read back: exact.
    expect((await t.get(`/api/v1/bots/${id}`)).json().data.votesMonth).toBe(1);
    clock.advance(1999);
    expect((await listed()).map((b) => b.votesMonth)).toEqual([0]);
    clock.advance(1);
    expect((await listed()).map((b) => b.votesMonth)).toEqual([1]);
  });

  it('serves a page with nothing changed since it was built however old it is', async () => {
    const first = await t.get(`/api/v1/bots?search=${token}`);
    clock.advance(20_000); // 2026-03-31T23:59:22Z
    const later = await t.get(`/api/v1/bots?search=${token}`);
    expect(later.headers.etag).toBe(first.headers.etag);
    expect(later.json().data.map((b: { votesMonth: number }) => b.votesMonth)).toEqual([1]);
  });

  it('starts every votesMonth at 0 when a new UTC month begins, in the list and the bot', async () => {
    const [bot] = await listed();
    clock.set('2026-04-01T00:00:00.000Z');
    expect((await listed()).map((b) => b.votesMonth)).toEqual([0]);
    expect((await t.get(`/api/v1/bots/${bot!.id}`)).json().data).toMatchObject({ votesMonth: 0, votesTotal: 1 });
  });
});
