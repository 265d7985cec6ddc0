/**
 * The bots of a generated directory, made in JavaScript (100,000 rows take a second): texts from
 * the search bench's generator (German and English, drawn from the sample bots), platform facts
 * with a heavy tail, and each bot's planned share of votes and reviews (Zipf by popularity).
 */
import { sortKey } from '../../src/modules/bots/repository.js';
import { generateBots } from '../search/generator.js';
import { loadSampleBots } from '../search/sample.js';
import { intBetween, pick, seededRandom } from '../../scripts/random.js';
import { snowflake } from './ids.js';
import { PUBLISHED_SHARE, REVIEWS_ZIPF_S, VOTES_ZIPF_S, type ScaleParams } from './params.js';
import { zipfCounts } from './zipf.js';

const DAY_MS = 86_400_000;
/** Bots without any server count yet: the newest ones (made in the last 200 days). */
const UNCOUNTED_SHARE = 0.015;
/** Bots whose owner reports its own count through the stats endpoint. */
const REPORTING_SHARE = 0.3;
/** Pareto server counts: minimum 20, tail index 0.7 (median ~54, ~50 bots above a million). */
const SERVERS_MIN = 20;
const SERVERS_ALPHA = 0.7;
const SERVERS_MAX = 15_000_000;

const PREFIXES = ['!', '?', '.', '$', '-', '>', '+', ';', '%', '&', '=', '~', ',', '!!', '//', '>>'];
const NAME_ADDITIONS = [
  'Nova',
  'Echo',
  'Pixel',
  'Byte',
  'Zero',
  'Orbit',
  'Flux',
  'Atlas',
  'Delta',
  'Kite',
  'Lumen',
  'Vega',
  'Sigma',
  'Aurora',
  'Fuchs',
  'Wolke',
  'Blitz',
  'Stern',
  'Funke',
  'Nord',
  'Welle',
  'Kompass',
];
const PRICING = [
  ['free', 0.6],
  ['freemium', 0.3],
  ['premium', 0.1],
] as const;
const INVITE_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** One bot row plus its plan: how many votes and reviews the fact tables give it. */
export interface GeneratedBot {
  ord: number;
  id: string;
  name: string;
  name_lower: string;
  sort_name: string;
  slugs: { de: string; en: string };
  short_description: { de: string; en: string };
  prefix: string;
  pricing: string;
  icon_url: string;
  banner_url: string | null;
  invite_url: string;
  support_server_url: string;
  website_url: string;
  categories: string[];
  tags: string[];
  owners: string[];
  is_verified: boolean;
  published: boolean;
  published_at: string | null;
  platform_server_count: number | null;
  platform_shard_count: number | null;
  reported_server_count: number | null;
  reported_shard_count: number | null;
  reported_at: string | null;
  created_at: string;
  updated_at: string;
  votes: number;
  reviews: number;
  /** The first of the bot's voters and reviewers (users are numbered 0..users-1). */
  vote_user0: number;
  review_user0: number;
}

/** All bots of the data set, in the order they were created (the heap order of a real directory). */
export function generateBotRows(p: ScaleParams, now: number): GeneratedBot[] {
  const random = seededRandom(p.seed * 7919 + 17);
  const docs = generateBots(loadSampleBots(), p.bots, p.seed);
  const names = new Set<string>();
  const slugs = { de: new Set<string>(), en: new Set<string>() };
  const bots: GeneratedBot[] = [];
  const popularity = new Map<GeneratedBot, [number, number]>();
  for (const doc of docs) {
    const counted = random() >= UNCOUNTED_SHARE;
    const created = counted ? now - (366 + random() * 2200) * DAY_MS : now - (1 + random() * 200) * DAY_MS;
    const ord = bots.length;
    const id = snowflake(created, ord);
    const name = uniqueName(doc.name, names, random);
    const published = random() < PUBLISHED_SHARE;
    const publishedAt = published || random() < 0.5 ? created + random() * Math.min(20, (now - created) / DAY_MS) * DAY_MS : null;
    const servers = counted ? paretoServers(random) : null;
    const shards = servers === null ? null : Math.max(1, Math.ceil(servers / (1000 + random() * 1500)));
    const reports = servers !== null && random() < REPORTING_SHARE;
    const reported = reports ? Math.max(0, Math.round(servers * (0.97 + random() * 0.08))) : null;
    const slug = doc.slugs.en || `bot-${ord}`;
    const bot: GeneratedBot = {
      ord,
      id,
      name,
      name_lower: name.toLowerCase(),
      sort_name: sortKey(name),
      slugs: { de: unique(slug, slugs.de), en: unique(slug, slugs.en) },
      short_description: { de: clip(doc.shortDescription.de), en: clip(doc.shortDescription.en) },
      prefix:
        random() < 0.25
          ? `${
              name
                .replace(/[^a-z]/gi, '')
                .slice(0, 2)
                .toLowerCase() || 'b'
            }!`
          : pick(random, PREFIXES),
      pricing: weighted(random, PRICING),
      icon_url: `https://cdn.example.org/icons/${id}.png`,
      banner_url: random() < 0.3 ? `https://cdn.example.org/banners/${id}.png` : null,
      invite_url: `https://discord.com/oauth2/authorize?client_id=${id}&scope=bot%20applications.commands`,
      support_server_url: `https://discord.gg/${Array.from({ length: 8 }, () => pick(random, [...INVITE_ALPHABET])).join('')}`,
      website_url: `https://${slug}.example.org`,
      categories: doc.categories,
      tags: doc.tags,
      owners: Array.from({ length: random() < 0.8 ? 1 : intBetween(random, 2, 3) }, (_, i) =>
        snowflake(created - (30 + random() * 1500) * DAY_MS, ord * 4 + i),
      ),
      is_verified: doc.isVerified && servers !== null && servers >= 75,
      published,
      published_at: publishedAt === null ? null : new Date(publishedAt).toISOString(),
      platform_server_count: servers,
      platform_shard_count: shards,
      reported_server_count: reported,
      reported_shard_count: reported === null ? null : Math.max(1, Math.ceil(reported / (1000 + random() * 1500))),
      reported_at: reported === null ? null : new Date(now - random() * 2 * DAY_MS).toISOString(),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(created + random() * (now - created)).toISOString(),
      votes: 0,
      reviews: 0,
      vote_user0: Math.floor(random() * p.users),
      review_user0: Math.floor(random() * p.users),
    };
    // Popular bots are big bots, give or take: the log of the size plus noise, for votes and reviews.
    const size = Math.log1p(reported ?? servers ?? 0);
    popularity.set(bot, [size + noise(random) * 1.5, size + noise(random) * 1.5]);
    bots.push(bot);
  }
  const published = bots.filter((b) => b.published);
  const byVotes = [...published].sort((a, b) => popularity.get(b)![0] - popularity.get(a)![0] || a.ord - b.ord);
  const byReviews = [...published].sort((a, b) => popularity.get(b)![1] - popularity.get(a)![1] || a.ord - b.ord);
  zipfCounts(p.votes, published.length, VOTES_ZIPF_S, p.users).forEach((n, r) => ((byVotes[r] as GeneratedBot).votes = n));
  zipfCounts(p.reviews, published.length, REVIEWS_ZIPF_S, p.users).forEach((n, r) => ((byReviews[r] as GeneratedBot).reviews = n));
  return bots.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.ord - b.ord);
}

/** Pareto: most bots have tens to hundreds of servers, a few millions. */
function paretoServers(random: () => number): number {
  const u = 1 - random();
  return Math.min(SERVERS_MAX, Math.floor(SERVERS_MIN / u ** (1 / SERVERS_ALPHA)));
}

/** Roughly normal, mean 0, deviation 0.5. */
function noise(random: () => number): number {
  return random() + random() + random() - 1.5;
}

/** Names repeat in a real directory, but not this often: a repeat usually gets a word added. */
function uniqueName(name: string, taken: Set<string>, random: () => number): string {
  let candidate = name;
  for (let i = 0; i < 3 && taken.has(candidate.toLowerCase()) && random() < 0.9; i++) {
    candidate = `${name} ${pick(random, NAME_ADDITIONS)}${i > 0 ? ` ${intBetween(random, 2, 99)}` : ''}`.slice(0, 100);
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Slugs are unique per language: a taken slug gets -2, -3, ... */
function unique(slug: string, taken: Set<string>): string {
  let candidate = slug;
  for (let n = 2; taken.has(candidate); n++) candidate = `${slug.slice(0, 90)}-${n}`;
  taken.add(candidate);
  return candidate;
}

function clip(text: string): string {
  return text.length <= 300 ? text : `${text.slice(0, 299).trimEnd()}…`;
}

function weighted<T>(random: () => number, choices: readonly (readonly [T, number])[]): T {
  let x = random();
  for (const [value, share] of choices) {
    if ((x -= share) < 0) return value;
  }
  return (choices[choices.length - 1] as readonly [T, number])[0];
}
