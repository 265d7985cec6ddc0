import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface SampleBot {
  id: string;
  name: string;
  published: boolean;
  [field: string]: unknown;
}

export const SAMPLE_FILE = fileURLToPath(new URL('../../shared/data/bots.sample.json', import.meta.url));

export function sampleBots(): SampleBot[] {
  return JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')) as SampleBot[];
}

let counter = 0;

/** A valid management PUT body with a fresh id; override any field. */
export function botBody(overrides: Record<string, unknown> = {}): { id: string; body: Record<string, unknown> } {
  counter += 1;
  const id = `${100000000000000000n + BigInt(Date.now() % 1e9) * 1000n + BigInt(counter)}`;
  return {
    id,
    body: {
      name: `Test Bot ${counter}`,
      slugs: { de: `test-bot-${counter}`, en: `test-bot-${counter}` },
      shortDescription: { de: 'Ein Testbot.', en: 'A test bot.' },
      prefix: '!',
      pricing: 'free',
      iconUrl: 'https://cdn.example.org/icon.png',
      bannerUrl: null,
      inviteUrl: 'https://discord.com/oauth2/authorize?client_id=1',
      supportServerUrl: 'https://discord.gg/example',
      websiteUrl: 'https://example.org',
      categories: ['utility'],
      tags: ['test'],
      owners: ['123456789012345678'],
      isVerified: false,
      published: true,
      platformServerCount: 100,
      platformShardCount: 1,
      ...overrides,
    },
  };
}
