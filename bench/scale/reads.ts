/**
 * The reads the bench measures: every public, owner and embed read, each two ways.
 * "uncached": every request drawn at random over what real clients vary (bot, user, page, limit,
 * query), from a space large enough (tens of thousands of URLs and more) that a per-URL cache
 * rarely answers, so the figure is the cost of computing the answer;
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

/**
 * A list page of random size (1 to 100) whose first bot lies in [from, from + width): the
 * uncached form of "page 1" (the first 5% of the list) and of the deep page (the last 5%).
 */
function pageNear(random: () => number, from: number, width: number): string {
  const limit = 1 + Math.floor(random() * 100);
  const offset = from + Math.floor(random() * width);
  return `page=${Math.floor(offset / limit) + 1}&limit=${limit}`;
}

export function readTargets(side: SideFile): ReadTarget[] {
  const bots = side.botsByVotes;
  const top = bots[0] as string;
  const deep = deepPage(side);
  const deepOffset = (deep - 1) * LIST_LIMIT;
  // The first and the last 5% of the list (4,750 bots each at 95,000 published).
  const window = Math.max(1, Math.floor(bots.length / 20));
  const anyBot = (random: () => number) => pick(random, bots);
  const keyOf = new Map(side.keyed.map((k) => [k.botId, k.key]));
  const withKey = (botId: string) => ({ authorization: `Bearer ${keyOf.get(botId)}` });
  const keyed = (random: () => number) => pick(random, side.keyed).botId;
  const someUser = (random: () => number) =>
    snowflake(Date.parse('2016-01-01') + random() * 3000 * DAY_MS, Math.floor(random() * 4_194_304));
  const firstKeyed = side.keyed[0]?.botId ?? top;
  const voter = side.voters[0] ?? { botId: firstKeyed, userId: '400000000000000001' };
  const subscriber = side.premiumUsers[0] ?? { botId: firstKeyed, userId: '400000000000000001' };
  const guild = side.premiumGuilds[0] ?? { botId: firstKeyed, guildId: '400000000000000001' };
  const topReviews = Math.max(1, side.topReviewed.reviews);
  const reviewPage = Math.min(500, Math.ceil(topReviews / REVIEW_LIMIT));
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
      uncached: (r) => ({ path: `/api/v1/bots?${pageNear(r, 0, window)}` }),
      cached: { path: '/api/v1/bots' },
    },
    ...SORTS.flatMap((sort): ReadTarget[] => [
      {
        name: `list sort=${sort} page 1`,
        uncached: (r) => ({ path: `/api/v1/bots?sort=${sort}&${pageNear(r, 0, window)}` }),
        cached: { path: `/api/v1/bots?sort=${sort}&page=1&limit=${LIST_LIMIT}` },
      },
      {
        name: `list sort=${sort} page ${deep}`,
        uncached: (r) => ({ path: `/api/v1/bots?sort=${sort}&${pageNear(r, Math.max(0, deepOffset + LIST_LIMIT - window), window)}` }),
        cached: { path: `/api/v1/bots?sort=${sort}&page=${deep}&limit=${LIST_LIMIT}` },
      },
    ]),
    {
      name: 'list random pages',
      uncached: (r) => ({ path: `/api/v1/bots?sort=${pick(r, SORTS)}&${pageNear(r, 0, bots.length)}` }),
      cached: { path: `/api/v1/bots?sort=votes_total&page=${Math.ceil(deep / 2)}&limit=${LIST_LIMIT}` },
    },
    {
      name: 'list ?search=',
      uncached: (r) => ({ path: `/api/v1/bots?search=${pick(r, side.substrings)}&limit=${1 + Math.floor(r() * 100)}` }),
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
      // Uncached: any page of any size of the bot with the most reviews.
      name: `reviews top bot page ${reviewPage}`,
      uncached: (r) => {
        const limit = 1 + Math.floor(r() * 100);
        return {
          path: `/api/v1/bots/${side.topReviewed.botId}/reviews?page=${1 + Math.floor(r() * Math.ceil(topReviews / limit))}&limit=${limit}`,
        };
      },
      cached: { path: `/api/v1/bots/${side.topReviewed.botId}/reviews?page=${reviewPage}` },
    },
    history(365),
    history(30),
    {
      name: 'search ?q=',
      uncached: (r) => {
        // Any limit (1-50) as well: 900 queries alone are few enough for the answers kept in memory.
        const q = pick(r, side.queries);
        return { path: `/api/v1/search?q=${encodeURIComponent(q.q)}&lang=${q.lang}&limit=${1 + Math.floor(r() * 50)}` };
      },
      cached: { path: '/api/v1/search?q=music&lang=en' },
    },
    {
      name: 'owner votes',
      uncached: (r) => {
        const bot = keyed(r);
        return { path: `/api/v1/bots/${bot}/votes?limit=${1 + Math.floor(r() * 100)}`, headers: withKey(bot) };
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
    {
      name: 'owner analytics days=90',
      uncached: (r) => {
        const bot = keyed(r);
        return { path: `/api/v1/bots/${bot}/analytics?days=90`, headers: withKey(bot) };
      },
      cached: { path: `/api/v1/bots/${firstKeyed}/analytics?days=90`, headers: withKey(firstKeyed) },
    },
    embed('badge'),
    embed('widget'),
    embed('chart'),
  ];
}
