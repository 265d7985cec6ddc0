/**
 * The delivery worker of one process: routes new events to deliveries, claims due deliveries under
 * a lease, sends them (at most `concurrency` at once) and records each attempt.
 *
 * It wakes on NOTIFY from the transaction that wrote the event (low commit → receiver latency), on
 * a timer for the next due retry, and on a slow poll as a fallback (a lost LISTEN connection, a
 * lease that expired in another process). The database is never held across an HTTP call: claim
 * is one statement, the send runs outside any transaction, the record is one short transaction.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Dispatcher } from 'undici';
import type { Config } from '../../../config/index.js';
import type { Database } from '../../../db/index.js';
import type { Periodic } from '../../../lib/background.js';
import type { Clock } from '../../../lib/clock.js';
import type { Metrics } from '../../../lib/metrics.js';
import { attemptDelivery, type AttemptResult } from './attempt-delivery.js';
import { AttemptRecorder } from './attempt-recorder.js';
import { redactUrl } from '../endpoints/discord-url.js';
import { endpointState, switchOffNotice } from '../endpoints/endpoint-state.js';
import type { StoredWebhook } from '../endpoints/repository.js';
import { decryptSecret } from '../endpoints/secret-box.js';
import { discordMessage } from './discord.js';
import { WEBHOOK_CHANNEL } from './outbox.js';
import { deliveryRepository, type AttemptRecord, type ClaimedDelivery, type DeliveryStatus } from './repository.js';
import { nextDelaySeconds } from './retry-policy.js';

/** Fallback when no NOTIFY arrives. */
const POLL_INTERVAL_MS = 1000;
const ROUTE_BATCH = 500;
/** The lease outlives the attempt's own timeout by this much, so it only expires when the process is gone. */
const LEASE_MARGIN_MS = 30_000;

export interface WorkerDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: Config['webhook'];
  secretKey: Buffer;
  dispatcher: Dispatcher;
  userAgent: string;
  /** Sends the switch-off e-mails; absent when SMTP_URL is not set. */
  emails: Periodic | undefined;
  /** Attempts by outcome and latency, switch-offs (absent in tests that do not look). */
  metrics?: Metrics;
}

/** The body of a call: the event's envelope, then its payload. Same bytes on every attempt. */
export function webhookBody(event: ClaimedDelivery['event'], botId: string): string {
  return JSON.stringify({ event: event.type, id: event.id, createdAt: event.createdAt.toISOString(), botId, ...event.payload });
}

/** What a delivery sends: our JSON, or for a Discord endpoint a Discord message. */
function deliveryBody(delivery: ClaimedDelivery): string {
  if (delivery.format === 'discord') return JSON.stringify(discordMessage(delivery.event, delivery.botName, delivery.language));
  return webhookBody(delivery.event, delivery.botId);
}

/** An attempt's result, or the reason no attempt could be made. */
type SendResult = Omit<AttemptResult, 'error' | 'timestamp'> & { error?: { code: string; message: string } };

export class DeliveryWorker {
  private stopped = false;
  private running: Promise<void> | undefined;
  private again = false;
  /** New events or due deliveries may exist (NOTIFY, poll, timer): route, and claim whatever slots are free. */
  private work = false;
  private readonly inFlight = new Set<Promise<void>>();
  private poll: NodeJS.Timeout | undefined;
  private due: { at: number; timer: NodeJS.Timeout } | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  private readonly recorder: AttemptRecorder;

  constructor(private readonly deps: WorkerDeps) {
    this.recorder = new AttemptRecorder(deps.db);
  }

  async start(): Promise<void> {
    this.unlisten = await this.deps.db.listen(WEBHOOK_CHANNEL, () => this.wake());
    this.poll = setInterval(() => this.wake(), POLL_INTERVAL_MS).unref();
    this.wake();
  }

  /** Stops claiming, lets the attempts in flight finish and be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    clearTimeout(this.due?.timer);
    await this.unlisten?.();
    await this.running;
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Runs a pass now, or right after the current one. `slot`: an attempt finished; that alone claims
   * only once a batch of slots is free, so a busy worker claims a batch per query, not one per query.
   */
  wake(reason: 'work' | 'slot' = 'work'): void {
    if (this.stopped) return;
    if (reason === 'work') this.work = true;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'webhook worker pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) this.wake('slot');
      });
  }

  private async pass(): Promise<void> {
    const { db, clock, settings } = this.deps;
    const work = this.work;
    this.again = false;
    this.work = false;
    if (work) while (!this.stopped && (await deliveryRepository.route(db, clock.now(), ROUTE_BATCH)).routed === ROUTE_BATCH);
    let free = settings.concurrency - this.inFlight.size;
    if (!work && free < Math.ceil(settings.concurrency / 4)) return;
    while (!this.stopped && free > 0) {
      const now = clock.now();
      const lease = randomUUID();
      const lockedUntil = new Date(now.getTime() + settings.timeoutMs + LEASE_MARGIN_MS);
      const claimed = await deliveryRepository.claim(db, now, lockedUntil, lease, free);
      for (const delivery of claimed) this.launch(delivery, lease);
      if (claimed.length < free) break;
      free = settings.concurrency - this.inFlight.size;
    }
    // Idle: find when the next retry (of any process) falls due, rather than wait for the poll.
    if (!this.stopped && this.inFlight.size === 0) {
      const next = await deliveryRepository.nextDueAt(db, clock.now());
      if (next) this.wakeAt(next);
    }
  }

  private wakeAt(at: Date): void {
    const time = at.getTime();
    if (this.stopped || (this.due && this.due.at <= time)) return;
    clearTimeout(this.due?.timer);
    const delay = Math.max(0, Math.min(time - this.deps.clock.now().getTime(), POLL_INTERVAL_MS));
    const timer = setTimeout(() => {
      this.due = undefined;
      this.wake();
    }, delay).unref();
    this.due = { at: time, timer };
  }

  private launch(delivery: ClaimedDelivery, lease: string): void {
    const task = this.deliver(delivery, lease)
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, deliveryId: delivery.id }, 'webhook attempt not recorded; retried when its lease expires'),
      )
      .finally(() => {
        this.inFlight.delete(task);
        this.wake('slot');
      });
    this.inFlight.add(task);
  }

  private async deliver(delivery: ClaimedDelivery, lease: string): Promise<void> {
    const { clock, settings } = this.deps;
    const attemptedAt = clock.now();
    const result = await this.send(delivery);
    const number = delivery.attempts + 1;
    let status: DeliveryStatus = result.outcome === 'success' ? 'succeeded' : 'failed';
    let nextAttemptAt: Date | null = null;
    if (result.outcome === 'retry') {
      const delay = nextDelaySeconds(number, settings.retrySchedule, result.retryAfter, { now: clock.now().getTime() });
      if (delay !== null) {
        status = 'pending';
        nextAttemptAt = new Date(clock.now().getTime() + delay * 1000);
      }
    }
    this.observe(delivery, number, result, status);
    const record: AttemptRecord = {
      deliveryId: delivery.id,
      lease,
      status,
      nextAttemptAt,
      attemptedAt,
      statusCode: result.statusCode ?? null,
      error: result.error ?? null,
      latencyMs: result.latencyMs,
      responseSnippet: result.responseSnippet ?? null,
    };
    // Success and "try again" are group-committed; a final failure also counts towards the switch-off.
    if (status !== 'failed') {
      await this.recorder.record(record);
      if (nextAttemptAt) this.wakeAt(nextAttemptAt);
      return;
    }
    const switchedOff = await this.deps.db.transaction(async (tx) => {
      const recorded = await deliveryRepository.recordAttempts(tx, [record]);
      if (!recorded.has(delivery.id)) return undefined;
      return endpointState.onFinalFailure(tx, delivery.endpointId, clock.now(), this.deps.emails !== undefined);
    });
    if (switchedOff) await this.reportSwitchOff(switchedOff);
  }

  /** One log line and the metrics per attempt: what an operator looks at when a receiver complains. */
  private observe(delivery: ClaimedDelivery, attempt: number, result: SendResult, status: DeliveryStatus): void {
    const outcome = status === 'succeeded' ? 'succeeded' : status === 'pending' ? 'retry' : 'failed';
    this.deps.metrics?.attempt(outcome, result.latencyMs);
    this.deps.log[outcome === 'succeeded' ? 'info' : 'warn'](
      {
        botId: delivery.botId,
        endpointId: delivery.endpointId,
        eventId: delivery.event.id,
        event: delivery.event.type,
        deliveryId: delivery.id,
        attempt,
        statusCode: result.statusCode ?? null,
        error: result.error?.code ?? null,
        latencyMs: result.latencyMs,
        outcome,
      },
      'webhook attempt',
    );
  }

  private async send(delivery: ClaimedDelivery): Promise<SendResult> {
    const { clock, settings, dispatcher, userAgent } = this.deps;
    let secret: string;
    let previousSecret: string | null;
    try {
      secret = decryptSecret(delivery.secretBox, this.deps.secretKey);
      previousSecret = delivery.previousSecretBox === null ? null : decryptSecret(delivery.previousSecretBox, this.deps.secretKey);
    } catch (error) {
      // Another SECRET_KEY than the one that sealed it: no call could be signed, so none is made.
      return { outcome: 'final', error: { code: 'secret_unreadable', message: (error as Error).message }, latencyMs: 0 };
    }
    return attemptDelivery({
      url: delivery.url,
      secret,
      previousSecret,
      eventId: delivery.event.id,
      format: delivery.format,
      body: deliveryBody(delivery),
      dispatcher,
      timeoutMs: settings.timeoutMs,
      userAgent,
      now: () => clock.now().getTime(),
    });
  }

  private async reportSwitchOff(webhook: StoredWebhook): Promise<void> {
    this.deps.metrics?.webhookSwitchOffs.inc();
    this.deps.log.warn({ botId: webhook.botId, endpointId: webhook.id, url: redactUrl(webhook.url) }, switchOffNotice(webhook).message);
    await this.deps.emails?.run();
  }
}
