import type { LightMyRequestResponse } from 'fastify';
import { historyRepository } from '../../../src/modules/history/repository.js';
import { describe, expect, it } from 'vitest';
import { shortNumber } from '../../../src/modules/embeds/render/index.js';
import { botBody } from '../../fixtures.js';
import { backends, ManualClock, appPerFile, type TestApp } from '../../helpers.js';
import { bearer, createKey } from '../../support/owner.js';
import { HOSTILE_NAME } from './render/fixtures.js';
import { expectWellFormedXml } from './render/xml.js';

const SITE_URL = 'https://bots.example.org/directory';
const SVG = 'image/svg+xml; charset=utf-8';
const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const VARIANTS = ['votes', 'servers', 'rating'] as const;
const THEMES = [undefined, 'light', 'dark'] as const;
const MINUTE = 60_000;

/** The text of every `<text>` element of an SVG, entities decoded. */
function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => decodeEntities(m[1]!));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function query(params: Record<string, string | undefined>): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}

function expectSvg(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  expect(response.headers['content-type']).toBe(SVG);
  expectWellFormedXml(response.body);
  return response.body;
}

function expectEnvelope(response: LightMyRequestResponse, status: number, code: string): { field: string }[] {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  expect(response.headers['content-type']).toBe(JSON_TYPE);
  const body = response.json<{ error: { code: string; message: string; details?: { field: string }[] } }>();
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  return body.error.details ?? [];
}

/** The directives of a Content-Security-Policy header, by name. */
function cspDirectives(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function maxAge(response: LightMyRequestResponse): number {
  const match = /(?:^|,)\s*max-age=(\d+)/.exec(String(response.headers['cache-control']));
  return match ? Number(match[1]) : Number.NaN;
}

describe.each(backends())('embeddable assets (%s)', (backend) => {
  // A fixed mid-month day: votes of "this month" and the chart's days do not depend on the calendar.
  const clock = new ManualClock(new Date('2026-11-16T12:00:00.000Z'));
  const t: TestApp = appPerFile(backend, { clock, env: { SITE_URL: `${SITE_URL}/` } });

  async function publish(overrides: Record<string, unknown> = {}): Promise<{ id: string; body: Record<string, unknown> }> {
    const bot = botBody(overrides);
    const response = await t.admin('PUT', `/admin/v1/bots/${bot.id}`, bot.body);
    expect(response.statusCode, response.body).toBe(201);
    return bot;
  }

  let voter = 200000000000000000n;
  async function vote(botId: string): Promise<void> {
    voter += 1n;
    const response = await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user: `${voter}`, username: `voter${voter}` });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function review(botId: string, rating: number): Promise<void> {
    voter += 1n;
    const response = await t.admin('POST', `/admin/v1/bots/${botId}/reviews`, {
      user: `${voter}`,
      username: 'reviewer',
      rating,
      body: 'Works well.',
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  describe('GET /api/badge/{id}', () => {
    it('is an SVG image, cached for five minutes with an ETag, and answers If-None-Match with 304', async () => {
      const { id } = await publish({ platformServerCount: 12_345 });
      const first = await t.get(`/api/badge/${id}`);
      expectSvg(first, 200);
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await t.get(`/api/badge/${id}`, { 'if-none-match': ifNoneMatch });
        expect(again.statusCode, ifNoneMatch).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('public, max-age=300');
      }
      expect((await t.get(`/api/badge/${id}`, { 'if-none-match': '"stale"' })).statusCode).toBe(200);

      // Same bytes, same validator; other bytes, another one.
      expect((await t.get(`/api/badge/${id}`)).headers.etag).toBe(etag);
      expect((await t.get(`/api/badge/${id}?variant=votes`)).headers.etag).not.toBe(etag);
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const { id } = await publish();
      const get = await t.get(`/api/badge/${id}`);
      const head = await t.app.inject({ method: 'HEAD', url: `/api/badge/${id}` });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers['content-type']).toBe(SVG);
      expect(head.headers.etag).toBe(get.headers.etag);
    });

    it('defaults to variant servers, with the label, following the system theme', async () => {
      const { id } = await publish({ platformServerCount: 1_462_144, name: 'Melody' });
      const plain = expectSvg(await t.get(`/api/badge/${id}`), 200);
      expect(plain).toBe(expectSvg(await t.get(`/api/badge/${id}?variant=servers`), 200));
      expect(svgTexts(plain)).toEqual(['servers', '1.4M']);
      expect(plain).toContain('@media (prefers-color-scheme:dark)');
      expect(plain).toContain('aria-label="Melody: 1,462,144 servers"');
      expect(plain).toContain('role="img"');
      expect(plain).toContain('<title>Melody: 1,462,144 servers</title>');
    });

    it('renders every variant × theme × compact, compact dropping the label', async () => {
      const { id } = await publish({ platformServerCount: 98_765 });
      await vote(id);
      await vote(id);
      await review(id, 5);
      await review(id, 4);
      const values = { servers: shortNumber(98_765), votes: '2/month', rating: '4.5 ★ (2)' };
      const ids = new Set<string>();
      for (const variant of VARIANTS) {
        for (const theme of THEMES) {
          for (const compact of [undefined, '0', '1', 'true', 'false']) {
            const url = `/api/badge/${id}${query({ variant, theme, compact })}`;
            const svg = expectSvg(await t.get(url), 200);
            const dropsLabel = compact === '1' || compact === 'true';
            expect(svgTexts(svg), url).toEqual(dropsLabel ? [values[variant]] : [variant, values[variant]]);
            // A fixed theme has fixed colours; none follows the system setting.
            expect(svg.includes('prefers-color-scheme'), url).toBe(theme === undefined);
            // The label is gone, but the accessible name still says what the number is.
            expect(svg, url).toMatch(/aria-label="Test Bot \d+: [^"]+"/);
            ids.add(/ id="([^"]+)"/.exec(svg)![1]!);
          }
        }
      }
      // One element id per distinct picture, so badges inline in one page never clash.
      expect(ids.size).toBe(VARIANTS.length * THEMES.length * 2);
    });

    it('shows "no ratings" for a bot nobody rated', async () => {
      const { id } = await publish();
      expect(svgTexts(expectSvg(await t.get(`/api/badge/${id}?variant=rating`), 200))).toEqual(['rating', 'no ratings']);
    });

    it('404 for an unknown or unpublished bot: an SVG that says not found, or the envelope for JSON clients', async () => {
      const { id: unpublished } = await publish({ published: false });
      for (const id of ['123456789012345678', unpublished]) {
        const image = await t.get(`/api/badge/${id}`);
        const svg = expectSvg(image, 404);
        expect(svgTexts(svg)).toEqual(['bot', 'not found']);
        expect(image.headers.etag).toBeUndefined();
        expect(String(image.headers['cache-control'])).not.toContain('max-age=300');
        // The theme of the page still applies to the error badge.
        expect(expectSvg(await t.get(`/api/badge/${id}?theme=dark`), 404)).not.toContain('prefers-color-scheme');

        expectEnvelope(await t.get(`/api/badge/${id}`, { accept: 'application/json' }), 404, 'not_found');
        expectEnvelope(await t.get(`/api/badge/${id}`, { accept: 'text/html;q=0.5, application/json' }), 404, 'not_found');
        // A browser's <img> Accept (and anything without an explicit JSON preference) gets the image.
        const browser = await t.get(`/api/badge/${id}`, { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' });
        expectSvg(browser, 404);
        expectSvg(await t.get(`/api/badge/${id}`, { accept: '*/*' }), 404);
      }
    });

    it('unpublishing a bot turns its cached badge into a 404 at once', async () => {
      const { id } = await publish();
      expectSvg(await t.get(`/api/badge/${id}`), 200);
      expect((await t.admin('PATCH', `/admin/v1/bots/${id}`, { published: false })).statusCode).toBe(200);
      expectSvg(await t.get(`/api/badge/${id}`), 404);
    });

    it('422 for a bad variant, theme or compact: an SVG, or the envelope naming the field for JSON clients', async () => {
      const { id } = await publish();
      const bad = { variant: ['stars', 'Votes', ''], theme: ['auto', 'blue', 'DARK', ''], compact: ['2', 'yes', ''] };
      for (const [field, values] of Object.entries(bad)) {
        for (const value of values) {
          const url = `/api/badge/${id}${query({ [field]: value })}`;
          const svg = expectSvg(await t.get(url), 422);
          expect(svgTexts(svg), url).toEqual(['bot', 'validation failed']);
          const details = expectEnvelope(await t.get(url, { accept: 'application/json' }), 422, 'validation_failed');
          expect(
            details.map((d) => d.field),
            url,
          ).toEqual([field]);
        }
      }
    });

    it('serves the cached badge for five minutes when nothing tells it about a change', async () => {
      const { id } = await publish({ platformServerCount: 1000 });
      expect(svgTexts(expectSvg(await t.get(`/api/badge/${id}`), 200))).toEqual(['servers', '1k']);
      // Written behind the service's back: no change notification, so only the deadline helps.
      await t.db.query('UPDATE bots SET platform_server_count = 2000 WHERE id = $1', [id]);
      clock.advance(5 * MINUTE - 1000);
      expect(svgTexts((await t.get(`/api/badge/${id}`)).body)).toEqual(['servers', '1k']);
      clock.advance(2000);
      expect(svgTexts((await t.get(`/api/badge/${id}`)).body)).toEqual(['servers', '2k']);
    });

    it('shows a change made through the API at once, with a new ETag', async () => {
      const { id } = await publish({ platformServerCount: 1000 });
      const before = await t.get(`/api/badge/${id}`);
      await t.admin('PATCH', `/admin/v1/bots/${id}`, { platformServerCount: 5000 });
      const after = await t.get(`/api/badge/${id}`, { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(svgTexts(after.body)).toEqual(['servers', '5k']);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });
  });

  describe('GET /api/widget/{id}', () => {
    it('is an HTML document that may be framed anywhere and runs no script', async () => {
      const { id } = await publish();
      const response = await t.get(`/api/widget/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(HTML);
      expect(response.body).toMatch(/^<!DOCTYPE html>/i);
      expect(response.body).not.toMatch(/<script/i);
      expect(response.headers['x-frame-options']).toBeUndefined();

      const csp = cspDirectives(String(response.headers['content-security-policy']));
      expect(csp.get('frame-ancestors')).toEqual(['*']);
      // No script source at all: script-src is absent, so default-src 'none' governs scripts.
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.has('script-src')).toBe(false);
      expect(csp.has('script-src-elem')).toBe(false);
      expect(csp.has('script-src-attr')).toBe(false);
      expect(csp.get('form-action')).toEqual(["'none'"]);

      // Live data: no cache may keep it longer than a minute.
      expect(String(response.headers['cache-control'])).toMatch(/max-age=\d+/);
      expect(maxAge(response)).toBeLessThanOrEqual(60);
      expect(response.headers.etag).toBeDefined();
      const again = await t.get(`/api/widget/${id}`, { 'if-none-match': String(response.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
    });

    it('shows a PATCH and a new vote at once', async () => {
      const { id } = await publish({ name: 'Before Name', platformServerCount: 10 });
      const before = (await t.get(`/api/widget/${id}`)).body;
      expect(before).toContain('Before Name');
      expect(before).toMatch(/<dt>votes\/month<\/dt><dd>0<\/dd>/);

      await t.admin('PATCH', `/admin/v1/bots/${id}`, { name: 'After Name', platformServerCount: 4321 });
      const patched = (await t.get(`/api/widget/${id}`)).body;
      expect(patched).toContain('After Name');
      expect(patched).not.toContain('Before Name');
      expect(patched).toMatch(/<dt>servers<\/dt><dd>4.3k<\/dd>/);

      await vote(id);
      expect((await t.get(`/api/widget/${id}`)).body).toMatch(/<dt>votes\/month<\/dt><dd>1<\/dd>/);
    });

    it('is never older than a minute when nothing tells it about a change', async () => {
      const { id } = await publish({ name: 'Fresh Widget' });
      expect((await t.get(`/api/widget/${id}`)).body).toContain('Fresh Widget');
      await t.db.query(`UPDATE bots SET name = 'Renamed Widget' WHERE id = $1`, [id]);
      clock.advance(MINUTE + 1000);
      expect((await t.get(`/api/widget/${id}`)).body).toContain('Renamed Widget');
    });

    it('links the vote button to SITE_URL/{lang}/bots/{slug} in a new tab', async () => {
      const { id } = await publish({ slugs: { de: 'abstimm-bot', en: 'vote-bot' } });
      for (const [lang, slug] of [
        ['en', 'vote-bot'],
        ['de', 'abstimm-bot'],
      ] as const) {
        const html = (await t.get(`/api/widget/${id}?lang=${lang}`)).body;
        const link = /<a class="vote" href="([^"]+)" target="([^"]+)" rel="([^"]+)"/.exec(html);
        expect(link, lang).not.toBeNull();
        expect(link!.slice(1)).toEqual([`${SITE_URL}/${lang}/bots/${slug}`, '_blank', 'noopener noreferrer']);
      }
    });

    it('defaults to English and the system theme; lang and theme change it', async () => {
      const { id } = await publish({ shortDescription: { de: 'Ein deutscher Text.', en: 'An English text.' } });
      const plain = (await t.get(`/api/widget/${id}`)).body;
      expect(plain).toBe((await t.get(`/api/widget/${id}?lang=en`)).body);
      expect(plain).toContain('<html lang="en">');
      expect(plain).toContain('An English text.');
      expect(plain).toContain('<span>Vote</span>');
      expect(plain).toContain('prefers-color-scheme:dark');

      const german = (await t.get(`/api/widget/${id}?lang=de`)).body;
      expect(german).toContain('<html lang="de">');
      expect(german).toContain('Ein deutscher Text.');
      expect(german).toContain('<span>Abstimmen</span>');
      for (const theme of ['dark', 'light']) {
        expect((await t.get(`/api/widget/${id}?theme=${theme}`)).body).not.toContain('prefers-color-scheme');
      }
    });

    it('404 and 422 as an HTML page for the iframe, or the envelope for JSON clients', async () => {
      const { id } = await publish();
      const cases = [
        { url: '/api/widget/123456789012345678', status: 404, code: 'not_found', text: 'not found' },
        { url: `/api/widget/${id}?lang=fr`, status: 422, code: 'validation_failed', text: 'validation failed' },
        { url: `/api/widget/${id}?theme=auto`, status: 422, code: 'validation_failed', text: 'validation failed' },
      ];
      for (const c of cases) {
        const page = await t.get(c.url);
        expect(page.statusCode, c.url).toBe(c.status);
        expect(page.headers['content-type']).toBe(HTML);
        expect(page.body).toContain(c.text);
        expect(page.body).not.toMatch(/<script/i);
        expect(cspDirectives(String(page.headers['content-security-policy'])).get('frame-ancestors')).toEqual(['*']);
        expectEnvelope(await t.get(c.url, { accept: 'application/json' }), c.status, c.code);
      }
    });
  });

  describe('GET /api/chart/{id}', () => {
    /** Reports `servers` days of history ending yesterday, and today's count. */
    async function botWithHistory(overrides: Record<string, unknown> = {}): Promise<string> {
      const { id } = await publish({ platformServerCount: 5000, ...overrides });
      const points = [];
      for (let back = 400; back >= 1; back -= 1) {
        const day = new Date(clock.now().getTime() - back * 86_400_000).toISOString().slice(0, 10);
        points.push({ day, servers: 4000 + (400 - back) * 2 });
      }
      await historyRepository.upsertMany(t.db, id, points);
      return id;
    }

    it('is an SVG by default: 30 days, the platform source, cached like the history', async () => {
      const id = await botWithHistory();
      const response = await t.get(`/api/chart/${id}`);
      const svg = expectSvg(response, 200);
      expect(svg).toBe(expectSvg(await t.get(`/api/chart/${id}?range=30&theme=auto&format=svg`), 200));
      expect(svgTexts(svg)).toContain('Servers · last 30 days · counted by the platform');
      expect(svgTexts(svg)).toContain('5,000');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers.vary).toMatch(/accept/i);
      expect((await t.get(`/api/chart/${id}`, { 'if-none-match': String(response.headers.etag) })).statusCode).toBe(304);
    });

    it('draws 7, 30, 90 and 365 days in every theme', async () => {
      const id = await botWithHistory();
      for (const range of [7, 30, 90, 365]) {
        for (const theme of ['auto', 'dark', 'light']) {
          const svg = expectSvg(await t.get(`/api/chart/${id}?range=${range}&theme=${theme}`), 200);
          expect(svgTexts(svg)).toContain(`Servers · last ${range} days · counted by the platform`);
          expect(svg.includes('prefers-color-scheme'), `${range} ${theme}`).toBe(theme === 'auto');
        }
      }
    });

    it('is a PNG with format=png or Accept: image/png', async () => {
      const id = await botWithHistory();
      const requests: [string, Record<string, string>][] = [
        [`/api/chart/${id}?format=png`, {}],
        [`/api/chart/${id}?format=png&theme=dark&range=365`, {}],
        [`/api/chart/${id}`, { accept: 'image/png' }],
        [`/api/chart/${id}`, { accept: 'image/png, image/svg+xml;q=0.5' }],
      ];
      for (const [url, headers] of requests) {
        const response = await t.get(url, headers);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE), url).toBe(true);
        // 640 × 320, from the IHDR chunk.
        expect([response.rawPayload.readUInt32BE(16), response.rawPayload.readUInt32BE(20)]).toEqual([640, 320]);
      }
      // An explicit format wins over Accept; a browser's image Accept stays with SVG.
      expect((await t.get(`/api/chart/${id}?format=svg`, { accept: 'image/png' })).headers['content-type']).toBe(SVG);
      const browser = { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' };
      expect((await t.get(`/api/chart/${id}`, browser)).headers['content-type']).toBe(SVG);
      // The SVG and the PNG of one URL are different representations with their own validators.
      const svg = await t.get(`/api/chart/${id}`);
      const png = await t.get(`/api/chart/${id}`, { accept: 'image/png' });
      expect(png.headers.etag).not.toBe(svg.headers.etag);
      expect((await t.get(`/api/chart/${id}`, { accept: 'image/png', 'if-none-match': String(svg.headers.etag) })).statusCode).toBe(200);
    });

    it('422 for a bad range, theme or format; 404 for an unknown bot', async () => {
      const id = await botWithHistory();
      const bad = {
        range: ['0', '14', '31', 'month', '', '-30', '30.5'],
        theme: ['system', 'Dark', ''],
        format: ['gif', 'PNG', 'jpeg', ''],
      };
      for (const [field, values] of Object.entries(bad)) {
        for (const value of values) {
          const url = `/api/chart/${id}${query({ [field]: value })}`;
          expect(svgTexts(expectSvg(await t.get(url), 422)), url).toEqual(['bot', 'validation failed']);
          const details = expectEnvelope(await t.get(url, { accept: 'application/json' }), 422, 'validation_failed');
          expect(
            details.map((d) => d.field),
            url,
          ).toEqual([field]);
        }
      }
      expect(svgTexts(expectSvg(await t.get('/api/chart/123456789012345678'), 404))).toEqual(['bot', 'not found']);
      expectEnvelope(await t.get('/api/chart/123456789012345678', { accept: 'application/json' }), 404, 'not_found');
    });

    it('uses the same source as serverCount: after a stats report the chart says self, with the reported count', async () => {
      const id = await botWithHistory();
      const before = expectSvg(await t.get(`/api/chart/${id}?range=7`), 200);
      expect(svgTexts(before)).toContain('Servers · last 7 days · counted by the platform');
      const { key } = await createKey(t, id, ['stats:write']);
      const report = await t.app.inject({
        method: 'POST',
        url: `/api/v1/bots/${id}/stats`,
        headers: bearer(key),
        payload: { serverCount: 7777 },
      });
      expect(report.statusCode, report.body).toBe(200);
      const after = expectSvg(await t.get(`/api/chart/${id}?range=7`), 200);
      expect(svgTexts(after)).toContain('Servers · last 7 days · reported by the bot');
      expect(svgTexts(after)).toContain('7,777');
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.serverCount).toBe(7777);
      const history = (await t.get(`/api/v1/bots/${id}/history?days=7`)).json<{ source: string; data: { servers: number }[] }>();
      expect(history.source).toBe('self');
      expect(history.data.at(-1)!.servers).toBe(7777);
    });

    it('says so when a bot has no data', async () => {
      const { id } = await publish({ platformServerCount: null, name: 'Quiet Bot' });
      for (const range of [7, 365]) {
        const svg = expectSvg(await t.get(`/api/chart/${id}?range=${range}`), 200);
        expect(svgTexts(svg)).toContain('No data yet');
        expect(svgTexts(svg)).toContain('Quiet Bot');
      }
      const png = await t.get(`/api/chart/${id}?format=png`);
      expect(png.statusCode).toBe(200);
      expect(png.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    });
  });

  it('every asset and its error rendering may be loaded and fetched from any site, with its type as sent', async () => {
    const { id } = await publish();
    const unknown = '99999999999999999';
    for (const url of [
      `/api/badge/${id}`,
      `/api/widget/${id}`,
      `/api/chart/${id}`,
      `/api/chart/${id}?format=png`,
      `/api/badge/${unknown}`,
      `/api/widget/${id}?theme=pink`,
    ]) {
      const response = await t.get(url);
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('the OpenAPI document gives each asset its media type and its query parameters', async () => {
    const doc = (await t.get('/api/v1/openapi.json')).json<{
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }>; parameters: { name: string }[] } }>;
    }>();
    const expected = {
      '/api/badge/{id}': [['image/svg+xml'], ['variant', 'theme', 'compact', 'style', 'label', 'color', 'labelColor', 'logo', 'lang']],
      '/api/badge/{id}/shields.json': [['application/json'], ['variant', 'lang']],
      '/api/widget/{id}': [['text/html'], ['theme', 'lang']],
      '/api/card/{id}.svg': [['image/svg+xml'], ['theme', 'lang']],
      '/api/card/{id}.png': [['image/png'], ['theme', 'lang']],
      '/api/chart/{id}': [
        ['image/svg+xml', 'image/png'],
        ['range', 'theme', 'format', 'scale', 'width', 'height', 'dpr', 'lang'],
      ],
    };
    for (const [path, [types, params]] of Object.entries(expected)) {
      const get = doc.paths[path]!.get;
      expect(Object.keys(get.responses['200']!.content), path).toEqual(types);
      expect(get.parameters.map((p) => p.name).sort(), path).toEqual([...params!, 'id'].sort());
    }
  });

  describe('hostile bot data', () => {
    const ESCAPED_NAME = '&lt;img src=x onerror=alert(1)&gt;';

    it('escapes a hostile name in badge, widget and chart', async () => {
      const { id } = await publish({ name: HOSTILE_NAME });
      for (const variant of VARIANTS) {
        for (const compact of ['0', '1']) {
          const svg = expectSvg(await t.get(`/api/badge/${id}?variant=${variant}&compact=${compact}`), 200);
          expect(svg).not.toContain('<img');
          expect(svg).toContain(`aria-label="${ESCAPED_NAME}: `);
        }
      }
      for (const lang of ['en', 'de']) {
        const html = (await t.get(`/api/widget/${id}?lang=${lang}`)).body;
        expect(html).not.toContain('<img');
        expect(html).toContain(`<span class="name-text" title="${ESCAPED_NAME}">${ESCAPED_NAME}</span>`);
      }
      for (const range of [7, 30]) {
        const svg = expectSvg(await t.get(`/api/chart/${id}?range=${range}`), 200);
        expect(svg).not.toContain('<img');
        expect(svgTexts(svg)[0]).toBe(HOSTILE_NAME);
      }
    });

    it('escapes hostile descriptions, slugs and icon URLs, even ones that bypassed validation', async () => {
      const { id } = await publish();
      // Straight into the database: the management API would refuse most of these.
      await t.db.query(`UPDATE bots SET name = $2, short_description = $3, slugs = $4, icon_url = $5 WHERE id = $1`, [
        id,
        `"'><svg onload=alert(1)>&amp;\u0001`,
        JSON.stringify({ de: '</p><script>alert(1)</script>', en: `<iframe src="javascript:alert(1)"></iframe>` }),
        JSON.stringify({ de: '"><script>alert(1)</script>', en: "javascript:alert(1)//'" }),
        `https://cdn.example.org/a.png");background:url("javascript:alert(1)`,
      ]);
      t.app.changes.emit({ kind: 'bot', botId: id, aspect: 'profile' });
      for (const lang of ['en', 'de'] as const) {
        const html = (await t.get(`/api/widget/${id}?lang=${lang}`)).body;
        expect(html).not.toMatch(/<(script|iframe|svg onload)/i);
        expect(html).toContain('&quot;&#39;&gt;&lt;svg onload=alert(1)&gt;&amp;amp;');
        expect(html).toContain(lang === 'de' ? '&lt;/p&gt;&lt;script&gt;' : '&lt;iframe src=&quot;javascript:alert(1)&quot;&gt;');
        const href = /<a class="vote" href="([^"]+)"/.exec(html)![1]!;
        expect(href.startsWith(`${SITE_URL}/${lang}/bots/`), href).toBe(true);
        expect(decodeEntities(href)).not.toMatch(/["<> ]/);
        // The icon URL stays inside one quoted CSS string.
        const style = /style="background-image:url\((.*?)\)"><\/div>/.exec(html)![1]!;
        expect(decodeEntities(style)).toMatch(/^"[^"]*"$/);
      }
      for (const url of [`/api/badge/${id}`, `/api/badge/${id}?variant=rating&compact=1`, `/api/chart/${id}`]) {
        const svg = expectSvg(await t.get(url), 200);
        expect(svg).not.toMatch(/<svg onload/);
      }
    });
  });

  describe('bad input never makes a 500', () => {
    const routes = {
      badge: ['variant', 'theme', 'compact', 'lang'],
      widget: ['theme', 'lang'],
      chart: ['range', 'theme', 'format', 'lang'],
    } as const;
    const values = [
      '',
      ' ',
      '%00',
      '%C3%28', // broken UTF-8
      '%F0%9F%98%80',
      '%E2%80%AE%E2%80%8B',
      '%ZZ',
      'x'.repeat(10_000),
      '9'.repeat(400),
      '-1',
      '1e309',
      'NaN',
      'null',
      '[]',
      '{}',
      'true',
      '%27%22%3E%3Cscript%3E',
      '..%2F..%2Fetc%2Fpasswd',
    ];
    const ids = [
      '%00',
      '0',
      '-1',
      'abc',
      '%F0%9F%98%80',
      '1'.repeat(17) + '%00',
      '9'.repeat(20),
      '9'.repeat(150),
      '9'.repeat(400),
      '%ZZ',
      '..%2F..',
      '%20',
      "1'%20OR%20'1'='1",
      '__proto__',
      'constructor',
    ];

    function expectHandled(response: LightMyRequestResponse, url: string, allowed: number[]): void {
      expect(allowed, `${url.slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(response.statusCode);
      if (String(response.headers['content-type']).startsWith('image/svg+xml')) expectWellFormedXml(response.body);
    }

    it.each(Object.keys(routes) as (keyof typeof routes)[])('%s: odd query values, repeated and unknown parameters', async (kind) => {
      const { id } = await publish();
      for (const param of [...routes[kind], 'unknown', '__proto__', 'constructor']) {
        const urls = [
          ...values.map((value) => `/api/${kind}/${id}?${param}=${value}`),
          `/api/${kind}/${id}?${param}`,
          `/api/${kind}/${id}?${param}=a&${param}=b`,
          `/api/${kind}/${id}?${param}=dark&${param}=dark`,
          `/api/${kind}/${id}?${param}[]=dark`,
          `/api/${kind}/${id}?${param}[0]=dark&${param}[1]=light`,
          `/api/${kind}/${id}?${'&'.repeat(500)}${param}=1`,
        ];
        for (const url of urls) {
          expectHandled(await t.get(url), url, [200, 422]);
          expectHandled(await t.get(url, { accept: 'application/json' }), url, [200, 422]);
        }
      }
    });

    it.each(Object.keys(routes) as (keyof typeof routes)[])('%s: odd ids', async (kind) => {
      for (const id of ids) {
        const url = `/api/${kind}/${id}`;
        expectHandled(await t.get(url), url, [404, 422]);
        expectHandled(await t.get(url, { accept: 'application/json' }), url, [404, 422]);
      }
    });

    it('odd Accept and If-None-Match headers', async () => {
      const { id } = await publish();
      const headers: Record<string, string>[] = [
        { accept: '' },
        { accept: ';;;,,,q=' },
        { accept: 'application/json;q=abc' },
        { accept: 'image/png;q=2' },
        { accept: `${'image/png,'.repeat(2000)}` },
        { 'if-none-match': '' },
        { 'if-none-match': ',,,' },
        { 'if-none-match': 'W/' },
        { 'if-none-match': '"'.repeat(5000) },
      ];
      for (const kind of Object.keys(routes)) {
        for (const h of headers) {
          const url = `/api/${kind}/${id}`;
          expectHandled(await t.get(url, h), `${url} ${JSON.stringify(h).slice(0, 60)}`, [200]);
        }
      }
    });
  });
});
