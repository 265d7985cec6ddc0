import { Admission } from './admission.js';

/**
 * Answers by key, holding at most `maxBytes` of bodies and `maxEntries` answers; the oldest goes
 * first. Once full, a key not offered before is not taken in (`Admission`): a one-off answer is
 * served by its caller and left to die young. The store of the read caches and the list pages.
 */
export class BoundedBodies<V extends { body: Buffer }> {
  private readonly items = new Map<string, V>();
  private readonly admission = new Admission();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxEntries = Number.POSITIVE_INFINITY,
    /** Told of each answer pushed out to make room (not of those deleted or replaced). */
    private readonly onEvict: (key: string, value: V) => void = () => undefined,
  ) {}

  get size(): number {
    return this.items.size;
  }

  get(key: string): V | undefined {
    return this.items.get(key);
  }

  has(key: string): boolean {
    return this.items.has(key);
  }

  /** Keeps value under key (replacing what was there), unless the store is full and key is new to it. */
  set(key: string, value: V): void {
    if (this.admits(key, value.body.length)) this.store(key, value);
  }

  /**
   * Whether an answer of `bytes` under key would be kept (asked before building it, so that one
   * that will not be kept can be built in a lent buffer); remembers key when not. Ask once per
   * answer: a key asked twice counts as asked for before.
   */
  admits(key: string, bytes: number): boolean {
    return this.items.has(key) || this.fits(bytes) || this.admission.seenBefore(key);
  }

  /** Keeps value under key, the oldest answers going first to make room: after `admits`. */
  store(key: string, value: V): void {
    const bytes = value.body.length;
    this.delete(key);
    // Maps iterate in insertion order: the first key is the oldest answer.
    for (const [oldestKey, oldest] of this.items) {
      if (this.fits(bytes)) break;
      this.delete(oldestKey);
      this.onEvict(oldestKey, oldest);
    }
    this.items.set(key, value);
    this.bytes += bytes;
  }

  delete(key: string): void {
    const value = this.items.get(key);
    if (!value) return;
    this.items.delete(key);
    this.bytes -= value.body.length;
  }

  clear(): void {
    this.items.clear();
    this.bytes = 0;
  }

  /** Whether an answer of that size can be added without pushing another out. */
  private fits(bytes: number): boolean {
    return this.items.size < this.maxEntries && this.bytes + bytes <= this.maxBytes;
  }
}
