/**
 * Bans: a banned user makes no submissions, votes, reviews or reports (403); a banned bot leaves
 * every public answer (its listing is removed) and is never listed again. The checks ask this
 * process's copy of the bans in force, read once and again after every change of them (the
 * `bans` change reaches every process through the change feed) and at least every minute.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { decodePosition, keysetPage, UUID_PATTERN } from '../../lib/keyset.js';
import type { AuditEntry, OperatorActor } from '../audit/entry.js';
import { auditRepository } from '../audit/repository.js';
import type { Change, Changes } from '../changes/change.js';
import { banRepository, toBan, type BanRow } from './repository.js';
import type { Ban, BanCreate, BanKind, BanList, BanListQuery } from './schemas.js';

/** The checks other modules make; they know this, not the service. */
export interface BanCheck {
  /** 403 when the user is banned. */
  assertUserAllowed(userId: string): Promise<void>;
  /** 403 when the bot is banned. */
  assertBotAllowed(botId: string): Promise<void>;
}

/** Takes a bot's listing down (the listings' moderation); a listing that is down already, or none, is fine. */
export type RemoveListing = (botId: string, by: OperatorActor, reason: string) => Promise<unknown>;

/** The copy of the bans in force is read again after this long even when no change was heard. */
const COPY_LIFE_MS = 60_000;

interface InForce {
  user: Set<string>;
  bot: Set<string>;
}

export class BanService implements BanCheck {
  /** The bans in force as last read, and when that read started. */
  private copy: { read: Promise<InForce>; readFrom: number } | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: Changes,
    private readonly removeListing: RemoveListing,
  ) {}

  /**
   * Bans a user or a bot with a reason, recorded in the audit log; 409 when banned already. A bot's
   * listing is removed with the same reason (a transition of its own, after the ban).
   */
  async ban(input: BanCreate, by: OperatorActor): Promise<Ban> {
    const reason = input.reason.trim();
    if (reason === '') throw AppError.validation([{ field: 'reason', message: 'must not be blank' }]);
    const row = {
      id: randomUUID(),
      kind: input.kind,
      subject_id: input.subjectId,
      reason,
      banned_by: by.id,
      created_at: this.clock.now(),
    };
    const inserted = await this.feed.commit(
      this.db,
      (done: boolean): Change | undefined => (done ? { kind: 'bans' } : undefined),
      async (tx) => {
        if (!(await banRepository.insert(tx, row))) return false;
        await auditRepository.record(tx, banEntry('ban.create', row, by), row.created_at);
        return true;
      },
    );
    if (!inserted) throw new AppError('conflict', `This ${input.kind} is banned already`);
    if (input.kind === 'bot') {
      await this.removeListing(input.subjectId, by, reason).catch((error: unknown) => {
        // Denied or removed already, or no listing (a bot banned before it is added): out of view anyway.
        if (!(error instanceof AppError && (error.code === 'conflict' || error.code === 'not_found'))) throw error;
      });
    }
    return toBan({ ...row, lifted_by: null, lifted_at: null });
  }

  /**
   * Lifts a ban in force, recorded in the audit log (a bot's listing stays removed: the operator
   * publishes it again if it should be). 404 for none.
   */
  async lift(id: string, by: OperatorActor): Promise<Ban> {
    if (!UUID_PATTERN.test(id)) throw AppError.notFound('No ban with that ID');
    const now = this.clock.now();
    const lifted = await this.feed.commit(
      this.db,
      (row: unknown): Change | undefined => (row ? { kind: 'bans' } : undefined),
      async (tx) => {
        const row = await banRepository.lift(tx, id, by.id, now);
        if (row) await auditRepository.record(tx, banEntry('ban.lift', row, by), now);
        return row;
      },
    );
    if (!lifted) {
      const found = await banRepository.find(this.db, id);
      if (found) throw new AppError('conflict', 'The ban was lifted already');
      throw AppError.notFound('No ban with that ID');
    }
    return toBan(lifted);
  }

  /** A page of the bans in force, newest first; `next` continues it. */
  async list(query: BanListQuery): Promise<BanList> {
    const after = query.after === undefined ? undefined : decodePosition(query.after, UUID_PATTERN);
    const rows = await banRepository.list(this.db, after, query.limit + 1);
    return keysetPage(rows, query.limit, (row) => ({ at: row.created_at, id: row.id }), toBan);
  }

  async isBanned(kind: BanKind, subjectId: string): Promise<boolean> {
    return (await this.inForce())[kind].has(subjectId);
  }

  async assertUserAllowed(userId: string): Promise<void> {
    if (await this.isBanned('user', userId)) throw new AppError('forbidden', 'This user is banned').because({ kind: 'user_banned' });
  }

  async assertBotAllowed(botId: string): Promise<void> {
    if (await this.isBanned('bot', botId)) throw new AppError('forbidden', 'This bot is banned').because({ kind: 'bot_banned' });
  }

  /** The bans changed (here or in another process): the next check reads them again. */
  forget(): void {
    this.copy = undefined;
  }

  private inForce(): Promise<InForce> {
    const now = Date.now();
    if (this.copy && now - this.copy.readFrom < COPY_LIFE_MS) return this.copy.read;
    const read: Promise<InForce> = banRepository.inForce(this.db).then(
      (rows) => {
        const found: InForce = { user: new Set(), bot: new Set() };
        for (const row of rows) found[row.kind].add(row.subject_id);
        return found;
      },
      (error: unknown) => {
        // A failed read is not kept: the next check tries again.
        if (this.copy?.read === read) this.copy = undefined;
        throw error;
      },
    );
    this.copy = { read, readFrom: now };
    return read;
  }
}

/** A ban's entry in the audit log: of the bot it names (none for a user's), the reason as its note. */
function banEntry(action: 'ban.create' | 'ban.lift', row: Pick<BanRow, 'kind' | 'subject_id' | 'reason'>, by: OperatorActor): AuditEntry {
  return { actor: by, action, botId: row.kind === 'bot' ? row.subject_id : null, target: row.subject_id, note: row.reason };
}
