/**
 * Group commit for attempt records: attempts that finish while a record is being written are
 * written together by the next statement. One delivery alone costs one statement as before; a
 * busy worker writes many per round trip instead of queueing one statement each behind the
 * other users of the connection pool (or of PGlite's single connection). Successes then end their
 * webhooks' runs of failures (../endpoints/endpoint-state.ts).
 */
import type { Queryable } from '../../../db/index.js';
import { endpointState } from '../endpoints/endpoint-state.js';
import { deliveryRepository, type AttemptRecord } from './repository.js';

const MAX_BATCH = 256;

interface Waiting {
  record: AttemptRecord;
  done(attempt: number | undefined): void;
  fail(error: unknown): void;
}

export class AttemptRecorder {
  private readonly queue: Waiting[] = [];
  private flushing = false;

  constructor(private readonly db: Queryable) {}

  /** Resolves to the attempt's number once stored, or undefined when its lease was lost. */
  record(record: AttemptRecord): Promise<number | undefined> {
    return new Promise((done, fail) => {
      this.queue.push({ record, done, fail });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const recorded = await deliveryRepository.recordAttempts(
          this.db,
          batch.map((waiting) => waiting.record),
        );
        await endpointState.onSuccess(this.db, recorded.values());
        for (const waiting of batch) waiting.done(recorded.get(waiting.record.deliveryId)?.attempt);
      } catch (error) {
        for (const waiting of batch) waiting.fail(error);
      }
    }
    this.flushing = false;
  }
}
