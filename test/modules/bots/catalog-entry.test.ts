import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { etagOf } from '../../../src/lib/answers/index.js';
import { botOf, toEntry, withCounts } from '../../../src/modules/bots/catalog-entry.js';
import { bot } from './fixtures.js';

describe('catalog entries', () => {
  it('hold the single answer {data: Bot} as UTF-8 bytes, with the ETag of those bytes', () => {
    const entry = toEntry(bot(), 7, 3);
    expect(entry.body.toString('utf8')).toBe(`{"data":${JSON.stringify(bot())}}`);
    expect(entry.etag).toBe(etagOf(entry.body));
    expect(entry.whole).toBe(true);
    expect(entry).toMatchObject({
      id: bot().id,
      nameLower: 'grüße ✓ 🎵',
      sortName: 'gruße ✓ 🎵',
      votesMonth: 3,
      votesTotal: 40,
      serverCount: 12,
      changedUs: 7,
      seq: 3,
    });
    expect(entry.publishedAt).toBe(Date.parse('2026-01-02T03:04:05.000Z'));
  });

  it('give back the bot they hold, and copy its JSON (UTF-8, multi-byte characters whole) where a list page asks', () => {
    const entry = toEntry(bot(), 1, 0);
    expect(botOf(entry)).toEqual(bot());
    const json = Buffer.from(JSON.stringify(bot()), 'utf8');
    expect(entry.json.length).toBe(json.length);
    const target = Buffer.alloc(json.length + 4, '#');
    expect(entry.json.copyTo(target, 2)).toBe(2 + json.length);
    expect(target.toString('utf8')).toBe(`##${JSON.stringify(bot())}##`);
  });

  it('change their answer and ETag with the bot', () => {
    const before = toEntry(bot(), 1, 0);
    const after = toEntry(bot({ votesMonth: 4 }), 2, 0);
    expect(after.etag).not.toBe(before.etag);
    expect(botOf(after).votesMonth).toBe(4);
  });

  it('follow a renamed bot, whatever the entry before it held', () => {
    const before = toEntry(bot({ name: 'Zeta' }), 1, 0);
    const renamed = toEntry(bot({ name: 'Été' }), 2, 0, before);
    expect(renamed).toMatchObject({ nameLower: 'été', sortName: 'ete' });
    const again = toEntry(bot({ name: 'ÉTÉ', votesMonth: 9 }), 3, 0, renamed);
    expect(again).toMatchObject({ nameLower: 'été', sortName: 'ete', votesMonth: 9 });
    expect(toEntry(bot({ id: '999999999999999999', name: 'Other' }), 4, 1, again)).toMatchObject({
      id: '999999999999999999',
      nameLower: 'other',
    });
  });

  it('with other counts are byte for byte what the changed bot makes, whatever its text (property)', () => {
    // Text that looks like the counts' keys, quotes, backslashes, braces, commas and non-ASCII characters.
    const tricky = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.constantFrom('"votesTotal":1,', '\\"votesMonth\\":', '{"serverCount":9}', 'shardCount}', '"', '\\', ',}', 'Grüße 🎵'),
    );
    const count = fc.integer({ min: 0, max: 2_147_483_647 });
    fc.assert(
      fc.property(
        fc.record({ name: tricky, de: tricky, en: tricky, prefix: tricky, tag: tricky }),
        fc.record({ votesTotal: count, votesMonth: count, serverCount: count, shardCount: fc.integer({ min: 1, max: 2_147_483_647 }) }),
        fc.record(
          { votesTotal: count, votesMonth: count, serverCount: count, shardCount: fc.integer({ min: 1, max: 2_147_483_647 }) },
          { requiredKeys: [] },
        ),
        (text, before, counts) => {
          const original = bot({
            name: text.name,
            shortDescription: { de: text.de, en: text.en },
            prefix: text.prefix,
            tags: [text.tag],
            ...before,
          });
          const patched = withCounts(toEntry(original, 1, 5), counts, 2);
          const rebuilt = toEntry({ ...original, ...counts }, 2, 5);
          expect(patched.body.equals(rebuilt.body)).toBe(true);
          expect(patched.etag).toBe(rebuilt.etag);
          const fields = (e: typeof patched) => ({ ...e, etag: e.etag, body: undefined, tag: undefined });
          expect(fields(patched)).toEqual(fields(rebuilt));
        },
      ),
      { numRuns: 300 },
    );
  });
});
