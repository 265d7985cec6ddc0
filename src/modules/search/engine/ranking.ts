/**
 * Executes a query plan: gathers candidate documents from the postings, keeps for
 * each (document, query word) its best match, turns that into one sortable integer
 * key per document, and selects the top `limit` with a bounded heap.
 *
 * Which documents match follows Meilisearch's "frequency" strategy: query words are
 * ordered from rarest to most common, and a document must contain the rarest word;
 * it ranks higher the more of the next-rarest words it contains as well. Words that
 * match nothing at all are ignored. This keeps a common word ("bot") from dragging
 * the whole corpus into every query, and makes the candidate set as small as the
 * rarest word's postings.
 *
 * Key layout, most significant first (lower is better):
 *   bit 28      0 if the query is the document's full name
 *   bits 24-27  query words not matched (in rarity order)
 *   bits 19-23  typos, summed over matched words
 *   bits 12-18  proximity, summed over consecutive matched words (1..8 each)
 *   bits  6-11  field rank, summed
 *   bits  0-5   exactness, summed
 * then votesMonth (desc), serverCount (desc), id (asc).
 */
import type { DocumentStore } from './documents.js';
import { FIELD_RANK } from './fields.js';
import { MAX_POSTINGS_READ, MAX_QUERY_WORDS } from './limits.js';
import { listOf } from './postings.js';
import type { QueryPlan } from './query-plan.js';
import { type SpanHits, SpanMatcher } from './span-matcher.js';
import type { Lang, QueryWork } from './types.js';
import type { Vocabulary } from './vocabulary.js';

const NONE = 255;
const FAR = 8;
const INITIAL_CANDIDATES = 1024;

export class Ranker {
  /**
   * Candidate membership of this query, one bit per document: small enough to stay in
   * the CPU cache while long posting lists of common words are checked against it.
   */
  private member = new Int32Array(0);
  /** Candidate slot of each member document. */
  private slotOf = new Int32Array(0);
  /** Per candidate: document slot, best packed match and its field/position per word. */
  private candidateDoc = new Int32Array(INITIAL_CANDIDATES);
  private best = new Uint8Array(INITIAL_CANDIDATES * MAX_QUERY_WORDS);
  private where = new Uint16Array(INITIAL_CANDIDATES * MAX_QUERY_WORDS);
  private adjacent = new Uint16Array(INITIAL_CANDIDATES);
  private keys = new Int32Array(INITIAL_CANDIDATES);
  private count = 0;
  /** Scratch heap of topK. */
  private heap = new Int32Array(64);
  /** Entries per candidate in `best`/`where`: the number of query words. */
  private stride = 1;

  private readonly spans: SpanMatcher;

  constructor(
    private readonly vocab: Vocabulary,
    private readonly store: DocumentStore,
  ) {
    this.spans = new SpanMatcher(vocab);
  }

  /** Returns the best `limit` document slots, best first, and the number of candidates. */
  rank(plan: QueryPlan, lang: Lang, limit: number, work: QueryWork): { slots: number[]; total: number } {
    this.prepare(plan.words.length);
    this.spans.prepare(this.store.capacity);
    const rankOf = FIELD_RANK[lang];
    const spans = plan.spans.map((span) => this.spans.materialise(span, rankOf, work)).filter((s) => s.docs.length > 0);
    const n = plan.words.length;
    const cost = plan.terms.map((terms) => terms.reduce((sum, t) => sum + this.vocab.postingCount(t.term, t.titleOnly), 0));
    for (const s of spans) for (let w = s.span.first; w <= s.span.last; w++) cost[w]! += s.docs.length;
    const order = [...Array(n).keys()].filter((w) => cost[w]! > 0).sort((a, b) => cost[a]! - cost[b]! || a - b);
    if (order.length === 0) return { slots: [], total: 0 };

    order.forEach((word, rarity) => {
      const create = rarity === 0;
      for (const match of plan.terms[word]!) {
        if (work.postingsRead > MAX_POSTINGS_READ) break;
        const base = (match.typos << 6) | match.exactness;
        this.collect(listOf(match.term, true), word, base, create, rankOf, work);
        if (!match.titleOnly) this.collect(listOf(match.term, false), word, base, create, rankOf, work);
      }
      for (const s of spans) {
        if (s.span.first <= word && word <= s.span.last) this.collectSpan(s, word, create, rankOf);
      }
    });
    this.score(order, n, this.store.docsNamed(plan.nameKey));
    work.candidatesScored += this.count;
    return { slots: this.topK(limit), total: this.count };
  }

  /** Reads one posting list (base segment, then delta) into the candidates. */
  private collect(list: number, word: number, base: number, create: boolean, rankOf: Uint8Array, work: QueryWork): void {
    const { postings } = this.vocab;
    const from = postings.baseFrom(list);
    const to = postings.baseTo(list);
    this.scan(postings.baseArray, from, to, word, base, create, rankOf);
    const delta = postings.deltaArray(list);
    const count = postings.deltaCount(list);
    if (delta) this.scan(delta, 0, count, word, base, create, rankOf);
    work.postingsRead += to - from + count;
  }

  private scan(data: Int32Array, from: number, to: number, word: number, base: number, create: boolean, rankOf: Uint8Array): void {
    if (create) this.scanCreating(data, from, to, word, base, rankOf);
    else this.scanExisting(data, from, to, word, base, rankOf);
  }

  /** Hot loop for the rarest word: every document read becomes a candidate. */
  private scanCreating(data: Int32Array, from: number, to: number, word: number, base: number, rankOf: Uint8Array): void {
    // Room for every posting of the range, so the loop never reallocates.
    this.ensureCandidates(this.count + (to - from));
    const { member, slotOf, stride, best, where, candidateDoc, adjacent } = this;
    let count = this.count;
    // A document's postings in one list are mostly consecutive (name and slugs).
    let lastDoc = -1;
    let slot = -1;
    for (let i = from; i < to; i++) {
      const posting = data[i]!;
      const doc = posting >> 10;
      if (doc !== lastDoc) {
        lastDoc = doc;
        if (member[doc >> 5]! & (1 << (doc & 31))) slot = slotOf[doc]!;
        else {
          slot = count++;
          member[doc >> 5]! |= 1 << (doc & 31);
          slotOf[doc] = slot;
          candidateDoc[slot] = doc;
          adjacent[slot] = 0;
          for (let k = slot * stride, end = k + stride; k < end; k++) best[k] = NONE;
        }
      }
      const meta = posting & 1023;
      const packed = base | (rankOf[meta >> 7]! << 3);
      const at = slot * stride + word;
      if (packed < best[at]!) {
        best[at] = packed;
        where[at] = meta;
      }
    }
    this.count = count;
  }

  /** Hot loop for the other words: only documents that are already candidates count. */
  private scanExisting(data: Int32Array, from: number, to: number, word: number, base: number, rankOf: Uint8Array): void {
    const { member, slotOf, stride, best, where } = this;
    let lastDoc = -1;
    // Index into best/where of lastDoc's entry for `word`, -1 if it is no candidate.
    let at = -1;
    for (let i = from; i < to; i++) {
      const posting = data[i]!;
      const doc = posting >> 10;
      if (doc !== lastDoc) {
        lastDoc = doc;
        at = member[doc >> 5]! & (1 << (doc & 31)) ? slotOf[doc]! * stride + word : -1;
      }
      if (at < 0) continue;
      const meta = posting & 1023;
      const packed = base | (rankOf[meta >> 7]! << 3);
      if (packed < best[at]!) {
        best[at] = packed;
        where[at] = meta;
      }
    }
  }

  private collectSpan(hits: SpanHits, word: number, create: boolean, rankOf: Uint8Array): void {
    const { span, docs, metas } = hits;
    // Words covered together by one span are adjacent in the document.
    const adjacentBits = ((1 << (span.last - span.first)) - 1) << span.first;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      let slot: number;
      if (this.isCandidate(doc)) slot = this.slotOf[doc]!;
      else if (create) slot = this.newCandidate(doc);
      else continue;
      const meta = metas[i]!;
      const packed = span.exactness | (rankOf[meta >> 7]! << 3);
      const at = slot * this.stride + word;
      if (packed < this.best[at]!) {
        this.best[at] = packed;
        this.where[at] = meta;
      }
      this.adjacent[slot]! |= adjacentBits;
    }
  }

  private score(order: number[], n: number, fullName: readonly number[]): void {
    const active = order.length;
    const { best, keys } = this;
    const stride = this.stride;
    if (active === 1) {
      // One word: no proximity, and the key is the word's packed match.
      const word = order[0]!;
      for (let slot = 0, at = word; slot < this.count; slot++, at += stride) {
        const b = best[at]!;
        keys[slot] = b === NONE ? (1 << 28) | (1 << 24) : (1 << 28) | ((b >> 6) << 19) | (((b >> 3) & 7) << 6) | (b & 7);
      }
    } else this.scoreWords(order, n);
    for (const doc of fullName) {
      if (this.isCandidate(doc)) keys[this.slotOf[doc]!]! &= ~(1 << 28);
    }
  }

  private scoreWords(order: number[], n: number): void {
    const active = order.length;
    const { best, keys } = this;
    const stride = this.stride;
    for (let slot = 0; slot < this.count; slot++) {
      const base = slot * stride;
      let matched = 0;
      let typos = 0;
      let field = 0;
      let exact = 0;
      let mask = 0;
      for (; matched < active; matched++) {
        const word = order[matched]!;
        const b = best[base + word]!;
        if (b === NONE) break;
        typos += b >> 6;
        field += (b >> 3) & 7;
        exact += b & 7;
        mask |= 1 << word;
      }
      let proximity = 0;
      if (matched > 1) {
        let previous = -1;
        for (let word = 0; word < n; word++) {
          if (!(mask & (1 << word))) continue;
          if (previous >= 0) proximity += this.proximity(slot, previous, word);
          previous = word;
        }
      }
      // Bit 28 is cleared below for the candidates whose full name is the query.
      keys[slot] = (1 << 28) | ((active - matched) << 24) | (typos << 19) | (proximity << 12) | (field << 6) | exact;
    }
  }

  /** 1 for neighbours in query order, up to 7 further apart, 8 reversed far or in different fields. */
  private proximity(slot: number, a: number, b: number): number {
    if (b === a + 1 && this.adjacent[slot]! & (1 << a)) return 1;
    const wa = this.where[slot * this.stride + a]!;
    const wb = this.where[slot * this.stride + b]!;
    if (wa >> 7 !== wb >> 7) return FAR;
    const distance = (wb & 127) - (wa & 127);
    if (distance === 0) return 1;
    return distance > 0 ? Math.min(distance, 7) : Math.min(1 - distance, FAR);
  }

  private topK(limit: number): number[] {
    // A binary heap of candidate slots that keeps the current worst of the best
    // `limit` at its root; `worse(a, b)` is `better(b, a)`.
    const size = Math.min(limit, this.count);
    if (this.heap.length < size) this.heap = new Int32Array(Math.max(size, this.heap.length * 2));
    const { heap, keys, candidateDoc } = this;
    const { votesMonth, serverCount, ids } = this.store;
    let length = 0;
    let slot = 0;
    for (; slot < this.count && length < size; slot++) {
      // Sift up.
      let i = length++;
      heap[i] = slot;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.better(heap[parent]!, heap[i]!)) break;
        const t = heap[i]!;
        heap[i] = heap[parent]!;
        heap[parent] = t;
        i = parent;
      }
    }
    if (length === 0) return [];
    // The root's sort values, held in locals: most candidates lose against it at once.
    let rootKey = keys[heap[0]!]!;
    let rootDoc = candidateDoc[heap[0]!]!;
    for (; slot < this.count; slot++) {
      const key = keys[slot]!;
      if (key > rootKey) continue;
      if (key === rootKey) {
        // this.better(slot, root), inline.
        const doc = candidateDoc[slot]!;
        const votes = votesMonth[doc]!;
        const rootVotes = votesMonth[rootDoc]!;
        if (votes !== rootVotes) {
          if (!(votes > rootVotes)) continue;
        } else {
          const servers = serverCount[doc]!;
          const rootServers = serverCount[rootDoc]!;
          if (servers !== rootServers) {
            if (!(servers > rootServers)) continue;
          } else if (!(ids[doc]! < ids[rootDoc]!)) continue;
        }
      }
      heap[0] = slot;
      // Sift down.
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < length && this.better(heap[top]!, heap[l]!)) top = l;
        if (r < length && this.better(heap[top]!, heap[r]!)) top = r;
        if (top === i) break;
        const t = heap[i]!;
        heap[i] = heap[top]!;
        heap[top] = t;
        i = top;
      }
      rootKey = keys[heap[0]]!;
      rootDoc = candidateDoc[heap[0]]!;
    }
    const best = Array.from(heap.subarray(0, length));
    return best.sort((a, b) => (this.better(a, b) ? -1 : 1)).map((s) => candidateDoc[s]!);
  }

  private better(a: number, b: number): boolean {
    const ka = this.keys[a]!;
    const kb = this.keys[b]!;
    if (ka !== kb) return ka < kb;
    const da = this.candidateDoc[a]!;
    const db = this.candidateDoc[b]!;
    const { votesMonth, serverCount } = this.store;
    if (votesMonth[da] !== votesMonth[db]) return votesMonth[da]! > votesMonth[db]!;
    if (serverCount[da] !== serverCount[db]) return serverCount[da]! > serverCount[db]!;
    return this.store.ids[da]! < this.store.ids[db]!;
  }

  private newCandidate(doc: number): number {
    if (this.count === this.candidateDoc.length) this.growCandidates();
    const slot = this.count++;
    this.member[doc >> 5]! |= 1 << (doc & 31);
    this.slotOf[doc] = slot;
    this.candidateDoc[slot] = doc;
    for (let i = slot * this.stride, end = i + this.stride; i < end; i++) this.best[i] = NONE;
    this.adjacent[slot] = 0;
    return slot;
  }

  /** Starts a query: sizes the per-document scratch arrays and empties the candidate set. */
  private prepare(words: number): void {
    this.stride = Math.max(1, words);
    const capacity = this.store.capacity;
    if (this.slotOf.length < capacity) {
      const size = Math.max(capacity, this.slotOf.length * 2, 1024);
      this.slotOf = new Int32Array(size);
      this.member = new Int32Array((size >> 5) + 1);
    } else this.member.fill(0);
    this.count = 0;
  }

  private isCandidate(doc: number): boolean {
    return (this.member[doc >> 5]! & (1 << (doc & 31))) !== 0;
  }

  /** Makes room for `needed` candidates (never more than there are document slots). */
  private ensureCandidates(needed: number): void {
    const wanted = Math.min(needed, Math.max(this.store.capacity, 1));
    while (this.candidateDoc.length < wanted) this.growCandidates();
  }

  private growCandidates(): void {
    const size = this.candidateDoc.length * 2;
    const grow = <T extends Int32Array | Uint8Array | Uint16Array>(old: T, make: (n: number) => T, n: number): T => {
      const next = make(n);
      next.set(old);
      return next;
    };
    this.candidateDoc = grow(this.candidateDoc, (k) => new Int32Array(k), size);
    this.best = grow(this.best, (k) => new Uint8Array(k), size * MAX_QUERY_WORDS);
    this.where = grow(this.where, (k) => new Uint16Array(k), size * MAX_QUERY_WORDS);
    this.adjacent = grow(this.adjacent, (k) => new Uint16Array(k), size);
    this.keys = grow(this.keys, (k) => new Int32Array(k), size);
  }
}
