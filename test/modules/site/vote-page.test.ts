import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { accountCreatedAt, USER_VOTES_PER_10_MIN } from '../../../src/modules/site/vote-rules.js';
import { putBot } from '../../fixtures.js';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { Browser, OWNER_A, PERSONAS, VOTER, VOTER_2, VOTER_3 } from './session-client.js';

/** A platform id made `daysAgo` days before now (ids carry their creation time). */
function idMadeDaysAgo(daysAgo: number): string {
  return String(((BigInt(Date.now() - daysAgo * 86_400_000) - 1_420_070_400_000n) << 22n) + 7n);
}
const NEWCOMER = { id: idMadeDaysAgo(2), name: 'New Account', label: 'A new account' };

for (const backend of backends()) {
  describe(`public bot page and its vote (${backend})`, () => {
    let provider: DemoProvider;
    let t: TestApp;
    let botId: string;
    beforeAll(async () => {
      provider = await startDemoProvider({ personas: [...PERSONAS, NEWCOMER] });
      t = await testApp(backend, { env: provider.env });
      botId = (
        await putBot(t, {
          name: 'Müsik <script>alert(1)</script>',
          slugs: { en: 'music-bot', de: 'musik-bot' },
          shortDescription: { en: 'Plays music.', de: 'Spielt Musik.' },
          categories: ['music'],
          tags: ['radio'],
        })
      ).id;
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
    });

    it('finds a bot published a moment ago while its change is still being read back', async () => {
      // The catalog (and the slug index that follows it) reads changed bots back on the read pool.
      const reads = t.db.reads;
      const query = reads.query.bind(reads);
      reads.query = (sql: string, params?: readonly unknown[]) =>
        sql.includes('= ANY($2::text[])')
          ? new Promise((resolve) => setTimeout(resolve, 300)).then(() => query(sql, params))
          : query(sql, params);
      try {
        await putBot(t, { name: 'Fresh Bot', slugs: { en: 'fresh-bot', de: 'frischer-bot' } });
        expect((await t.get('/de/bots/frischer-bot')).statusCode).toBe(200);
      } finally {
        reads.query = query;
      }
    });

    it('shows the bot in the path’s language, escaped, with a sign-in button for the vote', async () => {
      const english = await t.get('/en/bots/music-bot');
      expect(english.statusCode).toBe(200);
      expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(english.headers['cache-control']).toBe('public, max-age=30');
      expect(english.body).toContain('<html lang="en">');
      expect(english.body).toContain('Müsik &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(english.body).not.toContain('<script>alert');
      // The icon lies over the letter avatar: a dead icon leaves the "M" (no broken-image mark).
      expect(english.body).toMatch(
        /<span class="avatar avatar-large" aria-hidden="true"\s*><span class="avatar-letter">M<\/span\s*><img src="https:\/\/cdn\.example\.org\/icon\.png" alt=""/,
      );
      expect(english.body).toContain('Plays music.');
      expect(english.body).toContain(`/api/chart/${botId}?range=30`);
      expect(english.body).toContain('href="/auth/sign-in?return=%2Fen%2Fbots%2Fmusic-bot"');
      expect(english.body).toContain('href="/de/bots/musik-bot"');
      expect(english.body).not.toMatch(/<script>(?!<\/script>)/);
      const german = await t.get('/de/bots/musik-bot');
      expect(german.body).toContain('Spielt Musik.');
      expect(german.body).toContain('Zum Abstimmen anmelden');
      const missing = await t.get('/de/bots/%3Cscript%3E');
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('Diese Seite oder diesen Bot gibt es nicht.');
      expect(missing.body).not.toContain('<script>');
      expect((await t.get('/fr/bots/music-bot')).statusCode).toBe(404);
      expect((await t.get('/en/bots/musik-bot')).statusCode).toBe(404);
      const css = await t.get(/href="(\/assets\/site\.css\?v=[^"]+)"/.exec(english.body)![1]!);
      expect(css.headers['cache-control']).toContain('immutable');
    });

    it('a signed-in voter votes once: counters, the vote event for the webhook, the next vote time; a repeat changes nothing', async () => {
      // The bot's webhook (an address literal: this app runs no delivery workers) is what the event is written for.
      expect((await t.admin('PUT', `/admin/v1/bots/${botId}/webhook`, { url: 'https://93.184.215.14/hook' })).statusCode).toBe(201);
      const voter = new Browser(t, '203.0.113.10');
      expect(await voter.signIn(VOTER.id, '/en/bots/music-bot')).toBe('/en/bots/music-bot');
      const page = await voter.get('/en/bots/music-bot');
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.body).toContain('Vic &lt;Voter&gt;');
      expect(page.body).toContain('action="/en/bots/music-bot/vote"');
      expect((await voter.post('/en/bots/music-bot/vote', {})).statusCode).toBe(403);
      const voted = await voter.post('/en/bots/music-bot/vote', {}, page.body);
      expect(voted.statusCode).toBe(303);
      expect(voted.headers.location).toBe('/en/bots/music-bot?voted=1#vote');
      const after = await voter.get('/en/bots/music-bot?voted=1');
      expect(after.body).toContain('Thank you for your vote!');
      expect(after.body).toMatch(/Your next vote is possible from <time datetime="[^"]+" data-local>/);
      expect(after.body).not.toContain('action="/en/bots/music-bot/vote"');
      await voter.post('/en/bots/music-bot/vote', {}, page.body);
      const votes = (await t.admin('GET', `/admin/v1/bots/${botId}`)).json().data.votesTotal;
      expect(votes).toBe(1);
      const events = await t.db.query<{ payload: { user: string; username: string; flagged: boolean } }>(
        `SELECT payload FROM events WHERE bot_id = $1 AND type = 'vote'`,
        [botId],
      );
      expect(events.rows.map((row) => row.payload)).toEqual([
        expect.objectContaining({ user: VOTER.id, username: 'Vic <Voter>', flagged: false }),
      ]);
      // The same status reaches the owner API's vote check.
      expect((await t.db.query(`SELECT 1 FROM votes WHERE bot_id = $1 AND user_id = $2`, [botId, VOTER.id])).rows).toHaveLength(1);
    });

    it('flags the third account voting from one address within minutes, and accounts younger than 7 days', async () => {
      const shared = '198.51.100.7';
      for (const persona of [VOTER, VOTER_2, VOTER_3, OWNER_A]) {
        const browser = new Browser(t, shared);
        await browser.signIn(persona.id, '/de/bots/musik-bot');
        const page = await browser.get('/de/bots/musik-bot');
        if (page.body.includes('/vote"')) expect((await browser.post('/de/bots/musik-bot/vote', {}, page.body)).statusCode).toBe(303);
      }
      const newcomer = new Browser(t, '192.0.2.99');
      await newcomer.signIn(NEWCOMER.id, '/en/bots/music-bot');
      await newcomer.post('/en/bots/music-bot/vote', {}, (await newcomer.get('/en/bots/music-bot')).body);
      const rows = await t.db.query<{ user_id: string; flagged: boolean }>(`SELECT user_id, flagged FROM votes WHERE bot_id = $1`, [botId]);
      const flags = Object.fromEntries(rows.rows.map((row) => [row.user_id, row.flagged]));
      // VOTER had voted already (no new vote, not counted at that address); then VOTER_2, VOTER_3 and, third, OWNER_A.
      expect(flags).toEqual({ [VOTER.id]: false, [VOTER_2.id]: false, [VOTER_3.id]: false, [OWNER_A.id]: true, [NEWCOMER.id]: true });
      expect(accountCreatedAt(VOTER.id)?.getUTCFullYear()).toBe(2016);
    });

    it('limits vote attempts per user (429 page with Retry-After)', async () => {
      const voter = new Browser(t, '192.0.2.50');
      await voter.signIn(VOTER_2.id, '/en/bots/music-bot');
      const page = await voter.get('/en/bots/music-bot');
      const statuses: number[] = [];
      for (let i = 0; i < USER_VOTES_PER_10_MIN + 2; i++)
        statuses.push((await voter.post('/en/bots/music-bot/vote', {}, page.body)).statusCode);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      const limited = await voter.post('/en/bots/music-bot/vote', {}, page.body);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
      // The vote limit's 10-minute window is said in minutes.
      expect(limited.body).toContain(`Please wait ${Math.ceil(Number(limited.headers['retry-after']) / 60)} minutes`);
    });

    it('the widget links to this page by default, and to SITE_URL when it points elsewhere', async () => {
      expect((await t.get(`/api/widget/${botId}?lang=de`)).body).toContain('http://127.0.0.1:3000/de/bots/musik-bot');
      const other = await testApp(backend, { env: { SITE_URL: 'https://bots.example.org' }, db: t.db });
      try {
        expect((await other.get(`/api/widget/${botId}?lang=en`)).body).toContain('https://bots.example.org/en/bots/music-bot');
        expect((await other.get('/en/bots/music-bot')).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });
  });
}
