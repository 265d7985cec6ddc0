/** The operator's listings of what was paid through Stripe: subscriptions, donations, totals per bot and month. */
import type { Queryable } from '../../db/index.js';
import type { KeysetPosition } from '../../lib/keyset.js';
import { toSubscription, type SubscriptionRow as PremiumSubscriptionRow } from '../premium/subscriptions-repository.js';
import type { PaymentTotals, StripeDonation, StripeSubscription } from './schemas.js';

/** A subscription made through Stripe: the premium domain's row and Stripe's columns. */
export interface SubscriptionRow extends PremiumSubscriptionRow {
  stripe_subscription_id: string;
  stripe_account_id: string;
  stripe_status: string;
  stripe_customer_id: string;
  refunded_until: Date | null;
}

export function toStripeSubscription(row: SubscriptionRow): StripeSubscription {
  return {
    ...toSubscription(row),
    stripeSubscriptionId: row.stripe_subscription_id,
    stripeAccountId: row.stripe_account_id,
    stripeStatus: row.stripe_status,
    refundedUntil: row.refunded_until?.toISOString() ?? null,
  };
}

export interface DonationRow {
  id: string;
  bot_id: string;
  user_id: string;
  username: string | null;
  amount_minor: string | number;
  currency: string;
  public: boolean;
  refunded_at: Date | null;
  stripe_session_id: string;
  created_at: Date;
}

export function toStripeDonation(row: DonationRow): StripeDonation {
  return {
    id: row.id,
    botId: row.bot_id,
    user: row.user_id,
    username: row.username,
    amountMinor: Number(row.amount_minor),
    currency: row.currency.trim(),
    public: row.public,
    refundedAt: row.refunded_at?.toISOString() ?? null,
    stripeSessionId: row.stripe_session_id,
    createdAt: row.created_at.toISOString(),
  };
}

const SUBSCRIPTION_COLUMNS = `s.id, s.bot_id, s.user_id, s.guild_id, s.tier_id, s.tier_name, s.interval, s.expires_at,
  s.cancel_at_period_end, s.active, s.stripe_subscription_id, s.stripe_account_id, s.stripe_status, s.stripe_customer_id,
  s.refunded_until, s.created_at, s.updated_at`;

/** `WHERE` of a keyset list: the optional bot, then the position (created_at, id) < after. */
function keyset(botColumn: string, botId: string | undefined, after: KeysetPosition | undefined, values: unknown[], base: string[]) {
  const conditions = [...base];
  if (botId !== undefined) conditions.push(`${botColumn} = $${values.push(botId)}`);
  if (after) conditions.push(`(created_at, id) < ($${values.push(after.at)}, $${values.push(after.id)}::uuid)`);
  return `WHERE ${conditions.join(' AND ')}`;
}

export interface TotalsRow {
  bot_id: string;
  /** The month's first day, YYYY-MM-DD. */
  month: string;
  currency: string;
  donations_minor: string;
  donations: number;
  donations_refunded_minor: string;
  subscriptions_minor: string;
  payments: number;
  subscriptions_refunded_minor: string;
}

/** Where a page of totals ends: its last row's month, bot and currency. */
export interface TotalsPosition {
  month: Date;
  botId: string;
  currency: string;
}

export function toTotals(row: TotalsRow): PaymentTotals['data'][number] {
  return {
    botId: row.bot_id,
    month: row.month.slice(0, 7),
    currency: row.currency.trim(),
    donationsMinor: Number(row.donations_minor),
    donations: row.donations,
    refundedMinor: Number(row.donations_refunded_minor),
    subscriptionsMinor: Number(row.subscriptions_minor),
    payments: row.payments,
    subscriptionsRefundedMinor: Number(row.subscriptions_refunded_minor),
  };
}

const dateOf = (at: Date): string => at.toISOString().slice(0, 10);

export const totalsRepository = {
  /** Subscriptions made through Stripe, newest first (index subscriptions_stripe_time / subscriptions_bot_time). */
  async subscriptions(
    db: Queryable,
    botId: string | undefined,
    after: KeysetPosition | undefined,
    limit: number,
  ): Promise<SubscriptionRow[]> {
    const values: unknown[] = [limit];
    const where = keyset('bot_id', botId, after, values, ['stripe_subscription_id IS NOT NULL']);
    const { rows } = await db.query<SubscriptionRow>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions s ${where} ORDER BY created_at DESC, id DESC LIMIT $1`,
      values,
    );
    return rows;
  },

  /** A user's subscriptions made through Stripe, newest first (index subscriptions_user_time), with the bot's name. */
  async ofUser(db: Queryable, userId: string, limit: number): Promise<Array<SubscriptionRow & { bot_name: string }>> {
    const { rows } = await db.query<SubscriptionRow & { bot_name: string }>(
      `SELECT ${SUBSCRIPTION_COLUMNS}, b.name AS bot_name FROM subscriptions s JOIN bots b ON b.id = s.bot_id
        WHERE s.user_id = $1 AND s.stripe_subscription_id IS NOT NULL
        ORDER BY s.created_at DESC, s.id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows;
  },

  async subscription(db: Queryable, id: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await db.query<SubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions s WHERE s.id = $1`, [id]);
    return rows[0];
  },

  /** Donations made through Stripe, newest first (index donations_stripe_time / donations_bot). */
  async donations(db: Queryable, botId: string | undefined, after: KeysetPosition | undefined, limit: number): Promise<DonationRow[]> {
    const values: unknown[] = [limit];
    const where = keyset('bot_id', botId, after, values, ['stripe_session_id IS NOT NULL']);
    const { rows } = await db.query<DonationRow>(
      `SELECT id, bot_id, user_id, username, amount_minor, currency, public, refunded_at, stripe_session_id, created_at
         FROM donations ${where} ORDER BY created_at DESC, id DESC LIMIT $1`,
      values,
    );
    return rows;
  },

  /**
   * Donations and subscription payments per bot, month (UTC) and currency in [from, to), in minor
   * units, in the order month, bot, currency after `after`: the running totals the payments'
   * triggers keep (migration 042), read by keyset (index payment_month_totals_month, or the primary
   * key for one bot).
   */
  async totals(
    db: Queryable,
    filter: { botId?: string | undefined; from: Date; to: Date },
    after: TotalsPosition | undefined,
    limit: number,
  ): Promise<TotalsRow[]> {
    // Months as dates written out: a timestamp's date would depend on the session's time zone.
    const values: unknown[] = [dateOf(filter.from), dateOf(filter.to), limit];
    const conditions = ['t.month >= $1::date', 't.month < $2::date'];
    if (filter.botId !== undefined) conditions.push(`t.bot_id = $${values.push(filter.botId)}`);
    if (after) {
      conditions.push(
        `(t.month, t.bot_id, t.currency) > ($${values.push(dateOf(after.month))}::date, $${values.push(after.botId)}, $${values.push(after.currency)})`,
      );
    }
    const { rows } = await db.query<TotalsRow>(
      `SELECT t.bot_id, t.month::text AS month, t.currency, donations_minor::text, donations, donations_refunded_minor::text,
              subscriptions_minor::text, payments, subscriptions_refunded_minor::text
         FROM payment_month_totals t WHERE ${conditions.join(' AND ')}
        ORDER BY t.month, t.bot_id, t.currency LIMIT $3`,
      values,
    );
    return rows;
  },
};
