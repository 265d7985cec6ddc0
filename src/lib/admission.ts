/** Distinct keys remembered at most before the memory starts again (a few hundred kilobytes of short keys). */
const REMEMBERED_KEYS = 16_384;

/**
 * Which answers a full cache takes in: only one asked for before (a "doorkeeper", as in TinyLFU).
 * A flood of distinct URLs (random pages, random bots) would otherwise push a freshly built
 * answer into the cache for every request, each one evicting an older answer that had lived
 * long enough to reach V8's old generation: that memory is only given back by full collections,
 * which at 100,000 bots mark the whole catalog, and they took over a third of the server's CPU
 * under such a flood (docs/scale.md). A key asked for once is remembered, not its answer; the
 * memory of keys is forgotten wholesale when it is full, so it stays bounded.
 */
export class Admission {
  private readonly seen = new Set<string>();

  constructor(private readonly remembered = REMEMBERED_KEYS) {}

  /** Whether key was offered before since the memory last started again; remembers it if not. */
  seenBefore(key: string): boolean {
    if (this.seen.has(key)) return true;
    if (this.seen.size >= this.remembered) this.seen.clear();
    this.seen.add(key);
    return false;
  }
}
