import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { Change } from '../src/modules/changes/change.js';
import { addDays, startOfUtcMonth, utcDay } from '../src/lib/clock.js';
import { AdminBotIdParams, BotPut } from '../src/modules/bots/schemas.js';
import { historyRepository } from '../src/modules/history/repository.js';
import { voteRepository } from '../src/modules/votes/repository.js';
import { reviewImportRepository, type ImportedReview } from '../src/modules/reviews/import-repository.js';
import { intBetween, pick, seededRandom } from './random.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false, coerceTypes: false }));
const checkBot = ajv.compile<BotPut>(BotPut);
const checkId = ajv.compile<string>(AdminBotIdParams.properties.id);

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
  negative: ['Went offline twice this week.', 'Leider oft nicht erreichbar und die Befehle sind verwirrend.'],
};
const REPLIES = ['Thanks for the feedback!', 'Danke! Wir arbeiten daran.', 'Fixed in the latest update.'];
const USERNAMES = ['lena', 'maxpower', 'nightowl', 'kaffeeklatsch', 'pixelpirat', 'sora', 'tobi', 'zoe_plays'];

export interface SeedResult {
  bots: number;
  reviews: number;
  votes: number;
  historyDays: number;
}

export type SeedProgress = (step: string, done: number, total: number) => void;

type Vote = Parameters<typeof voteRepository.insertMany>[1][number];
type HistoryPoint = { day: string; servers: number };

/**
 * Loads bots (the management PUT shape plus `id`), checked against the management API's schema and
 * written by its service (its rules included), then adds generated reviews, votes and a year of daily
 * history so every endpoint shows something. The generated part is written in bulk, in one
 * transaction: votes arrive as history (counted, without webhook events), reviews with the
 * ratings of their bots. `progress` hears about each step.
 */
export async function seed(
  app: FastifyInstance,
  file: string,
  options: { extras?: boolean; seed?: number; progress?: SeedProgress } = {},
): Promise<SeedResult> {
  const items = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(items)) throw new Error(`${file}: expected a JSON array of bots`);
  const progress = options.progress ?? (() => {});
  const random = seededRandom(options.seed ?? 20261121);
  const now = app.clock.now();
  const result: SeedResult = { bots: 0, reviews: 0, votes: 0, historyDays: 0 };
  const reviews: ImportedReview[] = [];
  const votes: Vote[] = [];
  const history = new Map<string, HistoryPoint[]>();

  for (const [index, item] of items.entries()) {
    const { id, ...body } = item as { id?: unknown } & Record<string, unknown>;
    if (typeof id !== 'string') throw new Error(`${file}[${index}]: id must be a string`);
    await app.services.bots.put(id, validBot(id, body, `${file}[${index}]`));
    result.bots += 1;
    if (index % 20 === 19 || index === items.length - 1) progress('bots', index + 1, items.length);
    if (options.extras === false) continue;
    reviews.push(...generateReviews(id, now, random));
    if (body.published === true) votes.push(...generateVotes(id, now, random));
    const points = generateHistory(body.platformServerCount as number | null | undefined, now, random);
    if (points.length > 0) history.set(id, points);
  }
  if (options.extras === false) return result;

  progress('reviews, votes and history', 0, reviews.length + votes.length + history.size);
  // Every process reads these bots again and drops what it cached of them.
  const changes: Change[] = [
    { kind: 'history' },
    ...(items as { id: string }[]).map((item) => ({ kind: 'bot' as const, botId: item.id, aspect: 'profile' as const })),
  ];
  await app.changes.commit(app.db, changes, async (tx) => {
    await reviewImportRepository.insertMany(tx, reviews);
    await voteRepository.insertMany(tx, votes);
    for (const [botId, points] of history) await historyRepository.upsertMany(tx, botId, points);
  });
  result.reviews = reviews.length;
  result.votes = votes.length;
  result.historyDays = [...history.values()].reduce((sum, points) => sum + points.length, 0);
  progress('reviews, votes and history', reviews.length + votes.length + history.size, reviews.length + votes.length + history.size);
  return result;
}

function generateReviews(botId: string, now: Date, random: () => number): ImportedReview[] {
  const count = intBetween(random, 0, 8);
  return Array.from({ length: count }, () => {
    const rating = pick(random, [5, 5, 5, 4, 4, 4, 3, 2, 1]);
    const texts = rating >= 4 ? REVIEW_TEXTS.positive : rating === 3 ? REVIEW_TEXTS.mixed : REVIEW_TEXTS.negative;
    const createdAt = new Date(now.getTime() - intBetween(random, 1, 300) * 86_400_000);
    const review: ImportedReview = {
      id: randomUUID(),
      botId,
      user: `${intBetween(random, 100000000, 999999999)}${intBetween(random, 100000000, 999999999)}`,
      username: pick(random, USERNAMES),
      rating,
      body: pick(random, texts),
      helpfulCount: intBetween(random, 0, 40),
      published: true,
      createdAt,
      updatedAt: createdAt,
      reply: null,
    };
    if (random() < 0.3) review.reply = { body: pick(random, REPLIES), repliedAt: now };
    return review;
  });
}

/** Votes from distinct users over the last 40 days, so both votesMonth and votesTotal show something. */
function generateVotes(botId: string, now: Date, random: () => number): Vote[] {
  const count = Math.floor(random() ** 2 * 60);
  return Array.from({ length: count }, (_, i) => {
    const votedAt = new Date(now.getTime() - Math.floor(random() * 40 * 86_400_000));
    return {
      id: randomUUID(),
      botId,
      user: `${400000000000000000n + BigInt(i)}`,
      username: `${pick(random, USERNAMES)}${i}`,
      flagged: random() < 0.03,
      votedAt,
      month: utcDay(startOfUtcMonth(votedAt)),
    };
  });
}

/** Days back from today that get a daily point; before them, one point a week. */
const DAILY_HISTORY_DAYS = 90;

/**
 * A year of gentle growth ending at today's platform count, with a little day-to-day noise: daily
 * for the last 90 days, weekly before (the history repeats a day's count until the next point, so
 * the year is complete; a third of the rows keeps the first start of the demo quick).
 */
function generateHistory(current: number | null | undefined, now: Date, random: () => number): HistoryPoint[] {
  if (current === null || current === undefined) return [];
  const today = utcDay(now);
  const start = 0.55 + random() * 0.35;
  const points: HistoryPoint[] = [];
  for (let back = 365; back >= 1; back--) {
    const progress = 1 - back / 365;
    const noise = 1 + (random() - 0.5) * 0.02;
    if (back > DAILY_HISTORY_DAYS && back % 7 !== 0) continue;
    points.push({
      day: addDays(today, -back),
      servers: Math.max(0, Math.round(current * (start + (1 - start) * progress) * noise)),
    });
  }
  return points;
}

/** The management API's own validation of a PUT (its TypeBox schemas), so a bad file fails like a bad request. */
function validBot(id: string, body: Record<string, unknown>, where: string): BotPut {
  const problems = [
    ...(checkId(id) ? [] : [`id: ${checkId.errors?.[0]?.message ?? 'is invalid'}`]),
    ...(checkBot(body) ? [] : (checkBot.errors ?? []).map((error) => `${error.instancePath || 'body'}: ${error.message ?? 'is invalid'}`)),
  ];
  if (problems.length > 0) throw new Error(`${where}: ${problems.join('; ')}`);
  return body as BotPut;
}
