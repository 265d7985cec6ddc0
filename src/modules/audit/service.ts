/**
 * Reading the audit log: a bot's log (its team's dashboard page, `GET /admin/v1/bots/{id}/audit`)
 * and the whole log (the console, `GET /admin/v1/audit`), newest first, a page at a time by keyset;
 * and forgetting entries older than AUDIT_RETENTION_DAYS, nightly. The entries themselves are
 * written by the modules whose changes they record, in the transaction of the change
 * (`auditRepository.record`).
 */
import { inBatches } from '../../lib/background.js';
import type { Database } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { decodePosition, keysetPage } from '../../lib/keyset.js';
import { auditRepository, type AuditFilter, type AuditRow } from './repository.js';
import type { AuditList, AuditListQuery, AuditLogEntry, BotAuditQuery } from './schemas.js';

/** Entries are numbered by the database (a bigint). */
const ENTRY_ID = /^\d{1,19}$/;
/** Entries deleted per statement by the nightly clean-up. */
const PRUNE_BATCH = 5000;
const DAY_MS = 86_400_000;

export function toAuditEntry(row: AuditRow): AuditLogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    botId: row.bot_id,
    actor: { kind: row.actor_kind, id: row.actor_id, via: row.via },
    action: row.action,
    target: row.target,
    diff: row.diff,
    note: row.note,
  };
}

export class AuditService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** AUDIT_RETENTION_DAYS: entries older than this are deleted nightly. */
    private readonly retentionDays: number,
  ) {}

  /**
   * A page of the whole log, newest first, narrowed to a bot, an actor, an action and a time range
   * (`from` inclusive, `to` exclusive); `next` continues it.
   */
  async list(query: AuditListQuery): Promise<AuditList> {
    const from = instant(query.from, 'from');
    const to = instant(query.to, 'to');
    if (from && to && to <= from) throw AppError.validation([{ field: 'to', message: 'must be after from' }]);
    return this.page({ botId: query.botId, actorId: query.actorId, action: query.action, from, to }, query.after, query.limit);
  }

  /**
   * A page of one bot's log, newest first, narrowed to an actor and an action. A deleted bot's log
   * is still there (the log outlives it); a bot that never was has an empty one.
   */
  botLog(botId: string, query: BotAuditQuery): Promise<AuditList> {
    return this.page({ botId, actorId: query.actorId, action: query.action }, query.after, query.limit);
  }

  /**
   * Deletes the entries older than the retention period, oldest first, in batches (no statement
   * runs long, none locks more than a batch); answers how many. Run nightly; safe on several
   * processes at once.
   */
  prune(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.retentionDays * DAY_MS);
    return inBatches(() => auditRepository.pruneBefore(this.db, cutoff, PRUNE_BATCH), PRUNE_BATCH);
  }

  private async page(filter: AuditFilter, after: string | undefined, limit: number): Promise<AuditList> {
    const position = after === undefined ? undefined : decodePosition(after, ENTRY_ID);
    // No transaction is needed: the read pool sees every committed entry.
    const rows = await auditRepository.page(this.db.reads, filter, position, limit + 1);
    return keysetPage(rows, limit, (row) => ({ at: row.at, id: row.id }), toAuditEntry);
  }
}

/** A query's time as an instant (the schema checked its form); undefined when not given. */
function instant(text: string | undefined, field: string): Date | undefined {
  if (text === undefined) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw AppError.validation([{ field, message: 'must be a date-time' }]);
  return date;
}
