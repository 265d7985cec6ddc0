/**
 * The term dictionary: term strings, document frequencies, posting lists (postings.ts),
 * stem families, and two sorted views of the live terms (forward for prefixes and
 * typo search, reversed for compound heads).
 */
import { hashString } from './normalize.js';
import { listOf, PostingStore } from './postings.js';
import { stemDe, stemEn } from './stemmer.js';

export const STEM_EN = 1;
export const STEM_DE = 2;

export class Vocabulary {
  /** Open-addressing hash table of term ids + 1 (0 = empty), keyed by hashRange. */
  private table = new Int32Array(1 << 16);
  private readonly hashes: number[] = [];
  readonly terms: string[] = [];
  /** Documents containing the term in any field; 0 = dead term (kept for id stability). */
  readonly docFreq: number[] = [];
  readonly postings = new PostingStore();
  private readonly familyDe = new Map<string, number[]>();
  private readonly familyEn = new Map<string, number[]>();
  /** Per term: languages (STEM_EN | STEM_DE) whose stem family it has joined. */
  private readonly stemmedIn: number[] = [];

  private sortedTerms: string[] = [];
  private sortedIds: number[] = [];
  /** sharedWithPrevious[i]: length of the common prefix of sorted terms i-1 and i (max 255). */
  private sharedWithPrevious: Uint8Array = new Uint8Array(0);
  private reversedTerms: string[] = [];
  private reversedIds: number[] = [];
  /** Terms that came alive since the sorted views were last rebuilt. */
  private born: number[] = [];
  private sortedViewsStale = false;
  /** Bumped whenever the set of live terms changes; query caches key on it. */
  version = 0;

  get size(): number {
    return this.terms.length;
  }

  id(term: string): number | undefined {
    const id = this.find(term, 0, term.length, hashString(term));
    return id < 0 ? undefined : id;
  }

  /** Id of the term text[start, end) with hash `hash`, or -1. */
  find(text: string, start: number, end: number, hash: number): number {
    const mask = this.table.length - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot]!;
      if (entry === 0) return -1;
      const id = entry - 1;
      if (this.hashes[id] === hash) {
        const term = this.terms[id]!;
        if (term.length === length && text.startsWith(term, start)) return id;
      }
    }
  }

  /** Returns the id of text[start, end), creating the term if new. */
  internRange(text: string, start: number, end: number, hash: number): number {
    const found = this.find(text, start, end, hash);
    return found >= 0 ? found : this.create(start === 0 && end === text.length ? text : text.slice(start, end), hash);
  }

  intern(term: string): number {
    return this.internRange(term, 0, term.length, hashString(term));
  }

  private create(term: string, hash: number): number {
    const id = this.terms.length;
    this.terms.push(term);
    this.hashes.push(hash);
    this.docFreq.push(0);
    this.stemmedIn.push(0);
    if (this.terms.length * 2 > this.table.length) this.rehash(this.table.length * 2);
    else this.place(id, hash);
    return id;
  }

  private place(id: number, hash: number): void {
    const mask = this.table.length - 1;
    let slot = hash & mask;
    while (this.table[slot] !== 0) slot = (slot + 1) & mask;
    this.table[slot] = id + 1;
  }

  private rehash(size: number): void {
    this.table = new Int32Array(size);
    for (let id = 0; id < this.terms.length; id++) this.place(id, this.hashes[id]!);
  }

  /**
   * Adds the term to its German and/or English stem family. Only words seen in
   * running text are stemmed, in the language of that text: names are proper nouns,
   * and stemming every invented name would dominate the build time.
   */
  joinStemFamilies(id: number, langs: number): void {
    const missing = langs & ~this.stemmedIn[id]!;
    if (missing === 0) return;
    this.stemmedIn[id]! |= missing;
    const term = this.terms[id]!;
    if (missing & STEM_DE) addToFamily(this.familyDe, stemDe(term), id);
    if (missing & STEM_EN) addToFamily(this.familyEn, stemEn(term), id);
  }

  /** Called once per (document, term) on indexing. */
  documentAdded(termId: number): void {
    if (this.docFreq[termId]! === 0) {
      this.born.push(termId);
      this.sortedViewsStale = true;
    }
    this.docFreq[termId]!++;
  }

  /** Called once per (document, term) on removal: drops the document's postings. */
  documentRemoved(termId: number, doc: number): void {
    this.postings.removeDoc(listOf(termId, true), doc);
    this.postings.removeDoc(listOf(termId, false), doc);
    if (--this.docFreq[termId]! === 0) this.sortedViewsStale = true;
  }

  postingCount(termId: number, titleOnly: boolean): number {
    const title = this.postings.count(listOf(termId, true));
    return titleOnly ? title : title + this.postings.count(listOf(termId, false));
  }

  /** Terms whose German (resp. English) Snowball stem is `stem`, dead ones included. */
  familyOfStemDe(stem: string): readonly number[] {
    return this.familyDe.get(stem) ?? EMPTY;
  }
  familyOfStemEn(stem: string): readonly number[] {
    return this.familyEn.get(stem) ?? EMPTY;
  }

  /** The sorted live terms (rebuilt lazily after terms are born or die). */
  sorted(): { terms: readonly string[]; ids: readonly number[]; shared: Uint8Array } {
    this.refreshSortedViews();
    return { terms: this.sortedTerms, ids: this.sortedIds, shared: this.sharedWithPrevious };
  }

  /** Ids of live terms starting with `prefix`, in lexicographic order. */
  prefixRange(prefix: string): { from: number; to: number } {
    this.refreshSortedViews();
    return rangeOf(this.sortedTerms, prefix);
  }

  /** Ids of live terms ending with `suffix`. */
  termsEndingWith(suffix: string, limit: number): number[] {
    this.refreshSortedViews();
    const { from, to } = rangeOf(this.reversedTerms, reverse(suffix));
    const end = Math.min(to, from + limit);
    return this.reversedIds.slice(from, end);
  }

  /** The dictionary version after pending additions and removals are applied. */
  currentVersion(): number {
    this.refreshSortedViews();
    return this.version;
  }

  private refreshSortedViews(): void {
    if (!this.sortedViewsStale) return;
    this.sortedViewsStale = false;
    this.version++;
    const newborn = [...new Set(this.born)].filter((id) => this.docFreq[id]! > 0);
    this.born = [];
    const forward = sortedView(
      newborn.map((id) => this.terms[id]!),
      newborn,
    );
    const backward = sortedView(
      newborn.map((id) => reverse(this.terms[id]!)),
      newborn,
    );
    // Merging the few newborn terms into the existing order keeps this O(V), not O(V log V).
    [this.sortedTerms, this.sortedIds] = this.mergeLive(this.sortedTerms, this.sortedIds, forward);
    this.sharedWithPrevious = commonPrefixLengths(this.sortedTerms);
    [this.reversedTerms, this.reversedIds] = this.mergeLive(this.reversedTerms, this.reversedIds, backward);
  }

  private mergeLive(keys: string[], ids: number[], add: { keys: string[]; ids: number[] }): [string[], number[]] {
    const outKeys: string[] = [];
    const outIds: number[] = [];
    let j = 0;
    for (let i = 0; i < keys.length; i++) {
      const id = ids[i]!;
      if (this.docFreq[id]! === 0) continue;
      const key = keys[i]!;
      while (j < add.keys.length && add.keys[j]! < key) {
        outKeys.push(add.keys[j]!);
        outIds.push(add.ids[j++]!);
      }
      outKeys.push(key);
      outIds.push(id);
    }
    while (j < add.keys.length) {
      outKeys.push(add.keys[j]!);
      outIds.push(add.ids[j++]!);
    }
    return [outKeys, outIds];
  }
}

function sortedView(keys: string[], ids: number[]): { keys: string[]; ids: number[] } {
  const order = keys.map((_, i) => i).sort((a, b) => compare(keys[a]!, keys[b]!));
  return { keys: order.map((i) => keys[i]!), ids: order.map((i) => ids[i]!) };
}

const EMPTY: readonly number[] = [];

function addToFamily(family: Map<string, number[]>, stem: string, id: number): void {
  const members = family.get(stem);
  if (members) members.push(id);
  else family.set(stem, [id]);
}

function commonPrefixLengths(sorted: readonly string[]): Uint8Array {
  const out = new Uint8Array(sorted.length);
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    const limit = Math.min(a.length, b.length, 255);
    let k = 0;
    while (k < limit && a.charCodeAt(k) === b.charCodeAt(k)) k++;
    out[i] = k;
  }
  return out;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function reverse(s: string): string {
  let out = '';
  for (let i = s.length - 1; i >= 0; i--) out += s[i];
  return out;
}

/** First index whose string is >= key. */
export function lowerBound(sorted: readonly string[], key: string, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * lowerBound for a key expected close to `from`: doubles the step until it overshoots,
 * then bisects. The typo search skips mostly short runs of dead prefixes.
 */
export function gallopTo(sorted: readonly string[], key: string, from: number, to: number): number {
  let step = 1;
  let lo = from;
  let hi = from;
  while (hi < to && sorted[hi]! < key) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  return lowerBound(sorted, key, lo, Math.min(hi, to));
}

/** Index range of the strings that start with `prefix`. */
export function rangeOf(sorted: readonly string[], prefix: string): { from: number; to: number } {
  const from = lowerBound(sorted, prefix);
  // Every string with this prefix sorts below prefix + U+FFFF (no term contains U+FFFF).
  const to = lowerBound(sorted, prefix + '\uffff', from);
  return { from, to };
}
