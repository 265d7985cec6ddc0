import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/index.js';
import { startPeriodic, type Periodic } from '../../lib/background.js';
import type { Changes } from '../changes/change.js';
import type { Clock } from '../../lib/clock.js';
import { keepLatest } from '../../lib/keep-latest.js';
import { AppError } from '../../lib/errors.js';
import type { MaybePromise } from '../../lib/maybe-promise.js';
import { diffOf, diffOfNew, type Actor } from '../audit/entry.js';
import { auditRepository } from '../audit/repository.js';
import { botRepository } from '../bots/repository.js';
import { generateKey, hashKey, looksLikeKey } from './key-format.js';
import { keyRepository } from './repository.js';
import type { ApiKey, CreatedKey, KeyCreate, KeyPatch } from './schemas.js';

/**
 * How long this process trusts a cached key lookup. Changes reach every process through the
 * change feed at once; this bound holds even if a notification were lost (revocation "within 1 s").
 */
const AUTH_CACHE_MS = 1_000;
const AUTH_CACHE_MAX = 50_000;
/** `lastUsedAt` is written at most this often per key (and process): a use is news, each request is not. */
export const LAST_USED_INTERVAL_MS = 60_000;
/** How often the noted uses are written. */
const TOUCH_FLUSH_MS = 10_000;

export interface AuthenticatedKey {
  id: string;
  botId: string;
  scopes: readonly string[];
  tier: number;
}

export class KeyService {
  /**
   * Lookups by token, oldest first: each lives AUTH_CACHE_MS, so the expired ones are at the front
   * and go as new ones come (`keepLatest`). A busy API sees thousands of keys a minute; kept until
   * a size bound, expired lookups filled the heap (15,000 of them, 7 MB, after five minutes of the
   * scale bench) while only a second's worth can answer.
   */
  private readonly cache = new Map<string, { key: AuthenticatedKey | null; until: number }>();
  /** Per key id: when this process may next note a use; oldest first, as the cache. */
  private readonly nextTouch = new Map<string, number>();
  /** Uses noted and not written yet, by key id; written together every TOUCH_FLUSH_MS. */
  private touched = new Map<string, Date>();
  private flusher: Periodic | undefined;
  /** The write under way (or the last one); flushes queue behind it. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: Changes,
  ) {}

  /** Keys changed (here or in another process): no cached lookup may outlive that. */
  forgetLookups(): void {
    this.cache.clear();
  }

  /** A new key of the bot, recorded in the audit log with `by` (its prefix, name, scopes, tier); the key is in this answer only. */
  async create(botId: string, input: KeyCreate, by: Actor): Promise<CreatedKey> {
    if (!(await botRepository.exists(this.db, botId))) throw AppError.notFound('No bot with that application ID');
    const { key, prefix, hash } = generateKey();
    const row = {
      id: randomUUID(),
      botId,
      name: input.name ?? null,
      prefix,
      hash,
      scopes: input.scopes,
      tier: input.tier ?? 1,
      createdAt: this.clock.now(),
    };
    await this.db.transaction(async (tx) => {
      await keyRepository.insert(tx, row);
      await auditRepository.record(
        tx,
        {
          actor: by,
          action: 'key.create',
          botId,
          target: row.id,
          diff: diffOfNew({ name: row.name, scopes: row.scopes, tier: row.tier }),
          note: prefix,
        },
        row.createdAt,
      );
    });
    return { id: row.id, key, prefix, scopes: row.scopes, tier: row.tier, name: row.name, createdAt: row.createdAt.toISOString() };
  }

  async list(botId: string): Promise<ApiKey[]> {
    if (!(await botRepository.exists(this.db, botId))) throw AppError.notFound('No bot with that application ID');
    return keyRepository.listByBot(this.db, botId);
  }

  /** Changes a key's tier, scopes or name, recorded in the audit log with `by`; 404 for a revoked key or none. */
  async patch(id: string, patch: KeyPatch, by: Actor): Promise<ApiKey> {
    const now = this.clock.now();
    await this.inKeyChange((tx) => this.patchIn(tx, id, patch, by, now));
    return (await keyRepository.find(this.db, id)) as ApiKey;
  }

  /**
   * `patch` inside the caller's transaction, which must be an `inKeyChange` (every process forgets
   * its cached lookups once it commits): a tier request's approval changes the key and decides the
   * request in one. The key is locked until the transaction ends.
   */
  async patchIn(tx: Queryable, id: string, patch: KeyPatch, by: Actor, now: Date): Promise<void> {
    const key = await keyRepository.lockActive(tx, id);
    if (!key) throw AppError.notFound('No active key with that ID');
    const change = {
      scopes: patch.scopes ?? key.scopes,
      tier: patch.tier ?? key.tier,
      name: patch.name === undefined ? key.name : patch.name,
    };
    await keyRepository.update(tx, id, change);
    const diff = diffOf<typeof change>(key, change, ['tier', 'scopes', 'name']);
    if (!diff) return;
    const action = diff.tier ? 'key.tier' : 'key.update';
    await auditRepository.record(tx, { actor: by, action, botId: key.botId, target: id, diff, note: key.prefix }, now);
  }

  /** Revokes a key (401 from then on, on every process), recorded in the audit log with `by`; 404 for a revoked key or none. */
  async revoke(id: string, by: Actor): Promise<void> {
    const now = this.clock.now();
    const revoked = await this.inKeyChange(async (tx) => {
      const key = await keyRepository.revoke(tx, id, now);
      if (key) await auditRepository.record(tx, { actor: by, action: 'key.revoke', botId: key.botId, target: id, note: key.prefix }, now);
      return key !== undefined;
    });
    if (!revoked) throw AppError.notFound('No active key with that ID');
  }

  /**
   * The live key for a presented token, or undefined. Lookups by hash, cached briefly; a cached
   * answer comes back synchronously (this runs on every request that carries a key).
   */
  authenticate(token: string): MaybePromise<AuthenticatedKey | undefined> {
    if (!looksLikeKey(token)) return undefined;
    const now = Date.now();
    // Keyed by the token itself so a hit costs no hash; the token never leaves this process.
    const cached = this.cache.get(token);
    if (cached && cached.until > now) return this.used(cached.key ?? undefined);
    return this.lookup(token, now).then((key) => this.used(key));
  }

  /** Notes that a request used the key; its lastUsedAt is written in the background, once a minute at most. */
  private used(key: AuthenticatedKey | undefined): AuthenticatedKey | undefined {
    if (!key) return key;
    const now = this.clock.now();
    if ((this.nextTouch.get(key.id) ?? 0) > now.getTime()) return key;
    keepLatest(this.nextTouch, key.id, now.getTime() + LAST_USED_INTERVAL_MS, AUTH_CACHE_MAX, (next) => next <= now.getTime());
    // Never delays or fails the request: uses are written in batches, in the background.
    this.touched.set(key.id, now);
    this.flusher ??= startPeriodic(() => this.flushUses(), TOUCH_FLUSH_MS);
    return key;
  }

  /**
   * Writes the uses noted since the last call, all in one statement (one commit, not one per key:
   * an API with thousands of keys in use would otherwise commit once per key and minute). A failed
   * write is dropped: at worst a minute of lastUsedAt is lost. Writes run one after another, and a
   * call returns once every use noted before it is written, also when the timer's write holds them.
   */
  async flushUses(): Promise<void> {
    if (this.touched.size > 0) {
      const uses = this.touched;
      this.touched = new Map();
      this.writing = this.writing.then(() => keyRepository.touchMany(this.db, uses, LAST_USED_INTERVAL_MS).catch(() => undefined));
    }
    await this.writing;
  }

  /** Writes what is noted and stops the background writes (the app is closing). */
  async stop(): Promise<void> {
    await this.flusher?.stop();
    this.flusher = undefined;
    await this.flushUses();
  }

  private async lookup(token: string, now: number): Promise<AuthenticatedKey | undefined> {
    // On the read pool: every owner request that misses the lookup cache asks, and must not wait behind writes.
    const found = await keyRepository.findActiveByHash(this.db.reads, hashKey(token));
    const key = found ? { id: found.id, botId: found.botId, scopes: found.scopes, tier: found.tier } : null;
    keepLatest(this.cache, token, { key, until: now + AUTH_CACHE_MS }, AUTH_CACHE_MAX, (entry) => entry.until <= now);
    return key ?? undefined;
  }

  /** Runs a change of keys in one transaction, then makes every process forget its cached lookups. */
  inKeyChange<T>(apply: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.feed.commit(this.db, { kind: 'keys' }, apply);
  }
}
