/**
 * npm run bench:scale -- [--bots N] [--votes N] [--seed N] [--embedded] [--regenerate] [--database NAME]
 *                        [--duration S] [--only PATTERN] [--json FILE] [--mixed-rate N] [--capacity-rate N]
 *
 * Issue 10's scale bench: ensures the generated directory, builds and starts the service as
 * `npm start` does (own process), runs the writer (own process, open-loop votes and stats
 * reports), measures every read with autocannon from this process, the write capacity, the
 * nightly collection, start-up and memory, and prints the figures beside the targets.
 * See docs/scale.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { utcDay } from '../../src/lib/clock.js';
import { dayOfMonth, monthOf } from '../../src/lib/months.js';
import { parseOptions, type Options } from './args.js';
import { ADMIN_URL, OUT_DIR } from './data-set.js';
import { describe, ensureData, formatBytes, sideFilePath, type ReadyData } from './generate.js';
import { measured, readPhase, type Mode, type PhaseContext, type ReadResult } from './measure.js';
import { DatabaseCpu, loadAverage, memory } from '../lib/proc.js';
import { readTargets } from './reads.js';
import { costPerWrite, readsTable, summaryTable, type RunResults, type WritePhase } from './report.js';
import { buildServer, errorLines, startServer, type RunningServer } from '../lib/server-process.js';
import { Writer } from './writer-control.js';

const MODES: Mode[] = ['uncached', 'cached'];
const CONCURRENCY = [1, 10];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stdout.write(`${line}\n`);

function selector(only: string | undefined): (name: string) => boolean {
  if (!only) return () => true;
  const regex = /^\/(.*)\/$/.exec(only);
  const pattern = regex ? new RegExp(regex[1] as string, 'i') : undefined;
  return (name) => (pattern ? pattern.test(name) : name.toLowerCase().includes(only.toLowerCase()));
}

/**
 * Today's collected history is removed before the run, so the nightly phase collects a whole day.
 * Where autovacuum does not run (a server configured without it, as this machine's CI server is;
 * PGlite), every earlier run's dead rows and pages not marked all-visible would be carried into
 * this one, which an operator's database, vacuumed as it goes, does not carry: it is vacuumed first.
 */
async function resetToday(ready: ReadyData): Promise<void> {
  const db = await ready.set.open();
  try {
    const today = utcDay(new Date());
    await db.query(`UPDATE bot_days SET servers[$2::integer] = NULL WHERE month = $1::date AND servers[$2::integer] IS NOT NULL`, [
      monthOf(today),
      dayOfMonth(today),
    ]);
    // PGlite runs single-user: it says `on` and never starts the launcher.
    const { rows } = await db.query<{ autovacuum: string }>('SHOW autovacuum');
    if (ready.set.kind === 'postgres' && rows[0]?.autovacuum === 'on') return;
    const t0 = performance.now();
    await db.query('VACUUM ANALYZE');
    say(`No autovacuum on this database: vacuumed it before the run (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  } finally {
    await db.close();
  }
}

async function writePhase(ctx: PhaseContext, name: string, rate: number): Promise<WritePhase> {
  ctx.writer.setRate(rate, rate);
  await sleep(1000);
  const { cpu, writer } = await measured(ctx, () => sleep(ctx.duration * 1000));
  const phase = { name, report: writer, cpu };
  say(
    `  ${name}: votes ${writer.votes.achieved.toFixed(0)}/s p99 ${writer.votes.p99.toFixed(0)} ms, stats ${writer.stats.achieved.toFixed(0)}/s p99 ${writer.stats.p99.toFixed(0)} ms, reviews ${writer.reviews.achieved.toFixed(1)}/s p99 ${writer.reviews.p99.toFixed(0)} ms, helpful ${writer.helpful.achieved.toFixed(1)}/s p99 ${writer.helpful.p99.toFixed(0)} ms`,
  );
  return phase;
}

async function collect(server: RunningServer): Promise<{ ms: number; written: number }> {
  const t0 = performance.now();
  const response = await fetch(`${server.url}/admin/v1/history/collect`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(600_000),
  });
  const body = (await response.json()) as { data?: { written: number } };
  const ms = performance.now() - t0;
  if (response.status !== 200) throw new Error(`POST /admin/v1/history/collect: ${response.status} ${JSON.stringify(body)}`);
  say(`  nightly collection: ${(ms / 1000).toFixed(2)} s, ${body.data?.written} rows`);
  return { ms, written: body.data?.written ?? -1 };
}

async function machine(ready: ReadyData): Promise<string> {
  let database = 'PGlite (in the server process)';
  if (ready.set.kind === 'postgres') {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    const version = (await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0]?.v ?? '?';
    database = `PostgreSQL ${version.replace(/ .*/, '')}`;
    await client.end();
  }
  return `${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ${database}`;
}

async function main(options: Options, argv: string[]): Promise<void> {
  const startedAt = new Date();
  const loadBefore = loadAverage();
  const wanted = selector(options.only);
  const ready = await ensureData(options);
  const targets = readTargets(ready.side);
  const readNames = targets.flatMap((t) =>
    MODES.flatMap((m) => CONCURRENCY.map((c) => ({ target: t, mode: m, c, name: `${t.name} ${m} c${c}` }))),
  );
  const reads = readNames.filter((r) => wanted(r.name));
  const runCapacity = wanted('write capacity');
  const runNightly = wanted('nightly');
  if (runNightly) await resetToday(ready);

  say('Building the server (npm run build) ...');
  buildServer();
  mkdirSync(OUT_DIR, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const logFile = join(OUT_DIR, `server-${stamp}.log`);
  say(`Starting the server (log: ${logFile}) ...`);
  const server = await startServer(ready.set.serverEnv, logFile);
  let writer: Writer | undefined;
  let dbCpu: DatabaseCpu | undefined;
  const cleanup = async () => {
    await writer?.stop().catch(() => {});
    await server.stop();
    await dbCpu?.stop();
  };
  const interrupted = (signal: NodeJS.Signals) => {
    say(`\n${signal}: stopping the server and the writer ...`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    const afterStart = memory(server.pid).rss;
    say(`  start-up ${(server.startupMs / 1000).toFixed(1)} s, RSS ${formatBytes(afterStart)}`);
    if (ready.set.databaseName) {
      dbCpu = new DatabaseCpu(ADMIN_URL, ready.set.databaseName);
      await dbCpu.start();
    }
    writer = await Writer.start({ url: server.url, adminToken: server.adminToken, sideFile: sideFilePath(ready.set), seed: options.seed });
    const ctx: PhaseContext = { url: server.url, serverPid: server.pid, dbCpu, writer, duration: options.duration };

    const writerAlone =
      reads.length > 0 || wanted('writes alone')
        ? await writePhase(ctx, `writes alone at ${options.mixedRate}+${options.mixedRate}/s`, options.mixedRate)
        : undefined;
    const capacity = runCapacity
      ? await writePhase(ctx, `write capacity at ${options.capacityRate}+${options.capacityRate}/s`, options.capacityRate)
      : undefined;
    writer.setRate(0, 0);
    await dbCpu?.drain(60_000);

    const results: ReadResult[] = [];
    writer.setRate(options.mixedRate, options.mixedRate);
    for (const [i, read] of reads.entries()) {
      const r = await readPhase(ctx, read.target, read.mode, read.c);
      results.push(r);
      say(
        `  [${i + 1}/${reads.length}] ${read.name}: ${r.reqPerSec.toFixed(1)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx + r.errors + r.timeouts}, cut ${r.cut}, RSS ${formatBytes(r.rssAfter)}`,
      );
    }
    const nightly = runNightly ? [await collect(server), await collect(server)] : [];
    writer.setRate(0, 0);
    const end = memory(server.pid);
    await cleanup();

    const run: RunResults = {
      command: `npm run bench:scale${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`,
      startedAt: startedAt.toISOString(),
      seconds: (Date.now() - startedAt.getTime()) / 1000,
      machine: await machine(ready),
      loadBefore,
      loadAfter: loadAverage(),
      dataSet: {
        kind: ready.set.kind,
        where: ready.set.where,
        description: describe(ready.params),
        generated: ready.generated,
        loadSeconds: ready.loadSeconds,
        sizeBytes: ready.sizeBytes,
      },
      startupMs: server.startupMs,
      memory: { afterStart, atEnd: end.rss, peak: end.peak },
      writerAlone,
      capacity,
      reads: results,
      nightly,
      serverErrorLines: errorLines(logFile),
    };
    const text = render(run, options);
    say(text);
    writeFileSync(join(OUT_DIR, `results-${stamp}.txt`), text);
    writeFileSync(join(OUT_DIR, `results-${stamp}.json`), JSON.stringify(run, null, 2));
    if (options.json) writeFileSync(options.json, JSON.stringify(run, null, 2));
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function render(run: RunResults, options: Options): string {
  const cost = costPerWrite(run.writerAlone);
  const us = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms * 1000).toFixed(0)} µs`);
  const generation = run.dataSet.generated ? 'generated by this run' : 'reused';
  const lines = [
    '',
    'Bot Directory scale bench (issue 10)',
    `Data set: ${run.dataSet.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} ${run.dataSet.where}`,
    `  ${run.dataSet.description}; ${generation} (generation took ${run.dataSet.loadSeconds.total?.toFixed(0) ?? '?'} s), ${formatBytes(run.dataSet.sizeBytes)} on disk`,
    'Server: node --enable-source-maps dist/src/server.js (as npm start), NODE_ENV=production, own process; rate limits on, out of reach',
    `Reads: autocannon in the orchestrator process, ${options.duration} s per phase; cached = one fixed URL after a 1 s warm-up; uncached = each request`,
    '  at random over bots, users, queries, page sizes 1-100 and pages ("page 1": first 5% of the list, deep page: last 5%), see bench/scale/reads.ts',
    `Writes during every read phase: writer process, open-loop, ${options.mixedRate} votes/s + ${options.mixedRate} stats reports/s (latency from the moment each was due)`,
    'CPU per read request: srv = server process, db = PostgreSQL backends of the bench database (inside srv on PGlite):',
    '  all CPU time of the phase over its reads, the writes served meanwhile included;',
    `  net = srv + db minus the writes answered in the phase at their writer-alone cost (${us(cost.server)} server + ${us(cost.db)} database per write);`,
    '  cpu % = server + database during the phase, 100 = one core busy',
    'cut = requests still unanswered when a phase ended (autocannon drops them from every other figure)',
    `Machine: ${run.machine}`,
    `Load average before: ${run.loadBefore}; after: ${run.loadAfter}`,
    `Command: ${run.command}`,
    `Run time: ${(run.seconds / 60).toFixed(1)} min (started ${run.startedAt})`,
    '',
  ];
  if (run.reads.length > 0) lines.push(readsTable(run), '');
  lines.push(summaryTable(run, options.mixedRate, options.capacityRate));
  if (run.serverErrorLines.length > 0)
    lines.push('', 'Server log, first error lines:', ...run.serverErrorLines.slice(0, 5).map((l) => `  ${l.slice(0, 400)}`));
  return lines.join('\n');
}

const argv = process.argv.slice(2);
await main(parseOptions(argv), argv);
