/**
 * Turns a query string into a plan: the query words, each with the terms it matches,
 * and "spans" that need several terms in one document or cover several query words
 * (adjacent words typed apart that the index has as one word, multi-word synonyms,
 * compound splits).
 */
import { MAX_QUERY_WORDS } from './limits.js';
import { tokenize } from './normalize.js';
import { STOP_WORDS } from './synonym-dictionary.js';
import { langBit, type SynonymTable } from './synonyms.js';
import type { Lang } from './types.js';
import type { WorkMeter } from './typo.js';
import type { Vocabulary } from './vocabulary.js';
import { type Conjunction, Exactness, type TermMatch, type WordExpander } from './word-expansion.js';

/** A conjunction of term alternatives that, when present, matches query words first..last. */
export interface Span extends Conjunction {
  first: number;
  last: number;
}

export interface QueryPlan {
  words: string[];
  /** terms[i]: the single-term matches of word i. */
  terms: TermMatch[][];
  spans: Span[];
  /** stop[i]: word i is a stop-like word of the domain ("bot", "für"): it ranks last and finds nothing alone. */
  stop: boolean[];
  /** The query's words run together, to recognise an exact full-name match. */
  nameKey: string;
}

/** Completions of a run-together last word ("gewinnspiel mei") taken at most. */
const MAX_JOINED_COMPLETIONS = 20;

export function planQuery(
  query: string,
  lang: Lang,
  vocab: Vocabulary,
  synonyms: SynonymTable,
  expander: WordExpander,
  meter: WorkMeter,
): QueryPlan {
  const tokens = tokenize(query);
  const nameKey = tokens.map((t) => t.word.primary).join('');
  // Search-as-you-type: the last word is a prefix unless the query ends with a separator.
  const endsInWord = tokens.length > 0 && /[\p{L}\p{N}]$/u.test(query.normalize('NFKC'));
  const words: string[] = [];
  let lastIsPrefix = false;
  for (let i = 0; i < tokens.length && words.length < MAX_QUERY_WORDS; i++) {
    const word = tokens[i]!.word.primary;
    if (words.includes(word)) continue;
    words.push(word);
    lastIsPrefix = endsInWord && i === tokens.length - 1;
  }
  const terms: TermMatch[][] = [];
  const spans: Span[] = [];
  const stop = words.map((word) => STOP_WORDS.has(word));
  // A query of stop words only ("discord bot") is taken at its word.
  if (stop.every(Boolean)) stop.fill(false);
  words.forEach((word, i) => {
    if (stop[i]) {
      // Taken as typed: a stop word's completions, typos and compounds would only add noise.
      terms.push(singleTerm(expander.liveId(word)));
      return;
    }
    const asPrefix = lastIsPrefix && i === words.length - 1;
    const expansion = expander.expand(word, asPrefix, lang, meter);
    terms.push(expansion.terms);
    for (const c of expansion.conjunctions) spans.push({ ...c, first: i, last: i });
  });
  for (let first = 0; first < words.length - 1; first++) {
    for (let last = first + 1; last <= Math.min(first + 2, words.length - 1); last++) {
      const run = words.slice(first, last + 1);
      const touchesPrefix = lastIsPrefix && last === words.length - 1;
      addRunTogether(run.join(''), first, last, touchesPrefix, vocab, expander, spans);
      // "anti-spam" typed is the dictionary's word "antispam": it and its synonyms cover the run.
      if (synonyms.knownWords.has(run.join(''))) {
        // Its compound parts alone would only half match it: words of their own are better.
        const terms = expander.expand(run.join(''), false, lang, meter).terms.filter((t) => t.exactness !== Exactness.part);
        for (const exactness of new Set(terms.map((t) => t.exactness))) {
          spans.push({ parts: [terms.filter((t) => t.exactness === exactness)], exactness, first, last });
        }
      }
      for (const expansion of synonyms.expandPhrase(run.join(' '))) {
        const exactness = expansion.langs & langBit(lang) ? Exactness.synonym : Exactness.synonymOtherLang;
        const parts = expansion.words.map((w) => singleTerm(expander.liveId(w)));
        if (parts.every((p) => p.length > 0)) spans.push({ parts, exactness, first, last });
      }
    }
  }
  return { words, terms, spans, stop, nameKey };
}

/** "r2 radio" or "gewinnspiel meister" typed apart but indexed as one word. */
function addRunTogether(
  joined: string,
  first: number,
  last: number,
  asPrefix: boolean,
  vocab: Vocabulary,
  expander: WordExpander,
  spans: Span[],
): void {
  const id = expander.liveId(joined);
  if (id !== undefined) spans.push({ parts: [singleTerm(id)], exactness: Exactness.exact, first, last });
  if (!asPrefix) return;
  const { from, to } = vocab.prefixRange(joined);
  const { ids } = vocab.sorted();
  const completions: TermMatch[] = [];
  for (let i = from; i < Math.min(to, from + MAX_JOINED_COMPLETIONS); i++) {
    if (ids[i] !== id) completions.push({ term: ids[i]!, typos: 0, exactness: Exactness.prefix, titleOnly: false });
  }
  if (completions.length > 0) spans.push({ parts: [completions], exactness: Exactness.prefix, first, last });
}

function singleTerm(id: number | undefined): TermMatch[] {
  return id === undefined ? [] : [{ term: id, typos: 0, exactness: Exactness.exact, titleOnly: false }];
}
