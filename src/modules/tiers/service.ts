import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { decodePosition, keysetPage, UUID_PATTERN } from '../../lib/keyset.js';
import { offsetOf, page, type Page } from '../../lib/pagination.js';
import type { OperatorActor } from '../audit/entry.js';
import { auditRepository } from '../audit/repository.js';
import type { KeyService } from '../keys/service.js';
import { tierRequestRepository } from './repository.js';
import type { TierDecision, TierRequest, TierRequestCreate, TierRequestListQuery } from './schemas.js';

/**
 * Owners ask for a higher rate tier for one of their keys; the operator approves (the key's tier
 * changes through the key service, as `PATCH /admin/v1/keys/{id}` would) or denies, with a note.
 */
export class TierRequestService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly keys: KeyService,
  ) {}

  async create(botId: string, requestedBy: string, input: TierRequestCreate): Promise<TierRequest> {
    const key = (await this.keys.list(botId)).find((k) => k.id === input.keyId && k.revokedAt === null);
    if (!key) throw AppError.notFound('No active key with that ID for this bot');
    if (key.tier >= input.tier) {
      throw AppError.validation([{ field: 'tier', message: `the key already has tier ${key.tier}` }]).because({
        kind: 'tier_not_higher',
        tier: key.tier,
      });
    }
    const request: TierRequest = {
      id: randomUUID(),
      botId,
      keyId: key.id,
      requestedBy,
      tier: input.tier,
      reason: input.reason.trim(),
      status: 'pending',
      note: null,
      createdAt: this.clock.now().toISOString(),
      decidedAt: null,
    };
    if (!(await tierRequestRepository.insert(this.db, request))) {
      throw new AppError('conflict', 'This key already has an open tier request').because({ kind: 'tier_request_open' });
    }
    return request;
  }

  list(query: TierRequestListQuery): Promise<Page<TierRequest>> {
    return tierRequestRepository
      .list(this.db, query.status, query.limit, offsetOf(query))
      .then(({ items, total }) => page(items, total, query));
  }

  /** The pending requests, oldest first, a page at a time by keyset (the console's queue); `next` continues it. */
  async queue(query: { after?: string; limit: number }): Promise<{ data: (TierRequest & { botName: string })[]; next: string | null }> {
    const after = query.after === undefined ? undefined : decodePosition(query.after, UUID_PATTERN);
    const rows = await tierRequestRepository.pendingQueue(this.db, after, query.limit + 1);
    return keysetPage(
      rows,
      query.limit,
      (row) => ({ at: new Date(row.createdAt), id: row.id }),
      (row) => row,
    );
  }

  recentForBot(botId: string, limit = 10): Promise<TierRequest[]> {
    return tierRequestRepository.recentForBot(this.db, botId, limit);
  }

  /**
   * Approves: the key gets the tier asked for. The key's change, the decision and their audit
   * entries are one transaction. 409 once decided or when the key was revoked meanwhile.
   */
  async approve(id: string, decision: TierDecision, by: OperatorActor): Promise<TierRequest> {
    const request = await this.pending(id);
    const now = this.clock.now();
    return this.keys.inKeyChange(async (tx) => {
      const locked = await this.lockUndecided(tx, id);
      try {
        await this.keys.patchIn(tx, request.keyId, { tier: request.tier }, by, now);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found')
          throw new AppError('conflict', 'The key was revoked; deny the request instead');
        throw error;
      }
      return this.decide(tx, locked, 'approved', decision, by, now);
    });
  }

  /** Denies, with the note the owner sees; recorded in the audit log. 409 once decided. */
  async deny(id: string, decision: TierDecision, by: OperatorActor): Promise<TierRequest> {
    await this.pending(id);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => this.decide(tx, await this.lockUndecided(tx, id), 'denied', decision, by, now));
  }

  private async pending(id: string): Promise<TierRequest> {
    const found = await tierRequestRepository.lockPending(this.db, id);
    if (!found) throw AppError.notFound('No tier request with that ID');
    if (found.status !== 'pending') throw new AppError('conflict', `The request was already ${found.status}`);
    return found;
  }

  /** The request, locked until the transaction ends; 409 when it was decided since `pending` looked. */
  private async lockUndecided(tx: Queryable, id: string): Promise<TierRequest> {
    const locked = await tierRequestRepository.lockPending(tx, id);
    if (!locked || locked.status !== 'pending') throw new AppError('conflict', 'The request was decided meanwhile');
    return locked;
  }

  private async decide(
    tx: Queryable,
    request: TierRequest,
    status: 'approved' | 'denied',
    decision: TierDecision,
    by: OperatorActor,
    now: Date,
  ): Promise<TierRequest> {
    const note = decision.note ?? null;
    await tierRequestRepository.decide(tx, request.id, status, note, now);
    await auditRepository.record(
      tx,
      {
        actor: by,
        action: 'tier_request.decide',
        botId: request.botId,
        target: request.id,
        diff: { status: { before: 'pending', after: status }, tier: { before: null, after: request.tier } },
        note,
      },
      now,
    );
    return { ...request, status, note, decidedAt: now.toISOString() };
  }
}
