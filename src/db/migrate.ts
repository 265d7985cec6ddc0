import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './types.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FUNCTIONS_DIR = fileURLToPath(new URL('./functions/', import.meta.url));
/** Arbitrary but fixed: every process of this service takes the same advisory lock to migrate. */
const MIGRATION_LOCK_KEY = 7_303_562_201;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), name: file, sql: readFileSync(dir + file, 'utf8') }));
}

export interface SqlFunction {
  /** The function the file defines: its name without the order number. */
  name: string;
  sql: string;
}

/** The current SQL functions (functions/README.md), in the order of their numbers: callees first. */
export function loadFunctions(dir = FUNCTIONS_DIR): SqlFunction[] {
  return readdirSync(dir)
    .filter((file) => /^\d{2}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.slice(3, -4), sql: readFileSync(dir + file, 'utf8') }));
}

/**
 * Applies the numbered SQL files not applied yet, then (re)creates every SQL function from its
 * current file, all in one transaction under an advisory lock: a second process starting at the
 * same moment waits, then finds no migration left to do.
 * Returns the names of the migrations this call applied.
 */
export async function migrate(db: Database, migrations = loadMigrations(), functions = loadFunctions()): Promise<string[]> {
  return db.transaction(async (tx) => {
    // A migration over a large table may run for minutes; the sessions' statement_timeout is for requests.
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      done.push(migration.name);
    }
    // CREATE OR REPLACE: the same bodies again change nothing, so this runs on every start.
    for (const fn of functions) {
      for (const statement of splitStatements(fn.sql)) await tx.query(statement);
    }
    return done;
  });
}

/** Splits at `;` ending a line, except inside `$$ ... $$` bodies; `--` comment lines are dropped. */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line)) continue;
    current.push(line);
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.join('\n').trim().replace(/;$/, ''));
      current = [];
    }
  }
  const rest = current.join('\n').trim();
  if (rest) statements.push(rest);
  return statements.filter((statement) => statement.length > 0);
}

/** The versions recorded as applied. */
export async function appliedVersions(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
  return rows.map((row) => row.version);
}
