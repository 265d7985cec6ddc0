import type { Queryable } from '../../db/index.js';
import { uuidv7 } from '../../lib/uuid.js';

export type EventType = 'vote' | 'premium' | 'donation' | 'test';

/** NOTIFY channel that wakes the delivery workers of every process when there is work. */
export const WEBHOOK_CHANNEL = 'webhook_work';

/**
 * Records an event in the caller's transaction, beside the fact it reports: committed together
 * or not at all. The webhook worker delivers from this table. Returns the event id, which the
 * receiver uses to drop duplicates.
 */
export async function recordEvent(
  tx: Queryable,
  event: { botId: string; type: EventType; payload: Record<string, unknown>; createdAt: Date },
  /**
   * `wake: false` when something else wakes the workers after the commit (votes: their change-feed
   * announcement). A NOTIFY inside the transaction serialises its commit with every other one
   * that notifies; at vote rates that is the bottleneck.
   */
  options: { wake: boolean } = { wake: true },
): Promise<string> {
  const id = uuidv7(event.createdAt.getTime());
  await tx.query('INSERT INTO events (id, bot_id, type, payload, created_at) VALUES ($1, $2, $3, $4, $5)', [
    id,
    event.botId,
    event.type,
    JSON.stringify(event.payload),
    event.createdAt,
  ]);
  if (options.wake) await wakeWorkers(tx);
  return id;
}

/**
 * Sent inside the writing transaction: PostgreSQL delivers it at commit (never for a rollback), so a
 * worker wakes the moment the event is visible instead of at its next poll. Identical notifications
 * of one transaction are folded into one.
 */
export async function wakeWorkers(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [WEBHOOK_CHANNEL, '']);
}
