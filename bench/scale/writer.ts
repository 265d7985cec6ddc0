/**
 * The writer: a process of its own that sends votes (management API, admin token) and stats
 * reports (owner API, each bot's own stats:write key) at fixed rates, open-loop: requests fall due
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

const config = JSON.parse(process.env.WRITER_CONFIG ?? '{}') as WriterConfig;
const side = JSON.parse(readFileSync(config.sideFile, 'utf8')) as SideFile;
const random = seededRandom(config.seed * 977 + process.pid);
const voteRank = zipfSampler(side.botsByVotes.length, VOTES_ZIPF_S, random);
const pool = new Pool(config.url, { connections: 2 * LANES });
const tallies = { votes: new WriteTally(), stats: new WriteTally() };
type Kind = keyof typeof tallies;
/** Due times of the writes waiting for a lane, oldest first. */
const queues: Record<Kind, number[]> = { votes: [], stats: [] };
const busy: Record<Kind, number> = { votes: 0, stats: 0 };
let origin = performance.now();
let issued = { votes: 0, stats: 0 };
let voteSerial = 0;

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

async function send(kind: Kind, dueAt: number): Promise<void> {
  const tally = tallies[kind];
  const request = kind === 'votes' ? voteRequest() : statsRequest();
  tally.sentOne();
  try {
    const response = await pool.request({ method: 'POST', ...request });
    const body = await response.body.text();
    tally.answered(response.statusCode, performance.now() - dueAt, () => body);
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
  for (const kind of ['votes', 'stats'] as const) {
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
    queues.votes.length = 0;
    queues.stats.length = 0;
    tallies.votes.target = command.votes;
    tallies.stats.target = command.stats;
    origin = performance.now();
    issued = { votes: 0, stats: 0 };
  } else if (command.type === 'take') {
    const message: WriterMessage = { type: 'report', id: command.id, report: { votes: tallies.votes.take(), stats: tallies.stats.take() } };
    process.send?.(message);
  } else if (command.type === 'stop') {
    clearInterval(timer);
    queues.votes.length = 0;
    queues.stats.length = 0;
    void (async () => {
      const until = Date.now() + 30_000;
      while (busy.votes + busy.stats > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      await pool.close();
      process.exit(0);
    })();
  }
});
// The orchestrator gone (killed, crashed) means the writer has nothing left to do.
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' } satisfies WriterMessage);
