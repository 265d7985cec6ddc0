import type { Queryable } from '../../db/index.js';
import type { ApiKey, Scope } from './schemas.js';

interface KeyRow {
  id: string;
  bot_id: string;
  name: string | null;
  prefix: string;
  scopes: string[];
  tier: number;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

const COLUMNS = 'id, bot_id, name, prefix, scopes, tier, created_at, revoked_at, last_used_at';

function toKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    botId: row.bot_id,
    prefix: row.prefix,
    name: row.name,
    scopes: row.scopes,
    tier: row.tier,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
  };
}

export interface NewKeyRow {
  id: string;
  botId: string;
  name: string | null;
  prefix: string;
  hash: string;
  scopes: Scope[];
  tier: number;
  createdAt: Date;
}

export const keyRepository = {
  async insert(db: Queryable, key: NewKeyRow): Promise<void> {
    await db.query(
      `INSERT INTO api_keys (id, bot_id, name, prefix, key_hash, scopes, tier, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [key.id, key.botId, key.name, key.prefix, key.hash, key.scopes, key.tier, key.createdAt],
    );
  },

  async listByBot(db: Queryable, botId: string): Promise<ApiKey[]> {
    const { rows } = await db.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE bot_id = $1 ORDER BY created_at, id`, [botId]);
    return rows.map(toKey);
  },

  async find(db: Queryable, id: string): Promise<ApiKey | undefined> {
    const { rows } = await db.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1`, [id]);
    return rows[0] && toKey(rows[0]);
  },

  /** The live key with this id, locked until the transaction ends (its change and its audit entry agree). */
  async lockActive(tx: Queryable, id: string): Promise<ApiKey | undefined> {
    const { rows } = await tx.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1 AND revoked_at IS NULL FOR UPDATE`, [id]);
    return rows[0] && toKey(rows[0]);
  },

  /** The live (not revoked) key with this hash: an indexed equality lookup, no secret compared in code. */
  async findActiveByHash(db: Queryable, hash: string): Promise<ApiKey | undefined> {
    const { rows } = await db.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`, [hash]);
    return rows[0] && toKey(rows[0]);
  },

  async update(db: Queryable, id: string, change: { scopes: string[]; tier: number; name: string | null }): Promise<boolean> {
    const result = await db.query('UPDATE api_keys SET scopes = $2, tier = $3, name = $4 WHERE id = $1 AND revoked_at IS NULL', [
      id,
      change.scopes,
      change.tier,
      change.name,
    ]);
    return result.rowCount > 0;
  },

  /**
   * Records uses (key id → when); a key whose stored time is less than `minIntervalMs` older is
   * left alone (another process wrote it).
   */
  async touchMany(db: Queryable, uses: ReadonlyMap<string, Date>, minIntervalMs: number): Promise<void> {
    await db.query(
      `UPDATE api_keys k SET last_used_at = u.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at)
        WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at <= u.at - make_interval(secs => $3))`,
      [[...uses.keys()], [...uses.values()], minIntervalMs / 1000],
    );
  },

  /** Revokes a live key; answers its bot and prefix, or undefined when no live key has this id. */
  async revoke(db: Queryable, id: string, now: Date): Promise<{ botId: string; prefix: string } | undefined> {
    const { rows } = await db.query<{ bot_id: string; prefix: string }>(
      'UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING bot_id, prefix',
      [id, now],
    );
    return rows[0] && { botId: rows[0].bot_id, prefix: rows[0].prefix };
  },
};
