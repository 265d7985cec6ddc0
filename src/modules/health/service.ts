import type { Database } from '../../db/index.js';
import { appliedVersions, loadMigrations } from '../../db/migrate.js';
import { answersWithin } from '../../db/postgres-control.js';

export type CheckState = 'ok' | 'failing' | 'not configured';

export interface Readiness {
  ready: boolean;
  checks: {
    database: CheckState;
    migrations: CheckState;
    search: CheckState;
    /** Informational: without Redis each process counts rate limits itself, and keeps serving. */
    redis: CheckState;
  };
  /** What fails, for the 503's message. */
  reasons: string[];
}

export interface HealthSources {
  db: Database;
  /** The search index was built (at start, and after the start of each month). */
  searchLoaded(): boolean;
  /** Undefined when REDIS_URL is not set. */
  redisAvailable: (() => boolean) | undefined;
  /** How long the database may take to answer the readiness query. */
  timeoutMs: number;
}

/**
 * Readiness: may this process take traffic? The database answers within the bound, every migration
 * this code knows is applied, and the search index is loaded. Redis is reported, not required:
 * without it the process still serves (rate limits count per process meanwhile).
 */
export class HealthService {
  private readonly expected = loadMigrations().map((migration) => migration.version);

  constructor(private readonly sources: HealthSources) {}

  async readiness(): Promise<Readiness> {
    const { db, timeoutMs } = this.sources;
    const reasons: string[] = [];
    let database: CheckState = 'failing';
    let migrations: CheckState = 'failing';
    if (!db.health.available()) {
      reasons.push('database does not answer');
    } else {
      let applied: number[] | undefined;
      const query = appliedVersions(db).then((versions) => (applied = versions));
      if (!(await answersWithin(query, timeoutMs)) || !applied) {
        reasons.push(`database did not answer within ${timeoutMs} ms`);
      } else {
        database = 'ok';
        const missing = this.expected.filter((version) => !applied?.includes(version));
        if (missing.length === 0) migrations = 'ok';
        else reasons.push(`migrations not applied: ${missing.join(', ')}`);
      }
    }
    const search: CheckState = this.sources.searchLoaded() ? 'ok' : 'failing';
    if (search !== 'ok') reasons.push('search index not loaded');
    const redisAvailable = this.sources.redisAvailable;
    const redis: CheckState = redisAvailable === undefined ? 'not configured' : redisAvailable() ? 'ok' : 'failing';
    return { ready: reasons.length === 0, checks: { database, migrations, search, redis }, reasons };
  }
}
