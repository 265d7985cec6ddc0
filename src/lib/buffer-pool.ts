/** The smallest buffer lent (a list page of a dozen bots) and the largest (a page of 100 long profiles). */
const SMALLEST = 16 * 1024;
const LARGEST = 256 * 1024;

export interface Lent {
  /** Exactly the bytes asked for. */
  bytes: Buffer;
  /** Gives the memory back for the next answer; undefined when it was too large to pool. */
  giveBack: (() => void) | undefined;
}

/**
 * Buffers lent to answers built for one request and not kept (list pages the page store does not
 * take in), by power-of-two size class. A stream of such answers then reuses a few buffers instead
 * of making a fresh 20–50 KB one each: those were freed only when the collector found them dead,
 * so external memory swung by tens of megabytes between collections, and glibc kept the high mark
 * of the swings (docs/scale.md). A buffer must be given back only once nothing reads it any more:
 * `sendCached` does it when the response has been handed to the kernel.
 */
export class BufferPool {
  private readonly free = new Map<number, Buffer[]>();

  constructor(
    /** Free buffers kept per class (about the answers in flight at once). */
    private readonly keep = 16,
    private readonly largest = LARGEST,
  ) {}

  lend(length: number): Lent {
    if (length > this.largest) return { bytes: Buffer.allocUnsafeSlow(length), giveBack: undefined };
    let size = SMALLEST;
    while (size < length) size *= 2;
    const buffer = this.free.get(size)?.pop() ?? Buffer.allocUnsafeSlow(size);
    let given = false;
    const giveBack = () => {
      if (given) return;
      given = true;
      const free = this.free.get(size) ?? [];
      if (free.length < this.keep) free.push(buffer);
      this.free.set(size, free);
    };
    return { bytes: buffer.subarray(0, length), giveBack };
  }
}
