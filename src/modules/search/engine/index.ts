/**
 * In-memory search engine for published bots: typo-tolerant, bilingual (de/en),
 * synonym- and compound-aware, with Meilisearch-style bucket ranking. A pure library:
 * the caller feeds it published bots (upsert/remove) and asks it queries.
 * Behaviour and decisions: docs/search.md.
 */
import { DocumentStore } from './documents.js';
import { Indexer } from './indexer.js';
import { planQuery } from './query-plan.js';
import { Ranker } from './ranking.js';
import { EXACTNESS_NAMES, FIELD_NAMES, type SearchExplanation } from './explanation.js';
import { BUILTIN_SYNONYMS } from './synonym-dictionary.js';
import { suggestQuery } from './suggest.js';
import { SynonymTable } from './synonyms.js';
import type { Lang, OperatorSynonyms, QueryWork, SearchDoc, SearchResult } from './types.js';
import { Vocabulary } from './vocabulary.js';
import { WordExpander } from './word-expansion.js';

export type { Lang, OperatorSynonyms, QueryWork, SearchDoc, SearchResult } from './types.js';
export type { SearchExplanation } from './explanation.js';
export { BUILTIN_SYNONYMS, type SynonymGroup } from './synonym-dictionary.js';

export class SearchIndex {
  private readonly vocab = new Vocabulary();
  private readonly store = new DocumentStore();
  private readonly indexer = new Indexer(this.vocab);
  private readonly synonyms: SynonymTable;
  private readonly expander: WordExpander;
  private readonly ranker = new Ranker(this.vocab, this.store);
  private work: QueryWork = emptyWork();

  constructor(options?: { synonyms?: OperatorSynonyms }) {
    this.synonyms = new SynonymTable(BUILTIN_SYNONYMS, options?.synonyms);
    this.expander = new WordExpander(this.vocab, this.synonyms);
  }

  /**
   * Adds a document, or replaces `previous`: the same document as it was last given to the index
   * (the index keeps no text, so the caller hands back what it indexed; a change of popularity
   * only is an O(1) update).
   */
  upsert(doc: SearchDoc, previous?: SearchDoc): void {
    const slot = this.store.slotById.get(doc.id);
    if (slot !== undefined) {
      if (previous?.id !== doc.id) throw new Error(`upsert of indexed document ${doc.id} without its previous version`);
      if (sameSearchableText(previous, doc)) {
        this.store.setPopularity(slot, doc);
        return;
      }
      this.indexer.remove(slot, previous);
      this.store.release(slot, previous);
    }
    this.indexer.add(this.store.allocate(doc), doc);
  }

  /** A document's popularity changed and nothing else (a vote, a stats report); unknown ids are ignored. */
  setPopularity(id: string, popularity: Pick<SearchDoc, 'votesMonth' | 'serverCount'>): void {
    const slot = this.store.slotById.get(id);
    if (slot !== undefined) this.store.setPopularity(slot, popularity);
  }

  /** Removes a document: `doc` as it was last given to the index. */
  remove(doc: SearchDoc): void {
    const slot = this.store.slotById.get(doc.id);
    if (slot === undefined) return;
    this.indexer.remove(slot, doc);
    this.store.release(slot, doc);
  }

  /** Initial build of an empty index from every document (see `bulk`). A later duplicate id wins. */
  bulkLoad(docs: readonly SearchDoc[]): void {
    const unique = new Map(docs.map((doc) => [doc.id, doc]));
    const bulk = this.bulk();
    for (const doc of unique.values()) bulk.add(doc);
    bulk.finish();
  }

  /**
   * Initial build of an empty index, one document at a time (none is kept: a caller loading
   * 100,000 bots in batches holds one batch at a time). Postings are collected in one stream and
   * laid out list by list in a single array at `finish` (no per-list growth); the index answers
   * queries only after it. Ids must be unique.
   */
  bulk(): { add(doc: SearchDoc): void; finish(): void } {
    if (this.store.size > 0) throw new Error('bulk loads fill an empty index only');
    let stream = new Int32Array(1 << 20);
    let pairs = 0;
    const sink = (list: number, posting: number): void => {
      if (2 * pairs + 2 > stream.length) {
        const bigger = new Int32Array(stream.length * 2);
        bigger.set(stream);
        stream = bigger;
      }
      stream[2 * pairs] = list;
      stream[2 * pairs + 1] = posting;
      pairs++;
    };
    return {
      add: (doc) => {
        if (this.store.slotById.has(doc.id)) throw new Error(`document ${doc.id} added twice`);
        this.indexer.add(this.store.allocate(doc), doc, sink);
      },
      finish: () => {
        this.vocab.postings.buildBase(stream, pairs, this.vocab.size * 2);
        this.vocab.currentVersion();
      },
    };
  }

  /** Replaces the operator synonyms; the next query uses them. */
  setOperatorSynonyms(synonyms: OperatorSynonyms): void {
    this.synonyms.setOperatorSynonyms(synonyms);
  }

  search(q: string, opts: { lang: Lang; limit: number }): SearchResult {
    const started = performance.now();
    const work = emptyWork();
    this.work = work;
    const meter = { cells: 0, terms: 0, cellLimit: Infinity };
    const plan = planQuery(q, opts.lang, this.vocab, this.synonyms, this.expander, meter);
    work.words = plan.words.length;
    const limit = Math.max(1, Math.floor(opts.limit));
    const { slots, total } = this.ranker.rank(plan, opts.lang, limit, work);
    work.distanceCells = meter.cells;
    work.termsExamined = meter.terms;
    return {
      ids: slots.map((slot) => this.store.ids[slot]!),
      total,
      processingTimeMs: Math.round(performance.now() - started),
    };
  }

  /**
   * The indexed words the query matches (each query word's exact form, inflections, completions,
   * typo variants, compounds and synonyms, stop-like words left out), folded as the index folds
   * text: for highlighting them in the results.
   */
  matchedTerms(q: string, opts: { lang: Lang }): Set<string> {
    const meter = { cells: 0, terms: 0, cellLimit: Infinity };
    const plan = planQuery(q, opts.lang, this.vocab, this.synonyms, this.expander, meter);
    const terms = new Set<string>();
    const add = (term: number) => terms.add(this.vocab.terms[term]!);
    plan.terms.forEach((matches, w) => {
      if (!plan.stop[w]) for (const match of matches) add(match.term);
    });
    for (const span of plan.spans) for (const part of span.parts) for (const match of part) add(match.term);
    return terms;
  }

  /** For a query that finds nothing: the query with its unknown words replaced by the closest known ones, if any. */
  suggest(q: string): string | undefined {
    return suggestQuery(q, this.vocab);
  }

  /** The top of a query with, per result, the ranking criteria and each word's best match. */
  explain(q: string, opts: { lang: Lang; limit: number }): SearchExplanation {
    const meter = { cells: 0, terms: 0, cellLimit: Infinity };
    const plan = planQuery(q, opts.lang, this.vocab, this.synonyms, this.expander, meter);
    const work = emptyWork();
    const { slots, total } = this.ranker.rank(plan, opts.lang, Math.max(1, Math.floor(opts.limit)), work);
    const explained = this.ranker.explain(plan, slots);
    const results = explained.results.map((result, i) => ({
      id: this.store.ids[slots[i]!]!,
      rank: i + 1,
      criteria: result.criteria,
      covered: rounded(result.covered),
      words: result.words.map((match, w) => ({
        word: plan.words[w]!,
        stopWord: plan.stop[w]!,
        match: match && { ...match, field: FIELD_NAMES[match.field]!, exactness: EXACTNESS_NAMES[match.exactness]! },
      })),
    }));
    const words = plan.words.map((word, w) => ({ word, stopWord: plan.stop[w]!, weight: rounded(explained.weights[w]!) }));
    const topicFrom = explained.topicDoc < 0 ? null : this.store.ids[explained.topicDoc]!;
    return { words, quorum: rounded(explained.quorum), topicFrom, total, results };
  }

  get size(): number {
    return this.store.size;
  }

  /** Work counters of the last query (for tests and monitoring; not timing-dependent). */
  get lastQueryWork(): QueryWork {
    return this.work;
  }
}

/** A weight as the explanation shows it: three decimals. */
function rounded(weight: number): number {
  return Math.round(weight * 1000) / 1000;
}

function emptyWork(): QueryWork {
  return { words: 0, termsExamined: 0, distanceCells: 0, postingsRead: 0, candidatesScored: 0 };
}

function sameSearchableText(a: SearchDoc, b: SearchDoc): boolean {
  return (
    a.name === b.name &&
    a.slugs.de === b.slugs.de &&
    a.slugs.en === b.slugs.en &&
    a.shortDescription.de === b.shortDescription.de &&
    a.shortDescription.en === b.shortDescription.en &&
    sameList(a.tags, b.tags) &&
    sameList(a.categories, b.categories)
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
