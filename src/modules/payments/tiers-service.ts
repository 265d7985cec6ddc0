import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import type { Actor } from '../audit/entry.js';
import { isCurrency } from './currencies.js';
import type { StripeGateway } from './gateway.js';
import { gatewayOf } from './payments-off.js';
import type { Tier, TierInput } from './schemas.js';
import { tierRepository } from './tiers-repository.js';

const MAX_AMOUNT_MINOR = 99_999_999;

const tierNotFound = () => AppError.notFound('No tier with that ID for this bot');

/** The premium tiers a bot's owners sell. A tier with subscribers is archived, never deleted. */
export class PremiumTiers {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly gateway: StripeGateway | undefined,
  ) {}

  /** The bot's tiers, oldest first (newest last); archived ones only when asked. */
  async list(botId: string, opts: { includeArchived?: boolean } = {}): Promise<Tier[]> {
    return tierRepository.list(this.db.reads, botId, opts.includeArchived ?? false);
  }

  async get(botId: string, tierId: string): Promise<Tier> {
    const tier = await tierRepository.find(this.db.reads, botId, tierId);
    if (!tier) throw tierNotFound();
    return tier;
  }

  async create(botId: string, input: TierInput, _actor: Actor): Promise<Tier> {
    gatewayOf(this.gateway);
    checkTier(input);
    const tier = await tierRepository.insert(this.db, randomUUID(), botId, input, this.clock.now());
    if (!tier) throw AppError.notFound('No bot with that application ID');
    return tier;
  }

  /** Changes a tier; a new price applies to new checkouts only. */
  async update(botId: string, tierId: string, input: TierInput, _actor: Actor): Promise<Tier> {
    gatewayOf(this.gateway);
    checkTier(input);
    const tier = await tierRepository.update(this.db, botId, tierId, input, this.clock.now());
    if (!tier) throw tierNotFound();
    return tier;
  }

  /** No new checkouts; existing subscriptions run on. */
  async archive(botId: string, tierId: string, _actor: Actor): Promise<Tier> {
    const tier = await tierRepository.archive(this.db, botId, tierId, this.clock.now());
    if (!tier) throw tierNotFound();
    return tier;
  }

  /** 409 conflict when any subscription names the tier (archive it instead). */
  async remove(botId: string, tierId: string, _actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await tierRepository.lock(tx, botId, tierId))) throw tierNotFound();
      if (await tierRepository.hasSubscribers(tx, tierId)) {
        throw new AppError('conflict', 'The tier has subscribers: archive it instead');
      }
      await tierRepository.remove(tx, botId, tierId);
    });
  }
}

/** The rules a tier's input keeps, whoever calls (the pages validate through the same checks). */
function checkTier(input: TierInput): void {
  const errors: FieldError[] = [];
  for (const lang of ['en', 'de'] as const) {
    const name = input.name?.[lang]?.trim() ?? '';
    if (name.length === 0 || name.length > 100) errors.push({ field: `name.${lang}`, message: 'must be 1 to 100 characters' });
    if ((input.description?.[lang] ?? '').length > 1000)
      errors.push({ field: `description.${lang}`, message: 'must be at most 1000 characters' });
  }
  if (input.scope !== 'user' && input.scope !== 'guild') errors.push({ field: 'scope', message: 'must be user or guild' });
  if (input.interval !== 'month' && input.interval !== 'year') errors.push({ field: 'interval', message: 'must be month or year' });
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor < 1 || input.amountMinor > MAX_AMOUNT_MINOR) {
    errors.push({ field: 'amountMinor', message: `must be a whole number of minor units from 1 to ${MAX_AMOUNT_MINOR}` });
  }
  if (typeof input.currency !== 'string' || !isCurrency(input.currency)) {
    errors.push({ field: 'currency', message: "is not one of Stripe's currencies (lower-case ISO code)" });
  }
  if (errors.length > 0) throw AppError.validation(errors);
}
