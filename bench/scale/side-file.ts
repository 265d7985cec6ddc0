/**
 * What the load phases need to know about a generated data set (bots by popularity, plaintext
 * keys, voters, subscribers, search queries), read back from the data set itself: plaintext keys
 * are recomputed from the seed and the key rows (owner-facts.ts), so the file can always be rebuilt.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from '../../src/db/index.js';
import type { Lang, SearchDoc } from '../../src/modules/search/engine/index.js';
import { makeQueries } from '../search/queries.js';
import { loadSampleBots } from '../search/sample.js';
import { ALL_SCOPES, benchKey } from './owner-facts.js';
import type { ScaleParams } from './params.js';

/** Bumped when the side file holds something new: an older one is rebuilt from the data set. */
const SIDE_FILE_VERSION = 2;

export interface SideFile {
  version: number;
  dataSet: string;
  /** The data set's completion time: a side file of an older generation is rebuilt. */
  token: string;
  params: ScaleParams;
  /** Published bots, most votes first (index = Zipf rank for the writer). */
  botsByVotes: string[];
  topReviewed: { botId: string; reviews: number };
  /** One live key with every scope per published bot that has one. */
  keyed: { botId: string; key: string; servers: number }[];
  /** Recent voters of keyed bots (for vote checks that answer "voted"). */
  voters: { botId: string; userId: string }[];
  premiumUsers: { botId: string; userId: string }[];
  premiumGuilds: { botId: string; guildId: string }[];
  queries: { q: string; lang: Lang }[];
  /** Frequent three-letter pieces of bot names, for `?search=`. */
  substrings: string[];
}

export function readSideFile(path: string, token: string): SideFile | undefined {
  if (!existsSync(path)) return undefined;
  const side = JSON.parse(readFileSync(path, 'utf8')) as SideFile;
  return side.token === token && side.version === SIDE_FILE_VERSION ? side : undefined;
}

export function writeSideFile(path: string, side: SideFile): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(side));
}

export async function buildSideFile(db: Database, dataSet: string, token: string, params: ScaleParams): Promise<SideFile> {
  const bots = await db.query<{ id: string }>('SELECT id FROM bots WHERE published ORDER BY votes_total DESC, id');
  const top = await db.query<{ id: string; n: number }>(
    'SELECT id, rating_count AS n FROM bots WHERE published ORDER BY rating_count DESC, id LIMIT 1',
  );
  const keys = await db.query<{ bot_id: string; id: string; servers: number }>(
    `SELECT DISTINCT ON (k.bot_id) k.bot_id, k.id, COALESCE(b.reported_server_count, b.platform_server_count, 0) AS servers
       FROM api_keys k JOIN bots b ON b.id = k.bot_id
      WHERE b.published AND k.revoked_at IS NULL AND k.scopes @> $1::text[]
      ORDER BY k.bot_id, k.created_at, k.id`,
    [ALL_SCOPES],
  );
  const keyed = keys.rows.map((k) => ({ botId: k.bot_id, key: benchKey(params.seed, k.id), servers: k.servers }));
  const keyedIds = keyed.map((k) => k.botId);
  const voters = await db.query<{ bot_id: string; user_id: string }>(
    `SELECT k.bot_id, v.user_id FROM unnest($1::text[]) AS k(bot_id)
      CROSS JOIN LATERAL (SELECT user_id FROM votes WHERE bot_id = k.bot_id ORDER BY voted_at DESC LIMIT 2) v`,
    [keyedIds.slice(0, 2_000)],
  );
  const users = await db.query<{ bot_id: string; user_id: string }>(
    'SELECT bot_id, user_id FROM subscriptions WHERE guild_id IS NULL AND bot_id = ANY($1) ORDER BY id LIMIT 5000',
    [keyedIds],
  );
  const guilds = await db.query<{ bot_id: string; guild_id: string }>(
    'SELECT bot_id, guild_id FROM subscriptions WHERE guild_id IS NOT NULL AND bot_id = ANY($1) ORDER BY id LIMIT 5000',
    [keyedIds],
  );
  const docs = await db.query<{ id: string; name: string; slugs: SearchDoc['slugs']; short_description: SearchDoc['shortDescription'] }>(
    'SELECT id, name, slugs, short_description FROM bots WHERE published ORDER BY md5(id) LIMIT 5000',
  );
  const searchDocs: SearchDoc[] = docs.rows.map((d) => ({
    id: d.id,
    name: d.name,
    slugs: d.slugs,
    shortDescription: d.short_description,
    categories: [],
    tags: [],
    iconUrl: '',
    isVerified: false,
    votesMonth: 0,
    votesTotal: 0,
    serverCount: 0,
    rating: { average: 0, count: 0 },
  }));
  // 9 classes of 100 queries, 100 name pieces: more than a cache of recent answers holds on to.
  const queries = Object.values(makeQueries(searchDocs, loadSampleBots(), 100, params.seed)).flat();
  return {
    version: SIDE_FILE_VERSION,
    dataSet,
    token,
    params,
    botsByVotes: bots.rows.map((b) => b.id),
    topReviewed: { botId: top.rows[0]?.id ?? '', reviews: top.rows[0]?.n ?? 0 },
    keyed,
    voters: voters.rows.map((v) => ({ botId: v.bot_id, userId: v.user_id })),
    premiumUsers: users.rows.map((s) => ({ botId: s.bot_id, userId: s.user_id })),
    premiumGuilds: guilds.rows.map((s) => ({ botId: s.bot_id, guildId: s.guild_id })),
    queries: queries.map((q) => ({ q: q.q, lang: q.lang })),
    substrings: frequentTrigrams(
      docs.rows.map((d) => d.name),
      100,
    ),
  };
}

function frequentTrigrams(names: string[], n: number): string[] {
  const counts = new Map<string, number>();
  for (const name of names) {
    const lower = name.toLowerCase();
    const seen = new Set<string>();
    for (let i = 0; i + 3 <= lower.length; i++) {
      const piece = lower.slice(i, i + 3);
      if (/^[a-z]{3}$/.test(piece) && !seen.has(piece)) {
        seen.add(piece);
        counts.set(piece, (counts.get(piece) ?? 0) + 1);
      }
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([piece]) => piece);
}
