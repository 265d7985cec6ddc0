import { TOP_KEPT } from './metrics.js';

/**
 * The heaviest keys of one list of one bot and day, by space-saving (Metwally et al. 2005): at
 * most TOP_KEPT keys; a new key when full takes the place of the lightest one and its count plus
 * one, so a key seen often enough is always kept and a flood of unique keys only churns the tail.
 */
export class TopList {
  readonly counts = new Map<string, number>();

  add(key: string, by = 1): void {
    const counts = this.counts;
    const seen = counts.get(key);
    if (seen !== undefined) {
      counts.set(key, seen + by);
      return;
    }
    if (counts.size < TOP_KEPT) {
      counts.set(key, by);
      return;
    }
    let lightest = '';
    let least = Infinity;
    for (const [candidate, count] of counts) {
      if (count < least) {
        least = count;
        lightest = candidate;
      }
    }
    counts.delete(lightest);
    counts.set(key, least + by);
  }

  /** Every key and count of `other` added here (a batch that failed to be written, taken back). */
  merge(other: TopList): void {
    for (const [key, count] of other.counts) this.add(key, count);
  }

  toJSON(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }
}
