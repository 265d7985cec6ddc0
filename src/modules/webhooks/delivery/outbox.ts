import type { Queryable } from '../../../db/index.js';
import { uuidv7 } from '../../../lib/uuid.js';
import type { EventType } from '../endpoints/events.js';

export interface NewEvent {
  botId: string;
  type: EventType;
  payload: Record<string, unknown>;
  createdAt: Date;
  /** When it is routed to the endpoints; default createdAt (a reminder: the end of a vote's window). */
  dueAt?: Date;
  /** Only this endpoint (a test call to one endpoint); default every endpoint subscribed to the type. */
  endpointId?: string;
}

/** NOTIFY channel that wakes the delivery workers of every process when there is work. */
export const WEBHOOK_CHANNEL = 'webhook_work';

/**
 * Records an event in the caller's transaction, beside the fact it reports: committed together
 * or not at all. The webhook worker delivers from this table. Returns the event id, which the
 * receiver uses to drop duplicates.
 */
export async function recordEvent(
  tx: Queryable,
  event: NewEvent,
  /**
   * `wake: false` when something else wakes the workers after the commit (votes: their change-feed
   * announcement). A NOTIFY inside the transaction serialises its commit with every other one
   * that notifies; at vote rates that is the bottleneck.
   */
  options: { wake: boolean } = { wake: true },
): Promise<string> {
  const [id] = await recordEvents(tx, [event], options);
  return id as string;
}

/**
 * Several events in one statement (a vote and its reminder); answers their ids in order. A
 * `vote.reminder` is only stored while the bot has an enabled endpoint subscribed to it
 * (endpoint_subscribed in src/db/functions/, as in record_vote), so bots without one cost no
 * second row per vote.
 */
export async function recordEvents(tx: Queryable, events: NewEvent[], options: { wake: boolean } = { wake: true }): Promise<string[]> {
  const ids = events.map((event) => uuidv7(event.createdAt.getTime()));
  await tx.query(
    `INSERT INTO events (id, bot_id, type, payload, created_at, due_at, endpoint_id)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::timestamptz[], $6::timestamptz[], $7::uuid[])
              AS e(id, bot_id, type, payload, created_at, due_at, endpoint_id)
      WHERE e.type <> 'vote.reminder' OR endpoint_subscribed(e.bot_id, e.type)`,
    [
      ids,
      events.map((e) => e.botId),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.payload)),
      events.map((e) => e.createdAt),
      events.map((e) => e.dueAt ?? e.createdAt),
      events.map((e) => e.endpointId ?? null),
    ],
  );
  if (options.wake) await wakeWorkers(tx);
  return ids;
}

/**
 * Sent inside the writing transaction: PostgreSQL delivers it at commit (never for a rollback), so a
 * worker wakes the moment the event is visible instead of at its next poll. Identical notifications
 * of one transaction are folded into one.
 */
export async function wakeWorkers(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [WEBHOOK_CHANNEL, '']);
}
