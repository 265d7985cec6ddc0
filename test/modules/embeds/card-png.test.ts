import { describe, expect, it } from 'vitest';
import { CARD_PNG_HEIGHT, CARD_PNG_WIDTH, renderCardPng } from '../../../src/modules/embeds/render/index.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends } from '../../helpers.js';
import { HOSTILE_NAME, makeBot } from './render/fixtures.js';
import { expectWellFormedXml } from './render/xml.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the PNG's IHDR chunk, which follows the signature. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('renderCardPng', () => {
  it('draws the card at 1200 × 630, the same bytes for the same bot, another picture per theme and language', () => {
    const bot = makeBot();
    const light = renderCardPng(bot, { theme: 'light', lang: 'en' });
    expect([CARD_PNG_WIDTH, CARD_PNG_HEIGHT]).toEqual([1200, 630]);
    expect(pngSize(light)).toEqual([1200, 630]);
    expect(renderCardPng(bot, { theme: 'light', lang: 'en' }).equals(light)).toBe(true);
    expect(renderCardPng(bot, { theme: 'dark', lang: 'en' }).equals(light)).toBe(false);
    expect(renderCardPng(bot, { theme: 'light', lang: 'de' }).equals(light)).toBe(false);
    expect(renderCardPng(makeBot({ name: 'Harmony' }), { theme: 'light', lang: 'en' }).equals(light)).toBe(false);
  });

  it('draws hostile and unusual text as text', () => {
    for (const name of [HOSTILE_NAME, ']]><!--', '\u0000\u0007 bell', '🎵'.repeat(60)]) {
      const png = renderCardPng(makeBot({ name, shortDescription: { en: `${name} & </text></svg>`, de: name } }), {
        theme: 'dark',
        lang: 'en',
      });
      expect(pngSize(png), name).toEqual([1200, 630]);
    }
  });
});

for (const backend of backends()) {
  describe(`GET /api/card/{id}.png (${backend})`, () => {
    const t = appPerFile(backend);

    it('is a PNG of 1200 × 630, kept five minutes, with an ETag that answers 304', async () => {
      const { id } = await putBot(t, { name: HOSTILE_NAME });
      const response = await t.get(`/api/card/${id}.png`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(pngSize(response.rawPayload)).toEqual([1200, 630]);
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"/);
      const again = await t.get(`/api/card/${id}.png`, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('takes the SVG card’s lang and theme; auto is the light picture', async () => {
      const { id } = await putBot(t);
      const get = async (query: string) => (await t.get(`/api/card/${id}.png${query}`)).rawPayload;
      const plain = await get('');
      expect((await get('?theme=auto&lang=en')).equals(plain)).toBe(true);
      expect((await get('?theme=light')).equals(plain)).toBe(true);
      expect((await get('?theme=dark')).equals(plain)).toBe(false);
      expect((await get('?lang=de')).equals(plain)).toBe(false);
    });

    it('shows a change of the bot at once', async () => {
      const { id } = await putBot(t);
      const before = (await t.get(`/api/card/${id}.png`)).rawPayload;
      expect((await t.admin('PATCH', `/admin/v1/bots/${id}`, { name: 'Renamed' })).statusCode).toBe(200);
      expect((await t.get(`/api/card/${id}.png`)).rawPayload.equals(before)).toBe(false);
    });

    it('answers an unknown or unpublished bot and a bad parameter as the SVG card does: an image saying so', async () => {
      const { id } = await putBot(t, { published: false });
      for (const [url, status] of [
        [`/api/card/${id}.png`, 404],
        ['/api/card/123.png', 404],
        ['/api/card/%3Cscript%3E.png', 404],
        [`/api/card/${id}.png?theme=%3Cb%3E`, 422],
        [`/api/card/${id}.png?lang=fr`, 422],
      ] as const) {
        const response = await t.get(url);
        expect(response.statusCode, url).toBe(status);
        expect(response.headers['content-type'], url).toBe('image/svg+xml; charset=utf-8');
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expectWellFormedXml(response.body);
        expect(response.body).not.toContain('<b>');
      }
      const json = await t.get(`/api/card/${id}.png`, { accept: 'application/json' });
      expect(json.statusCode).toBe(404);
      expect(json.json()).toMatchObject({ error: { code: 'not_found' } });
    });
  });
}
