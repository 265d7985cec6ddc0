import type { AutoPosterEvents, Scheduler, StatsPoster } from '@bot-directory/sdk';

/** The autoposter's clock and timers, moved by the test: no test waits for real time to pass. */
export class ManualScheduler implements Scheduler {
  private current = 0;
  private timers: Array<{ at: number; task: () => void }> = [];
  private waiters: Array<() => void> = [];

  now(): number {
    return this.current;
  }

  setTimer(task: () => void, ms: number): () => void {
    const timer = { at: this.current + ms, task };
    this.timers.push(timer);
    for (const wake of this.waiters.splice(0)) wake();
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  get pending(): number {
    return this.timers.length;
  }

  /** Moves the clock to the earliest timer and runs it. */
  fireNext(): void {
    this.timers.sort((a, b) => a.at - b.at);
    const timer = this.timers.shift();
    if (!timer) throw new Error('no timer to fire');
    this.current = Math.max(this.current, timer.at);
    timer.task();
  }

  private armed(): Promise<void> {
    return this.timers.length > 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Fires timers (waiting for in-flight posts to arm the next one) until the poster emits `name`. */
  async until<Name extends keyof AutoPosterEvents>(
    poster: StatsPoster,
    name: Name,
  ): Promise<{ payload: AutoPosterEvents[Name]; at: number }> {
    let resolveEvent!: (value: { payload: AutoPosterEvents[Name]; at: number }) => void;
    const event = new Promise<{ payload: AutoPosterEvents[Name]; at: number }>((resolve) => (resolveEvent = resolve));
    const listener = (payload: AutoPosterEvents[Name]): void => resolveEvent({ payload, at: this.current });
    poster.on(name, listener);
    try {
      for (let fired = 0; fired < 10_000; fired++) {
        const next = await Promise.race([event, this.armed().then(() => undefined)]);
        if (next) return next;
        this.fireNext();
      }
      throw new Error(`no ${String(name)} event after 10,000 timers`);
    } finally {
      poster.off(name, listener);
    }
  }
}
