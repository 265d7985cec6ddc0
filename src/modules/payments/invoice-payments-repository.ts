/**
 * Paid subscription invoices, each once (by Stripe's id), with what was refunded of them. Their
 * trigger (migration 042) adds them to `payment_month_totals`, which the operator's totals read.
 */
import type { Queryable } from '../../db/index.js';

export interface InvoicePayment {
  invoiceId: string;
  accountId: string;
  subscriptionId: string;
  botId: string;
  amountMinor: number;
  currency: string;
  paidAt: Date;
}

export const invoicePaymentRepository = {
  /** Records a paid invoice of the bot (false when it was recorded before, or the bot is gone). */
  async record(tx: Queryable, payment: InvoicePayment): Promise<boolean> {
    const { rows } = await tx.query(
      `INSERT INTO subscription_payments (stripe_invoice_id, stripe_account_id, stripe_subscription_id, bot_id, amount_minor,
                                          currency, paid_at)
       SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM bots WHERE id = $4)
       ON CONFLICT (stripe_invoice_id) DO NOTHING RETURNING stripe_invoice_id`,
      [payment.invoiceId, payment.accountId, payment.subscriptionId, payment.botId, payment.amountMinor, payment.currency, payment.paidAt],
    );
    return rows.length > 0;
  },

  /** Sets what Stripe says was refunded of the invoice so far: it only grows, up to the amount paid. */
  async refund(tx: Queryable, invoiceId: string, refundedMinor: number): Promise<void> {
    await tx.query(
      `UPDATE subscription_payments SET refunded_minor = LEAST(amount_minor, $2)
        WHERE stripe_invoice_id = $1 AND refunded_minor < LEAST(amount_minor, $2)`,
      [invoiceId, refundedMinor],
    );
  },

  async has(db: Queryable, invoiceId: string): Promise<boolean> {
    const { rows } = await db.query('SELECT 1 FROM subscription_payments WHERE stripe_invoice_id = $1', [invoiceId]);
    return rows.length > 0;
  },
};
