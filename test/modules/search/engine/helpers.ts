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
    votesMonth: 0,
    serverCount: 0,
    ...fields,
  };
}

/**
 * An index with its documents beside it, as the catalog keeps them for the service's index: it
 * hands the engine each document's previous version, and maps hits back to names.
 */
export class KeepingIndex extends SearchIndex {
  readonly docs = new Map<string, SearchDoc>();

  override bulkLoad(docs: readonly SearchDoc[]): void {
    super.bulkLoad(docs);
    for (const doc of docs) this.docs.set(doc.id, doc);
  }

  override upsert(doc: SearchDoc): void {
    super.upsert(doc, this.docs.get(doc.id));
    this.docs.set(doc.id, doc);
  }

  override remove(doc: SearchDoc | string): void {
    const held = this.docs.get(typeof doc === 'string' ? doc : doc.id);
    if (!held) return;
    super.remove(held);
    this.docs.delete(held.id);
  }
}

export function indexOf(...docs: SearchDoc[]): KeepingIndex {
  const index = new KeepingIndex();
  index.bulkLoad(docs);
  return index;
}

export function names(index: KeepingIndex, q: string, lang: 'de' | 'en' = 'en', limit = 20): string[] {
  return index.search(q, { lang, limit }).ids.map((id) => index.docs.get(id)!.name);
}
