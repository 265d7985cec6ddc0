/**
 * Document slots: dense integer ids for the documents, their ids, popularity and categories
 * as typed arrays (read in the ranking's hot loop) and the exact-name lookup. The documents'
 * text is not kept: the caller holds its bots (the catalog, once per process) and hands the
 * indexed version back when it changes or goes. Slots of removed documents are reused, so the
 * slot space stays as large as the corpus and posting values stay small integers.
 */
import { CategoryMasks } from './category-masks.js';
import { nameKeys } from './normalize.js';
import type { SearchDoc } from './types.js';

export class DocumentStore {
  /** The id of the document in each slot (undefined: a free slot). */
  readonly ids: (string | undefined)[] = [];
  readonly slotById = new Map<string, number>();
  private readonly free: number[] = [];
  /**
   * Popularity of each document as the ranking's last criterion, lower first: monthly votes,
   * then servers, each in bands that double in size (⌊log2(1 + n)⌋), so that only bots of a
   * clearly different reach are told apart by it.
   */
  popularity = new Uint16Array(1024);
  /** Each document's categories, for telling a passing mention from a bot about the query (ranking.ts). */
  readonly categories = new CategoryMasks();
  private readonly byNameKey = new Map<string, number[]>();

  get size(): number {
    return this.slotById.size;
  }

  /** Number of slots ever used (upper bound of slot numbers). */
  get capacity(): number {
    return this.ids.length;
  }

  allocate(doc: SearchDoc): number {
    const slot = this.free.pop() ?? this.ids.length;
    if (slot === this.ids.length) this.ids.push(undefined);
    if (slot >= this.popularity.length) this.grow(slot + 1);
    this.slotById.set(doc.id, slot);
    this.ids[slot] = doc.id;
    this.addName(slot, doc.name);
    this.categories.set(slot, doc.categories);
    this.setPopularity(slot, doc);
    return slot;
  }

  /** Frees the slot of `doc` (the document as it was indexed). */
  release(slot: number, doc: SearchDoc): void {
    this.removeName(slot, doc.name);
    this.categories.clear(slot);
    this.slotById.delete(doc.id);
    this.ids[slot] = undefined;
    this.free.push(slot);
  }

  setPopularity(slot: number, doc: Pick<SearchDoc, 'votesMonth' | 'serverCount'>): void {
    this.popularity[slot] = (MAX_BAND - band(doc.votesMonth)) * (MAX_BAND + 1) + (MAX_BAND - band(doc.serverCount));
  }

  docsNamed(key: string): readonly number[] {
    return this.byNameKey.get(key) ?? [];
  }

  private addName(slot: number, name: string): void {
    for (const key of nameKeys(name)) {
      const slots = this.byNameKey.get(key);
      if (slots) slots.push(slot);
      else this.byNameKey.set(key, [slot]);
    }
  }

  private removeName(slot: number, name: string): void {
    for (const key of nameKeys(name)) {
      const slots = this.byNameKey.get(key)?.filter((s) => s !== slot);
      if (slots && slots.length > 0) this.byNameKey.set(key, slots);
      else this.byNameKey.delete(key);
    }
  }

  private grow(min: number): void {
    const size = Math.max(min, this.popularity.length * 2);
    const popularity = new Uint16Array(size);
    popularity.set(this.popularity);
    this.popularity = popularity;
  }
}

/** The largest popularity band. */
export const MAX_BAND = 31;
/** The number of distinct popularity values. */
export const POPULARITY_VALUES = (MAX_BAND + 1) ** 2;

function band(n: number): number {
  return Math.min(MAX_BAND, Math.floor(Math.log2(1 + Math.max(0, n))));
}

/** The bands of a popularity value (for explaining a ranking). */
export function popularityBands(popularity: number): { votesBand: number; serversBand: number } {
  return { votesBand: MAX_BAND - Math.floor(popularity / (MAX_BAND + 1)), serversBand: MAX_BAND - (popularity % (MAX_BAND + 1)) };
}
