import type { Queryable } from '../../db/index.js';
import type { Donation } from './schemas.js';

/** A donation paid through Stripe: its checkout session, payment intent and exact amount. */
export interface StripeDonation {
  sessionId: string;
  paymentIntentId: string | null;
  amountMinor: number;
  /** The amount as the exact decimal text of amountMinor. */
  amountText: string;
  public: boolean;
}

export const donationRepository = {
  /** Inserts a donation paid through Stripe once per checkout session; false when it was recorded before. */
  async insertFromStripe(tx: Queryable, donation: Donation, stripe: StripeDonation): Promise<boolean> {
    const { rows } = await tx.query(
      `INSERT INTO donations (id, bot_id, user_id, username, amount, currency, created_at,
                              stripe_session_id, stripe_payment_intent_id, amount_minor, public)
       VALUES ($1, $2, $3, $4, $5::numeric, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (stripe_session_id) DO NOTHING RETURNING id`,
      [
        donation.id,
        donation.botId,
        donation.user,
        donation.username,
        stripe.amountText,
        donation.currency,
        donation.createdAt,
        stripe.sessionId,
        stripe.paymentIntentId,
        stripe.amountMinor,
        stripe.public,
      ],
    );
    return rows.length > 0;
  },

  /** Marks the donation paid by this payment intent refunded (once); false when none is. */
  async markRefunded(tx: Queryable, paymentIntentId: string, at: Date): Promise<boolean> {
    const { rows } = await tx.query(
      `UPDATE donations SET refunded_at = $2 WHERE stripe_payment_intent_id = $1 AND refunded_at IS NULL RETURNING id`,
      [paymentIntentId, at],
    );
    return rows.length > 0;
  },

  async insert(tx: Queryable, donation: Donation): Promise<void> {
    await tx.query(
      `INSERT INTO donations (id, bot_id, user_id, username, amount, currency, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [donation.id, donation.botId, donation.user, donation.username, donation.amount.toFixed(2), donation.currency, donation.createdAt],
    );
  },
};
