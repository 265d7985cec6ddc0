/** Small building blocks of the background jobs that every process runs side by side. */

/**
 * Calls `step` until it handles fewer than `batchSize` items (each call one short statement or
 * transaction); answers how many it handled in all.
 */
export async function inBatches(step: () => Promise<number>, batchSize: number): Promise<number> {
  let total = 0;
  let handled: number;
  do {
    handled = await step();
    total += handled;
  } while (handled === batchSize);
  return total;
}

export interface Periodic {
  /** Runs the task now, or joins the run in progress; resolves when that run is done. */
  run(): Promise<void>;
  /** Stops the timer and waits for the run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` now and every `intervalMs` (a timer that does not keep the process alive), never
 * twice at once in this process. `task` reports its own failures: it must not reject.
 */
export function startPeriodic(task: () => Promise<void>, intervalMs: number): Periodic {
  let running: Promise<void> | undefined;
  const run = (): Promise<void> =>
    (running ??= task().finally(() => {
      running = undefined;
    }));
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
