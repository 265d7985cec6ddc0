import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { decodePosition, keysetPage, UUID_PATTERN } from '../../lib/keyset.js';
import { SNOWFLAKE_PATTERN } from '../../lib/schemas.js';
import { accountRepository, toAccount } from './accounts-repository.js';
import type {
  PaymentAccountList,
  PaymentListQuery,
  PaymentTotals,
  PaymentTotalsQuery,
  StripeDonationList,
  StripeSubscriptionList,
} from './schemas.js';
import { toStripeDonation, toStripeSubscription, toTotals, totalsRepository, type TotalsPosition } from './totals-repository.js';

const BOT_ID = new RegExp(SNOWFLAKE_PATTERN);
/** A totals row's place after its month: the bot and the currency. */
const TOTALS_ID = new RegExp(`${SNOWFLAKE_PATTERN.slice(0, -1)}\\.[A-Z]{3}$`);
/** The longest span the totals cover at once. */
const MAX_TOTAL_MONTHS = 120;

/** The operator's view of payments: connected accounts, Stripe-made subscriptions and donations, totals. */
export class PaymentsAdmin {
  constructor(private readonly db: Database) {}

  async accounts(query: PaymentListQuery): Promise<PaymentAccountList> {
    const after = query.after === undefined ? undefined : decodePosition(query.after, BOT_ID);
    const rows = await accountRepository.list(this.db.reads, query.bot, after, query.limit + 1);
    return keysetPage(rows, query.limit, (row) => ({ at: row.created_at, id: row.bot_id }), toAccount);
  }

  async subscriptions(query: PaymentListQuery): Promise<StripeSubscriptionList> {
    const after = query.after === undefined ? undefined : decodePosition(query.after, UUID_PATTERN);
    const rows = await totalsRepository.subscriptions(this.db.reads, query.bot, after, query.limit + 1);
    return keysetPage(rows, query.limit, (row) => ({ at: row.created_at, id: row.id }), toStripeSubscription);
  }

  async donations(query: PaymentListQuery): Promise<StripeDonationList> {
    const after = query.after === undefined ? undefined : decodePosition(query.after, UUID_PATTERN);
    const rows = await totalsRepository.donations(this.db.reads, query.bot, after, query.limit + 1);
    return keysetPage(rows, query.limit, (row) => ({ at: row.created_at, id: row.id }), toStripeDonation);
  }

  /** Donations and subscription payments per bot, month and currency from `from` to `to` (months, UTC, inclusive; default the last 12). */
  async totals(query: PaymentTotalsQuery, now: Date): Promise<PaymentTotals> {
    const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const to = query.to === undefined ? new Date(thisMonth) : monthStart(query.to);
    const from = query.from === undefined ? new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 11, 1)) : monthStart(query.from);
    const end = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 1));
    const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth() + 1;
    if (months < 1) throw AppError.validation([{ field: 'from', message: 'must not be after to' }]);
    if (months > MAX_TOTAL_MONTHS) throw AppError.validation([{ field: 'from', message: `spans at most ${MAX_TOTAL_MONTHS} months` }]);
    const after = query.after === undefined ? undefined : totalsPosition(query.after);
    const rows = await totalsRepository.totals(this.db.reads, { botId: query.bot, from, to: end }, after, query.limit + 1);
    return keysetPage(
      rows,
      query.limit,
      (row) => ({ at: new Date(`${row.month}T00:00:00Z`), id: `${row.bot_id}.${row.currency.trim()}` }),
      toTotals,
    );
  }
}

function totalsPosition(after: string): TotalsPosition {
  const { at, id } = decodePosition(after, TOTALS_ID);
  const [botId, currency] = id.split('.') as [string, string];
  return { month: at, botId, currency };
}

function monthStart(month: string): Date {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, m! - 1, 1));
}
