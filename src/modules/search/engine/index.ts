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
import { BUILTIN_SYNONYMS } from './synonym-dictionary.js';
import { SynonymTable } from './synonyms.js';
import type { Lang, OperatorSynonyms, QueryWork, SearchDoc, SearchResult } from './types.js';
import { Vocabulary } from './vocabulary.js';
import { WordExpander } from './word-expansion.js';

export type { Lang, OperatorSynonyms, QueryWork, SearchDoc, SearchResult } from './types.js';
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

  /** Adds or replaces a document. A change of popularity only is an O(1) update. */
  upsert(doc: SearchDoc): void {
    const slot = this.store.slotById.get(doc.id);
    if (slot !== undefined) {
      const old = this.store.docs[slot]!;
      if (sameSearchableText(old, doc)) {
        this.store.replace(slot, doc);
        return;
      }
      this.indexer.remove(slot, old);
      this.store.release(slot);
    }
    this.indexer.add(this.store.allocate(doc), doc);
  }

  remove(id: string): void {
    const slot = this.store.slotById.get(id);
    if (slot === undefined) return;
    this.indexer.remove(slot, this.store.docs[slot]!);
    this.store.release(slot);
  }

  /**
   * Initial build. On an empty index, postings are first collected in one stream and
   * then laid out list by list in a single array (no per-list growth); on a non-empty
   * index this is the same as upserting each document. A later duplicate id wins.
   */
  bulkLoad(docs: SearchDoc[]): void {
    if (this.store.size > 0) {
      for (const doc of docs) this.upsert(doc);
      return;
    }
    const unique = new Map(docs.map((doc) => [doc.id, doc]));
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
    for (const doc of unique.values()) this.indexer.add(this.store.allocate(doc), doc, sink);
    this.vocab.postings.buildBase(stream, pairs, this.vocab.size * 2);
    this.vocab.currentVersion();
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
      hits: slots.map((slot) => this.store.docs[slot]!),
      total,
      processingTimeMs: Math.round(performance.now() - started),
    };
  }

  get size(): number {
    return this.store.size;
  }

  /** Work counters of the last query (for tests and monitoring; not timing-dependent). */
  get lastQueryWork(): QueryWork {
    return this.work;
  }
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
