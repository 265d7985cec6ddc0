import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { addDays, utcDay } from '../src/lib/clock.js';
import { historyRepository } from '../src/modules/history/repository.js';
import { intBetween, pick, seededRandom } from './random.js';

const REVIEW_TEXTS = {
  positive: [
    'Works great, setup took two minutes.',
    'Super zuverlässig, läuft seit Monaten ohne Ausfall.',
    'Best bot on our server, the commands are easy to remember.',
    'Sehr hilfreich, der Support antwortet schnell.',
  ],
  mixed: [
    'Good features, but the dashboard is slow sometimes.',
    'Macht was es soll, die Premium-Funktionen sind aber teuer.',
    'Nice idea, a few commands need better help texts.',
  ],
  negative: [
    'Went offline twice this week.',
    'Leider oft nicht erreichbar und die Befehle sind verwirrend.',
  ],
};
const REPLIES = ['Thanks for the feedback!', 'Danke! Wir arbeiten daran.', 'Fixed in the latest update.'];
const USERNAMES = ['lena', 'maxpower', 'nightowl', 'kaffeeklatsch', 'pixelpirat', 'sora', 'tobi', 'zoe_plays'];

export interface SeedResult {
  bots: number;
  reviews: number;
  votes: number;
  historyDays: number;
}

/**
 * Loads bots (the management PUT shape plus `id`) through the management API itself (validation
 * included, in process), then adds generated reviews and a year of daily history so every
 * endpoint shows something.
 */
export async function seed(app: FastifyInstance, file: string, options: { extras?: boolean; seed?: number } = {}): Promise<SeedResult> {
  const items = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(items)) throw new Error(`${file}: expected a JSON array of bots`);
  const random = seededRandom(options.seed ?? 20261121);
  const result: SeedResult = { bots: 0, reviews: 0, votes: 0, historyDays: 0 };
  for (const [index, item] of items.entries()) {
    const { id, ...body } = item as { id?: unknown } & Record<string, unknown>;
    if (typeof id !== 'string') throw new Error(`${file}[${index}]: id must be a string`);
    await manage(app, 'PUT', `/admin/v1/bots/${encodeURIComponent(id)}`, body, `${file}[${index}]`);
    result.bots += 1;
    if (options.extras === false) continue;
    result.reviews += await addReviews(app, id, random);
    if (body.published === true) result.votes += await addVotes(app, id, random);
    result.historyDays += await addHistory(app, id, body.platformServerCount as number | null | undefined, random);
  }
  return result;
}

async function addReviews(app: FastifyInstance, botId: string, random: () => number): Promise<number> {
  const count = intBetween(random, 0, 8);
  const now = app.clock.now().getTime();
  for (let i = 0; i < count; i++) {
    const rating = pick(random, [5, 5, 5, 4, 4, 4, 3, 2, 1]);
    const texts = rating >= 4 ? REVIEW_TEXTS.positive : rating === 3 ? REVIEW_TEXTS.mixed : REVIEW_TEXTS.negative;
    const created = await manage(app, 'POST', `/admin/v1/bots/${botId}/reviews`, {
      user: `${intBetween(random, 100000000, 999999999)}${intBetween(random, 100000000, 999999999)}`,
      username: pick(random, USERNAMES),
      rating,
      body: pick(random, texts),
      helpfulCount: intBetween(random, 0, 40),
      createdAt: new Date(now - intBetween(random, 1, 300) * 86_400_000).toISOString(),
    });
    if (random() < 0.3) {
      await manage(app, 'PUT', `/admin/v1/reviews/${created.data.id}/reply`, { body: pick(random, REPLIES) });
    }
  }
  return count;
}

/** Votes from distinct users over the last 40 days, so both votesMonth and votesTotal show something. */
async function addVotes(app: FastifyInstance, botId: string, random: () => number): Promise<number> {
  const count = Math.floor(random() ** 2 * 60);
  const now = app.clock.now().getTime();
  for (let i = 0; i < count; i++) {
    await manage(app, 'POST', `/admin/v1/bots/${botId}/votes`, {
      user: `${400000000000000000n + BigInt(i)}`,
      username: `${pick(random, USERNAMES)}${i}`,
      flagged: random() < 0.03,
      votedAt: new Date(now - Math.floor(random() * 40 * 86_400_000)).toISOString(),
    });
  }
  return count;
}

/** A year of gentle growth ending at today's platform count, with a little day-to-day noise. */
async function addHistory(
  app: FastifyInstance,
  botId: string,
  current: number | null | undefined,
  random: () => number,
): Promise<number> {
  if (current === null || current === undefined) return 0;
  const today = utcDay(app.clock.now());
  const start = 0.55 + random() * 0.35;
  const points: { day: string; servers: number; source: 'platform' }[] = [];
  for (let back = 365; back >= 1; back--) {
    const progress = 1 - back / 365;
    const noise = 1 + (random() - 0.5) * 0.02;
    points.push({
      day: addDays(today, -back),
      servers: Math.max(0, Math.round(current * (start + (1 - start) * progress) * noise)),
      source: 'platform',
    });
  }
  await app.db.transaction((tx) => historyRepository.upsertMany(tx, botId, points));
  return points.length;
}

async function manage(
  app: FastifyInstance,
  method: 'PUT' | 'POST',
  url: string,
  payload: Record<string, unknown>,
  where = url,
): Promise<{ data: { id: string } }> {
  const response = await app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${app.config.adminToken}` },
  });
  if (response.statusCode >= 300) throw new Error(`${where}: ${response.statusCode} ${response.body}`);
  return response.json();
}
