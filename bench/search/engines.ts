/**
 * The three engines behind one interface, each configured fairly for people typing
 * queries: typo tolerance and prefix matching on, names weighted above tags and
 * categories, and those above descriptions, the requested language's description
 * slightly above the other.
 */
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import MiniSearch from 'minisearch';
import { type Lang, type SearchDoc, SearchIndex } from '../../src/modules/search/engine/index.js';

export interface Engine {
  readonly name: string;
  build(docs: readonly SearchDoc[]): Promise<void>;
  /** Ids of the best `limit` hits, best first. */
  search(q: string, lang: Lang, limit: number): string[] | Promise<string[]>;
}

/** The flat shape both peers index (they have no nested or per-language fields). */
interface FlatDoc {
  id: string;
  name: string;
  slugEn: string;
  slugDe: string;
  tags: string;
  categories: string;
  descEn: string;
  descDe: string;
}

function flatten(doc: SearchDoc): FlatDoc {
  return {
    id: doc.id,
    name: doc.name,
    slugEn: doc.slugs.en,
    slugDe: doc.slugs.de,
    tags: doc.tags.join(' '),
    categories: doc.categories.join(' '),
    descEn: doc.shortDescription.en,
    descDe: doc.shortDescription.de,
  };
}

const FIELDS = ['name', 'slugEn', 'slugDe', 'tags', 'categories', 'descEn', 'descDe'] as const;

function boosts(lang: Lang): Record<(typeof FIELDS)[number], number> {
  return {
    name: 4,
    slugEn: lang === 'en' ? 3 : 2,
    slugDe: lang === 'de' ? 3 : 2,
    tags: 2,
    categories: 2,
    descEn: lang === 'en' ? 1.2 : 1,
    descDe: lang === 'de' ? 1.2 : 1,
  };
}

export class OurEngine implements Engine {
  readonly name = 'ours';
  readonly index = new SearchIndex();

  async build(docs: readonly SearchDoc[]): Promise<void> {
    this.index.bulkLoad([...docs]);
  }

  search(q: string, lang: Lang, limit: number): string[] {
    return this.index.search(q, { lang, limit }).ids;
  }
}

export class MiniSearchEngine implements Engine {
  readonly name = 'MiniSearch';
  private index = new MiniSearch<FlatDoc>({ idField: 'id', fields: [...FIELDS], storeFields: [] });

  async build(docs: readonly SearchDoc[]): Promise<void> {
    const flat = docs.map(flatten);
    this.index.addAll(flat);
  }

  search(q: string, lang: Lang, limit: number): string[] {
    // fuzzy 0.2: one edit per five letters, close to Meilisearch's budget. combineWith stays OR (the
    // default): BM25 ranks documents with more of the words first; AND returns nothing once a word matches nowhere.
    const results = this.index.search(q, { prefix: true, fuzzy: 0.2, boost: boosts(lang) });
    return results.slice(0, limit).map((r) => String(r.id));
  }
}

const ORAMA_SCHEMA = {
  id: 'string',
  name: 'string',
  slugEn: 'string',
  slugDe: 'string',
  tags: 'string',
  categories: 'string',
  descEn: 'string',
  descDe: 'string',
} as const;

export class OramaEngine implements Engine {
  readonly name = 'Orama';
  // The default (English) tokenizer cuts German words at umlauts and ß, in documents and queries
  // alike; Orama's German one does not rank the graded queries better (docs/performance.md).
  private db = create({ schema: ORAMA_SCHEMA });

  async build(docs: readonly SearchDoc[]): Promise<void> {
    await insertMultiple(this.db, docs.map(flatten), 5_000);
  }

  search(q: string, lang: Lang, limit: number): string[] | Promise<string[]> {
    // Orama matches prefixes unless `exact`; tolerance is its Levenshtein budget.
    // threshold 1 (Orama's default) keeps documents matching only some of the words (OR), like the others.
    const result = oramaSearch(this.db, { term: q, tolerance: 1, threshold: 1, limit, boost: boosts(lang) });
    const ids = (r: { hits: { id: string }[] }): string[] => r.hits.map((h) => h.id);
    return result instanceof Promise ? result.then(ids) : ids(result);
  }
}

export const ENGINE_FACTORIES: Record<string, () => Engine> = {
  ours: () => new OurEngine(),
  MiniSearch: () => new MiniSearchEngine(),
  Orama: () => new OramaEngine(),
};
