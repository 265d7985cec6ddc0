import { describe, expect, it } from 'vitest';
import { historyRepository } from '../../../src/modules/history/repository.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends, ManualClock } from '../../helpers.js';
import { expectWellFormedXml } from './render/xml.js';

/** The text of every `<text>` element of an SVG. */
function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
}

describe.each(backends())('the embeds’ lang parameter (%s)', (backend) => {
  const clock = new ManualClock(new Date('2026-11-16T12:00:00.000Z'));
  const t = appPerFile(backend, { clock });

  async function botWithHistory(): Promise<string> {
    const { id } = await putBot(t, { platformServerCount: 1500 });
    const points = [];
    for (let back = 30; back >= 1; back -= 1) {
      const day = new Date(clock.now().getTime() - back * 86_400_000).toISOString().slice(0, 10);
      points.push({ day, servers: 1000 + back });
    }
    await historyRepository.upsertMany(t.db, id, points);
    return id;
  }

  it('/api/chart/{id}?lang=de is German, in SVG and in PNG; lang=en and no lang stay English', async () => {
    const id = await botWithHistory();
    const german = await t.get(`/api/chart/${id}?lang=de`);
    expect(german.statusCode).toBe(200);
    expectWellFormedXml(german.body);
    const labels = svgTexts(german.body);
    expect(labels).toContain('Server · letzte 30 Tage · von der Plattform gezählt');
    expect(labels).toContain('1.500');
    expect(labels).toContain('am 16.11.2026');
    expect(labels).toContain('16. Nov.');
    const english = await t.get(`/api/chart/${id}`);
    expect(svgTexts(english.body)).toContain('Servers · last 30 days · counted by the platform');
    expect((await t.get(`/api/chart/${id}?lang=en`)).body).toBe(english.body);
    // Each language is its own representation: its own bytes, ETag and cache entry.
    expect(german.headers.etag).not.toBe(english.headers.etag);
    expect((await t.get(`/api/chart/${id}?lang=de`)).body).toBe(german.body);
    const pngDe = await t.get(`/api/chart/${id}?lang=de&format=png`);
    const pngEn = await t.get(`/api/chart/${id}?format=png`);
    expect(pngDe.headers['content-type']).toBe('image/png');
    expect(pngDe.rawPayload.equals(pngEn.rawPayload)).toBe(false);
  });

  it('the badge, its shields.io JSON, the card and the widget speak German with lang=de', async () => {
    const { id } = await putBot(t, { platformServerCount: 12_345 });
    expect(svgTexts((await t.get(`/api/badge/${id}?lang=de`)).body)).toEqual(['Server', '12,3k']);
    expect(svgTexts((await t.get(`/api/badge/${id}?variant=votes&lang=de`)).body)).toEqual(['Stimmen', '0/Monat']);
    expect(svgTexts((await t.get(`/api/badge/${id}`)).body)).toEqual(['servers', '12.3k']);
    expect((await t.get(`/api/badge/${id}/shields.json?variant=rating&lang=de`)).json()).toMatchObject({
      label: 'Bewertung',
      message: 'keine Bewertungen',
    });
    expect(svgTexts((await t.get(`/api/card/${id}.svg?lang=de`)).body)).toEqual(expect.arrayContaining(['Server', 'Stimmen/Monat']));
    expect((await t.get(`/api/widget/${id}?lang=de`)).body).toContain('<dt>Stimmen/Monat</dt>');
  });

  it('an embed that cannot be shown says so in its language; a bad lang is a 422 (in English)', async () => {
    const unknown = '123456789012345678';
    for (const path of [`/api/badge/${unknown}`, `/api/chart/${unknown}`, `/api/card/${unknown}.svg`]) {
      const german = await t.get(`${path}?lang=de`);
      expect(german.statusCode, path).toBe(404);
      expect(svgTexts(german.body), path).toEqual(['Bot', 'nicht gefunden']);
      expect(german.body).toContain('<title>Bot: nicht gefunden</title>');
      expect(svgTexts((await t.get(path)).body), path).toEqual(['bot', 'not found']);
    }
    const page = await t.get(`/api/widget/${unknown}?lang=de`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Bot-Widget: nicht gefunden');
    const { id } = await putBot(t);
    for (const path of [`/api/badge/${id}`, `/api/chart/${id}`, `/api/card/${id}.svg`]) {
      const refused = await t.get(`${path}?lang=fr`);
      expect(refused.statusCode, path).toBe(422);
      expect(svgTexts(refused.body), path).toEqual(['bot', 'validation failed']);
      const json = await t.get(`${path}?lang=fr`, { accept: 'application/json' });
      expect(json.json().error.details).toEqual([expect.objectContaining({ field: 'lang' })]);
    }
    // Another parameter refused while lang=de is valid: the badge says it in German.
    expect(svgTexts((await t.get(`/api/badge/${id}?lang=de&variant=nope`)).body)).toEqual(['Bot', 'ungültige Anfrage']);
  });
});
