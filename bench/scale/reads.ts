/**
 * The reads the bench measures: every public, owner and embed read, each two ways.
 * "uncached": every request drawn at random over what real clients vary (bot, user, page, limit,
 * query), so a per-URL cache helps only as much as it would in production;
 * "cached": one fixed URL, the best case for any cache.
 */
import { SORTS } from '../../src/modules/bots/schemas.js';
import { pick } from '../../scripts/random.js';
import { snowflake } from './ids.js';
import type { SideFile } from './side-file.js';

export interface ReadRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface ReadTarget {
  name: string;
  uncached: (random: () => number) => ReadRequest;
  cached: ReadRequest;
  /** For list pages: the sort, and whether this is page 1 or the deep page. */
  listPage?: { sort: string; deep: boolean };
}

/** Page size of the list pages compared (the spec's default). */
const LIST_LIMIT = 50;
/** Reviews per page by default (spec). */
const REVIEW_LIMIT = 25;
const DAY_MS = 86_400_000;

/** The deep list page: the last full page of 50 (page 1900 at 95,000 published bots). */
export function deepPage(side: SideFile): number {
  return Math.max(1, Math.floor(side.botsByVotes.length / LIST_LIMIT));
}

export function readTargets(side: SideFile): ReadTarget[] {
  const bots = side.botsByVotes;
  const top = bots[0] as string;
  const deep = deepPage(side);
  const deepOffset = (deep - 1) * LIST_LIMIT;
  const limit = (random: () => number) => 1 + Math.floor(random() * 100);
  const anyBot = (random: () => number) => pick(random, bots);
  const keyOf = new Map(side.keyed.map((k) => [k.botId, k.key]));
  const withKey = (botId: string) => ({ authorization: `Bearer ${keyOf.get(botId)}` });
  const keyed = (random: () => number) => pick(random, side.keyed).botId;
  const someUser = (random: () => number) => snowflake(Date.parse('2016-01-01') + random() * 3000 * DAY_MS, Math.floor(random() * 4_194_304));
  const firstKeyed = side.keyed[0]?.botId ?? top;
  const voter = side.voters[0] ?? { botId: firstKeyed, userId: '400000000000000001' };
  const subscriber = side.premiumUsers[0] ?? { botId: firstKeyed, userId: '400000000000000001' };
  const guild = side.premiumGuilds[0] ?? { botId: firstKeyed, guildId: '400000000000000001' };
  const reviewPages = Math.max(1, Math.ceil(side.topReviewed.reviews / REVIEW_LIMIT));
  const history = (days: number): ReadTarget => ({
    name: `history days=${days}`,
    uncached: (r) => ({ path: `/api/v1/bots/${anyBot(r)}/history?days=${days}` }),
    cached: { path: `/api/v1/bots/${top}/history?days=${days}` },
  });
  const embed = (kind: 'badge' | 'widget' | 'chart'): ReadTarget => ({
    name: `embed ${kind}`,
    uncached: (r) => ({ path: `/api/${kind}/${anyBot(r)}` }),
    cached: { path: `/api/${kind}/${top}` },
  });

  return [
    {
      name: 'list default (votes_month) page 1',
      uncached: (r) => ({ path: `/api/v1/bots?limit=${limit(r)}` }),
      cached: { path: '/api/v1/bots' },
    },
    ...SORTS.flatMap((sort): ReadTarget[] => [
      {
        name: `list sort=${sort} page 1`,
        uncached: (r) => ({ path: `/api/v1/bots?sort=${sort}&page=1&limit=${limit(r)}` }),
        cached: { path: `/api/v1/bots?sort=${sort}&page=1&limit=${LIST_LIMIT}` },
        listPage: { sort, deep: false },
      },
      {
        // Uncached: the page that starts at the same offset for a random limit (page `deep` at limit 50).
        name: `list sort=${sort} page ${deep}`,
        uncached: (r) => {
          const l = limit(r);
          return { path: `/api/v1/bots?sort=${sort}&page=${Math.floor(deepOffset / l) + 1}&limit=${l}` };
        },
        cached: { path: `/api/v1/bots?sort=${sort}&page=${deep}&limit=${LIST_LIMIT}` },
        listPage: { sort, deep: true },
      },
    ]),
    {
      name: 'list random pages',
      uncached: (r) => ({ path: `/api/v1/bots?sort=${pick(r, SORTS)}&page=${1 + Math.floor(r() * deep)}&limit=${LIST_LIMIT}` }),
      cached: { path: `/api/v1/bots?sort=votes_total&page=${Math.ceil(deep / 2)}&limit=${LIST_LIMIT}` },
    },
    {
      name: 'list ?search=',
      uncached: (r) => ({ path: `/api/v1/bots?search=${pick(r, side.substrings)}` }),
      cached: { path: '/api/v1/bots?search=bot' },
    },
    {
      name: 'bot by id',
      uncached: (r) => ({ path: `/api/v1/bots/${anyBot(r)}` }),
      cached: { path: `/api/v1/bots/${top}` },
    },
    {
      name: 'reviews random bot',
      uncached: (r) => ({ path: `/api/v1/bots/${anyBot(r)}/reviews` }),
      cached: { path: `/api/v1/bots/${side.topReviewed.botId}/reviews` },
    },
    {
      name: `reviews top bot page ${Math.min(500, reviewPages)}`,
      uncached: (r) => ({ path: `/api/v1/bots/${side.topReviewed.botId}/reviews?page=${1 + Math.floor(r() * reviewPages)}` }),
      cached: { path: `/api/v1/bots/${side.topReviewed.botId}/reviews?page=${Math.min(500, reviewPages)}` },
    },
    history(365),
    history(30),
    {
      name: 'search ?q=',
      uncached: (r) => {
        const q = pick(r, side.queries);
        return { path: `/api/v1/search?q=${encodeURIComponent(q.q)}&lang=${q.lang}` };
      },
      cached: { path: '/api/v1/search?q=music&lang=en' },
    },
    {
      name: 'owner votes',
      uncached: (r) => {
        const bot = keyed(r);
        return { path: `/api/v1/bots/${bot}/votes`, headers: withKey(bot) };
      },
      cached: { path: `/api/v1/bots/${firstKeyed}/votes`, headers: withKey(firstKeyed) },
    },
    {
      // Half the checks ask about someone who voted for the bot, half about anyone.
      name: 'owner check',
      uncached: (r) => {
        const pair = side.voters.length > 0 && r() < 0.5 ? pick(r, side.voters) : { botId: keyed(r), userId: someUser(r) };
        return { path: `/api/v1/bots/${pair.botId}/check/${pair.userId}`, headers: withKey(pair.botId) };
      },
      cached: { path: `/api/v1/bots/${voter.botId}/check/${voter.userId}`, headers: withKey(voter.botId) },
    },
    {
      name: 'owner premium user',
      uncached: (r) => {
        const pair = side.premiumUsers.length > 0 && r() < 0.5 ? pick(r, side.premiumUsers) : { botId: keyed(r), userId: someUser(r) };
        return { path: `/api/v1/bots/${pair.botId}/premium/${pair.userId}`, headers: withKey(pair.botId) };
      },
      cached: { path: `/api/v1/bots/${subscriber.botId}/premium/${subscriber.userId}`, headers: withKey(subscriber.botId) },
    },
    {
      name: 'owner premium guild',
      uncached: (r) => {
        const pair = side.premiumGuilds.length > 0 && r() < 0.5 ? pick(r, side.premiumGuilds) : { botId: keyed(r), guildId: someUser(r) };
        return { path: `/api/v1/bots/${pair.botId}/premium/guild/${pair.guildId}`, headers: withKey(pair.botId) };
      },
      cached: { path: `/api/v1/bots/${guild.botId}/premium/guild/${guild.guildId}`, headers: withKey(guild.botId) },
    },
    embed('badge'),
    embed('widget'),
    embed('chart'),
  ];
}
