import type { Queryable } from '../../db/index.js';

/** The Stripe events already handled, by id: the idempotency of the webhook. */
export const stripeEventRepository = {
  /** Records the event in the transaction of its effects; false when it was recorded before (a replay). */
  async claim(tx: Queryable, event: { id: string; type: string; account: string | undefined }, now: Date): Promise<boolean> {
    const { rows } = await tx.query(
      `INSERT INTO stripe_events (id, type, account_id, received_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.type, event.account ?? null, now],
    );
    return rows.length > 0;
  },

  async seen(db: Queryable, id: string): Promise<boolean> {
    const { rows } = await db.query('SELECT 1 FROM stripe_events WHERE id = $1', [id]);
    return rows.length > 0;
  },

  /** Removes events received before `before`, at most `limit` (index stripe_events_received). */
  async prune(db: Queryable, before: Date, limit: number): Promise<number> {
    const { rows } = await db.query(
      `DELETE FROM stripe_events WHERE id IN (SELECT id FROM stripe_events WHERE received_at < $1 LIMIT $2) RETURNING id`,
      [before, limit],
    );
    return rows.length;
  },
};
