import type { Queryable } from '../../db/index.js';
import type { Subscription } from './schemas.js';

interface SubscriptionRow {
  id: string;
  bot_id: string;
  user_id: string;
  guild_id: string | null;
  tier_id: string;
  tier_name: string;
  interval: string;
  expires_at: Date;
  cancel_at_period_end: boolean;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, bot_id, user_id, guild_id, tier_id, tier_name, interval, expires_at, cancel_at_period_end,
  active, created_at, updated_at`;

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    botId: row.bot_id,
    userId: row.user_id,
    guildId: row.guild_id,
    tierId: row.tier_id,
    tierName: row.tier_name,
    interval: row.interval,
    expiresAt: row.expires_at.toISOString(),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export type SubscriptionWrite = Omit<Subscription, 'createdAt' | 'updatedAt'>;

export const subscriptionRepository = {
  async find(db: Queryable, id: string, forUpdate = false): Promise<Subscription | undefined> {
    const { rows } = await db.query<SubscriptionRow>(
      `SELECT ${COLUMNS} FROM subscriptions WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] && toSubscription(rows[0]);
  },

  /** The subscription in force now: active and paid beyond `now`; the longest-running one wins. */
  async current(db: Queryable, botId: string, scope: { userId: string } | { guildId: string }, now: Date) {
    const byUser = 'userId' in scope;
    const { rows } = await db.query<SubscriptionRow>(
      `SELECT ${COLUMNS} FROM subscriptions
        WHERE bot_id = $1 AND ${byUser ? 'user_id = $2 AND guild_id IS NULL' : 'guild_id = $2'}
          AND active AND expires_at > $3
        ORDER BY expires_at DESC LIMIT 1`,
      [botId, byUser ? scope.userId : scope.guildId, now],
    );
    return rows[0] && toSubscription(rows[0]);
  },

  async insert(tx: Queryable, s: SubscriptionWrite, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO subscriptions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
      [s.id, s.botId, s.userId, s.guildId, s.tierId, s.tierName, s.interval, s.expiresAt, s.cancelAtPeriodEnd, s.active, now],
    );
  },

  async update(tx: Queryable, s: SubscriptionWrite, now: Date): Promise<void> {
    await tx.query(
      `UPDATE subscriptions SET user_id = $2, guild_id = $3, tier_id = $4, tier_name = $5, interval = $6,
         expires_at = $7, cancel_at_period_end = $8, active = $9, updated_at = $10
       WHERE id = $1`,
      [s.id, s.userId, s.guildId, s.tierId, s.tierName, s.interval, s.expiresAt, s.cancelAtPeriodEnd, s.active, now],
    );
  },
};
