/**
 * The stand-in's events: Stripe `Event` objects (a snapshot of the object at the time, `account`
 * for a connected account's), POSTed one after another to the webhook URL with a
 * `Stripe-Signature` header made by the library's own `generateTestHeaderString`. An event whose
 * delivery failed (no URL yet, a refused connection, an answer other than 2xx) is kept for
 * `redeliver`; `resend` sends one again (a duplicate, as Stripe sometimes sends).
 */
import Stripe from 'stripe';
import { newId, type Scope, type Store, type Stored } from './store.js';

export interface StandInEvent {
  id: string;
  object: 'event';
  account?: string;
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  [field: string]: unknown;
}

export interface EventRecord {
  event: StandInEvent;
  /** Whether an attempt got a 2xx answer. */
  delivered: boolean;
  attempts: number;
  /** The last attempt's HTTP status (null: no answer, or not attempted). */
  lastStatus: number | null;
}

export class Events {
  readonly records: EventRecord[] = [];
  webhookUrl: string | undefined;
  /** Deliveries run one at a time, in the order the events happened. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly secret: string,
  ) {}

  /**
   * Records the events (their objects as they are now) and queues their delivery after every
   * earlier one. Stripe's API answers without waiting for its webhooks; the stand-in's pages and
   * controls wait for `settle()` before answering, so what follows them finds the events handled.
   */
  emit(scope: Scope, items: Array<{ type: string; object: Stored; previous?: Record<string, unknown> }>): void {
    const records = items.map(({ type, object, previous }) => {
      const event: StandInEvent = {
        id: newId('evt_'),
        object: 'event',
        ...(scope ? { account: scope } : {}),
        api_version: Stripe.API_VERSION,
        created: this.store.now(),
        data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      const record: EventRecord = { event, delivered: false, attempts: 0, lastStatus: null };
      this.records.push(record);
      this.store.put(scope, event);
      return record;
    });
    void this.serially(async () => {
      for (const record of records) await this.deliver(record);
    });
  }

  /** Resolves once every delivery queued so far was attempted. */
  settle(): Promise<void> {
    return this.serially(async () => undefined);
  }

  /** Sends every undelivered event again, oldest first. */
  async redeliver(): Promise<{ delivered: number; failed: number }> {
    return this.serially(async () => {
      let delivered = 0;
      let failed = 0;
      for (const record of this.records.filter((r) => !r.delivered)) {
        if (await this.deliver(record)) delivered += 1;
        else failed += 1;
      }
      return { delivered, failed };
    });
  }

  /** Sends one event again, delivered or not. */
  async resend(id: string): Promise<EventRecord | undefined> {
    const record = this.records.find((r) => r.event.id === id);
    if (!record) return undefined;
    await this.serially(() => this.deliver(record));
    return record;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async deliver(record: EventRecord): Promise<boolean> {
    const url = this.webhookUrl;
    if (!url) return false;
    // Stripe sends its events pretty-printed; the signature covers these exact bytes.
    const payload = JSON.stringify(record.event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
    record.attempts += 1;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      record.lastStatus = response.status;
      if (response.ok) record.delivered = true;
      return response.ok;
    } catch {
      record.lastStatus = null;
      return false;
    }
  }
}
