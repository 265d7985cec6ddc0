import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { diffOf, diffOfGone, diffOfNew, type Actor, type AuditAction, type Diff } from '../audit/entry.js';
import { auditRepository } from '../audit/repository.js';
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

  async create(botId: string, input: TierInput, actor: Actor): Promise<Tier> {
    gatewayOf(this.gateway);
    checkTier(input);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const tier = await tierRepository.insert(tx, randomUUID(), botId, input, now);
      if (!tier) throw AppError.notFound('No bot with that application ID');
      await recordTier(tx, actor, 'payments.tier_create', tier, diffOfNew(auditedFields(tier)), now);
      return tier;
    });
  }

  /** Changes a tier; a new price applies to new checkouts only. */
  async update(botId: string, tierId: string, input: TierInput, actor: Actor): Promise<Tier> {
    gatewayOf(this.gateway);
    checkTier(input);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const before = await tierRepository.find(tx, botId, tierId, { forUpdate: true });
      if (!before) throw tierNotFound();
      const tier = await tierRepository.update(tx, botId, tierId, input, now);
      if (!tier) throw tierNotFound();
      const diff = diffOf(auditedFields(before), auditedFields(tier), AUDITED_FIELDS);
      if (diff) await recordTier(tx, actor, 'payments.tier_update', tier, diff, now);
      return tier;
    });
  }

  /** No new checkouts; existing subscriptions run on. */
  async archive(botId: string, tierId: string, actor: Actor): Promise<Tier> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const before = await tierRepository.find(tx, botId, tierId, { forUpdate: true });
      if (!before) throw tierNotFound();
      const tier = await tierRepository.archive(tx, botId, tierId, now);
      if (!tier) throw tierNotFound();
      if (!before.archived) await recordTier(tx, actor, 'payments.tier_archive', tier, null, now);
      return tier;
    });
  }

  /** 409 conflict when any subscription names the tier (archive it instead). */
  async remove(botId: string, tierId: string, actor: Actor): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const tier = await tierRepository.find(tx, botId, tierId, { forUpdate: true });
      if (!tier) throw tierNotFound();
      if (await tierRepository.hasSubscribers(tx, tierId)) {
        throw new AppError('conflict', 'The tier has subscribers: archive it instead');
      }
      await tierRepository.remove(tx, botId, tierId);
      await recordTier(tx, actor, 'payments.tier_delete', tier, diffOfGone(auditedFields(tier)), now);
    });
  }
}

/** What the audit log keeps of a tier: what buyers see and pay. */
const AUDITED_FIELDS = ['name', 'description', 'scope', 'interval', 'amountMinor', 'currency'] as const;
type AuditedTier = Pick<Tier, (typeof AUDITED_FIELDS)[number]>;

function auditedFields(tier: Tier): AuditedTier {
  const { name, description, scope, interval, amountMinor, currency } = tier;
  return { name, description, scope, interval, amountMinor, currency };
}

/** A tier's change in the bot's audit log: the tier's id as target, its English name as note. */
function recordTier(tx: Queryable, actor: Actor, action: AuditAction, tier: Tier, diff: Diff | null, now: Date): Promise<void> {
  return auditRepository.record(tx, { actor, action, botId: tier.botId, target: tier.id, diff, note: tier.name.en }, now);
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
