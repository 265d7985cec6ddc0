/** Issue 16 over HTTP: badge styles and options, shields.io endpoint JSON, the SVG card, chart options. */
import { historyRepository } from '../../../src/modules/history/repository.js';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_HEIGHTS, CHART_SIZE_LIMITS } from '../../../src/modules/embeds/render/index.js';
import { botBody } from '../../fixtures.js';
import { backends, ManualClock, testApp, type TestApp } from '../../helpers.js';
import { HOSTILE_NAME } from './render/fixtures.js';
import { expectWellFormedXml } from './render/xml.js';
import { SHIELDS_COLOUR, validateShieldsEndpoint } from './shields-schema.js';

const SVG = 'image/svg+xml; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const STYLES = ['flat', 'flat-square', 'for-the-badge', 'plastic', 'social'] as const;
const VARIANTS = ['servers', 'votes', 'rating', 'votes_total', 'status', 'rating_stars'] as const;
const DATA_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

function expectSvg(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  expect(response.headers['content-type']).toBe(SVG);
  expectWellFormedXml(response.body);
  return response.body;
}

function svgSize(svg: string): [number, number] {
  const match = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg)!;
  return [Number(match[1]), Number(match[2])];
}

function expectEnvelope(response: LightMyRequestResponse, status: number, field?: string): void {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  expect(response.headers['content-type']).toBe(JSON_TYPE);
  const body = response.json<{ error: { code: string; details?: { field: string }[] } }>();
  expect(body.error.code).toBe(status === 404 ? 'not_found' : 'validation_failed');
  if (field) expect(body.error.details?.map((detail) => detail.field)).toEqual([field]);
}

const query = (params: Record<string, string>): string => `?${new URLSearchParams(params).toString()}`;

describe.each(backends())('embed options (%s)', (backend) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-16T12:00:00.000Z'));

  beforeAll(async () => {
    t = await testApp(backend, { clock, env: { SITE_URL: 'https://bots.example.org' } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function publish(overrides: Record<string, unknown> = {}): Promise<string> {
    const bot = botBody(overrides);
    const response = await t.admin('PUT', `/admin/v1/bots/${bot.id}`, bot.body);
    expect(response.statusCode, response.body).toBe(201);
    return bot.id;
  }

  describe('badge', () => {
    it('draws every style × variant with the style’s height; style=flat is today’s badge, byte for byte', async () => {
      const id = await publish({ platformServerCount: 12_345, isVerified: true });
      const plain = await t.get(`/api/badge/${id}`);
      const flat = await t.get(`/api/badge/${id}?style=flat&logo=0`);
      expect(flat.body).toBe(plain.body);
      expect(flat.headers.etag).toBe(plain.headers.etag);
      for (const style of STYLES) {
        for (const variant of VARIANTS) {
          const response = await t.get(`/api/badge/${id}${query({ style, variant })}`);
          const svg = expectSvg(response, 200);
          expect(svgSize(svg)[1], `${style} ${variant}`).toBe(BADGE_HEIGHTS[style]);
          expect(response.headers['cache-control']).toBe('public, max-age=300');
        }
      }
      expect(svgTexts(expectSvg(await t.get(`/api/badge/${id}?variant=status`), 200))).toEqual(['status', 'verified']);
    });

    it('takes a label, colours (hex or palette name) and a logo; the same colour by two names is one picture', async () => {
      const id = await publish();
      const svg = expectSvg(
        await t.get(`/api/badge/${id}${query({ label: 'Música 🎵', color: 'e05d44', labelColor: '#333', logo: '1' })}`),
        200,
      );
      expect(svgTexts(svg)[0]).toBe('Música 🎵');
      expect(svg).toContain('fill="#e05d44"');
      expect(svg).toMatch(/<path transform="translate\(6 3\)"/);
      const byHex = await t.get(`/api/badge/${id}?color=e05d44`);
      const byName = await t.get(`/api/badge/${id}?color=red`);
      expect(byName.body).toBe(byHex.body);
      expect(byName.headers.etag).toBe(byHex.headers.etag);
      // An empty label drops the label section, as shields.io does.
      expect(svgTexts(expectSvg(await t.get(`/api/badge/${id}?label=`), 200))).toEqual(['100']);
    });

    it("shows the bot's icon only when it is stored as data; never fetches one", async () => {
      const id = await publish();
      expect(expectSvg(await t.get(`/api/badge/${id}?logo=1`), 200)).not.toContain('<image');
      // The management API stores http(s) icons only; a data: icon can only come from the database.
      await t.db.query('UPDATE bots SET icon_url = $2 WHERE id = $1', [id, DATA_PNG]);
      t.app.changes.emit({ kind: 'bot', botId: id, aspect: 'profile' });
      expect(expectSvg(await t.get(`/api/badge/${id}?logo=1`), 200)).toContain(`href="${DATA_PNG}"`);
    });

    it('422 for a bad style, label, colour or logo, as an SVG (in the asked style when that was valid) or the envelope', async () => {
      const id = await publish();
      const bad: Record<string, string[]> = {
        style: ['FLAT', 'shields', 'flat ', ''],
        label: ['x'.repeat(41), 'tab\there', 'nul\u0000', 'bell\u0007', 'del\u007f'],
        color: ['red" onload="alert(1)', 'url(#x)', 'rgb(1,2,3)', 'Red', '12345', '#1234567', '', '__proto__', 'javascript:alert(1)'],
        labelColor: ['"><script>alert(1)</script>', 'transparent', 'ggg'],
        logo: ['yes', '2', ''],
      };
      for (const [field, values] of Object.entries(bad)) {
        for (const value of values) {
          const url = `/api/badge/${id}${query({ [field]: value })}`;
          const svg = expectSvg(await t.get(url), 422);
          expect(svgTexts(svg), url).toEqual(['bot', 'validation failed']);
          expect(svg, url).not.toMatch(/onload|<script|url\(#x\)|javascript/);
          expectEnvelope(await t.get(url, { accept: 'application/json' }), 422, field);
        }
      }
      // Forty characters are fine; the error badge keeps a valid style.
      expectSvg(await t.get(`/api/badge/${id}${query({ label: 'é'.repeat(40) })}`), 200);
      const styled = expectSvg(await t.get(`/api/badge/${id}?style=for-the-badge&color=nope`), 422);
      expect(svgSize(styled)[1]).toBe(28);
      expect(svgTexts(styled)).toEqual(['BOT', 'VALIDATION FAILED']);
    });

    it('escapes a hostile label and bot name', async () => {
      const id = await publish({ name: HOSTILE_NAME });
      for (const style of STYLES) {
        const svg = expectSvg(await t.get(`/api/badge/${id}${query({ style, label: '<img src=x onerror=alert(1)>' })}`), 200);
        expect(svg).not.toContain('<img');
        expect(svg).toContain('&lt;');
      }
    });

    it('404 for an unknown bot in the asked style', async () => {
      const svg = expectSvg(await t.get('/api/badge/123456789012345678?style=social'), 404);
      expect(svgTexts(svg)).toEqual(['Bot', 'not found']);
    });
  });

  describe('shields.io endpoint', () => {
    it('answers the endpoint-badge schema for every variant, cached like the badge, with ETag and 304', async () => {
      const id = await publish({ platformServerCount: 98_765, isVerified: true });
      for (const variant of VARIANTS) {
        const response = await t.get(`/api/badge/${id}/shields.json?variant=${variant}`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe(JSON_TYPE);
        expect(response.headers['cache-control']).toBe('public, max-age=300');
        expect(response.headers['access-control-allow-origin']).toBe('*');
        const json = response.json();
        expect(validateShieldsEndpoint(json), JSON.stringify(validateShieldsEndpoint.errors)).toBe(true);
        expect(json.color).toMatch(SHIELDS_COLOUR);
        expect(json.cacheSeconds).toBe(300);
        const again = await t.get(`/api/badge/${id}/shields.json?variant=${variant}`, { 'if-none-match': String(response.headers.etag) });
        expect(again.statusCode).toBe(304);
      }
      expect((await t.get(`/api/badge/${id}/shields.json`)).json()).toEqual({
        schemaVersion: 1,
        label: 'servers',
        message: '98.7k',
        color: '1a7f37',
        cacheSeconds: 300,
      });
    });

    it('follows a change at once', async () => {
      const id = await publish({ platformServerCount: 1000 });
      expect((await t.get(`/api/badge/${id}/shields.json`)).json().message).toBe('1k');
      await t.admin('PATCH', `/admin/v1/bots/${id}`, { platformServerCount: 5000 });
      expect((await t.get(`/api/badge/${id}/shields.json`)).json().message).toBe('5k');
    });

    it('errors are the JSON envelope whatever Accept says (shields.io reads JSON)', async () => {
      const id = await publish();
      for (const accept of [undefined, 'image/svg+xml', '*/*']) {
        const headers: Record<string, string> = accept ? { accept } : {};
        expectEnvelope(await t.get('/api/badge/123456789012345678/shields.json', headers), 404);
        expectEnvelope(await t.get('/api/badge/abc/shields.json', headers), 404);
        expectEnvelope(await t.get(`/api/badge/${id}/shields.json?variant=stars`, headers), 422, 'variant');
        expectEnvelope(await t.get(`/api/badge/${id}/shields.json?variant=a&variant=b`, headers), 422, 'variant');
      }
      const unpublished = await publish({ published: false });
      expectEnvelope(await t.get(`/api/badge/${unpublished}/shields.json`), 404);
    });
  });

  describe('card', () => {
    it('is an SVG of 420 × 140 in every theme and language, live like the widget', async () => {
      const id = await publish({ name: 'Card Bot', platformServerCount: 4321, isVerified: true });
      const plain = await t.get(`/api/card/${id}.svg`);
      const svg = expectSvg(plain, 200);
      expect(plain.headers['cache-control']).toBe('public, max-age=60');
      expect(plain.headers['x-content-type-options']).toBe('nosniff');
      expect(svgTexts(svg)).toEqual(expect.arrayContaining(['Card Bot', '4.3k', 'servers']));
      expect(svg).toContain('prefers-color-scheme');
      expect(expectSvg(await t.get(`/api/card/${id}.svg?theme=auto`), 200)).toBe(svg);
      for (const theme of ['light', 'dark']) {
        for (const lang of ['en', 'de']) {
          const themed = expectSvg(await t.get(`/api/card/${id}.svg?theme=${theme}&lang=${lang}`), 200);
          expect(svgSize(themed)).toEqual([420, 140]);
          expect(themed).not.toContain('prefers-color-scheme');
          expect(svgTexts(themed)).toContain(lang === 'de' ? 'Server' : 'servers');
        }
      }
      expect((await t.get(`/api/card/${id}.svg`, { 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(304);
      await t.admin('PATCH', `/admin/v1/bots/${id}`, { name: 'Renamed Card' });
      expect(svgTexts(expectSvg(await t.get(`/api/card/${id}.svg`), 200))).toContain('Renamed Card');
    });

    it('404 and 422 render as an SVG badge, or the envelope for JSON clients', async () => {
      const id = await publish();
      expect(svgTexts(expectSvg(await t.get('/api/card/123456789012345678.svg'), 404))).toEqual(['bot', 'not found']);
      expect(svgTexts(expectSvg(await t.get('/api/card/abc.svg'), 404))).toEqual(['bot', 'not found']);
      for (const [field, value] of [
        ['theme', 'blue'],
        ['lang', 'fr'],
        ['theme', ''],
      ]) {
        const url = `/api/card/${id}.svg?${field}=${value}`;
        expect(svgTexts(expectSvg(await t.get(url), 422))).toEqual(['bot', 'validation failed']);
        expectEnvelope(await t.get(url, { accept: 'application/json' }), 422, field);
      }
      // Without the .svg the path is not a route (404 envelope, as any unknown path).
      expect((await t.get(`/api/card/${id}`)).statusCode).toBe(404);
    });

    it('counts in the embeds rate-limit bucket', async () => {
      const id = await publish();
      const card = await t.get(`/api/card/${id}.svg`);
      const badge = await t.get(`/api/badge/${id}`);
      expect(card.headers['x-ratelimit-limit']).toBe(badge.headers['x-ratelimit-limit']);
      expect(Number(card.headers['x-ratelimit-remaining'])).toBe(Number(badge.headers['x-ratelimit-remaining']) + 1);
    });
  });

  describe('chart', () => {
    async function botWithHistory(days: number, servers: (back: number) => number): Promise<string> {
      const id = await publish({ platformServerCount: null });
      const points = [];
      for (let back = days; back >= 1; back--) {
        const day = new Date(clock.now().getTime() - back * 86_400_000).toISOString().slice(0, 10);
        points.push({ day, servers: servers(back) });
      }
      await historyRepository.upsertMany(t.db, id, points);
      t.app.changes.emit({ kind: 'bot', botId: id, aspect: 'profile' });
      return id;
    }

    const ticks = (svg: string): number[] =>
      [...svg.matchAll(/<text [^>]*font-size="11" text-anchor="end"[^>]*>(\d+)<\/text>/g)].map((match) => Number(match[1]));

    it('scale: auto (default) keeps a fifth of the top value in view, zero starts at 0', async () => {
      const id = await botWithHistory(30, (back) => 640 - Math.round(back / 2));
      const auto = expectSvg(await t.get(`/api/chart/${id}`), 200);
      expect(expectSvg(await t.get(`/api/chart/${id}?scale=auto`), 200)).toBe(auto);
      expect(Math.min(...ticks(auto))).toBeLessThanOrEqual(512);
      expect(Math.min(...ticks(expectSvg(await t.get(`/api/chart/${id}?scale=zero`), 200)))).toBe(0);
    });

    it('width, height and dpr: SVG at the asked size, PNG at dpr × that size; dpr does not change an SVG', async () => {
      const id = await botWithHistory(40, (back) => 1000 + back);
      const svg = expectSvg(await t.get(`/api/chart/${id}?width=400&height=200`), 200);
      expect(svgSize(svg)).toEqual([400, 200]);
      expect(expectSvg(await t.get(`/api/chart/${id}?width=400&height=200&dpr=2`), 200)).toBe(svg);
      for (const [params, size] of [
        ['', [640, 320]],
        ['&dpr=2', [1280, 640]],
        ['&width=640&height=320&dpr=2', [1280, 640]],
        ['&width=1280&height=640', [1280, 640]],
        ['&width=320&height=200', [320, 200]],
      ] as const) {
        const png = await t.get(`/api/chart/${id}?format=png${params}`);
        expect(png.statusCode).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        expect([png.rawPayload.readUInt32BE(16), png.rawPayload.readUInt32BE(20)], params).toEqual(size);
      }
    });

    it('422 outside the bounds and for other dpr values', async () => {
      const id = await botWithHistory(3, () => 10);
      const { width, height } = CHART_SIZE_LIMITS;
      const bad: Record<string, string[]> = {
        width: [`${width.min - 1}`, `${width.max + 1}`, '640.5', 'wide', ''],
        height: [`${height.min - 1}`, `${height.max + 1}`, '-320', 'tall'],
        dpr: ['3', '0', '1.5', 'retina'],
        scale: ['log', 'Zero', ''],
      };
      for (const [field, values] of Object.entries(bad)) {
        for (const value of values) {
          const url = `/api/chart/${id}${query({ [field]: value })}`;
          expect(svgTexts(expectSvg(await t.get(url), 422)), url).toEqual(['bot', 'validation failed']);
          expectEnvelope(await t.get(url, { accept: 'application/json' }), 422, field);
        }
      }
      expectSvg(await t.get(`/api/chart/${id}?width=${width.max}&height=${height.min}`), 200);
      // A PNG stays within 1280 × 640 device pixels: dpr 2 only up to 640 × 320. An SVG has no such bound.
      for (const params of ['width=641&dpr=2', 'height=321&dpr=2', 'width=1280&height=640&dpr=2']) {
        const url = `/api/chart/${id}?format=png&${params}`;
        expect(svgTexts(expectSvg(await t.get(url), 422)), url).toEqual(['bot', 'validation failed']);
        expectEnvelope(await t.get(url, { accept: 'application/json' }), 422, 'dpr');
        expectSvg(await t.get(`/api/chart/${id}?${params}`), 200);
      }
    });

    it('says "collecting data since …" for a new bot: one day, today’s live count', async () => {
      const id = await publish({ platformServerCount: 77 });
      const svg = expectSvg(await t.get(`/api/chart/${id}?range=90`), 200);
      expect(svgTexts(svg)).toContain(`Collecting data since ${clock.now().toISOString().slice(0, 10)}`);
      expect(svgTexts(svg)).toContain('77');
      // The next day's count starts the line.
      const day = clock.now().toISOString().slice(0, 10);
      await historyRepository.upsertMany(t.db, id, [{ day, servers: 77 }]);
      clock.advance(86_400_000);
      try {
        t.app.changes.emit({ kind: 'bot', botId: id, aspect: 'profile' });
        expect(expectSvg(await t.get(`/api/chart/${id}?range=90`), 200)).toContain('<circle');
      } finally {
        clock.advance(-86_400_000);
      }
    });
  });

  describe('bad input never makes a 500', () => {
    const values = [
      '',
      ' ',
      '%00',
      '%C3%28',
      '%F0%9F%98%80',
      'x'.repeat(5000),
      '9'.repeat(400),
      '-1',
      'NaN',
      '[]',
      '%27%22%3E%3Cscript%3E',
      '%23',
      '%23%23fff',
    ];
    const routes: Record<string, string[]> = {
      badge: ['style', 'label', 'color', 'labelColor', 'logo', 'variant'],
      shields: ['variant'],
      card: ['theme', 'lang'],
      chart: ['scale', 'width', 'height', 'dpr'],
    };
    const path = (kind: string, id: string): string =>
      kind === 'shields' ? `/api/badge/${id}/shields.json` : kind === 'card' ? `/api/card/${id}.svg` : `/api/${kind}/${id}`;

    it.each(Object.keys(routes))('%s: odd values, repeated and bracketed parameters', async (kind) => {
      const id = await publish();
      for (const param of routes[kind]!) {
        const urls = [
          ...values.map((value) => `${path(kind, id)}?${param}=${value}`),
          `${path(kind, id)}?${param}=a&${param}=b`,
          `${path(kind, id)}?${param}[]=1`,
        ];
        for (const url of urls) {
          for (const headers of [{}, { accept: 'application/json' }] as Record<string, string>[]) {
            const response = await t.get(url, headers);
            expect([200, 422], `${url.slice(0, 100)} → ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(
              response.statusCode,
            );
            if (String(response.headers['content-type']).startsWith('image/svg+xml')) expectWellFormedXml(response.body);
          }
        }
      }
    });

    it.each(['%00', '0', 'abc', '9'.repeat(400), '..%2F..', '%ZZ'])('odd ids on the new paths: %s', async (id) => {
      for (const url of [`/api/badge/${id}/shields.json`, `/api/card/${id}.svg`]) {
        const response = await t.get(url);
        expect([404, 422], `${url} → ${response.statusCode}`).toContain(response.statusCode);
      }
    });
  });
});
