/**
 * `npm run bench:scale:audit`: the audit log at scale. Fills the scale bench's data set with
 * audit entries over its bots (once; 10,000,000 by default, written by one INSERT … SELECT over
 * generate_series, the secondary indexes built after it), then prints the `EXPLAIN (ANALYZE,
 * BUFFERS)` of the log's pages, each read by the repository itself (same SQL, same parameters):
 * a bot's page, filtered by action and by actor, the whole log, by user, by action, by time range,
 * a second page, and a batch of the nightly clean-up (rolled back).
 *
 *   npm run bench:scale:audit                                   # 100,000 bots, 10,000,000 entries
 *   npm run bench:scale:audit -- --entries 1M --bots 10000 --votes 1000000
 *   npm run bench:scale:audit -- --refill                        # write the entries again
 *
 * Needs the data set (`npm run bench:scale` makes it). The full plans go to
 * `bench/scale/out/audit-explain-<data set>-<time>.md`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database, Queryable, QueryResult } from '../../src/db/index.js';
import { migrate } from '../../src/db/migrate.js';
import type { AuditAction } from '../../src/modules/audit/entry.js';
import { auditRepository, type AuditFilter } from '../../src/modules/audit/repository.js';
import { dataSet, OUT_DIR } from './data-set.js';
import { DEFAULT_BOTS, DEFAULT_SEED, DEFAULT_VOTES, dataSetName } from './params.js';

const DAY_MS = 86_400_000;
/** The entries span the default retention (AUDIT_RETENTION_DAYS), ending when they are written. */
const SPAN_DAYS = 730;
/** A page as the routes read it: 25 and one more (is there a next page?). */
const PAGE = 26;
const ROLLBACK = new Error('rollback');

interface Options {
  bots: number;
  votes: number;
  seed: number;
  entries: number;
  refill: boolean;
}

function options(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      bots: { type: 'string' },
      votes: { type: 'string' },
      seed: { type: 'string' },
      entries: { type: 'string' },
      refill: { type: 'boolean', default: false },
    },
    strict: true,
  });
  return {
    bots: whole(values.bots, DEFAULT_BOTS),
    votes: whole(values.votes, DEFAULT_VOTES),
    seed: whole(values.seed, DEFAULT_SEED),
    entries: whole(values.entries, 10_000_000),
    refill: values.refill ?? false,
  };
}

/** 100000, 100_000, 100k, 10M. */
function whole(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const match = /^(\d[\d_,]*)([kKmM]?)$/.exec(text.trim());
  if (!match) throw new Error(`not a whole number: ${text}`);
  return Number(match[1]!.replace(/[_,]/g, '')) * ({ '': 1, k: 1e3, K: 1e3, m: 1e6, M: 1e6 }[match[2]!] as number);
}

/** Explains each statement (same SQL, same parameters), keeps the plan, then runs it for the caller. */
class Explaining implements Queryable {
  readonly plans: string[] = [];
  constructor(private readonly inner: Queryable) {}

  async query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    const explained = await this.inner.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    this.plans.push(explained.rows.map((row) => row['QUERY PLAN']).join('\n'));
    return this.inner.query<T>(sql, params);
  }
}

/**
 * Writes `entries` entries over the data set's bots, oldest first, over the last SPAN_DAYS: most by
 * the bots' users in the dashboard, a quarter by operators, some by keys and by the service. Bots,
 * users and actions are skewed as a directory's are (a few bots and users busy, most quiet; bans
 * rare). The secondary indexes are dropped first and built after the rows (a sort each, not
 * 10,000,000 random inserts into each), from their own definitions.
 */
async function fill(db: Database, entries: number, log: (line: string) => void): Promise<void> {
  const { rows: indexes } = await db.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE tablename = 'audit_log' AND indexname <> 'audit_log_pkey' ORDER BY indexname`,
  );
  await db.query('TRUNCATE audit_log RESTART IDENTITY');
  for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
  const end = Date.now();
  let t0 = performance.now();
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL synchronous_commit = off');
    await tx.query(
      `WITH b AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM bots),
            n AS (SELECT count(*) AS bots FROM bots),
            g AS (
              SELECT g,
                     -- Two independent draws in [0, 1) from g (Knuth's multiplicative hash).
                     ((g * 2654435761) % 4294967296) / 4294967296.0 AS u,
                     ((g * 2246822519 + 3266489917) % 4294967296) / 4294967296.0 AS v,
                     g % 100 AS who
                FROM generate_series(1, $1::bigint) g)
       INSERT INTO audit_log (at, bot_id, actor_kind, actor_id, via, action, target, diff, note)
       SELECT date_trunc('milliseconds', $2::timestamptz + g.g * $3::double precision * interval '1 millisecond'),
              b.id,
              CASE WHEN who < 64 THEN 'user' WHEN who < 69 THEN 'key' WHEN who < 94 THEN 'operator' ELSE 'system' END,
              CASE WHEN who < 64 THEN (300000000000000000 + floor(200000 * v ^ 3))::bigint::text
                   WHEN who < 69 THEN 'bdk_' || lpad(to_hex((g.g % 50000)::int), 6, '0')
                   WHEN who < 90 THEN (170000000000000000 + g.g % 5)::text END,
              CASE WHEN who < 64 THEN 'dashboard' WHEN who < 69 THEN 'api' WHEN who < 90 THEN 'console' WHEN who < 94 THEN 'admin_api'
                   ELSE 'system' END,
              CASE WHEN who < 64 THEN (ARRAY['listing.edit', 'listing.edit', 'webhook.update', 'key.create', 'listing.transition',
                                             'webhook.create', 'key.revoke', 'webhook.rotate_secret'])[1 + g.g % 8]
                   WHEN who < 69 THEN 'webhook.update'
                   WHEN who < 94 THEN (ARRAY['listing.transition', 'listing.transition', 'report.resolve', 'tier_request.decide',
                                             'key.tier', 'listing.transition', 'report.resolve', 'listing.transition', 'listing.edit',
                                             'ban.create'])[1 + (g.g / 100) % 10]
                   ELSE 'webhook.switch_off' END,
              md5(g.g::text)::uuid::text,
              CASE WHEN who < 64 AND g.g % 8 IN (0, 1) THEN '{"name": {"before": "Lantern", "after": "Lantern Two"}}'::jsonb
                   WHEN who < 94 THEN '{"status": {"before": "submitted", "after": "published"}}'::jsonb END,
              CASE WHEN who >= 69 AND who < 94 THEN 'Looks good.' END
         FROM g JOIN b ON b.rn = 1 + floor((SELECT bots FROM n) * u ^ 3)::bigint`,
      [entries, new Date(end - SPAN_DAYS * DAY_MS), (SPAN_DAYS * DAY_MS) / entries],
    );
  });
  log(`  ${entries.toLocaleString('en')} entries written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  await db.query("SET maintenance_work_mem = '512MB'");
  for (const index of indexes) {
    const started = performance.now();
    await db.query(index.definition);
    log(`  ${index.name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  log(`  indexes built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await db.query('VACUUM ANALYZE audit_log');
  await db.query(`CREATE TABLE IF NOT EXISTS bench_scale_audit (id smallint PRIMARY KEY CHECK (id = 1), entries bigint NOT NULL,
    filled_at timestamptz NOT NULL)`);
  await db.query(
    `INSERT INTO bench_scale_audit (id, entries, filled_at) VALUES (1, $1, now())
     ON CONFLICT (id) DO UPDATE SET entries = EXCLUDED.entries, filled_at = EXCLUDED.filled_at`,
    [entries],
  );
}

/** How many entries the data set was filled with; 0 when it was not. */
async function filled(db: Database): Promise<number> {
  const { rows } = await db.query<{ present: string | null }>(`SELECT to_regclass('bench_scale_audit')::text AS present`);
  if (!rows[0]?.present) return 0;
  const mark = await db.query<{ entries: string }>('SELECT entries::text FROM bench_scale_audit WHERE id = 1');
  return Number(mark.rows[0]?.entries ?? 0);
}

interface Case {
  name: string;
  filter: AuditFilter;
  /** Read the first page and explain the second (after its last entry). */
  secondPage?: boolean;
}

/** The busiest bot, user and a rarely used action there, picked from the data (by the indexes, not a scan). */
async function picks(db: Database): Promise<{ bot: string; user: string; quietAction: AuditAction; middle: Date }> {
  const one = async <T>(sql: string): Promise<T> => {
    const row = (await db.query<T>(sql)).rows[0];
    if (!row) throw new Error(`no row for: ${sql}`);
    return row;
  };
  // The generator gives the first bot by id the most entries and user 300000000000000000 the most.
  const bot = await one<{ id: string }>('SELECT id FROM bots ORDER BY id LIMIT 1');
  const span = await one<{ first: Date; last: Date }>('SELECT min(at) AS first, max(at) AS last FROM audit_log');
  return {
    bot: bot.id,
    user: '300000000000000000',
    quietAction: 'ban.create',
    middle: new Date((span.first.getTime() + span.last.getTime()) / 2),
  };
}

function cases(p: Awaited<ReturnType<typeof picks>>): Case[] {
  const day = { from: p.middle, to: new Date(p.middle.getTime() + DAY_MS) };
  return [
    { name: "a bot's page (the busiest bot)", filter: { botId: p.bot } },
    { name: "a bot's page by action (the busiest bot, tier decisions)", filter: { botId: p.bot, action: 'tier_request.decide' } },
    { name: "a bot's page by actor (the busiest bot, its busiest user)", filter: { botId: p.bot, actorId: p.user } },
    {
      name: "a bot's page by actor and action (the busiest bot and user, webhook changes)",
      filter: { botId: p.bot, actorId: p.user, action: 'webhook.update' },
    },
    { name: 'the whole log', filter: {} },
    { name: 'the whole log by user (the busiest user)', filter: { actorId: p.user } },
    { name: `the whole log by action (${p.quietAction}, the rarest)`, filter: { action: p.quietAction } },
    { name: 'the whole log by user and action (the busiest user, key creations)', filter: { actorId: p.user, action: 'key.create' } },
    { name: 'the whole log by time range (one day, two years back to now in the middle)', filter: day },
    { name: 'the whole log by bot and time range (the busiest bot, that day)', filter: { botId: p.bot, ...day } },
    { name: 'the whole log, second page (after the first page’s last entry)', filter: {}, secondPage: true },
    { name: "a bot's page by action, second page", filter: { botId: p.bot, action: 'tier_request.decide' }, secondPage: true },
  ];
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2).filter((arg) => arg !== '--'));
  const set = dataSet(dataSetName(o), false);
  if (!(await set.exists())) throw new Error(`no data set ${set.name}: run npm run bench:scale first`);
  const db = await set.open();
  const log = (line: string) => console.log(line);
  const out: string[] = [`# The audit log: EXPLAIN (ANALYZE, BUFFERS) on ${set.name}, ${new Date().toISOString()}`, ''];
  try {
    // The audit log's own migrations (034, 036), as a server of this checkout applies them at start.
    await migrate(db);
    const have = await filled(db);
    if (o.refill || have !== o.entries) {
      log(`filling ${set.name} with ${o.entries.toLocaleString('en')} audit entries (${have.toLocaleString('en')} there)`);
      await fill(db, o.entries, log);
    } else {
      log(`${set.name} holds ${have.toLocaleString('en')} audit entries (--refill writes them again)`);
    }
    const size = await db.query<{ table: string; indexes: string }>(
      `SELECT pg_size_pretty(pg_table_size('audit_log')) AS table, pg_size_pretty(pg_indexes_size('audit_log')) AS indexes`,
    );
    log(`audit_log: ${size.rows[0]!.table} of rows, ${size.rows[0]!.indexes} of indexes`);
    out.push(`audit_log: ${size.rows[0]!.table} of rows, ${size.rows[0]!.indexes} of indexes`, '');
    const picked = await picks(db);
    for (const c of cases(picked)) {
      const after = c.secondPage
        ? await auditRepository.page(db, c.filter, undefined, PAGE).then((rows) => ({ at: rows.at(-2)!.at, id: rows.at(-2)!.id }))
        : undefined;
      const explaining = new Explaining(db);
      const rows = await auditRepository.page(explaining, c.filter, after, PAGE);
      report(c.name, explaining.plans[0]!, rows.length, log, out);
    }
    // A batch of the nightly clean-up, its cutoff a day into the log: rolled back.
    const cutoff = new Date(Date.now() - (SPAN_DAYS - 1) * DAY_MS);
    await db
      .transaction(async (tx) => {
        const explaining = new Explaining(tx);
        await auditRepository.pruneBefore(explaining, cutoff, 5000);
        // EXPLAIN ANALYZE deleted the batch already (the statement run after it finds nothing left): its rows are the plan's.
        const plan = explaining.plans[0]!;
        const deleted = Number(/Limit\s+\(.*actual .*rows=(\d+)/.exec(plan)?.[1] ?? 0);
        report('the nightly clean-up, one batch of up to 5,000 (rolled back)', plan, deleted, log, out);
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
  } finally {
    await db.close();
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const file = join(OUT_DIR, `audit-explain-${set.name}-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, out.join('\n'));
  log(`plans: ${file}`);
}

function report(name: string, plan: string, rows: number, log: (line: string) => void, out: string[]): void {
  const ms = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
  const index = /(Index (?:Only )?Scan(?: Backward)? using \w+)/.exec(plan)?.[1] ?? 'no index scan';
  const buffers = /Buffers: ([^\n]+)/.exec(plan)?.[1] ?? '';
  log(`${name}: ${rows} rows, ${ms} ms, ${index}, ${buffers}`);
  out.push(`## ${name}`, '', '```', plan, '```', '');
}

await main();
