/**
 * The management side of delivery: test events, the delivery log, redelivery, the nightly clean-up
 * of the log, and the queue depth for the metrics. Endpoints themselves: ../endpoints/service.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../../config/index.js';
import type { Database } from '../../../db/index.js';
import { inBatches } from '../../../lib/background.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { decodePosition, keysetPage, UUID_PATTERN } from '../../../lib/keyset.js';
import { offsetOf, page } from '../../../lib/pagination.js';
import { webhookRepository } from '../endpoints/repository.js';
import { noEndpoint, requireEndpoint } from '../endpoints/require-endpoint.js';
import { recordEvent, wakeWorkers } from './outbox.js';
import { deliveryRepository } from './repository.js';
import type { Delivery, DeliveryFilter, DeliveryList, DeliveryStatus, ListQuery } from './schemas.js';
import { TEST_EVENT_MESSAGE } from './test-event.js';

/** Events deleted per statement by the nightly clean-up. */
const PRUNE_BATCH = 1000;

export class WebhookDeliveryService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: Pick<Config['webhook'], 'retentionDays'>,
  ) {}

  /**
   * Records a `test` event for one endpoint only (the bot's default one without `endpointId`),
   * whatever its event filter; the worker delivers it like any other. 409 when it is switched off.
   */
  async sendTest(botId: string, endpointId?: string): Promise<{ event: 'test'; id: string }> {
    const id = await this.db.transaction(async (tx) => {
      const endpoint = await requireEndpoint(tx, botId, endpointId);
      if (!endpoint.enabled) {
        throw new AppError('conflict', `The ${endpointId === undefined ? 'webhook' : 'endpoint'} is switched off; enable it first`).because(
          {
            kind: 'webhook_switched_off',
          },
        );
      }
      return recordEvent(tx, {
        botId,
        type: 'test',
        payload: { message: TEST_EVENT_MESSAGE },
        createdAt: this.clock.now(),
        endpointId: endpoint.id,
      });
    });
    return { event: 'test', id };
  }

  /**
   * The log of every endpoint of the bot, or of one (`endpointId`), in a state, of an event type;
   * newest first. 404 when the bot has no endpoint, or not the one named. By `page` with the count
   * (`pagination`); with `after` (empty for the first page) by keyset: `next`, no count, no offset.
   */
  async deliveries(botId: string, query: ListQuery): Promise<DeliveryList> {
    if (query.endpointId !== undefined) await requireEndpoint(this.db, botId, query.endpointId);
    else if ((await webhookRepository.countForBot(this.db, botId)) === 0) throw noEndpoint(botId);
    const filter: DeliveryFilter = { endpointId: query.endpointId, status: query.status as DeliveryStatus | undefined, event: query.event };
    if (query.after === undefined) {
      const { items, total } = await deliveryRepository.list(this.db, botId, filter, query.limit, offsetOf(query));
      return page(items, total, query);
    }
    if (query.page !== 1) throw AppError.validation([{ field: 'page', message: 'is not used with after (pass one of them)' }]);
    const after = query.after === '' ? undefined : decodePosition(query.after, UUID_PATTERN);
    const rows = await deliveryRepository.page(this.db, botId, filter, after, query.limit + 1);
    return keysetPage(
      rows,
      query.limit,
      (delivery) => ({ at: new Date(delivery.createdAt), id: delivery.id }),
      (delivery) => delivery,
    );
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
      if (found.status === 'pending') {
        throw new AppError('conflict', 'The delivery is still pending; it will be attempted again by itself').because({
          kind: 'delivery_pending',
        });
      }
      const webhook = await webhookRepository.findEndpoint(tx, found.endpointId);
      if (!webhook?.enabled)
        throw new AppError('conflict', 'The webhook is switched off; enable it first').because({ kind: 'webhook_switched_off' });
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
}
