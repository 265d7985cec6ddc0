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
  private mark = 0;

  constructor(private readonly vocab: Vocabulary) {}

  /** Sizes the per-document scratch arrays for `capacity` document slots. */
  prepare(capacity: number): void {
    if (this.markStamp.length >= capacity) return;
    const size = Math.max(capacity, this.markStamp.length * 2, 1024);
    this.markStamp = new Uint32Array(size);
    this.markMeta = new Uint16Array(size);
    this.mark = 0;
  }

  /** Documents containing every part of a span (one alternative per part). */
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
          this.intersectStage(postings.baseArray, from, to, stage, current, previous, last, rankOf, hits.docs);
          if (delta) this.intersectStage(delta, 0, count, stage, current, previous, last, rankOf, hits.docs);
        }
      }
      previous = current;
    });
    hits.metas = hits.docs.map((doc) => this.markMeta[doc]!);
    return hits;
  }

  /** One part of a conjunction: keeps the documents that had every earlier part. */
  private intersectStage(
    data: Int32Array,
    from: number,
    to: number,
    stage: number,
    current: number,
    previous: number,
    last: boolean,
    rankOf: Uint8Array,
    survivors: number[],
  ): void {
    const { markStamp, markMeta } = this;
    for (let i = from; i < to; i++) {
      const posting = data[i]!;
      const doc = posting >> 10;
      const meta = posting & 1023;
      const seen = markStamp[doc];
      if (seen === current) {
        if (rankOf[meta >> 7]! < rankOf[markMeta[doc]! >> 7]!) markMeta[doc] = meta;
        continue;
      }
      if (stage > 0 && seen !== previous) continue;
      markStamp[doc] = current;
      if (stage === 0) markMeta[doc] = meta;
      if (last) survivors.push(doc);
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
