import { BufferPool } from './buffer-pool.js';
import { encode, type Encoding } from './encode.js';
import { EncodedJson } from './encoded-json.js';

/** What a route asks for: which answer, what it depends on, how long it may live, how it is sent. */
export interface Read<T> {
  /**
   * The answer's name: every input that changes it. Without a key the answer is made for this
   * request alone (the service holds it already, or it is not worth keeping).
   */
  key?: string;
  /** What the answer depends on: it is dropped the moment one of these facts changes (`changed`). */
  facts?: readonly string[];
  /**
   * Facts the answer may lag behind: once one of them changes, the answer is still served until
   * it is `ms` old (under a stream of votes a list would otherwise be made again for every request).
   * Few, and named in code: the store remembers when each last changed.
   */
  lagging?: { facts: readonly string[]; ms: number };
  /** The longest it may be served, in ms (default 30 s, should a change go unannounced); or a function of the value. */
  ttlMs?: number | ((value: T) => number);
  /** Whether the last answer may be served past its life while the database does not answer (default yes). */
  staleWhenDown?: boolean;
  /** Content-Type; by default JSON (a string or Buffer value is then sent as it is, anything else encoded). */
  type?: string;
  cacheControl: string;
}

/** An answer as sent: its bytes and their strong validator. */
export interface Answer {
  readonly body: Buffer;
  readonly etag: string;
  /** For bytes lent for this answer's requests: called once each of them has sent it. */
  readonly release?: () => void;
}

interface Entry extends Answer {
  readonly facts: readonly string[];
  readonly lagging: Read<unknown>['lagging'];
  readonly madeAt: number;
  /** How many changes the store had been told of when the answer's computation started. */
  readonly changesBefore: number;
  readonly expiresAt: number;
  /** What the entry costs the store: its bytes, key, facts and bookkeeping. */
  readonly cost: number;
}

interface Flight {
  readonly facts: readonly string[];
  promise: Promise<Answer>;
  /** Requests handed this computation's answer: the first and every one that joined it. */
  callers: number;
}

export interface StoreOptions {
  /** What every answer kept costs together at most, keys and facts included. */
  maxBytes: number;
  /** Whether an error means the database does not answer now (then the last answer may serve). */
  isOutage: (error: unknown) => boolean;
  now?: () => number;
}

const DEFAULT_TTL_MS = 30_000;
/**
 * What an entry costs the JavaScript heap beyond its key and facts, whose bodies live outside it:
 * the entry, its map slot, its tag, the Buffer and ArrayBuffer objects. The bound holds in memory,
 * not only in body bytes: a flood of tiny answers fills it as a flood of large ones does.
 */
const ENTRY_OVERHEAD = 512;
/** A fact's slot in the entry and in the index of its fact. */
const FACT_OVERHEAD = 64;
/**
 * An answer the store does not keep, shorter than this, goes into Node's shared slabs (`Buffer.from`):
 * it dies young. A longer one is written into a buffer lent from the pool.
 */
const LEND_FROM = 4 * 1024;
/** Keys asked for once and remembered for admission, at most (the oldest forgotten first): key and slot. */
const REMEMBERED_KEY_BYTES = 512 * 1024;
const REMEMBERED_KEY_OVERHEAD = 48;
/** Lagging facts whose last change is remembered; beyond that they are forgotten, as if they had changed just then. */
const LAGGING_FACTS = 1024;

/** Lookups by result, for the metrics; `stale`: an expired answer served while the database did not answer. */
export interface StoreStats {
  hits: number;
  misses: number;
  stale: number;
}

/**
 * The answers of a process, kept as bytes until a fact they depend on changes or their life ends.
 * Concurrent misses of one key share one computation; a computation that a change overtook is
 * handed to its callers and not kept, so nobody asking after a change gets an answer older than
 * it. Bounded in bytes, whatever the URLs: once full, a new answer displaces the oldest only when
 * its key was asked for before (a doorkeeper, as in TinyLFU): a flood of one-off URLs is served and
 * left to die young instead of pushing out the answers asked again and again.
 */
export class AnswerStore {
  readonly stats: StoreStats = { hits: 0, misses: 0, stale: 0 };
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Flight>();
  /** Fact → keys of the entries and flights that depend on it. */
  private readonly byFact = new Map<string, Set<string>>();
  private readonly askedOnce = new Set<string>();
  private askedOnceBytes = 0;
  /** Changes the store has been told of, and the number of the last one of each lagging fact (0: none since it was first met). */
  private changes = 0;
  private readonly laggingChanges = new Map<string, number>();
  private bytes = 0;
  private readonly pool = new BufferPool();
  private readonly now: () => number;

  constructor(private readonly options: StoreOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Bytes the kept answers cost, and how many there are (for tests and metrics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The answer to `read`: kept, joined, or computed now. Without a promise when it is kept or its
   * computation answers at once (a hot read then costs no promise and no turn of the queue).
   * What compute throws (a 404, say) reaches every caller of its flight and is not kept.
   */
  answer<T>(read: Read<T>, compute: () => T | Promise<T>): Answer | Promise<Answer> {
    const { key } = read;
    if (key === undefined) {
      const value = compute();
      return isPromise(value) ? value.then((v) => this.once(v)) : this.once(value);
    }
    const now = this.now();
    const kept = this.entries.get(key);
    if (kept && this.serves(kept, now)) {
      this.stats.hits++;
      return kept;
    }
    const joined = this.flights.get(key);
    if (joined) {
      joined.callers++;
      return joined.promise;
    }
    this.stats.misses++;
    const facts = read.facts ?? [];
    const started = { at: now, changes: this.changes };
    const value = compute();
    if (!isPromise(value)) return this.settle(read, key, facts, value, started, undefined);
    const flight: Flight = { facts, callers: 1, promise: undefined as unknown as Promise<Answer> };
    flight.promise = value.then(
      (v) => this.settle(read, key, facts, v, started, flight),
      (error: unknown) => this.failed(read, key, kept, flight, error),
    );
    this.flights.set(key, flight);
    this.index(key, facts);
    return flight.promise;
  }

  /**
   * These facts changed: every answer that depends on one of them is dropped, and so is every
   * computation under way that does (its callers get its answer; nobody joins it any more).
   */
  changed(facts: readonly string[]): void {
    const change = ++this.changes;
    for (const fact of facts) {
      if (this.laggingChanges.has(fact)) this.laggingChanges.set(fact, change);
      const keys = this.byFact.get(fact);
      if (!keys) continue;
      for (const key of [...keys]) {
        const flight = this.flights.get(key);
        const entry = this.entries.get(key);
        if (flight?.facts.includes(fact)) this.flights.delete(key);
        if (entry?.facts.includes(fact)) {
          this.entries.delete(key);
          this.bytes -= entry.cost;
        }
        if (!this.flights.has(key) && !this.entries.has(key)) this.unindex(key, (flight ?? entry)?.facts ?? [fact]);
      }
    }
  }

  /** Forgets every answer (the operator's synonyms changed, say). */
  clear(): void {
    this.entries.clear();
    this.flights.clear();
    this.byFact.clear();
    this.bytes = 0;
  }

  private settle<T>(
    read: Read<T>,
    key: string,
    facts: readonly string[],
    value: T,
    started: { at: number; changes: number },
    flight: Flight | undefined,
  ): Answer {
    const current = flight === undefined || this.flights.get(key) === flight;
    if (flight && current) this.flights.delete(key);
    const encoding = encode(value);
    const ttl = read.ttlMs === undefined ? DEFAULT_TTL_MS : typeof read.ttlMs === 'number' ? read.ttlMs : read.ttlMs(value);
    const cost = encoding.length + 2 * key.length + ENTRY_OVERHEAD + facts.reduce((sum, fact) => sum + 2 * fact.length + FACT_OVERHEAD, 0);
    // A computation a change overtook is not kept; nor is what lives no time, or what the store does not admit.
    if (!current || ttl <= 0 || !this.admits(key, cost)) {
      if (flight && current && !this.entries.has(key)) this.unindex(key, facts);
      return this.unkept(encoding, flight);
    }
    const body = encoding.bytes ?? write(encoding, Buffer.allocUnsafeSlow(encoding.length));
    const entry: Entry = {
      body,
      etag: encoding.etag,
      facts,
      lagging: read.lagging,
      madeAt: started.at,
      changesBefore: started.changes,
      expiresAt: started.at + ttl,
      cost,
    };
    for (const fact of read.lagging?.facts ?? []) this.meetLagging(fact);
    this.keep(key, entry);
    return entry;
  }

  private failed<T>(read: Read<T>, key: string, expired: Entry | undefined, flight: Flight, error: unknown): Answer {
    if (this.flights.get(key) === flight) {
      this.flights.delete(key);
      if (!this.entries.has(key)) this.unindex(key, flight.facts);
    }
    // While the database does not answer, what was last known beats a 503.
    if (expired && read.staleWhenDown !== false && this.entries.get(key) === expired && this.options.isOutage(error)) {
      this.stats.stale++;
      return expired;
    }
    throw error;
  }

  /** Whether a kept answer may still be served: alive, and within its lag of every lagging fact that changed. */
  private serves(entry: Entry, now: number): boolean {
    if (entry.expiresAt <= now) return false;
    if (!entry.lagging || now < entry.madeAt + entry.lagging.ms) return true;
    // A lagging fact forgotten (too many were met) counts as changed.
    for (const fact of entry.lagging.facts)
      if ((this.laggingChanges.get(fact) ?? Number.POSITIVE_INFINITY) > entry.changesBefore) return false;
    return true;
  }

  private meetLagging(fact: string): void {
    if (this.laggingChanges.has(fact)) return;
    if (this.laggingChanges.size >= LAGGING_FACTS) this.laggingChanges.clear();
    this.laggingChanges.set(fact, 0);
  }

  /** Keeps the entry, pushing out the oldest answers until it fits. */
  private keep(key: string, entry: Entry): void {
    const replaced = this.entries.get(key);
    if (replaced) this.drop(key, replaced, false);
    // Maps iterate in insertion order: the first key is the oldest answer.
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes + entry.cost <= this.options.maxBytes) break;
      this.drop(oldestKey, oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.cost;
    this.index(key, entry.facts);
  }

  private drop(key: string, entry: Entry, unindex = true): void {
    this.entries.delete(key);
    this.bytes -= entry.cost;
    if (unindex && !this.flights.has(key)) this.unindex(key, entry.facts);
  }

  /**
   * Whether an answer costing `cost` is kept: when it fits without pushing another out, or when
   * its key was asked for before. Remembers the key otherwise. Asked once per computed answer.
   */
  private admits(key: string, cost: number): boolean {
    if (cost > this.options.maxBytes) return false;
    if (this.entries.has(key) || this.bytes + cost <= this.options.maxBytes) return true;
    if (this.askedOnce.has(key)) return true;
    const size = (key: string) => 2 * key.length + REMEMBERED_KEY_OVERHEAD;
    // Sets iterate in insertion order: the first key is the one remembered longest.
    for (const oldest of this.askedOnce) {
      if (this.askedOnceBytes + size(key) <= REMEMBERED_KEY_BYTES) break;
      this.askedOnce.delete(oldest);
      this.askedOnceBytes -= size(oldest);
    }
    this.askedOnce.add(key);
    this.askedOnceBytes += size(key);
    return false;
  }

  /** An answer made for this request alone: bytes held elsewhere already (a catalog entry) are sent as they are. */
  private once(value: unknown): Answer {
    return value instanceof EncodedJson && value.whole ? value : this.unkept(encode(value), undefined);
  }

  /**
   * An answer for the requests of one flight only. A long one is written into a buffer lent from
   * the pool and given back once every request handed it has sent it.
   */
  private unkept(encoding: Encoding, flight: Flight | undefined): Answer {
    if (encoding.bytes) return { body: encoding.bytes, etag: encoding.etag };
    if (encoding.length < LEND_FROM) return { body: write(encoding, Buffer.allocUnsafe(encoding.length)), etag: encoding.etag };
    const lent = this.pool.lend(encoding.length);
    write(encoding, lent.bytes);
    const { giveBack } = lent;
    if (!giveBack) return { body: lent.bytes, etag: encoding.etag };
    // Every caller has joined by now: the flight left the map before its answer was handed out.
    let released = 0;
    const callers = flight?.callers ?? 1;
    return { body: lent.bytes, etag: encoding.etag, release: () => void (++released === callers && giveBack()) };
  }

  private index(key: string, facts: readonly string[]): void {
    for (const fact of facts) {
      let keys = this.byFact.get(fact);
      if (!keys) this.byFact.set(fact, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, facts: readonly string[]): void {
    for (const fact of facts) {
      const keys = this.byFact.get(fact);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byFact.delete(fact);
    }
  }
}

function write(encoding: Encoding, target: Buffer): Buffer {
  encoding.writeInto(target);
  return target;
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
