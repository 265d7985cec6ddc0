import type { Queryable } from '../../db/index.js';
import type { Donation } from './schemas.js';

export const donationRepository = {
  async insert(tx: Queryable, donation: Donation): Promise<void> {
    await tx.query(
      `INSERT INTO donations (id, bot_id, user_id, username, amount, currency, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [donation.id, donation.botId, donation.user, donation.username, donation.amount.toFixed(2), donation.currency, donation.createdAt],
    );
  },
};
