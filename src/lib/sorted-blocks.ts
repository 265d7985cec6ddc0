/**
 * A sorted list with cheap positional access: items live in blocks of at most `2 × blockSize`
 * sorted items (the layout of Python's sortedcontainers). Insert and delete cost a binary search
 * over the blocks plus a splice inside one block; the item at position n costs a walk over the
 * block lengths (n / blockSize additions). At 100,000 items and blocks of ~1,000 that is a
 * microsecond or two for any position, which is what lets page 1900 cost what page 1 costs.
 *
 * `compare` must be a total order (no two distinct items equal): callers break ties by id.
 */
export class SortedBlocks<T> {
  private blocks: T[][] = [];
  private count = 0;

  constructor(
    private readonly compare: (a: T, b: T) => number,
    private readonly blockSize = 1000,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Replaces the contents with `items` (any order). */
  reset(items: readonly T[]): void {
    const sorted = [...items].sort(this.compare);
    this.blocks = [];
    for (let i = 0; i < sorted.length; i += this.blockSize) this.blocks.push(sorted.slice(i, i + this.blockSize));
    this.count = sorted.length;
  }

  insert(item: T): void {
    if (this.blocks.length === 0) {
      this.blocks.push([item]);
      this.count = 1;
      return;
    }
    const b = Math.min(this.blockFor(item), this.blocks.length - 1);
    const block = this.blocks[b]!;
    block.splice(this.lowerBound(block, item), 0, item);
    this.count++;
    if (block.length > 2 * this.blockSize) this.blocks.splice(b + 1, 0, block.splice(this.blockSize));
  }

  /** Removes the item that compares equal to `item`; false when there is none. */
  delete(item: T): boolean {
    const b = this.blockFor(item);
    const block = this.blocks[b];
    if (!block) return false;
    const i = this.lowerBound(block, item);
    if (i >= block.length || this.compare(block[i]!, item) !== 0) return false;
    block.splice(i, 1);
    this.count--;
    if (block.length === 0) this.blocks.splice(b, 1);
    return true;
  }

  /** Up to `limit` items from position `offset` on, in order. */
  slice(offset: number, limit: number): T[] {
    const out: T[] = [];
    if (limit <= 0 || offset >= this.count) return out;
    let b = 0;
    let skip = offset;
    while (b < this.blocks.length && skip >= this.blocks[b]!.length) skip -= this.blocks[b++]!.length;
    for (; b < this.blocks.length && out.length < limit; b++, skip = 0) {
      const block = this.blocks[b]!;
      for (let i = skip; i < block.length && out.length < limit; i++) out.push(block[i]!);
    }
    return out;
  }

  /**
   * Up to `limit` of the items that pass `keep`, from position `offset` among those, in order; the
   * walk stops there (a first page looks at the first few hundred items, not all of them).
   */
  filter(keep: (item: T) => boolean, offset: number, limit: number): T[] {
    const items: T[] = [];
    if (limit <= 0) return items;
    let seen = 0;
    for (const block of this.blocks) {
      for (let i = 0; i < block.length; i++) {
        const item = block[i] as T;
        if (!keep(item)) continue;
        if (seen++ < offset) continue;
        items.push(item);
        if (items.length === limit) return items;
      }
    }
    return items;
  }

  /** The first block whose last item is not before `item` (blocks.length when there is none). */
  private blockFor(item: T): number {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.blocks[mid]!;
      if (this.compare(block[block.length - 1]!, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerBound(block: readonly T[], item: T): number {
    let lo = 0;
    let hi = block.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(block[mid]!, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
