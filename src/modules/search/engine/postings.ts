/**
 * Posting lists, two per term: "title" (name and slugs) and "body" (everything else),
 * so very short prefixes, which only look at titles, never walk description postings.
 * A posting is one int32 (see fields.ts).
 *
 * Storage is a base segment plus deltas. bulkLoad writes every list into one
 * Int32Array, back to back (4 bytes per posting, no per-list objects, no growth
 * copies); later upserts append to a small growable Int32Array per list. Removal
 * swaps the last entry of the list's segment into the hole, so the base never needs
 * compacting and no full rebuild ever happens after the initial load.
 */
import { postingDoc } from './fields.js';

/** List number of a term's title or body list. */
export function listOf(term: number, isTitle: boolean): number {
  return term * 2 + (isTitle ? 0 : 1);
}

export class PostingStore {
  private baseData: Int32Array = new Int32Array(0);
  private baseStart: Int32Array = new Int32Array(0);
  private baseLength: Int32Array = new Int32Array(0);
  private deltaData: (Int32Array | undefined)[] = [];
  private deltaLength: Int32Array = new Int32Array(0);

  /** The base array; list `l` occupies [baseFrom(l), baseTo(l)) of it. */
  get baseArray(): Int32Array {
    return this.baseData;
  }

  baseFrom(list: number): number {
    return list < this.baseStart.length ? this.baseStart[list]! : 0;
  }

  baseTo(list: number): number {
    return list < this.baseStart.length ? this.baseStart[list]! + this.baseLength[list]! : 0;
  }

  /** The delta array of `list` (undefined when empty); its first deltaCount(list) entries are used. */
  deltaArray(list: number): Int32Array | undefined {
    return this.deltaData[list];
  }

  deltaCount(list: number): number {
    return list < this.deltaLength.length ? this.deltaLength[list]! : 0;
  }

  count(list: number): number {
    const base = list < this.baseLength.length ? this.baseLength[list]! : 0;
    const delta = list < this.deltaLength.length ? this.deltaLength[list]! : 0;
    return base + delta;
  }

  append(list: number, posting: number): void {
    if (list >= this.deltaLength.length) this.deltaLength = grow(this.deltaLength, list + 1);
    const length = this.deltaLength[list]!;
    let data = this.deltaData[list];
    if (!data || length === data.length) {
      const bigger = new Int32Array(Math.max(4, length * 2));
      if (data) bigger.set(data);
      this.deltaData[list] = data = bigger;
    }
    data[length] = posting;
    this.deltaLength[list] = length + 1;
  }

  /** Removes every posting of `doc` from `list`. */
  removeDoc(list: number, doc: number): void {
    if (list < this.baseLength.length) {
      const start = this.baseStart[list]!;
      let end = start + this.baseLength[list]!;
      for (let i = end - 1; i >= start; i--) {
        if (postingDoc(this.baseData[i]!) === doc) this.baseData[i] = this.baseData[--end]!;
      }
      this.baseLength[list] = end - start;
    }
    const data = this.deltaData[list];
    if (data) {
      let length = this.deltaLength[list]!;
      for (let i = length - 1; i >= 0; i--) {
        if (postingDoc(data[i]!) === doc) data[i] = data[--length]!;
      }
      this.deltaLength[list] = length;
      if (length === 0) this.deltaData[list] = undefined;
    }
  }

  /**
   * Builds the base segment from a stream of (list, posting) pairs of an empty store,
   * keeping each list's postings in stream order.
   */
  buildBase(stream: Int32Array, pairs: number, lists: number): void {
    const starts = new Int32Array(lists + 1);
    for (let i = 0; i < pairs; i++) starts[stream[2 * i]! + 1]!++;
    for (let l = 0; l < lists; l++) starts[l + 1]! += starts[l]!;
    const data = new Int32Array(pairs);
    const fill = starts.slice(0, lists);
    for (let i = 0; i < pairs; i++) data[fill[stream[2 * i]!]!++] = stream[2 * i + 1]!;
    this.baseData = data;
    this.baseStart = starts.subarray(0, lists);
    this.baseLength = new Int32Array(lists);
    for (let l = 0; l < lists; l++) this.baseLength[l] = starts[l + 1]! - starts[l]!;
  }
}

function grow(old: Int32Array, min: number): Int32Array {
  const next = new Int32Array(Math.max(min, old.length * 2, 1024));
  next.set(old);
  return next;
}
