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
 * Buffers lent to answers made for the requests of the moment and not kept (a random list or
 * review page), by power-of-two size class. A stream of such answers then reuses a few buffers
 * instead of leaving a fresh 20–50 KB one each to the collector: those die late, and glibc keeps
 * the holes they leave, so the process's memory would creep up under such a stream. A buffer is
 * given back only once nothing reads it any more: when its response is with the kernel.
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
