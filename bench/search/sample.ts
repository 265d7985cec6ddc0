/**
 * The shared sample corpus and labelled queries (scripts/sample-data.ts finds them).
 * Sample bots are management-API bodies; they become SearchDocs here. The sample has
 * no vote counts, so popularity comes from the platform's server count only.
 */
import { readFileSync } from 'node:fs';
import { sampleDataFile } from '../../scripts/sample-data.js';
import { toDoc } from '../../src/modules/search/document.js';
import type { Lang, SearchDoc } from '../../src/modules/search/engine/index.js';

export interface SampleBot {
  id: string;
  name: string;
  slugs: { de: string; en: string };
  shortDescription: { de: string; en: string };
  categories: string[];
  tags: string[];
  iconUrl: string;
  isVerified: boolean;
  published: boolean;
  platformServerCount: number;
}

export interface LabelledQuery {
  q: string;
  lang: Lang;
  kind: string;
  expect: string[];
  k: number;
  note: string;
}

export function loadSampleBots(): SampleBot[] {
  return JSON.parse(readFileSync(sampleDataFile('bots.sample.json'), 'utf8')) as SampleBot[];
}

export function loadLabelledQueries(): LabelledQuery[] {
  return JSON.parse(readFileSync(sampleDataFile('search-queries.public.json'), 'utf8')) as LabelledQuery[];
}

export function toSearchDoc(bot: SampleBot): SearchDoc {
  return toDoc({ ...bot, votesMonth: 0, serverCount: bot.platformServerCount });
}

/** The published sample bots as SearchDocs: what the caller would feed the engine. */
export function publishedSampleDocs(): SearchDoc[] {
  return loadSampleBots()
    .filter((b) => b.published)
    .map(toSearchDoc);
}

/** A labelled query passes when one of its expected ids is among the first k hits. */
export function passes(query: LabelledQuery, hitIds: readonly string[]): boolean {
  const top = hitIds.slice(0, query.k);
  return query.expect.length === 0 ? true : query.expect.some((id) => top.includes(id));
}
