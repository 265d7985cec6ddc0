/**
 * What the kernel says about processes (Linux /proc): CPU time, resident memory, load. The
 * database server's CPU is summed over the PostgreSQL backends serving the bench's database.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process in milliseconds; undefined when it is gone. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) in parentheses: utime is the 14th field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** VmRSS (now) and VmHWM (peak) of a process, in bytes. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/**
 * CPU time of every PostgreSQL backend connected to one database (the service's pool, its LISTEN
 * connection, autovacuum workers), sampled every `intervalMs`. A backend that ends between two
 * samples loses at most that interval of its CPU time.
 */
export class DatabaseCpu {
  private readonly client: pg.Client;
  private readonly seen = new Map<number, { first: number; last: number }>();
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> | undefined;
  private firstSample = true;

  constructor(
    adminUrl: string,
    private readonly database: string,
    private readonly intervalMs = 500,
  ) {
    this.client = new pg.Client({ connectionString: adminUrl });
  }

  async start(): Promise<void> {
    await this.client.connect();
    await this.sample();
    this.timer = setInterval(() => void this.sample(), this.intervalMs);
  }

  /** Milliseconds of CPU used by the database's backends since start(), sampled now. */
  async totalMs(): Promise<number> {
    await this.sample();
    let total = 0;
    for (const { first, last } of this.seen.values()) total += last - first;
    return total;
  }

  /** Waits (up to maxMs) until no query of the database has run longer than 500 ms: work left by a phase is done. */
  async drain(maxMs: number): Promise<void> {
    const until = Date.now() + maxMs;
    while (Date.now() < until) {
      const { rows } = await this.client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = $1 AND state = 'active' AND now() - query_start > interval '500 milliseconds'`,
        [this.database],
      );
      if ((rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sampling;
    await this.client.end().catch(() => {});
  }

  private sample(): Promise<void> {
    this.sampling ??= this.read().finally(() => {
      this.sampling = undefined;
    });
    return this.sampling;
  }

  private async read(): Promise<void> {
    const { rows } = await this.client
      .query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [this.database])
      .catch(() => ({ rows: [] as { pid: number }[] }));
    for (const { pid } of rows) {
      const now = cpuMs(pid);
      if (now === undefined) continue;
      const known = this.seen.get(pid);
      // A backend already running at the first sample counts from then; one born later, from its birth.
      if (known) known.last = now;
      else this.seen.set(pid, { first: this.firstSample ? now : 0, last: now });
    }
    this.firstSample = false;
  }
}
