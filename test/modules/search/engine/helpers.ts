import { type SearchDoc, SearchIndex } from '../../../../src/modules/search/engine/index.js';

let counter = 0;

/** A document with neutral defaults; tests set only what they are about. */
export function doc(fields: Partial<SearchDoc> & { name: string }): SearchDoc {
  counter++;
  const slug = fields.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    id: `doc-${String(counter).padStart(4, '0')}`,
    slugs: { de: slug, en: slug },
    shortDescription: { de: '', en: '' },
    categories: [],
    tags: [],
    iconUrl: 'https://cdn.example.org/icon.png',
    isVerified: false,
    votesMonth: 0,
    votesTotal: 0,
    serverCount: 0,
    rating: { average: 0, count: 0 },
    ...fields,
  };
}

export function indexOf(...docs: SearchDoc[]): SearchIndex {
  const index = new SearchIndex();
  index.bulkLoad(docs);
  return index;
}

export function names(index: SearchIndex, q: string, lang: 'de' | 'en' = 'en', limit = 20): string[] {
  return index.search(q, { lang, limit }).hits.map((h) => h.name);
}
