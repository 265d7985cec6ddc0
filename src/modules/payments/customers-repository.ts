import type { Queryable } from '../../db/index.js';

/** The Stripe customer made for one of our users on a connected account (one per account and user). */
export const customerRepository = {
  async find(db: Queryable, accountId: string, userId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ customer_id: string }>(
      'SELECT customer_id FROM payment_customers WHERE account_id = $1 AND user_id = $2',
      [accountId, userId],
    );
    return rows[0]?.customer_id;
  },

  /** Keeps the first customer recorded for the pair; answers the one kept. */
  async remember(db: Queryable, accountId: string, userId: string, customerId: string): Promise<string> {
    const { rows } = await db.query<{ customer_id: string }>(
      `INSERT INTO payment_customers (account_id, user_id, customer_id) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, user_id) DO UPDATE SET customer_id = payment_customers.customer_id
       RETURNING customer_id`,
      [accountId, userId, customerId],
    );
    return rows[0]!.customer_id;
  },
};
