import type { Queryable } from '../../db/index.js';
import type { Webhook } from './schemas.js';

interface WebhookRow {
  bot_id: string;
  url: string;
  secret_box: string;
  enabled: boolean;
  disabled_at: Date | null;
  consecutive_failures: number;
}

export interface StoredWebhook extends Webhook {
  botId: string;
  secretBox: string;
}

/** A webhook's state columns, as endpoint-state.ts decides them. */
export interface EndpointState {
  enabled: boolean;
  disabledAt: Date | null;
  consecutiveFailures: number;
  /** Set when the webhook starts (again) to receive events; undefined keeps the stored value. */
  activeSince: Date | undefined;
}

export interface WebhookWrite extends EndpointState {
  botId: string;
  url: string;
  secretBox: string;
}

const COLUMNS = 'bot_id, url, secret_box, enabled, disabled_at, consecutive_failures';

function toWebhook(row: WebhookRow): StoredWebhook {
  return {
    botId: row.bot_id,
    url: row.url,
    secretBox: row.secret_box,
    enabled: row.enabled,
    disabledAt: row.disabled_at ? row.disabled_at.toISOString() : null,
    consecutiveFailures: row.consecutive_failures,
  };
}

export const webhookRepository = {
  async find(db: Queryable, botId: string, forUpdate = false): Promise<StoredWebhook | undefined> {
    const { rows } = await db.query<WebhookRow>(
      `SELECT ${COLUMNS} FROM webhooks WHERE bot_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [botId],
    );
    return rows[0] && toWebhook(rows[0]);
  },

  async upsert(tx: Queryable, hook: WebhookWrite, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO webhooks (bot_id, url, secret_box, enabled, disabled_at, consecutive_failures, active_since, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::timestamptz, $8::timestamptz), $8, $8)
       ON CONFLICT (bot_id) DO UPDATE SET url = $2, secret_box = $3, enabled = $4, disabled_at = $5,
         consecutive_failures = $6, active_since = COALESCE($7::timestamptz, webhooks.active_since), updated_at = $8`,
      [hook.botId, hook.url, hook.secretBox, hook.enabled, hook.disabledAt, hook.consecutiveFailures, hook.activeSince ?? null, now],
    );
  },

  /**
   * The operator's list: `disabled` (switched off, latest first), `failing` (enabled, with failed
   * deliveries in a row, most first), or every webhook (by bot id). Each from its own index.
   */
  async list(db: Queryable, state: 'disabled' | 'failing' | undefined, limit: number, offset: number): Promise<{ items: StoredWebhook[]; total: number }> {
    const [where, order] =
      state === 'disabled'
        ? ['WHERE NOT enabled', 'disabled_at DESC, bot_id']
        : state === 'failing'
          ? ['WHERE enabled AND consecutive_failures > 0', 'consecutive_failures DESC, bot_id']
          : ['', 'bot_id'];
    const { rows: count } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM webhooks ${where}`);
    const total = count[0]?.total ?? 0;
    if (offset >= total) return { items: [], total };
    const { rows } = await db.query<WebhookRow>(`SELECT ${COLUMNS} FROM webhooks ${where} ORDER BY ${order} LIMIT $1 OFFSET $2`, [limit, offset]);
    return { items: rows.map(toWebhook), total };
  },

  async delete(db: Queryable, botId: string): Promise<boolean> {
    const result = await db.query('DELETE FROM webhooks WHERE bot_id = $1', [botId]);
    return result.rowCount > 0;
  },

  /** Writes state columns decided by endpoint-state.ts; answers the webhook as stored after. */
  async updateState(
    tx: Queryable,
    botId: string,
    state: { consecutiveFailures: number; enabled?: boolean; disabledAt?: Date },
    now: Date,
  ): Promise<StoredWebhook> {
    const { rows } = await tx.query<WebhookRow>(
      `UPDATE webhooks SET consecutive_failures = $2, updated_at = $3,
         enabled = COALESCE($4::boolean, enabled), disabled_at = COALESCE($5::timestamptz, disabled_at)
       WHERE bot_id = $1 RETURNING ${COLUMNS}`,
      [botId, state.consecutiveFailures, now, state.enabled ?? null, state.disabledAt ?? null],
    );
    return toWebhook(rows[0] as WebhookRow);
  },

  async clearFailures(db: Queryable, botIds: string[]): Promise<void> {
    await db.query('UPDATE webhooks SET consecutive_failures = 0 WHERE bot_id = ANY($1::text[]) AND consecutive_failures <> 0', [botIds]);
  },
};
