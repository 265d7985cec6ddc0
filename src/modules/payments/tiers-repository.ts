import type { Queryable } from '../../db/index.js';
import type { Tier, TierInput } from './schemas.js';

interface TierRow {
  id: string;
  bot_id: string;
  name_en: string;
  name_de: string;
  description_en: string;
  description_de: string;
  scope: 'user' | 'guild';
  interval: 'month' | 'year';
  amount_minor: string | number;
  currency: string;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, bot_id, name_en, name_de, description_en, description_de, scope, interval, amount_minor, currency,
  archived_at, created_at, updated_at`;

function toTier(row: TierRow): Tier {
  return {
    id: row.id,
    botId: row.bot_id,
    name: { en: row.name_en, de: row.name_de },
    description: { en: row.description_en, de: row.description_de },
    scope: row.scope,
    interval: row.interval,
    amountMinor: Number(row.amount_minor),
    currency: row.currency.trim(),
    archived: row.archived_at !== null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A tier's written columns, in the order of name_en … currency in the statements below. */
function tierValues(input: TierInput): unknown[] {
  const { name, description, scope, interval, amountMinor, currency } = input;
  return [name.en, name.de, description.en, description.de, scope, interval, amountMinor, currency];
}

export const tierRepository = {
  /** A bot's tiers, oldest first (index premium_tiers_bot); a bot has few. */
  async list(db: Queryable, botId: string, includeArchived: boolean): Promise<Tier[]> {
    const { rows } = await db.query<TierRow>(
      `SELECT ${COLUMNS} FROM premium_tiers WHERE bot_id = $1 ${includeArchived ? '' : 'AND archived_at IS NULL'}
        ORDER BY created_at, id`,
      [botId],
    );
    return rows.map(toTier);
  },

  /** `forUpdate`: locks the row for the rest of the transaction (a change, a delete against a new subscription). */
  async find(db: Queryable, botId: string, tierId: string, opts: { forUpdate?: boolean } = {}): Promise<Tier | undefined> {
    const { rows } = await db.query<TierRow>(
      `SELECT ${COLUMNS} FROM premium_tiers WHERE bot_id = $1 AND id = $2${opts.forUpdate ? ' FOR UPDATE' : ''}`,
      [botId, tierId],
    );
    return rows[0] && toTier(rows[0]);
  },

  /** The tier by id alone (a subscription's metadata names it). */
  async byId(db: Queryable, tierId: string): Promise<Tier | undefined> {
    const { rows } = await db.query<TierRow>(`SELECT ${COLUMNS} FROM premium_tiers WHERE id = $1`, [tierId]);
    return rows[0] && toTier(rows[0]);
  },

  async insert(tx: Queryable, id: string, botId: string, input: TierInput, now: Date): Promise<Tier | undefined> {
    const { rows } = await tx.query<TierRow>(
      `INSERT INTO premium_tiers (${COLUMNS})
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $11, $11 WHERE EXISTS (SELECT 1 FROM bots WHERE id = $2)
       RETURNING ${COLUMNS}`,
      [id, botId, ...tierValues(input), now],
    );
    return rows[0] && toTier(rows[0]);
  },

  async update(tx: Queryable, botId: string, tierId: string, input: TierInput, now: Date): Promise<Tier | undefined> {
    const { rows } = await tx.query<TierRow>(
      `UPDATE premium_tiers SET name_en = $3, name_de = $4, description_en = $5, description_de = $6, scope = $7,
         interval = $8, amount_minor = $9, currency = $10, updated_at = $11
        WHERE bot_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [botId, tierId, ...tierValues(input), now],
    );
    return rows[0] && toTier(rows[0]);
  },

  async archive(tx: Queryable, botId: string, tierId: string, now: Date): Promise<Tier | undefined> {
    const { rows } = await tx.query<TierRow>(
      `UPDATE premium_tiers SET archived_at = COALESCE(archived_at, $3), updated_at = $3
        WHERE bot_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [botId, tierId, now],
    );
    return rows[0] && toTier(rows[0]);
  },

  /** Whether any subscription names the tier (index subscriptions_tier). */
  async hasSubscribers(db: Queryable, tierId: string): Promise<boolean> {
    const { rows } = await db.query('SELECT 1 FROM subscriptions WHERE tier_id = $1 LIMIT 1', [tierId]);
    return rows.length > 0;
  },

  async remove(tx: Queryable, botId: string, tierId: string): Promise<void> {
    await tx.query('DELETE FROM premium_tiers WHERE bot_id = $1 AND id = $2', [botId, tierId]);
  },
};
