import type { Queryable } from '../../db/index.js';
import type { KeysetPosition } from '../../lib/keyset.js';
import type { PaymentAccount } from './schemas.js';

export interface AccountRow {
  bot_id: string;
  account_id: string;
  charges_enabled: boolean;
  details_submitted: boolean;
  requirements_due: string[];
  donation_currency: string;
  connected_by: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `bot_id, account_id, charges_enabled, details_submitted, requirements_due, donation_currency, connected_by,
  created_at, updated_at`;

export function toAccount(row: AccountRow): PaymentAccount {
  return {
    botId: row.bot_id,
    accountId: row.account_id,
    chargesEnabled: row.charges_enabled,
    detailsSubmitted: row.details_submitted,
    requirementsDue: row.requirements_due,
    donationCurrency: row.donation_currency.trim(),
    connectedBy: row.connected_by,
    updatedAt: row.updated_at.toISOString(),
  };
}

export const accountRepository = {
  /** `forUpdate`: locks the row for the rest of the transaction. */
  async forBot(db: Queryable, botId: string, opts: { forUpdate?: boolean } = {}): Promise<AccountRow | undefined> {
    const { rows } = await db.query<AccountRow>(
      `SELECT ${COLUMNS} FROM payment_accounts WHERE bot_id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
      [botId],
    );
    return rows[0];
  },

  async byAccountId(db: Queryable, accountId: string): Promise<AccountRow | undefined> {
    const { rows } = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM payment_accounts WHERE account_id = $1`, [accountId]);
    return rows[0];
  },

  /** Records the bot's new account; false when the bot has one already (another request made it first). */
  async insert(tx: Queryable, botId: string, accountId: string, connectedBy: string, now: Date): Promise<boolean> {
    const { rows } = await tx.query(
      `INSERT INTO payment_accounts (bot_id, account_id, connected_by, created_at, updated_at)
       SELECT $1, $2, $3, $4, $4 WHERE EXISTS (SELECT 1 FROM bots WHERE id = $1)
       ON CONFLICT (bot_id) DO NOTHING RETURNING bot_id`,
      [botId, accountId, connectedBy, now],
    );
    return rows.length > 0;
  },

  async updateState(
    db: Queryable,
    accountId: string,
    state: { chargesEnabled: boolean; detailsSubmitted: boolean; requirementsDue: string[] },
    now: Date,
  ): Promise<AccountRow | undefined> {
    const { rows } = await db.query<AccountRow>(
      `UPDATE payment_accounts SET charges_enabled = $2, details_submitted = $3, requirements_due = $4, updated_at = $5
        WHERE account_id = $1 RETURNING ${COLUMNS}`,
      [accountId, state.chargesEnabled, state.detailsSubmitted, state.requirementsDue, now],
    );
    return rows[0];
  },

  async setDonationCurrency(db: Queryable, botId: string, currency: string, now: Date): Promise<void> {
    await db.query('UPDATE payment_accounts SET donation_currency = $2, updated_at = $3 WHERE bot_id = $1', [botId, currency, now]);
  },

  /** Every account, for the nightly reconciliation: a page after `afterBotId`, in bot order. */
  async batch(db: Queryable, afterBotId: string | undefined, limit: number): Promise<AccountRow[]> {
    const { rows } = await db.query<AccountRow>(
      `SELECT ${COLUMNS} FROM payment_accounts ${afterBotId === undefined ? '' : 'WHERE bot_id > $2'} ORDER BY bot_id LIMIT $1`,
      afterBotId === undefined ? [limit] : [limit, afterBotId],
    );
    return rows;
  },

  /** The operator's list, newest first (index payment_accounts_time). */
  async list(db: Queryable, botId: string | undefined, after: KeysetPosition | undefined, limit: number): Promise<AccountRow[]> {
    const values: unknown[] = [limit];
    const conditions: string[] = [];
    if (botId !== undefined) conditions.push(`bot_id = $${values.push(botId)}`);
    if (after) conditions.push(`(created_at, bot_id) < ($${values.push(after.at)}, $${values.push(after.id)})`);
    const { rows } = await db.query<AccountRow>(
      `SELECT ${COLUMNS} FROM payment_accounts ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY created_at DESC, bot_id DESC LIMIT $1`,
      values,
    );
    return rows;
  },
};
