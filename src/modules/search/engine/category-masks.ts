/**
 * Each document's categories as a 64-bit mask (two 32-bit words per slot), so that the ranking can
 * ask whether two bots share a category in a few instructions per candidate. The first 64
 * categories seen take a bit each; any later one takes the bit its hash names, shared with an
 * earlier category, and nothing is kept of it (the table stays bounded whatever labels bots
 * bring). A shared bit can only make two bots look alike (the ranking then keeps a result it
 * could have left out), never tell alike bots apart. Directories have a few dozen categories (the
 * operator's list: 25 in the demo data).
 */
import { hashString } from './normalize.js';

const WORDS = 2;
const BITS = 32 * WORDS;

export class CategoryMasks {
  private masks = new Uint32Array(1024 * WORDS);
  private readonly bitOf = new Map<string, number>();

  /** Sets the categories of a slot (any earlier ones are replaced). */
  set(slot: number, categories: readonly string[]): void {
    if ((slot + 1) * WORDS > this.masks.length) this.grow((slot + 1) * WORDS);
    const at = slot * WORDS;
    this.masks.fill(0, at, at + WORDS);
    for (const category of categories) {
      const bit = this.bit(category);
      this.masks[at + (bit >> 5)]! |= 1 << (bit & 31);
    }
  }

  clear(slot: number): void {
    this.masks.fill(0, slot * WORDS, (slot + 1) * WORDS);
  }

  /** Whether the slot has any category. */
  has(slot: number): boolean {
    const at = slot * WORDS;
    return (this.masks[at]! | this.masks[at + 1]!) !== 0;
  }

  /** Whether two slots have a category in common. */
  share(a: number, b: number): boolean {
    const x = a * WORDS;
    const y = b * WORDS;
    return ((this.masks[x]! & this.masks[y]!) | (this.masks[x + 1]! & this.masks[y + 1]!)) !== 0;
  }

  private bit(category: string): number {
    const bit = this.bitOf.get(category);
    if (bit !== undefined) return bit;
    if (this.bitOf.size === BITS) return (hashString(category) >>> 0) % BITS;
    this.bitOf.set(category, this.bitOf.size);
    return this.bitOf.size - 1;
  }

  private grow(min: number): void {
    const masks = new Uint32Array(Math.max(min, this.masks.length * 2));
    masks.set(this.masks);
    this.masks = masks;
  }
}
