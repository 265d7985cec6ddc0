/**
 * The SQL of the delivery pipeline: events → deliveries (routing), claiming due deliveries under a
 * lease, recording an attempt, and reading the log. Every write here is one short statement or
 * transaction; nothing is held open across an HTTP call.
 */
import type { Queryable } from '../../../db/index.js';
import type { KeysetPosition } from '../../../lib/keyset.js';
import type { RecordedOutcome } from '../endpoints/endpoint-state.js';
import type { EventType } from '../endpoints/events.js';
import type { EndpointFormat, EndpointLanguage } from '../endpoints/repository.js';
import type { Delivery, DeliveryFilter, DeliveryStatus } from './schemas.js';

export type { DeliveryStatus };

export interface ClaimedDelivery {
  id: string;
  botId: string;
  endpointId: string;
  /** Attempts already made; this one is number attempts + 1. */
  attempts: number;
  event: { id: string; type: EventType; payload: Record<string, unknown>; createdAt: Date };
  url: string;
  secretBox: string;
  /** The replaced secret while its overlap runs: the call is signed with both. */
  previousSecretBox: string | null;
  format: EndpointFormat;
  language: EndpointLanguage;
  /** For a Discord message's title. */
  botName: string;
}

export interface AttemptRecord {
  deliveryId: string;
  /** The claim's lease token: the record only counts while it still holds the delivery. */
  lease: string;
  /** The delivery's state after this attempt. */
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  attemptedAt: Date;
  statusCode: number | null;
  error: { code: string; message: string } | null;
  latencyMs: number;
  responseSnippet: string | null;
}

/** A stored attempt: its number, and what its webhook's state needs (../endpoints/endpoint-state.ts). */
export interface RecordedAttempt extends RecordedOutcome {
  attempt: number;
  botId: string;
  status: DeliveryStatus;
}

export const deliveryRepository = {
  /**
   * Turns up to `limit` due, unrouted events into deliveries, in one statement: one per endpoint of
   * the bot that is enabled, subscribed to the event's type and was active when the event happened
   * (none: the event is only marked routed, see docs/decisions.md). Due events are read by an index
   * range on due_at (a reminder waits there until its vote's window ends); SKIP LOCKED lets
   * processes route side by side, and each event is routed exactly once.
   */
  async route(db: Queryable, now: Date, limit: number): Promise<{ routed: number; created: number }> {
    const { rows } = await db.query<{ routed: number; created: number }>(
      `WITH picked AS (
         SELECT id FROM events WHERE routed_at IS NULL AND due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED
       ), routed AS (
         UPDATE events e SET routed_at = $1 FROM picked WHERE e.id = picked.id
         RETURNING e.id, e.bot_id, e.type, e.created_at, e.endpoint_id
       ), created AS (
         INSERT INTO deliveries (id, event_id, bot_id, endpoint_id, status, next_attempt_at, created_at)
         SELECT gen_random_uuid(), r.id, r.bot_id, w.id, 'pending', $1, $1
         FROM routed r JOIN webhooks w ON w.bot_id = r.bot_id AND w.enabled AND r.created_at >= w.active_since
           AND (r.endpoint_id = w.id OR (r.endpoint_id IS NULL AND r.type = ANY (w.events)))
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM routed)::int AS routed, (SELECT count(*) FROM created)::int AS created`,
      [now, limit],
    );
    return rows[0] ?? { routed: 0, created: 0 };
  },

  /**
   * Leases up to `limit` due deliveries of enabled endpoints until `lockedUntil`. FOR UPDATE SKIP
   * LOCKED keeps two processes off the same row, and the lease (re-checked when a row turns out to
   * have been claimed meanwhile) keeps it theirs until the attempt is recorded or the lease expires.
   */
  async claim(db: Queryable, now: Date, lockedUntil: Date, lease: string, limit: number): Promise<ClaimedDelivery[]> {
    const { rows } = await db.query<{
      id: string;
      bot_id: string;
      endpoint_id: string;
      attempts: number;
      event_id: string;
      type: EventType;
      payload: Record<string, unknown>;
      created_at: Date;
      url: string;
      secret_box: string;
      previous_secret_box: string | null;
      format: EndpointFormat;
      language: EndpointLanguage;
      bot_name: string;
    }>(
      `WITH due AS (
         SELECT d.id FROM deliveries d JOIN webhooks w ON w.id = d.endpoint_id AND w.enabled
         WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND (d.locked_until IS NULL OR d.locked_until <= $1)
         ORDER BY d.next_attempt_at LIMIT $4
         FOR UPDATE OF d SKIP LOCKED
       ), claimed AS (
         UPDATE deliveries d SET lease = $3, locked_until = $2 FROM due WHERE d.id = due.id
         RETURNING d.id, d.bot_id, d.endpoint_id, d.attempts, d.event_id
       )
       SELECT c.id, c.bot_id, c.endpoint_id, c.attempts, c.event_id, e.type, e.payload, e.created_at, w.url, w.secret_box,
              CASE WHEN w.previous_secret_until > $1 THEN w.previous_secret_box END AS previous_secret_box, w.format, w.language,
              b.name AS bot_name
       FROM claimed c JOIN events e ON e.id = c.event_id JOIN webhooks w ON w.id = c.endpoint_id JOIN bots b ON b.id = c.bot_id`,
      [now, lockedUntil, lease, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      botId: row.bot_id,
      endpointId: row.endpoint_id,
      attempts: row.attempts,
      event: { id: row.event_id, type: row.type, payload: row.payload, createdAt: row.created_at },
      url: row.url,
      secretBox: row.secret_box,
      previousSecretBox: row.previous_secret_box,
      format: row.format,
      language: row.language,
      botName: row.bot_name,
    }));
  },

  /**
   * When the earliest pending delivery of an enabled webhook, not leased by anyone, falls due;
   * undefined when there is none. (Leased ones are another worker's until recorded or expired;
   * the poll finds expired leases.)
   */
  async nextDueAt(db: Queryable, now: Date): Promise<Date | undefined> {
    const { rows } = await db.query<{ at: Date }>(
      `SELECT d.next_attempt_at AS at FROM deliveries d JOIN webhooks w ON w.id = d.endpoint_id AND w.enabled
       WHERE d.status = 'pending' AND (d.locked_until IS NULL OR d.locked_until <= $1)
       ORDER BY d.next_attempt_at LIMIT 1`,
      [now],
    );
    return rows[0]?.at;
  },

  /**
   * Stores attempts and their deliveries' next states, each only if its lease still holds the
   * delivery, all in one statement (one round trip; atomic without a transaction). Returns per
   * delivery recorded its attempt number, its bot's webhook's run of failures and its new status;
   * one whose lease was lost (expired and taken over, or the webhook deleted meanwhile) is left out
   * and nothing is written for it.
   */
  async recordAttempts(db: Queryable, records: AttemptRecord[]): Promise<Map<string, RecordedAttempt>> {
    const column = <T>(pick: (r: AttemptRecord) => T) => records.map(pick);
    const { rows } = await db.query<{
      id: string;
      attempts: number;
      bot_id: string;
      endpoint_id: string;
      status: DeliveryStatus;
      consecutive_failures: number;
    }>(
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::smallint[],
                              $7::text[], $8::text[], $9::integer[], $10::text[])
           AS i(id, lease, status, next_attempt_at, attempted_at, status_code, error_code, error_message, latency_ms, snippet)
       ), d AS (
         UPDATE deliveries SET attempts = deliveries.attempts + 1, status = i.status, next_attempt_at = i.next_attempt_at,
           lease = NULL, locked_until = NULL,
           completed_at = CASE WHEN i.status = 'pending' THEN NULL ELSE i.attempted_at END
         FROM input i WHERE deliveries.id = i.id AND deliveries.lease = i.lease
         RETURNING deliveries.id, deliveries.attempts, deliveries.bot_id, deliveries.endpoint_id, deliveries.status
       ), a AS (
         INSERT INTO delivery_attempts (delivery_id, attempt, attempted_at, status_code, error_code, error_message, latency_ms, response_snippet)
         SELECT d.id, d.attempts, i.attempted_at, i.status_code, i.error_code, i.error_message, i.latency_ms, i.snippet
         FROM d JOIN input i ON i.id = d.id
       )
       SELECT d.id, d.attempts, d.bot_id, d.endpoint_id, d.status, COALESCE(w.consecutive_failures, 0) AS consecutive_failures
       FROM d LEFT JOIN webhooks w ON w.id = d.endpoint_id`,
      [
        column((r) => r.deliveryId),
        column((r) => r.lease),
        column((r) => r.status),
        column((r) => r.nextAttemptAt),
        column((r) => r.attemptedAt),
        column((r) => r.statusCode),
        column((r) => r.error?.code ?? null),
        column((r) => r.error?.message ?? null),
        column((r) => r.latencyMs),
        column((r) => r.responseSnippet),
      ],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          attempt: row.attempts,
          botId: row.bot_id,
          endpointId: row.endpoint_id,
          status: row.status,
          consecutiveFailures: row.consecutive_failures,
        },
      ]),
    );
  },

  async find(
    db: Queryable,
    id: string,
  ): Promise<{ id: string; botId: string; endpointId: string; eventId: string; eventType: EventType; status: DeliveryStatus } | undefined> {
    const { rows } = await db.query<{
      id: string;
      bot_id: string;
      endpoint_id: string;
      event_id: string;
      type: EventType;
      status: DeliveryStatus;
    }>(
      'SELECT d.id, d.bot_id, d.endpoint_id, d.event_id, e.type, d.status FROM deliveries d JOIN events e ON e.id = d.event_id WHERE d.id = $1',
      [id],
    );
    const row = rows[0];
    return (
      row && { id: row.id, botId: row.bot_id, endpointId: row.endpoint_id, eventId: row.event_id, eventType: row.type, status: row.status }
    );
  },

  /** A new delivery of an existing event, due at once (redelivery). */
  async insert(tx: Queryable, delivery: { id: string; eventId: string; botId: string; endpointId: string }, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO deliveries (id, event_id, bot_id, endpoint_id, status, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, 'pending', $5, $5)`,
      [delivery.id, delivery.eventId, delivery.botId, delivery.endpointId, now],
    );
  },

  /**
   * Deletes up to `limit` events older than `cutoff` whose deliveries are all finished before it,
   * with those deliveries and their attempts (cascade). Answers how many events it deleted.
   * Unrouted events and events with a pending or recent delivery stay.
   */
  async pruneBefore(db: Queryable, cutoff: Date, limit: number): Promise<number> {
    const { rows } = await db.query<{ id: string }>(
      `DELETE FROM events WHERE id IN (
         SELECT e.id FROM events e
          WHERE e.created_at < $1 AND e.routed_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM deliveries d
                             WHERE d.event_id = e.id AND (d.status = 'pending' OR d.completed_at >= $1))
          ORDER BY e.created_at LIMIT $2)
       RETURNING id`,
      [cutoff, limit],
    );
    return rows.length;
  },

  /** Work waiting: events not yet routed to a delivery, and deliveries pending (due now or later). Both from partial indexes. */
  async queueDepth(db: Queryable, now: Date): Promise<{ unrouted: number; due: number; scheduled: number }> {
    const { rows } = await db.query<{ unrouted: number; due: number; scheduled: number }>(
      `SELECT (SELECT count(*)::int FROM events WHERE routed_at IS NULL AND due_at <= $1) AS unrouted,
              (SELECT count(*)::int FROM deliveries WHERE status = 'pending' AND next_attempt_at <= $1) AS due,
              (SELECT count(*)::int FROM deliveries WHERE status = 'pending' AND next_attempt_at > $1) AS scheduled`,
      [now],
    );
    return rows[0] ?? { unrouted: 0, due: 0, scheduled: 0 };
  },

  /**
   * A page of the bot's log by `page`, newest first, each delivery with all its attempts, and how
   * many deliveries the filter matches.
   */
  async list(
    db: Queryable,
    botId: string,
    filter: DeliveryFilter,
    limit: number,
    offset: number,
  ): Promise<{ items: Delivery[]; total: number }> {
    const where = logFilter(botId, filter);
    const [{ rows }, counted] = await Promise.all([
      db.query<DeliveryRow>(
        `${LOG_SELECT} ${where.sql} ${LOG_ORDER} LIMIT $${where.params.length + 1} OFFSET $${where.params.length + 2}`,
        [...where.params, limit, offset],
      ),
      db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM deliveries d${filter.event === undefined ? '' : ' JOIN events e ON e.id = d.event_id'} ${where.sql}`,
        where.params,
      ),
    ]);
    return { items: await withAttempts(db, rows), total: counted.rows[0]?.total ?? 0 };
  },

  /**
   * Up to `limit` deliveries of the bot's log after `after` (from the newest without it), newest
   * first, each with all its attempts. One index range in the log's order (migration 037): by
   * endpoint on deliveries_endpoint_time, by state on deliveries_bot_status_time, else on
   * deliveries_bot_time; the event type is a filter on that range (it lives on the event).
   */
  async page(db: Queryable, botId: string, filter: DeliveryFilter, after: KeysetPosition | undefined, limit: number): Promise<Delivery[]> {
    const where = logFilter(botId, filter);
    const n = where.params.length;
    const { rows } = await db.query<DeliveryRow>(
      `${LOG_SELECT} ${where.sql}${after ? ` AND (d.created_at, d.id) < ($${n + 1}, $${n + 2}::uuid)` : ''} ${LOG_ORDER} LIMIT $${n + (after ? 3 : 1)}`,
      after ? [...where.params, after.at, after.id, limit] : [...where.params, limit],
    );
    return withAttempts(db, rows);
  },
};

const LOG_SELECT = `SELECT d.id, d.endpoint_id, d.event_id, e.type, d.status, d.attempts, d.next_attempt_at, d.created_at, d.completed_at
  FROM deliveries d JOIN events e ON e.id = d.event_id`;
const LOG_ORDER = 'ORDER BY d.created_at DESC, d.id DESC';

/** The WHERE of the bot's log under `filter`, with its parameters ($1 the bot). */
function logFilter(botId: string, filter: DeliveryFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [botId];
  const conditions = ['d.bot_id = $1'];
  if (filter.endpointId !== undefined) conditions.push(`d.endpoint_id = $${params.push(filter.endpointId)}::uuid`);
  if (filter.status !== undefined) conditions.push(`d.status = $${params.push(filter.status)}`);
  if (filter.event !== undefined) conditions.push(`e.type = $${params.push(filter.event)}`);
  return { sql: `WHERE ${conditions.join(' AND ')}`, params };
}

/** The deliveries of `rows`, each with all its attempts, oldest first (one query by the attempts' key). */
async function withAttempts(db: Queryable, rows: DeliveryRow[]): Promise<Delivery[]> {
  if (rows.length === 0) return [];
  const { rows: attempts } = await db.query<AttemptRow>(
    `SELECT delivery_id, attempt, attempted_at, status_code, error_code, error_message, latency_ms, response_snippet
     FROM delivery_attempts WHERE delivery_id = ANY($1::uuid[]) ORDER BY delivery_id, attempt`,
    [rows.map((row) => row.id)],
  );
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const attempt of attempts) {
    const list = byDelivery.get(attempt.delivery_id);
    if (list) list.push(attempt);
    else byDelivery.set(attempt.delivery_id, [attempt]);
  }
  return rows.map((row) => toDelivery(row, byDelivery.get(row.id) ?? []));
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  type: EventType;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
  completed_at: Date | null;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  attempted_at: Date;
  status_code: number | null;
  error_code: string | null;
  error_message: string | null;
  latency_ms: number;
  response_snippet: string | null;
}

function toDelivery(row: DeliveryRow, attempts: AttemptRow[]): Delivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    event: { type: row.type, id: row.event_id },
    status: row.status,
    attemptCount: row.attempts,
    nextAttemptAt: row.status === 'pending' && row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      attemptedAt: a.attempted_at.toISOString(),
      statusCode: a.status_code,
      error: a.error_code === null ? null : { code: a.error_code, message: a.error_message ?? '' },
      latencyMs: a.latency_ms,
      response: a.response_snippet,
    })),
  };
}
