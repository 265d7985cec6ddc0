import type { Bot } from '../../../src/modules/bots/schemas.js';

/** A published bot with text that needs escaping and multi-byte characters; `overrides` change any field. */
export function bot(overrides: Partial<Bot> = {}): Bot {
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
