/**
 * Evaluates spans: conjunctions of term alternatives (a split compound's parts, a
 * multi-word synonym, query words run together). Parts are intersected smallest
 * first with per-document stamps, so each part costs one pass over its postings.
 */
import { MAX_POSTINGS_READ } from './limits.js';
import { listOf } from './postings.js';
import type { Span } from './query-plan.js';
import type { QueryWork } from './types.js';
import type { Vocabulary } from './vocabulary.js';
import type { TermMatch } from './word-expansion.js';

/** The documents of a span, with the field and position of their best-ranked part. */
export interface SpanHits {
  span: Span;
  docs: number[];
  metas: number[];
}

export class SpanMatcher {
  private markStamp = new Uint32Array(0);
  private markMeta = new Uint16Array(0);
  /** The fields (one bit each) the previous and the current part occur in, per document. */
  private previousFields = new Uint8Array(0);
  private currentFields = new Uint8Array(0);
  private mark = 0;

  constructor(private readonly vocab: Vocabulary) {}

  /** Sizes the per-document scratch arrays for `capacity` document slots. */
  prepare(capacity: number): void {
    if (this.markStamp.length >= capacity) return;
    const size = Math.max(capacity, this.markStamp.length * 2, 1024);
    this.markStamp = new Uint32Array(size);
    this.markMeta = new Uint16Array(size);
    this.previousFields = new Uint8Array(size);
    this.currentFields = new Uint8Array(size);
    this.mark = 0;
  }

  /**
   * Documents containing every part of a span (one alternative per part) in one field: a phrase,
   * or a compound written apart ("Level-System", "Levels im System"). Parts scattered over a
   * bot's fields make no phrase; the ranker takes a compound's halves found apart as the whole
   * word, after the phrase (ranking.ts).
   */
  materialise(span: Span, rankOf: Uint8Array, work: QueryWork): SpanHits {
    const hits: SpanHits = { span, docs: [], metas: [] };
    const size = (alternatives: TermMatch[]): number =>
      alternatives.reduce((sum, t) => sum + this.vocab.postingCount(t.term, t.titleOnly), 0);
    const parts = [...span.parts].sort((a, b) => size(a) - size(b));
    if (parts.length === 0 || size(parts[0]!) === 0) return hits;
    let previous = 0;
    parts.forEach((alternatives, stage) => {
      const current = this.nextMark();
      const last = stage === parts.length - 1;
      for (const t of alternatives) {
        if (work.postingsRead > MAX_POSTINGS_READ) break;
        const lists = t.titleOnly ? [listOf(t.term, true)] : [listOf(t.term, true), listOf(t.term, false)];
        for (const list of lists) {
          const { postings } = this.vocab;
          const from = postings.baseFrom(list);
          const to = postings.baseTo(list);
          const delta = postings.deltaArray(list);
          const count = postings.deltaCount(list);
          work.postingsRead += to - from + count;
          this.intersectStage(postings.baseArray, from, to, stage, current, previous, rankOf);
          if (delta) this.intersectStage(delta, 0, count, stage, current, previous, rankOf);
        }
      }
      if (last) this.collectSurvivors(alternatives, current, hits.docs);
      previous = current;
      [this.previousFields, this.currentFields] = [this.currentFields, this.previousFields];
    });
    hits.metas = hits.docs.map((doc) => this.markMeta[doc]!);
    return hits;
  }

  /** One part of a conjunction: keeps the documents that had every earlier part in the same field. */
  private intersectStage(
    data: Int32Array,
    from: number,
    to: number,
    stage: number,
    current: number,
    previous: number,
    rankOf: Uint8Array,
  ): void {
    const { markStamp, markMeta, previousFields, currentFields } = this;
    for (let i = from; i < to; i++) {
      const posting = data[i]!;
      const doc = posting >> 10;
      const meta = posting & 1023;
      const field = 1 << (meta >> 7);
      const seen = markStamp[doc];
      if (stage > 0 && (seen === current || seen === previous) && !(previousFields[doc]! & field)) continue;
      if (seen !== current) {
        if (stage > 0 && seen !== previous) continue;
        markStamp[doc] = current;
        markMeta[doc] = meta;
        currentFields[doc] = field;
      } else {
        currentFields[doc]! |= field;
        if (rankOf[meta >> 7]! < rankOf[markMeta[doc]! >> 7]!) markMeta[doc] = meta;
      }
    }
  }

  /** The documents the last part reached, each once. */
  private collectSurvivors(alternatives: TermMatch[], current: number, survivors: number[]): void {
    const seen = new Set<number>();
    for (const t of alternatives) {
      const lists = t.titleOnly ? [listOf(t.term, true)] : [listOf(t.term, true), listOf(t.term, false)];
      for (const list of lists) {
        const { postings } = this.vocab;
        const visit = (data: Int32Array, from: number, to: number): void => {
          for (let i = from; i < to; i++) {
            const doc = data[i]! >> 10;
            if (this.markStamp[doc] === current && !seen.has(doc)) {
              seen.add(doc);
              survivors.push(doc);
            }
          }
        };
        visit(postings.baseArray, postings.baseFrom(list), postings.baseTo(list));
        const delta = postings.deltaArray(list);
        if (delta) visit(delta, 0, postings.deltaCount(list));
      }
    }
  }

  private nextMark(): number {
    if (this.mark >= 0xfffffff0) {
      this.markStamp.fill(0);
      this.mark = 0;
    }
    return ++this.mark;
  }
}
