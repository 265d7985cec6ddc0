/** The SQL of webhook endpoints: several per bot, one of them the spec's default webhook. */
import type { Queryable } from '../../../db/index.js';
import type { EventType } from './events.js';
import type { Webhook } from './schemas.js';

export type EndpointFormat = 'json' | 'discord';
export type EndpointLanguage = 'de' | 'en';

interface WebhookRow {
  id: string;
  bot_id: string;
  is_default: boolean;
  url: string;
  secret_box: string;
  previous_secret_box: string | null;
  previous_secret_until: Date | null;
  enabled: boolean;
  disabled_at: Date | null;
  consecutive_failures: number;
  events: EventType[];
  format: EndpointFormat;
  language: EndpointLanguage;
}

export interface StoredWebhook extends Webhook {
  id: string;
  botId: string;
  isDefault: boolean;
  secretBox: string;
  /** The replaced secret while its overlap runs (it signs beside the current one). */
  previousSecretBox: string | null;
  previousSecretUntil: string | null;
  events: EventType[];
  format: EndpointFormat;
  language: EndpointLanguage;
}

/** What an endpoint is set to, beside its state. */
export interface EndpointSettings {
  url: string;
  events: EventType[];
  format: EndpointFormat;
  language: EndpointLanguage;
}

/** A webhook's state columns, as endpoint-state.ts decides them. */
export interface EndpointState {
  enabled: boolean;
  disabledAt: Date | null;
  consecutiveFailures: number;
  /** Set when the webhook starts (again) to receive events; undefined keeps the stored value. */
  activeSince: Date | undefined;
}

export interface WebhookWrite extends EndpointState, EndpointSettings {
  id: string;
  botId: string;
  isDefault: boolean;
  secretBox: string;
}

const COLUMNS = `id, bot_id, is_default, url, secret_box, previous_secret_box, previous_secret_until, enabled, disabled_at,
  consecutive_failures, events, format, language`;

function toWebhook(row: WebhookRow): StoredWebhook {
  return {
    id: row.id,
    botId: row.bot_id,
    isDefault: row.is_default,
    url: row.url,
    secretBox: row.secret_box,
    previousSecretBox: row.previous_secret_box,
    previousSecretUntil: row.previous_secret_until ? row.previous_secret_until.toISOString() : null,
    enabled: row.enabled,
    disabledAt: row.disabled_at ? row.disabled_at.toISOString() : null,
    consecutiveFailures: row.consecutive_failures,
    events: row.events,
    format: row.format,
    language: row.language,
  };
}

export const webhookRepository = {
  /** The bot's default endpoint (the spec's webhook). */
  async find(db: Queryable, botId: string, forUpdate = false): Promise<StoredWebhook | undefined> {
    const { rows } = await db.query<WebhookRow>(
      `SELECT ${COLUMNS} FROM webhooks WHERE bot_id = $1 AND is_default${forUpdate ? ' FOR UPDATE' : ''}`,
      [botId],
    );
    return rows[0] && toWebhook(rows[0]);
  },

  /** One endpoint by id; with `botId`, only when it belongs to that bot. */
  async findEndpoint(db: Queryable, id: string, botId?: string, forUpdate = false): Promise<StoredWebhook | undefined> {
    const { rows } = await db.query<WebhookRow>(
      `SELECT ${COLUMNS} FROM webhooks WHERE id = $1 AND ($2::text IS NULL OR bot_id = $2)${forUpdate ? ' FOR UPDATE' : ''}`,
      [id, botId ?? null],
    );
    return rows[0] && toWebhook(rows[0]);
  },

  /** Every endpoint of a bot, oldest first (a bot has a handful at most). */
  async listForBot(db: Queryable, botId: string): Promise<StoredWebhook[]> {
    const { rows } = await db.query<WebhookRow>(`SELECT ${COLUMNS} FROM webhooks WHERE bot_id = $1 ORDER BY created_at, id`, [botId]);
    return rows.map(toWebhook);
  },

  async countForBot(db: Queryable, botId: string): Promise<number> {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks WHERE bot_id = $1', [botId]);
    return rows[0]?.n ?? 0;
  },

  /** Creates or replaces an endpoint by id; the secret overlap is left as it was. Answers the endpoint as stored. */
  async upsert(tx: Queryable, hook: WebhookWrite, now: Date): Promise<StoredWebhook> {
    const { rows } = await tx.query<WebhookRow>(
      `INSERT INTO webhooks (id, bot_id, is_default, url, secret_box, enabled, disabled_at, consecutive_failures, active_since,
                             events, format, language, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9::timestamptz, $10::timestamptz), $11, $12, $13, $10, $10)
       ON CONFLICT (id) DO UPDATE SET url = $4, secret_box = $5, enabled = $6, disabled_at = $7,
         consecutive_failures = $8, active_since = COALESCE($9::timestamptz, webhooks.active_since),
         events = $11, format = $12, language = $13, updated_at = $10
       RETURNING ${COLUMNS}`,
      [
        hook.id,
        hook.botId,
        hook.isDefault,
        hook.url,
        hook.secretBox,
        hook.enabled,
        hook.disabledAt,
        hook.consecutiveFailures,
        hook.activeSince ?? null,
        now,
        hook.events,
        hook.format,
        hook.language,
      ],
    );
    return toWebhook(rows[0] as WebhookRow);
  },

  /** A new secret; the one it replaces keeps signing until `previousUntil` (null: at once no more). */
  async rotateSecret(tx: Queryable, id: string, secretBox: string, previousUntil: Date | null, now: Date): Promise<void> {
    await tx.query(
      `UPDATE webhooks SET previous_secret_box = CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE secret_box END,
         previous_secret_until = $3, secret_box = $2, updated_at = $4 WHERE id = $1`,
      [id, secretBox, previousUntil, now],
    );
  },

  /** Ends a secret overlap now; false when none was running. */
  async endOverlap(db: Queryable, id: string, now: Date): Promise<boolean> {
    const result = await db.query(
      `UPDATE webhooks SET previous_secret_box = NULL, previous_secret_until = NULL, updated_at = $2
        WHERE id = $1 AND previous_secret_box IS NOT NULL`,
      [id, now],
    );
    return result.rowCount > 0;
  },

  /**
   * The operator's list: `disabled` (switched off, latest first), `failing` (enabled, with failed
   * deliveries in a row, most first), or every endpoint (by bot id). Each from its own index.
   */
  async list(
    db: Queryable,
    state: 'disabled' | 'failing' | undefined,
    limit: number,
    offset: number,
  ): Promise<{ items: StoredWebhook[]; total: number }> {
    const [where, order] =
      state === 'disabled'
        ? ['WHERE NOT enabled', 'disabled_at DESC, bot_id']
        : state === 'failing'
          ? ['WHERE enabled AND consecutive_failures > 0', 'consecutive_failures DESC, bot_id']
          : ['', 'bot_id, created_at, id'];
    const { rows: count } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM webhooks ${where}`);
    const total = count[0]?.total ?? 0;
    if (offset >= total) return { items: [], total };
    const { rows } = await db.query<WebhookRow>(`SELECT ${COLUMNS} FROM webhooks ${where} ORDER BY ${order} LIMIT $1 OFFSET $2`, [
      limit,
      offset,
    ]);
    return { items: rows.map(toWebhook), total };
  },

  /** Deletes the bot's default endpoint; answers what it deleted (undefined: none). */
  async delete(db: Queryable, botId: string): Promise<{ id: string; url: string } | undefined> {
    const { rows } = await db.query<{ id: string; url: string }>(
      'DELETE FROM webhooks WHERE bot_id = $1 AND is_default RETURNING id, url',
      [botId],
    );
    return rows[0];
  },

  /** Deletes one endpoint of the bot; answers what it deleted (undefined: none). */
  async deleteEndpoint(db: Queryable, id: string, botId: string): Promise<{ id: string; url: string } | undefined> {
    const { rows } = await db.query<{ id: string; url: string }>('DELETE FROM webhooks WHERE id = $1 AND bot_id = $2 RETURNING id, url', [
      id,
      botId,
    ]);
    return rows[0];
  },

  /** Writes state columns decided by endpoint-state.ts; answers the endpoint as stored after. */
  async updateState(
    tx: Queryable,
    id: string,
    state: { consecutiveFailures: number; enabled?: boolean; disabledAt?: Date },
    now: Date,
  ): Promise<StoredWebhook> {
    const { rows } = await tx.query<WebhookRow>(
      `UPDATE webhooks SET consecutive_failures = $2, updated_at = $3,
         enabled = COALESCE($4::boolean, enabled), disabled_at = COALESCE($5::timestamptz, disabled_at)
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, state.consecutiveFailures, now, state.enabled ?? null, state.disabledAt ?? null],
    );
    return toWebhook(rows[0] as WebhookRow);
  },

  async clearFailures(db: Queryable, ids: string[]): Promise<void> {
    await db.query('UPDATE webhooks SET consecutive_failures = 0 WHERE id = ANY($1::uuid[]) AND consecutive_failures <> 0', [ids]);
  },
};
