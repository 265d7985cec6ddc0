/**
 * Document slots: dense integer ids for the documents, their payloads, popularity as
 * typed arrays (read in the ranking's hot loop) and the exact-name lookup.
 * Slots of removed documents are reused, so the slot space stays as large as the
 * corpus and posting values stay small integers.
 */
import { nameKeys } from './normalize.js';
import type { SearchDoc } from './types.js';

export class DocumentStore {
  readonly docs: (SearchDoc | undefined)[] = [];
  readonly slotById = new Map<string, number>();
  private readonly free: number[] = [];
  votesMonth = new Float64Array(1024);
  serverCount = new Float64Array(1024);
  private readonly byNameKey = new Map<string, number[]>();

  get size(): number {
    return this.slotById.size;
  }

  /** Number of slots ever used (upper bound of slot numbers). */
  get capacity(): number {
    return this.docs.length;
  }

  allocate(doc: SearchDoc): number {
    const slot = this.free.pop() ?? this.docs.length;
    if (slot === this.docs.length) this.docs.push(undefined);
    if (slot >= this.votesMonth.length) this.grow(slot + 1);
    this.slotById.set(doc.id, slot);
    this.docs[slot] = doc;
    this.addName(slot, doc.name);
    this.setPopularity(slot, doc);
    return slot;
  }

  release(slot: number): void {
    const doc = this.docs[slot];
    if (!doc) return;
    this.removeName(slot, doc.name);
    this.slotById.delete(doc.id);
    this.docs[slot] = undefined;
    this.free.push(slot);
  }

  /** Replaces the payload of a slot whose searchable text did not change. */
  replace(slot: number, doc: SearchDoc): void {
    this.docs[slot] = doc;
    this.setPopularity(slot, doc);
  }

  docsNamed(key: string): readonly number[] {
    return this.byNameKey.get(key) ?? [];
  }

  private setPopularity(slot: number, doc: SearchDoc): void {
    this.votesMonth[slot] = doc.votesMonth;
    this.serverCount[slot] = doc.serverCount;
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
    const size = Math.max(min, this.votesMonth.length * 2);
    const votes = new Float64Array(size);
    votes.set(this.votesMonth);
    this.votesMonth = votes;
    const servers = new Float64Array(size);
    servers.set(this.serverCount);
    this.serverCount = servers;
  }
}
