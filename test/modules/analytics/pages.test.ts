/**
 * The dashboard's analytics over `app.inject`: `/dashboard/bots/{id}/analytics` for every role of
 * the team (others 403), 7/30/90 days and a bad `days` shown as 30 with a note (never a 500), the
 * charts (the chart renderer's SVG as images), the top lists escaped, both languages complete, and
 * the CSV export (a row per day, an attachment, cells safe from spreadsheet formulas).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { csvCell, csvRow } from '../../../src/modules/dashboard/analytics-csv.js';
import { windowOf } from '../../../src/modules/dashboard/analytics-routes.js';
import { putBot } from '../../fixtures.js';
import { backends, ManualClock, testApp, type TestApp } from '../../helpers.js';
import { wordsOf, wordsOnlyIn } from '../../support/ui-words.js';
import { documentLang, visibleTexts } from '../../support/visible-text.js';
import { Browser } from '../site/session-client.js';
import { writeDay, writeLiveVotes, writeTops } from './rows.js';

const OWNER = { id: '191000000000000001', name: 'Ana Owner', label: 'The owner' };
const MANAGER = { id: '191000000000000002', name: 'Mo Manager', label: 'The manager' };
const EDITOR = { id: '191000000000000003', name: 'Ed Editor', label: 'The editor' };
const VIEWER = { id: '191000000000000004', name: 'Vi Viewer', label: 'The viewer' };
const STRANGER = { id: '191000000000000005', name: 'Sy Stranger', label: 'Someone else' };
const PERSONAS = [OWNER, MANAGER, EDITOR, VIEWER, STRANGER];
const HOSTILE = '<script>alert(1)</script>.example';

describe('CSV cells', () => {
  it('prefixes a cell a spreadsheet would run as a formula, and quotes commas, quotes and line breaks', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('plain.example')).toBe('plain.example');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('2026-03-02')).toBe('2026-03-02');
    expect(csvRow(['a', '=b', 3])).toBe("a,'=b,3\r\n");
  });

  it('reads the window from `days`: 7, 30, 90; anything else is 30 and noted', () => {
    expect(windowOf(undefined)).toEqual({ days: 30, bad: false });
    expect(windowOf('7')).toEqual({ days: 7, bad: false });
    expect(windowOf('90')).toEqual({ days: 90, bad: false });
    for (const days of ['14', 'abc', '', '07', '7.0', ' 7', '365']) expect(windowOf(days)).toEqual({ days: 30, bad: true });
  });
});

const FOREIGN = { en: wordsOnlyIn('de'), de: wordsOnlyIn('en') };
/** Words of the other language on a page in `lang`, outside the names the page shows as written. */
function foreignWords(lang: 'en' | 'de', markup: string, names: string[]): string[] {
  const found: string[] = [];
  for (const text of visibleTexts(markup)) {
    const sorted = [...names].sort((a, b) => b.length - a.length);
    const rest = sorted.reduce((remaining, name) => remaining.split(name).join(' '), text).replace(/\S*[\d_]\S*/gu, ' ');
    for (const word of wordsOf(rest)) if (FOREIGN[lang].has(word)) found.push(`"${word}" in "${text}"`);
  }
  return found;
}

for (const backend of backends()) {
  describe(`the analytics pages (${backend})`, () => {
    const clock = new ManualClock(new Date('2026-03-02T10:00:00.000Z'));
    let provider: DemoProvider;
    let t: TestApp;
    let as: Record<'owner' | 'manager' | 'editor' | 'viewer' | 'stranger', Browser>;
    let botId: string;
    const BOT_NAME = 'Beacon & Co';

    beforeAll(async () => {
      provider = await startDemoProvider({ personas: PERSONAS });
      t = await testApp(backend, { env: provider.env, clock });
      as = await Browser.signedIn(t, {
        owner: OWNER,
        manager: MANAGER,
        editor: EDITOR,
        viewer: VIEWER,
        stranger: STRANGER,
      });
      botId = (await putBot(t, { owners: [OWNER.id], name: BOT_NAME })).id;
      for (const [user, role] of [
        [MANAGER, 'manager'],
        [EDITOR, 'editor'],
        [VIEWER, 'viewer'],
      ] as const) {
        const { token } = await t.app.services.invitations.create(OWNER.id, botId, role);
        await t.app.services.invitations.accept(user, token);
      }
      await writeDay(t.db, botId, '2026-02-28', { views: 1200, visitors: 800, invites: 60, search_impressions: 300, search_clicks: 30 });
      await writeDay(t.db, botId, '2026-03-01', { views: 34, visitors: 20, invites: 2 });
      await writeLiveVotes(t.db, botId, '2026-03-01', 17);
      await writeTops(t.db, botId, '2026-03-01', {
        referrers: { 'reddit.com': 40, [HOSTILE]: 2 },
        search_terms: { 'music bot': 12, '=cmd|calc': 1 },
      });
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
    });

    const page = (browser: Browser, query = '?lang=en') => browser.get(`/dashboard/bots/${botId}/analytics${query}`);

    it('shows every role of the team the analytics, linked from the bot’s page; no one else', async () => {
      for (const name of ['owner', 'manager', 'editor', 'viewer'] as const) {
        const response = await page(as[name]);
        expect(response.statusCode, name).toBe(200);
        expect(response.headers['cache-control']).toBe('private, no-store');
        const overview = await as[name].get(`/dashboard/bots/${botId}?lang=en`);
        expect(overview.body).toContain(`href="/dashboard/bots/${botId}/analytics?lang=en">Analytics</a>`);
        expect((await as[name].get(`/dashboard/bots/${botId}/analytics.csv?lang=en`)).statusCode).toBe(200);
      }
      const refused = await page(as.stranger);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('You are not on the team of this bot.');
      expect((await as.stranger.get(`/dashboard/bots/${botId}/analytics.csv`)).statusCode).toBe(403);
      const anonymous = await t.get(`/dashboard/bots/${botId}/analytics?lang=en`);
      expect(anonymous.statusCode).toBe(303);
      expect(anonymous.headers.location).toContain('/auth/sign-in?return=');
    });

    it('shows totals, conversion, four charts and the top lists, escaped, for 30 days by default', async () => {
      const body = (await page(as.viewer)).body;
      expect(body).toContain('<h1>Analytics: Beacon &amp; Co</h1>');
      expect(body).toContain('<h2>Last 30 days</h2>');
      expect(body).toMatch(/<dt>Page views<\/dt>\s*<dd>1,234<\/dd>/);
      expect(body).toMatch(/<dt>Unique visitors<\/dt>\s*<dd>820<\/dd>/);
      expect(body).toMatch(/<dt>Invite clicks<\/dt>\s*<dd>62<\/dd>/);
      expect(body).toMatch(/<dt>Votes<\/dt>\s*<dd>17<\/dd>/);
      expect(body).toMatch(/<dt>Invite clicks per page view<\/dt>\s*<dd>5%<\/dd>/);
      expect(body).toMatch(/<dt>Votes per page view<\/dt>\s*<dd>1.4%<\/dd>/);
      expect(body).toContain('href="/dashboard/bots/' + botId + '/analytics?days=30&amp;lang=en" aria-current="page"');
      const charts = [...body.matchAll(/<img class="chart" src="data:image\/svg\+xml;base64,([^"]+)" alt="([^"]+)"/g)];
      expect(charts.map((match) => match[2])).toEqual([
        'Page views of Beacon &amp; Co per day over the last 30 days: 1,234 in total',
        'Unique visitors of Beacon &amp; Co per day over the last 30 days: 820 in total',
        'Invite clicks of Beacon &amp; Co per day over the last 30 days: 62 in total',
        'Votes of Beacon &amp; Co per day over the last 30 days: 17 in total',
      ]);
      const svg = Buffer.from(charts[0]![1]!, 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain('Page views per day');
      expect(svg).toContain('@media (prefers-color-scheme:dark)');
      expect(body).toMatch(/<td class="top-value">reddit.com<\/td>\s*<td class="number">40<\/td>/);
      expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;.example');
      expect(body).not.toContain('<script>alert(1)');
      expect(body).toMatch(/<td class="top-value">music bot<\/td>\s*<td class="number">12<\/td>/);
      // No inline script or style: the page's CSP allows neither.
      expect(body).not.toMatch(/<script>(?!<\/script>)|<style|style="/);
    });

    it('shows 7 and 90 days, and 30 with a note for any other `days`, never a 500', async () => {
      const week = await page(as.owner, '?days=7&lang=en');
      expect(week.body).toContain('<h2>Last 7 days</h2>');
      expect(week.body).toContain('aria-current="page">7 days</a>');
      expect((await page(as.owner, '?days=90&lang=en')).body).toContain('<h2>Last 90 days</h2>');
      for (const days of ['14', 'abc', '', '-1', '9'.repeat(20), '%00']) {
        const response = await page(as.owner, `?days=${days}&lang=en`);
        expect(response.statusCode, days).toBeLessThan(500);
        if (response.statusCode === 200) {
          expect(response.body).toContain('Choose 7, 30 or 90 days. Shown: the last 30 days.');
          expect(response.body).toContain('<h2>Last 30 days</h2>');
        }
      }
      expect((await page(as.owner, '?days=14&lang=en')).statusCode).toBe(200);
    });

    it('is complete in German: no English word, numbers as German writes them', async () => {
      const response = await page(as.owner, '?lang=de');
      expect(response.statusCode).toBe(200);
      expect(documentLang(response.body)).toBe('de');
      expect(response.body).toContain('<h1>Statistik: Beacon &amp; Co</h1>');
      expect(response.body).toMatch(/<dt>Seitenaufrufe<\/dt>\s*<dd>1.234<\/dd>/);
      expect(response.body).toMatch(/<dt>Stimmen je Seitenaufruf<\/dt>\s*<dd>1,4\s%<\/dd>/);
      const names = ['Bot Directory', BOT_NAME, OWNER.name, 'reddit.com', 'music bot', HOSTILE, '=cmd|calc', 'CSV'];
      expect(foreignWords('de', response.body, names)).toEqual([]);
      for (const match of response.body.matchAll(/src="data:image\/svg\+xml;base64,([^"]+)"/g)) {
        const svg = Buffer.from(match[1]!, 'base64').toString('utf8');
        expect(foreignWords('de', svg, names)).toEqual([]);
        expect(svg).toContain('pro Tag');
      }
      const bad = await page(as.owner, '?days=abc&lang=de');
      expect(bad.body).toContain('Wähle 7, 30 oder 90 Tage.');
      expect(foreignWords('de', bad.body, names)).toEqual([]);
      // And the English page has no German.
      expect(foreignWords('en', (await page(as.owner, '?lang=en')).body, names)).toEqual([]);
    });

    it('exports the window as CSV: a header, a row per day, an attachment', async () => {
      const response = await as.viewer.get(`/dashboard/bots/${botId}/analytics.csv?days=7`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="analytics-${botId}-2026-02-24-2026-03-02.csv"`);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const lines = response.body.split('\r\n');
      expect(lines).toHaveLength(9); // header, 7 days, the empty rest after the last CRLF
      expect(lines[0]).toBe('date,views,visitors,invites,votes,widgetViews,cardViews,badgeViews,searchImpressions,searchClicks');
      expect(lines[1]).toBe('2026-02-24,0,0,0,0,0,0,0,0,0');
      expect(lines[5]).toBe('2026-02-28,1200,800,60,0,0,0,0,300,30');
      expect(lines[6]).toBe('2026-03-01,34,20,2,17,0,0,0,0,0');
      expect(lines[8]).toBe('');
      const month = await as.viewer.get(`/dashboard/bots/${botId}/analytics.csv?days=nonsense`);
      expect(month.body.split('\r\n')).toHaveLength(32);
    });

    it('says so for a bot that is not published, and the CSV is not found', async () => {
      const hidden = (await putBot(t, { owners: [OWNER.id], published: false })).id;
      const response = await as.owner.get(`/dashboard/bots/${hidden}/analytics?lang=en`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('The bot is not published, so nothing is counted.');
      expect(response.body).not.toContain('analytics.csv');
      expect((await as.owner.get(`/dashboard/bots/${hidden}/analytics.csv`)).statusCode).toBe(404);
    });
  });
}
