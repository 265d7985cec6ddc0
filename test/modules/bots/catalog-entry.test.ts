import { describe, expect, it } from 'vitest';
import { etagOf } from '../../../src/lib/read-cache.js';
import { Slabs } from '../../../src/lib/slabs.js';
import { botOf, toEntry } from '../../../src/modules/bots/catalog-entry.js';
import { bot } from './fixtures.js';

describe('catalog entries', () => {
  it('hold the single answer {data: Bot} as UTF-8 bytes, with the ETag of those bytes', () => {
    const entry = toEntry(new Slabs(), bot(), 7, 3);
    expect(entry.body.toString('utf8')).toBe(`{"data":${JSON.stringify(bot())}}`);
    expect(entry.etag).toBe(etagOf(entry.body));
    expect(entry.expiresAt).toBe(Number.POSITIVE_INFINITY);
    expect(entry).toMatchObject({ id: bot().id, nameLower: 'grüße ✓ 🎵', sortName: 'gruße ✓ 🎵', votesMonth: 3, votesTotal: 40, serverCount: 12, changedUs: 7, seq: 3 });
    expect(entry.publishedAt).toBe(Date.parse('2026-01-02T03:04:05.000Z'));
  });

  it('give back the bot they hold, and copy its JSON (UTF-8, multi-byte characters whole) where a list page asks', () => {
    const slabs = new Slabs();
    toEntry(slabs, bot({ name: 'before' }), 1, 0); // not at the start of its slab
    const entry = toEntry(slabs, bot(), 1, 1);
    expect(botOf(entry)).toEqual(bot());
    const json = Buffer.from(JSON.stringify(bot()), 'utf8');
    expect(entry.jsonLength).toBe(json.length);
    const target = Buffer.alloc(json.length + 4, '#');
    expect(entry.copyJson(target, 2)).toBe(2 + json.length);
    expect(target.toString('utf8')).toBe(`##${JSON.stringify(bot())}##`);
  });

  it('change their answer and ETag with the bot', () => {
    const slabs = new Slabs();
    const before = toEntry(slabs, bot(), 1, 0);
    const after = toEntry(slabs, bot({ votesMonth: 4 }), 2, 0, before);
    expect(after.etag).not.toBe(before.etag);
    expect(botOf(after).votesMonth).toBe(4);
  });

  it('follow a renamed bot, whatever the entry before it held', () => {
    const slabs = new Slabs();
    const before = toEntry(slabs, bot({ name: 'Zeta' }), 1, 0);
    const renamed = toEntry(slabs, bot({ name: 'Été' }), 2, 0, before);
    expect(renamed).toMatchObject({ nameLower: 'été', sortName: 'ete' });
    const again = toEntry(slabs, bot({ name: 'ÉTÉ', votesMonth: 9 }), 3, 0, renamed);
    expect(again).toMatchObject({ nameLower: 'été', sortName: 'ete', votesMonth: 9 });
  });
});
