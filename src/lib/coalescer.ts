/** What a caller of `Coalescer.submit` is owed. */
interface Waiter<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export interface CoalescerOptions {
  /** Calls of `run` under way at once; items submitted beyond that wait and go out together. */
  inFlight: number;
  /** The most items one call of `run` takes. */
  maxBatch: number;
  /**
   * Whether a failed batch says nothing about its items (the database is away): then every item
   * fails with it. Otherwise each item of a failed batch is tried again alone, so that one item's
   * error is its own and the others are not lost with it.
   */
  failsAll: (error: unknown) => boolean;
}

/**
 * Runs writes that arrive while others are under way as one call: at most `inFlight` calls of
 * `run` at a time, and whatever was submitted meanwhile goes out in the next one. An idle writer
 * sends an item at once, alone; a busy one sends batches as large as the queue that formed during
 * the last round trip. PostgreSQL then pays for one statement, one commit and one wake-up of its
 * backend per batch instead of per item. `run` answers one result per item, in the order given.
 */
export class Coalescer<I, O> {
  private readonly queue: Waiter<I, O>[] = [];
  private running = 0;

  constructor(
    private readonly run: (items: readonly I[]) => Promise<O[]>,
    private readonly options: CoalescerOptions,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  /** Items waiting for a call (for tests and metrics). */
  get waiting(): number {
    return this.queue.length;
  }

  private pump(): void {
    while (this.running < this.options.inFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.running++;
      void this.settle(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async settle(batch: Waiter<I, O>[]): Promise<void> {
    try {
      const results = await this.run(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} got ${results.length} results`);
      batch.forEach((w, i) => w.resolve(results[i] as O));
    } catch (error) {
      if (batch.length === 1 || this.options.failsAll(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      // One after the other, inside this call's slot: a failed batch does not become a burst.
      for (const w of batch) await this.settle([w]);
    }
  }
}
