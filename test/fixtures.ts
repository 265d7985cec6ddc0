import { readFileSync } from 'node:fs';
import { sampleDataFile } from '../scripts/sample-data.js';

export interface SampleBot {
  id: string;
  name: string;
  published: boolean;
  [field: string]: unknown;
}

export const SAMPLE_FILE = sampleDataFile('bots.sample.json');

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

/** A short token unique within this test process, for names that a `search` can single out. */
export function uniqueToken(): string {
  counter += 1;
  return `zq${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

interface AdminClient {
  admin(method: 'PUT', url: string, payload: unknown): Promise<{ statusCode: number; body: string; json(): any }>;
}

/** Creates a bot through the management API (fails the test unless it answers 201). */
export async function putBot(
  t: AdminClient,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; body: Record<string, unknown>; bot: Record<string, any> }> {
  const { id, body } = botBody(overrides);
  const response = await t.admin('PUT', `/admin/v1/bots/${id}`, body);
  if (response.statusCode !== 201) throw new Error(`PUT bot: ${response.statusCode} ${response.body}`);
  return { id, body, bot: response.json().data };
}

/** The fields of the contract's Bot object (spec: Bot), sorted. */
export const CONTRACT_BOT_FIELDS: readonly string[] = [
  'id',
  'name',
  'slugs',
  'shortDescription',
  'prefix',
  'pricing',
  'iconUrl',
  'bannerUrl',
  'inviteUrl',
  'supportServerUrl',
  'websiteUrl',
  'categories',
  'tags',
  'owners',
  'serverCount',
  'shardCount',
  'votesTotal',
  'votesMonth',
  'rating',
  'isVerified',
  'publishedAt',
].sort();
