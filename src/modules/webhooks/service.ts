/** The management side of webhooks: configuration, test events, the delivery log, redelivery, notifications. */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { inBatches } from '../../lib/background.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { botRepository } from '../bots/repository.js';
import { deliveryRepository } from './delivery-repository.js';
import { endpointState } from './endpoint-state.js';
import { notificationRepository } from './notification-repository.js';
import { defaultFormat } from './endpoint-service.js';
import { DEFAULT_EVENTS, recordEvent, wakeWorkers } from './outbox.js';
import type { LookupFn } from './resolve-host.js';
import { offsetOf, page, type Page } from '../../lib/pagination.js';
import type { BotWebhook, Delivery, ListQuery, Notification, Webhook, WebhookListQuery, WebhookPut, WebhookWithSecret } from './schemas.js';
import { encryptSecret } from './secret-box.js';
import { generateWebhookSecret } from './signature.js';
import { TEST_EVENT_MESSAGE } from './test-event.js';
import { validateWebhookUrl } from './url-policy.js';
import { webhookRepository, type StoredWebhook } from './webhook-repository.js';

/** Events deleted per statement by the nightly clean-up. */
const PRUNE_BATCH = 1000;

export class WebhookService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: Pick<Config['webhook'], 'allowPrivate' | 'retentionDays'>,
    private readonly secretKey: Buffer,
    /** DNS for the URL check; tests stub it. */
    private readonly lookup: LookupFn | undefined,
  ) {}

  /**
   * Creates or replaces a bot's webhook. The URL must pass the address policy now (and again at
   * every connect). A new webhook gets a generated secret unless one is given; an existing one keeps
   * its secret unless one is given. Its state follows endpoint-state.ts.
   */
  async configure(botId: string, input: WebhookPut): Promise<{ webhook: WebhookWithSecret; created: boolean }> {
    const check = await validateWebhookUrl(input.url, { allowPrivate: this.settings.allowPrivate, lookup: this.lookup });
    if (!check.ok) throw AppError.validation([{ field: 'url', message: `${check.code}: ${check.message}` }]);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      if (!(await botRepository.lock(tx, botId))) throw AppError.notFound('No bot with that application ID');
      const existing = await webhookRepository.find(tx, botId, true);
      const secret = input.secret ?? (existing ? undefined : generateWebhookSecret());
      const state = endpointState.configure(existing, input.enabled ?? true, now);
      await webhookRepository.upsert(
        tx,
        {
          id: existing?.id ?? randomUUID(),
          botId,
          isDefault: true,
          url: input.url,
          events: existing?.events ?? DEFAULT_EVENTS,
          format: existing ? existing.format : defaultFormat(input.url),
          language: existing?.language ?? 'en',
          secretBox: secret === undefined ? (existing as StoredWebhook).secretBox : encryptSecret(secret, this.secretKey),
          ...state,
        },
        now,
      );
      const { enabled, disabledAt, consecutiveFailures } = state;
      return {
        created: !existing,
        webhook: { url: input.url, secret: secret ?? null, enabled, disabledAt: disabledAt?.toISOString() ?? null, consecutiveFailures },
      };
    });
  }

  async get(botId: string): Promise<Webhook> {
    const { url, enabled, disabledAt, consecutiveFailures } = await this.require(botId);
    return { url, enabled, disabledAt, consecutiveFailures };
  }

  /** Endpoints by state, for the operator: which are switched off, which are failing. */
  async list(query: WebhookListQuery): Promise<Page<BotWebhook>> {
    const { items, total } = await webhookRepository.list(this.db, query.state, query.limit, offsetOf(query));
    return page(
      items.map(({ id, botId, url, enabled, disabledAt, consecutiveFailures }) => ({ id, botId, url, enabled, disabledAt, consecutiveFailures })),
      total,
      query,
    );
  }

  async remove(botId: string): Promise<void> {
    if (!(await webhookRepository.delete(this.db, botId))) throw noWebhook(botId);
  }

  /** Records a `test` event; the worker delivers it like any other. */
  async sendTest(botId: string): Promise<{ event: 'test'; id: string }> {
    const id = await this.db.transaction(async (tx) => {
      const webhook = await webhookRepository.find(tx, botId);
      if (!webhook) throw noWebhook(botId);
      if (!webhook.enabled) throw new AppError('conflict', 'The webhook is switched off; enable it first');
      const event = { botId, type: 'test', payload: { message: TEST_EVENT_MESSAGE }, createdAt: this.clock.now(), endpointId: webhook.id } as const;
      return recordEvent(tx, event);
    });
    return { event: 'test', id };
  }

  /** The log of every endpoint of the bot (404 when it has none). */
  async deliveries(botId: string, query: ListQuery): Promise<Page<Delivery>> {
    if ((await webhookRepository.countForBot(this.db, botId)) === 0) throw noWebhook(botId);
    const { items, total } = await deliveryRepository.list(this.db, botId, query.limit, offsetOf(query));
    return page(items, total, query);
  }

  /**
   * Delivers a delivery's event again as a new delivery (same event id, fresh schedule), so the log
   * keeps what happened to the first one. Refused while the original is still pending.
   */
  async redeliver(deliveryId: string, botId?: string): Promise<Delivery> {
    const now = this.clock.now();
    const id = randomUUID();
    const original = await this.db.transaction(async (tx) => {
      const found = await deliveryRepository.find(tx, deliveryId);
      // With `botId` (an owner's dashboard), another bot's delivery does not exist.
      if (!found || (botId !== undefined && found.botId !== botId)) throw AppError.notFound('No delivery with that ID');
      if (found.status === 'pending') throw new AppError('conflict', 'The delivery is still pending; it will be attempted again by itself');
      const webhook = await webhookRepository.findEndpoint(tx, found.endpointId);
      if (!webhook?.enabled) throw new AppError('conflict', 'The webhook is switched off; enable it first');
      await deliveryRepository.insert(tx, { id, eventId: found.eventId, botId: found.botId, endpointId: found.endpointId }, now);
      await wakeWorkers(tx);
      return found;
    });
    return {
      id,
      endpointId: original.endpointId,
      event: { type: original.eventType, id: original.eventId },
      status: 'pending',
      attemptCount: 0,
      nextAttemptAt: now.toISOString(),
      createdAt: now.toISOString(),
      completedAt: null,
      attempts: [],
    };
  }

  /**
   * The notice telling the owner that the webhook was switched off after failing (spec §5 "the
   * owner is notified"), while it is still off; undefined when it is on or was switched off by hand.
   */
  async switchOffNotice(botId: string): Promise<Notification | undefined> {
    const webhook = await webhookRepository.find(this.db, botId);
    if (!webhook || webhook.enabled || webhook.disabledAt === null) return undefined;
    const notice = await notificationRepository.latestForBot(this.db, botId);
    return notice && notice.createdAt >= webhook.disabledAt ? notice : undefined;
  }

  async notifications(query: ListQuery): Promise<Page<Notification>> {
    const { items, total } = await notificationRepository.list(this.db, query.limit, offsetOf(query));
    return page(items, total, query);
  }

  /**
   * Forgets events older than the retention period (`WEBHOOK_LOG_RETENTION_DAYS`) whose deliveries
   * all ended before it, with their delivery log; in batches, so no statement runs long. Answers
   * how many events it deleted. Run nightly; safe on several processes at once.
   */
  async pruneLog(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.settings.retentionDays * 86_400_000);
    return inBatches(() => deliveryRepository.pruneBefore(this.db, cutoff, PRUNE_BATCH), PRUNE_BATCH);
  }

  /** Work waiting for the delivery workers, for the metrics: on the read pool, so a scrape sees a busy write pool. */
  queueDepth(): Promise<{ unrouted: number; due: number; scheduled: number }> {
    return deliveryRepository.queueDepth(this.db.reads, this.clock.now());
  }

  private async require(botId: string): Promise<StoredWebhook> {
    const webhook = await webhookRepository.find(this.db, botId);
    if (!webhook) throw noWebhook(botId);
    return webhook;
  }
}

function noWebhook(botId: string): AppError {
  return AppError.notFound(`No webhook configured for bot ${botId}`);
}
