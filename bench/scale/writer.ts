/**
 * The writer: a process of its own that sends votes (management API, admin token), stats
 * reports (owner API, each bot's own stats:write key), reviews (a new user's each, management API)
 * and helpful marks (of the reviews it wrote, by new users) at fixed rates: reviews at
 * REVIEWS_PER_VOTE and helpful marks at HELPFUL_PER_VOTE of the vote rate, open-loop: requests fall due
 * on schedule whether or not earlier ones were answered (up to 32 per kind on the wire, the rest
 * queue), and each latency counts from the moment its request was due, so a slow server shows as
 * latency rather than as a quietly lower rate.
 *
 * Started by run.ts with fork(); commands over IPC: {type:'rate', votes, stats} sets the rates
 * (0 pauses), {type:'take', id} answers {type:'report', id, report} for the interval since the
 * previous take, {type:'stop'} ends the process after in-flight requests are answered.
 */
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { seededRandom } from '../../scripts/random.js';
import { snowflake } from './ids.js';
import type { SideFile } from './side-file.js';
import { USERNAMES } from './texts.js';
import { WriteTally, type WriterReport } from './write-stats.js';
import { VOTES_ZIPF_S } from './params.js';
import { zipfSampler } from './zipf.js';

export interface WriterConfig {
  url: string;
  adminToken: string;
  sideFile: string;
  seed: number;
}

export type WriterCommand = { type: 'rate'; votes: number; stats: number } | { type: 'take'; id: number } | { type: 'stop' };
export type WriterMessage = { type: 'ready' } | { type: 'report'; id: number; report: WriterReport };

/** Requests on the wire at once per kind of write: the server never holds more than twice this. */
const LANES = 32;
/**
 * A write still waiting for a free lane this long after it was due is dropped (counted, never
 * sent): a server that falls behind meets a bounded backlog, as it would from real clients that
 * give up, instead of an ever longer queue carried from one phase into the next.
 */
const GIVE_UP_MS = 10_000;
const TICK_MS = 5;
/** Reviews written per vote: a directory's users review far less often than they vote. */
export const REVIEWS_PER_VOTE = 0.05;
/** Helpful marks per vote. */
export const HELPFUL_PER_VOTE = 0.2;
/** The writer's latest reviews, which its helpful marks pick from. */
const RECENT_REVIEWS = 1000;

const config = JSON.parse(process.env.WRITER_CONFIG ?? '{}') as WriterConfig;
const side = JSON.parse(readFileSync(config.sideFile, 'utf8')) as SideFile;
const random = seededRandom(config.seed * 977 + process.pid);
const voteRank = zipfSampler(side.botsByVotes.length, VOTES_ZIPF_S, random);
const pool = new Pool(config.url, { connections: 2 * LANES });
const tallies = { votes: new WriteTally(), stats: new WriteTally(), reviews: new WriteTally(), helpful: new WriteTally() };
type Kind = keyof typeof tallies;
const KINDS = Object.keys(tallies) as Kind[];
/** Due times of the writes waiting for a lane, oldest first. */
const queues: Record<Kind, number[]> = { votes: [], stats: [], reviews: [], helpful: [] };
const busy: Record<Kind, number> = { votes: 0, stats: 0, reviews: 0, helpful: 0 };
let origin = performance.now();
let issued: Record<Kind, number> = { votes: 0, stats: 0, reviews: 0, helpful: 0 };
let voteSerial = 0;
/** Ids of the reviews this writer wrote, the latest RECENT_REVIEWS. */
const recentReviews: string[] = [];

function voteRequest() {
  const botId = side.botsByVotes[voteRank()] as string;
  voteSerial += 1;
  // A new user every time: a snowflake of this moment, so no vote ever meets the 12-hour rule.
  const user = snowflake(Date.now(), voteSerial);
  const username = `${USERNAMES[voteSerial % USERNAMES.length]}${voteSerial % 10_000}`;
  return {
    path: `/admin/v1/bots/${botId}/votes`,
    headers: { authorization: `Bearer ${config.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user, username }),
  };
}

function statsRequest() {
  const bot = side.keyed[Math.floor(random() * side.keyed.length)] as SideFile['keyed'][number];
  // What a bot posts: about its current count, drifting by up to half a percent.
  const serverCount = Math.max(0, Math.round(bot.servers * (1 + (random() - 0.5) * 0.01)));
  return {
    path: `/api/v1/bots/${bot.botId}/stats`,
    headers: { authorization: `Bearer ${bot.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ serverCount, shardCount: Math.max(1, Math.ceil(serverCount / 1500)) }),
  };
}

const ADMIN_JSON = () => ({ authorization: `Bearer ${config.adminToken}`, 'content-type': 'application/json' });

/** A review of a bot picked as votes are (popular bots get more), by a new user: one review per user and bot holds. */
function reviewRequest() {
  const botId = side.botsByVotes[voteRank()] as string;
  voteSerial += 1;
  const rating = 1 + Math.floor(random() * 5);
  return {
    method: 'POST' as const,
    path: `/admin/v1/bots/${botId}/reviews`,
    headers: ADMIN_JSON(),
    body: JSON.stringify({
      user: snowflake(Date.now(), voteSerial),
      username: `${USERNAMES[voteSerial % USERNAMES.length]}${voteSerial % 10_000}`,
      rating,
      body: `${rating} stars from the scale writer, review ${voteSerial}.`,
    }),
  };
}

/** A new user's helpful mark of one of the writer's recent reviews; undefined before it wrote any. */
function helpfulRequest() {
  const reviewId = recentReviews[Math.floor(random() * recentReviews.length)];
  if (reviewId === undefined) return undefined;
  voteSerial += 1;
  return {
    method: 'PUT' as const,
    path: `/admin/v1/reviews/${reviewId}/helpful/${snowflake(Date.now(), voteSerial)}`,
    headers: { authorization: `Bearer ${config.adminToken}` },
    body: undefined,
  };
}

function requestOf(kind: Kind) {
  if (kind === 'votes') return { method: 'POST' as const, ...voteRequest() };
  if (kind === 'stats') return { method: 'POST' as const, ...statsRequest() };
  return kind === 'reviews' ? reviewRequest() : helpfulRequest();
}

async function send(kind: Kind, dueAt: number): Promise<void> {
  const tally = tallies[kind];
  const request = requestOf(kind);
  if (!request) {
    tally.droppedOne();
    return;
  }
  tally.sentOne();
  try {
    const response = await pool.request(request);
    const body = await response.body.text();
    tally.answered(response.statusCode, performance.now() - dueAt, () => body);
    if (kind === 'reviews' && response.statusCode === 201) {
      recentReviews.push((JSON.parse(body) as { data: { id: string } }).data.id);
      if (recentReviews.length > RECENT_REVIEWS) recentReviews.shift();
    }
  } catch (error) {
    tally.failed(error as Error);
  }
}

/** Starts queued writes on free lanes; a lane takes the next write as soon as its answer is in. */
function dispatch(kind: Kind): void {
  const queue = queues[kind];
  while (busy[kind] < LANES && queue.length > 0) {
    const dueAt = queue.shift() as number;
    if (performance.now() - dueAt > GIVE_UP_MS) {
      tallies[kind].droppedOne();
      continue;
    }
    busy[kind] += 1;
    void send(kind, dueAt).finally(() => {
      busy[kind] -= 1;
      dispatch(kind);
    });
  }
}

function tick(): void {
  const now = performance.now();
  for (const kind of KINDS) {
    const rate = tallies[kind].target;
    if (rate > 0) {
      const due = Math.floor(((now - origin) / 1000) * rate);
      while (issued[kind] < due) {
        queues[kind].push(origin + (issued[kind] / rate) * 1000);
        issued[kind] += 1;
      }
    }
    dispatch(kind);
  }
}

const timer = setInterval(tick, TICK_MS);

process.on('message', (command: WriterCommand) => {
  if (command.type === 'rate') {
    // A new rate starts a new schedule; writes still waiting under the old one are not sent.
    for (const kind of KINDS) queues[kind].length = 0;
    tallies.votes.target = command.votes;
    tallies.stats.target = command.stats;
    tallies.reviews.target = command.votes * REVIEWS_PER_VOTE;
    tallies.helpful.target = command.votes * HELPFUL_PER_VOTE;
    origin = performance.now();
    issued = { votes: 0, stats: 0, reviews: 0, helpful: 0 };
  } else if (command.type === 'take') {
    const report = {
      votes: tallies.votes.take(),
      stats: tallies.stats.take(),
      reviews: tallies.reviews.take(),
      helpful: tallies.helpful.take(),
    };
    const message: WriterMessage = { type: 'report', id: command.id, report };
    process.send?.(message);
  } else if (command.type === 'stop') {
    clearInterval(timer);
    for (const kind of KINDS) queues[kind].length = 0;
    void (async () => {
      const until = Date.now() + 30_000;
      while (KINDS.some((kind) => busy[kind] > 0) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      await pool.close();
      process.exit(0);
    })();
  }
});
// The orchestrator gone (killed, crashed) means the writer has nothing left to do.
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' } satisfies WriterMessage);
