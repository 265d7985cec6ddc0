import type { Queryable } from '../../db/index.js';
import { SqlFilter } from '../../lib/sql-filter.js';
import type { Subscription } from './schemas.js';

/** A row of `subscriptions` as the premium domain reads it (the payments module adds Stripe's columns). */
export interface SubscriptionRow {
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

/** What the latest premium event said rides along with the row (see SubscriptionWrite.announced). */
type KeptRow = SubscriptionRow & { announced: boolean };

const COLUMNS = `id, bot_id, user_id, guild_id, tier_id, tier_name, interval, expires_at, cancel_at_period_end,
  active, created_at, updated_at, announced`;

export function toSubscription(row: SubscriptionRow): Subscription {
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

export type SubscriptionWrite = Omit<Subscription, 'createdAt' | 'updatedAt'> & {
  /** What the latest premium event said: true after "begins", false after "ends" (or none). */
  announced: boolean;
};

/** What a subscription made through Stripe holds besides the contract's fields. */
export interface StripeLink {
  subscriptionId: string;
  accountId: string;
  customerId: string;
  status: string;
  /** Paid periods up to this time were refunded: the subscription is not in force while paid no further. */
  refundedUntil: string | null;
}

export const subscriptionRepository = {
  async find(db: Queryable, id: string): Promise<Subscription | undefined> {
    const { rows } = await db.query<KeptRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE id = $1`, [id]);
    return rows[0] && toSubscription(rows[0]);
  },

  /** Locks a subscription for a change, with what its latest premium event said. */
  async lock(tx: Queryable, id: string): Promise<{ subscription: Subscription; announced: boolean } | undefined> {
    const { rows } = await tx.query<KeptRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] && { subscription: toSubscription(rows[0]), announced: rows[0].announced };
  },

  /** Locks the subscription Stripe knows by `stripeId`, with its link. */
  async lockByStripeId(
    tx: Queryable,
    stripeId: string,
  ): Promise<{ subscription: Subscription; announced: boolean; link: StripeLink } | undefined> {
    const { rows } = await tx.query<
      KeptRow & { stripe_account_id: string; stripe_customer_id: string; stripe_status: string; refunded_until: Date | null }
    >(
      `SELECT ${COLUMNS}, stripe_account_id, stripe_customer_id, stripe_status, refunded_until
         FROM subscriptions WHERE stripe_subscription_id = $1 FOR UPDATE`,
      [stripeId],
    );
    const row = rows[0];
    return (
      row && {
        subscription: toSubscription(row),
        announced: row.announced,
        link: {
          subscriptionId: stripeId,
          accountId: row.stripe_account_id,
          customerId: row.stripe_customer_id,
          status: row.stripe_status,
          refundedUntil: row.refunded_until?.toISOString() ?? null,
        },
      }
    );
  },

  async setStripeLink(tx: Queryable, id: string, link: StripeLink): Promise<void> {
    await tx.query(
      `UPDATE subscriptions SET stripe_subscription_id = $2, stripe_account_id = $3, stripe_customer_id = $4,
         stripe_status = $5, refunded_until = $6 WHERE id = $1`,
      [id, link.subscriptionId, link.accountId, link.customerId, link.status, link.refundedUntil],
    );
  },

  /**
   * Takes up to `limit` subscriptions announced as begun whose paid period is over at `now`, and
   * marks them ended. Locked rows are skipped, so concurrent sweeps never take one twice.
   */
  async takeLapsed(tx: Queryable, now: Date, limit: number): Promise<Subscription[]> {
    const { rows } = await tx.query<KeptRow>(
      `UPDATE subscriptions SET announced = false
        WHERE id IN (SELECT id FROM subscriptions WHERE announced AND expires_at <= $1
                      ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}`,
      [now, limit],
    );
    return rows.map(toSubscription);
  },

  /** The subscription in force now: active and paid beyond `now`; the longest-running one wins. */
  async current(db: Queryable, botId: string, scope: { userId: string } | { guildId: string }, now: Date) {
    const byUser = 'userId' in scope;
    const { rows } = await db.query<KeptRow>(
      `SELECT ${COLUMNS} FROM subscriptions
        WHERE bot_id = $1 AND ${byUser ? 'user_id = $2 AND guild_id IS NULL' : 'guild_id = $2'}
          AND active AND expires_at > $3
        ORDER BY expires_at DESC LIMIT 1`,
      [botId, byUser ? scope.userId : scope.guildId, now],
    );
    return rows[0] && toSubscription(rows[0]);
  },

  /** The operator's list, newest first (indexes subscriptions_*_time). `active`: the stored flag. */
  async list(
    db: Queryable,
    filter: { botId?: string; userId?: string; guildId?: string; active?: boolean },
    limit: number,
    offset: number,
  ): Promise<{ items: Subscription[]; total: number }> {
    const conditions = new SqlFilter()
      .when(filter.botId, (n, botId) => `bot_id = ${n(botId)}`)
      .when(filter.userId, (n, userId) => `user_id = ${n(userId)}`)
      .when(filter.guildId, (n, guildId) => `guild_id = ${n(guildId)}`)
      .when(filter.active, (n, active) => `active = ${n(active)}`);
    const { where, values } = conditions.build(1);
    const { rows: count } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM subscriptions ${where}`, values);
    const total = count[0]?.total ?? 0;
    if (offset >= total) return { items: [], total };
    const n = values.length + 1;
    const { rows } = await db.query<KeptRow>(
      `SELECT ${COLUMNS} FROM subscriptions ${where} ORDER BY created_at DESC, id DESC LIMIT $${n} OFFSET $${n + 1}`,
      [...values, limit, offset],
    );
    return { items: rows.map(toSubscription), total };
  },

  async insert(tx: Queryable, s: SubscriptionWrite, now: Date): Promise<void> {
    await tx.query(`INSERT INTO subscriptions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12)`, [
      s.id,
      s.botId,
      s.userId,
      s.guildId,
      s.tierId,
      s.tierName,
      s.interval,
      s.expiresAt,
      s.cancelAtPeriodEnd,
      s.active,
      now,
      s.announced,
    ]);
  },

  async update(tx: Queryable, s: SubscriptionWrite, now: Date): Promise<void> {
    await tx.query(
      `UPDATE subscriptions SET user_id = $2, guild_id = $3, tier_id = $4, tier_name = $5, interval = $6,
         expires_at = $7, cancel_at_period_end = $8, active = $9, updated_at = $10, announced = $11
       WHERE id = $1`,
      [s.id, s.userId, s.guildId, s.tierId, s.tierName, s.interval, s.expiresAt, s.cancelAtPeriodEnd, s.active, now, s.announced],
    );
  },
};
