/**
 * The term dictionary: term strings, their posting lists, stem families, and two
 * sorted views (forward for prefixes and typo search, reversed for compound heads).
 *
 * Posting lists are plain JS arrays of small integers (see fields.ts): V8 stores them
 * unboxed, appends are amortised O(1), and they shrink-wrap after a bulk load. Each
 * term has two lists, "title" (name and slugs) and "body" (everything else), so very
 * short prefixes, which only look at titles, never walk description postings.
 */
import { postingDoc } from './fields.js';
import { stemDe, stemEn } from './stemmer.js';

export const STEM_EN = 1;
export const STEM_DE = 2;

export class Vocabulary {
  private readonly idOf = new Map<string, number>();
  readonly terms: string[] = [];
  /** Documents containing the term in any field; 0 = dead term (kept for id stability). */
  readonly docFreq: number[] = [];
  readonly title: (number[] | undefined)[] = [];
  readonly body: (number[] | undefined)[] = [];
  private readonly familyDe = new Map<string, number[]>();
  private readonly familyEn = new Map<string, number[]>();
  /** Per term: languages (STEM_EN | STEM_DE) whose stem family it has joined. */
  private readonly stemmedIn: number[] = [];

  private sortedTerms: string[] = [];
  private sortedIds: number[] = [];
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
    return this.idOf.get(term);
  }

  /** Returns the id of `term`, creating it if new. */
  intern(term: string): number {
    let id = this.idOf.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.idOf.set(term, id);
      this.terms.push(term);
      this.docFreq.push(0);
      this.title.push(undefined);
      this.body.push(undefined);
      this.stemmedIn.push(0);
    }
    return id;
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

  addPosting(termId: number, posting: number, isTitle: boolean): void {
    const lists = isTitle ? this.title : this.body;
    const list = lists[termId];
    if (list) list.push(posting);
    else lists[termId] = [posting];
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
    removeDocFrom(this.title[termId], doc);
    removeDocFrom(this.body[termId], doc);
    if (--this.docFreq[termId]! === 0) {
      this.title[termId] = undefined;
      this.body[termId] = undefined;
      this.sortedViewsStale = true;
    }
  }

  /** After a bulk load: copy lists to exact size, dropping the growth slack. */
  compact(): void {
    for (let i = 0; i < this.terms.length; i++) {
      const t = this.title[i];
      if (t) this.title[i] = t.slice();
      const b = this.body[i];
      if (b) this.body[i] = b.slice();
    }
  }

  postingCount(termId: number, titleOnly: boolean): number {
    const t = this.title[termId]?.length ?? 0;
    return titleOnly ? t : t + (this.body[termId]?.length ?? 0);
  }

  /** Terms whose German (resp. English) Snowball stem is `stem`, dead ones included. */
  familyOfStemDe(stem: string): readonly number[] {
    return this.familyDe.get(stem) ?? EMPTY;
  }
  familyOfStemEn(stem: string): readonly number[] {
    return this.familyEn.get(stem) ?? EMPTY;
  }

  /** The sorted live terms (rebuilt lazily after terms are born or die). */
  sorted(): { terms: readonly string[]; ids: readonly number[] } {
    this.refreshSortedViews();
    return { terms: this.sortedTerms, ids: this.sortedIds };
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
    [this.reversedTerms, this.reversedIds] = this.mergeLive(this.reversedTerms, this.reversedIds, backward);
  }

  private mergeLive(
    keys: string[],
    ids: number[],
    add: { keys: string[]; ids: number[] },
  ): [string[], number[]] {
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

function removeDocFrom(list: number[] | undefined, doc: number): void {
  if (!list) return;
  // Order inside a list carries no meaning, so removal swaps the last entry in.
  for (let i = list.length - 1; i >= 0; i--) {
    if (postingDoc(list[i]!) === doc) {
      list[i] = list[list.length - 1]!;
      list.pop();
    }
  }
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
