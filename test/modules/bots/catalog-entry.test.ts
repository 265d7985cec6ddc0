import { describe, expect, it } from 'vitest';
import { etagOf } from '../../../src/lib/read-cache.js';
import { botJsonOf, botOf, toEntry } from '../../../src/modules/bots/catalog-entry.js';
import type { Bot } from '../../../src/modules/bots/schemas.js';

function bot(overrides: Partial<Bot> = {}): Bot {
  return {
    id: '100000000000000001',
    name: 'Grüße ✓ 🎵',
    slugs: { de: 'gruesse', en: 'greetings' },
    shortDescription: { de: 'Sagt „Hallo“', en: 'Says "hello" </script>' },
    prefix: '!',
    pricing: 'free',
    iconUrl: 'https://cdn.example.org/i.png',
    bannerUrl: null,
    inviteUrl: 'https://discord.com/oauth2/authorize?client_id=1',
    supportServerUrl: 'https://discord.gg/abc',
    websiteUrl: 'https://example.org',
    categories: ['music'],
    tags: ['müsik'],
    owners: ['200000000000000002'],
    serverCount: 12,
    shardCount: 1,
    votesTotal: 40,
    votesMonth: 3,
    rating: { average: 4.5, count: 2 },
    isVerified: true,
    publishedAt: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}

describe('catalog entries', () => {
  it('hold the single answer {data: Bot} as UTF-8 bytes, with the ETag of those bytes', () => {
    const entry = toEntry(bot(), 7, 3);
    expect(entry.body.toString('utf8')).toBe(`{"data":${JSON.stringify(bot())}}`);
    expect(entry.etag).toBe(etagOf(entry.body));
    expect(entry.expiresAt).toBe(Number.POSITIVE_INFINITY);
    expect(entry).toMatchObject({ id: bot().id, nameLower: 'grüße ✓ 🎵', sortName: 'gruße ✓ 🎵', votesMonth: 3, votesTotal: 40, serverCount: 12, changedUs: 7, seq: 3 });
    expect(entry.publishedAt).toBe(Date.parse('2026-01-02T03:04:05.000Z'));
  });

  it('give back the bot they hold, and its JSON without a copy for list pages', () => {
    const entry = toEntry(bot(), 1, 0);
    expect(botOf(entry)).toEqual(bot());
    expect(botJsonOf(entry).toString('utf8')).toBe(JSON.stringify(bot()));
    expect(botJsonOf(entry).buffer).toBe(entry.body.buffer);
  });

  it('change their answer and ETag with the bot', () => {
    const before = toEntry(bot(), 1, 0);
    const after = toEntry(bot({ votesMonth: 4 }), 2, 0);
    expect(after.etag).not.toBe(before.etag);
    expect(botOf(after).votesMonth).toBe(4);
  });
});
