/** What the writer measured for one kind of write over one interval. */
export interface WriteSummary {
  /** The rate asked for (requests per second). */
  target: number;
  seconds: number;
  sent: number;
  /** Requests answered (any status). */
  answered: number;
  /** 2xx answers per second. */
  achieved: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  /** Requests that failed without an answer, timeouts included. */
  errors: number;
  /** Requests never sent: still waiting for a free lane 10 s after they were due (the server fell far behind). */
  dropped: number;
  statuses: Record<string, number>;
  /** A few answers that were not 2xx, or errors, to show what went wrong. */
  samples: string[];
}

export interface WriterReport {
  votes: WriteSummary;
  stats: WriteSummary;
  /** Reviews written (a new user's each) and helpful marks set, at fixed fractions of the vote rate. */
  reviews: WriteSummary;
  helpful: WriteSummary;
}

export class WriteTally {
  private latencies: number[] = [];
  private statuses: Record<string, number> = {};
  private samples: string[] = [];
  private sent = 0;
  private ok = 0;
  private errors = 0;
  private dropped = 0;
  private since = performance.now();

  constructor(public target = 0) {}

  sentOne(): void {
    this.sent += 1;
  }

  droppedOne(): void {
    this.dropped += 1;
  }

  answered(status: number, latencyMs: number, body: () => string): void {
    this.latencies.push(latencyMs);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (status >= 200 && status < 300) this.ok += 1;
    else if (this.samples.length < 3) this.samples.push(`${status} ${body().slice(0, 200)}`);
  }

  failed(error: Error): void {
    this.errors += 1;
    if (this.samples.length < 3) this.samples.push(`error ${error.message}`);
  }

  /** The summary since the last call; starts a new interval. */
  take(): WriteSummary {
    const seconds = (performance.now() - this.since) / 1000;
    const sorted = this.latencies.sort((a, b) => a - b);
    const answered = sorted.length;
    const summary: WriteSummary = {
      target: this.target,
      seconds,
      sent: this.sent,
      answered,
      achieved: seconds > 0 ? this.ok / seconds : 0,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted[answered - 1] ?? 0,
      non2xx: answered - this.ok,
      errors: this.errors,
      dropped: this.dropped,
      statuses: this.statuses,
      samples: this.samples,
    };
    this.latencies = [];
    this.statuses = {};
    this.samples = [];
    this.sent = this.ok = this.errors = this.dropped = 0;
    this.since = performance.now();
    return summary;
  }
}

/** The value below which a share q of the sorted values fall (nearest rank). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}
