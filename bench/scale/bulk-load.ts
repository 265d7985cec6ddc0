/**
 * Bulk loading the way PostgreSQL's documentation advises: drop the indexes and constraints of
 * the tables being filled, insert, then build them once. Read from the catalog, so whatever
 * indexes the project's migrations define (now or later) come back exactly as they were.
 */
import type { Database } from '../../src/db/index.js';

interface Saved {
  /** Constraints to add back: primary keys and unique ones first, then foreign keys. */
  keys: { table: string; name: string; definition: string }[];
  foreign: { table: string; name: string; definition: string }[];
  /** Plain indexes (CREATE INDEX statements). */
  indexes: string[];
}

/** Drops every index and key of `tables` (and foreign keys pointing at them); returns how to rebuild them. */
export async function dropIndexes(db: Database, tables: string[]): Promise<Saved> {
  const foreign = await db.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
      WHERE contype = 'f' AND (conrelid::regclass::text = ANY($1) OR confrelid::regclass::text = ANY($1))`,
    [tables],
  );
  const keys = await db.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
      WHERE contype IN ('p', 'u', 'x') AND conrelid::regclass::text = ANY($1)`,
    [tables],
  );
  const indexes = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid::regclass::text = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u', 'x'))`,
    [tables],
  );
  for (const c of foreign.rows) await db.query(`ALTER TABLE ${c.table} DROP CONSTRAINT ${quote(c.name)}`);
  for (const c of keys.rows) await db.query(`ALTER TABLE ${c.table} DROP CONSTRAINT ${quote(c.name)}`);
  for (const i of indexes.rows) await db.query(`DROP INDEX ${i.name}`);
  return { keys: keys.rows, foreign: foreign.rows, indexes: indexes.rows.map((i) => i.definition) };
}

/** Builds what dropIndexes removed, with generous sort memory for the index builds. */
export async function restoreIndexes(db: Database, saved: Saved): Promise<void> {
  const memory = db.kind === 'embedded' ? '256MB' : '1GB';
  const inSession = (sql: string) =>
    db.transaction(async (tx) => {
      await tx.query(`SET LOCAL maintenance_work_mem = '${memory}'`);
      await tx.query(sql);
    });
  for (const c of saved.keys) await inSession(`ALTER TABLE ${c.table} ADD CONSTRAINT ${quote(c.name)} ${c.definition}`);
  for (const definition of saved.indexes) await inSession(definition);
  for (const c of saved.foreign) await inSession(`ALTER TABLE ${c.table} ADD CONSTRAINT ${quote(c.name)} ${c.definition}`);
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
