import type { Database } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { UserActor } from '../audit/entry.js';
import { auditRepository } from '../audit/repository.js';
import { accountRepository, toAccount } from './accounts-repository.js';
import { isCurrency } from './currencies.js';
import type { StripeGateway } from './gateway.js';
import { gatewayOf } from './payments-off.js';
import type { PaymentAccount } from './schemas.js';

/** Each bot's Stripe Express account (one per bot, shared by its owners), connected through Account Links. */
export class PaymentAccounts {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly gateway: StripeGateway | undefined,
  ) {}

  /** The bot's connection, or undefined. */
  async forBot(botId: string): Promise<PaymentAccount | undefined> {
    const row = await accountRepository.forBot(this.db.reads, botId);
    return row && toAccount(row);
  }

  /** Creates the Express account when missing, answers the Account Link URL to send the owner to. */
  async onboardingUrl(botId: string, actor: UserActor, returnUrl: string, refreshUrl: string): Promise<string> {
    const gateway = gatewayOf(this.gateway);
    let row = await accountRepository.forBot(this.db, botId);
    if (!row) {
      const accountId = await gateway.createAccount(botId);
      const now = this.clock.now();
      await this.db.transaction(async (tx) => {
        if (await accountRepository.insert(tx, botId, accountId, actor.id, now)) {
          await auditRepository.record(tx, { actor, action: 'payments.connect', botId, target: accountId }, now);
        }
      });
      // Another request may have connected the bot meanwhile: its account is the bot's.
      row = await accountRepository.forBot(this.db, botId);
      if (!row) throw AppError.notFound('No bot with that application ID');
    }
    return gateway.accountLink(row.account_id, returnUrl, refreshUrl);
  }

  /** Refreshes charges_enabled / requirements from Stripe (called on return from onboarding). */
  async refresh(botId: string): Promise<PaymentAccount | undefined> {
    const gateway = gatewayOf(this.gateway);
    const row = await accountRepository.forBot(this.db, botId);
    if (!row) return undefined;
    return this.refreshAccount(gateway, row.account_id);
  }

  async setDonationCurrency(botId: string, currency: string, actor: UserActor): Promise<void> {
    gatewayOf(this.gateway);
    if (!isCurrency(currency)) throw AppError.validation([{ field: 'currency', message: "is not one of Stripe's currencies" }]);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const before = await accountRepository.forBot(tx, botId, { forUpdate: true });
      if (!before) throw AppError.notFound('The bot has no Stripe account connected');
      const was = before.donation_currency.trim();
      if (was === currency) return;
      await accountRepository.setDonationCurrency(tx, botId, currency, now);
      const diff = { currency: { before: was, after: currency } };
      await auditRepository.record(tx, { actor, action: 'payments.donation_currency', botId, target: before.account_id, diff }, now);
    });
  }

  /** Writes what Stripe says about the account now (account.updated, reconciliation). */
  async refreshAccount(gateway: StripeGateway, accountId: string): Promise<PaymentAccount | undefined> {
    const remote = await gateway.retrieveAccount(accountId);
    const row = await accountRepository.updateState(this.db, accountId, remote, this.clock.now());
    return row && toAccount(row);
  }
}
