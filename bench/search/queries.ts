/**
 * Benchmark queries per class, drawn from the generated corpus with a seed, so every
 * engine answers exactly the same queries. The classes follow issue 5 §4.
 */
import { BUILTIN_SYNONYMS, type Lang, type SearchDoc } from '../../src/modules/search/engine/index.js';
import { pick, seededRandom } from '../../scripts/random.js';
import type { SampleBot } from './sample.js';

export interface BenchQuery {
  q: string;
  lang: Lang;
}

export const QUERY_CLASSES = [
  'exact',
  'typo',
  'prefix-1',
  'prefix-2',
  'prefix-3',
  'synonym',
  'cross-language',
  'multi-word',
  'compound',
] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

const WORD_RE = /\p{L}+/gu;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function words(text: string, minLength: number): string[] {
  return (text.match(WORD_RE) ?? []).filter((w) => w.length >= minLength);
}

/** One random edit (never on the first letter, where typos are rare). */
function misspell(random: () => number, word: string): string {
  const at = 1 + Math.floor(random() * (word.length - 1));
  const letter = pick(random, [...LETTERS]);
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + letter + word.slice(at + 1);
    case 2:
      return at < word.length - 1 ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word + letter;
    default:
      return word.slice(0, at) + letter + word.slice(at);
  }
}

/** German compounds of the sample whose two parts also occur alone in the sample. */
function compoundSplits(sample: readonly SampleBot[]): string[] {
  const vocabulary = new Set(sample.flatMap((b) => words(b.shortDescription.de + ' ' + b.name, 3).map((w) => w.toLowerCase())));
  const splits: string[] = [];
  for (const word of vocabulary) {
    if (word.length < 9) continue;
    for (let cut = 4; cut <= word.length - 4; cut++) {
      const head = word.slice(0, cut);
      const tail = word.slice(cut);
      const bareHead = head.endsWith('s') && vocabulary.has(head.slice(0, -1)) ? head.slice(0, -1) : head;
      if (vocabulary.has(bareHead) && vocabulary.has(tail)) {
        splits.push(`${bareHead} ${tail}`);
        break;
      }
    }
  }
  return splits.sort();
}

function synonymWords(side: Lang): string[] {
  return BUILTIN_SYNONYMS.flatMap((g) => g[side]).filter((w) => /^\p{L}+$/u.test(w));
}

export function makeQueries(
  docs: readonly SearchDoc[],
  sample: readonly SampleBot[],
  perClass: number,
  seed: number,
): Record<QueryClass, BenchQuery[]> {
  const random = seededRandom(seed);
  const doc = (): SearchDoc => pick(random, docs);
  const lang = (): Lang => (random() < 0.5 ? 'en' : 'de');
  const splits = compoundSplits(sample);
  const synonymsEn = synonymWords('en');
  const synonymsDe = synonymWords('de');
  const make = (one: () => BenchQuery): BenchQuery[] => Array.from({ length: perClass }, one);
  const nameWord = (): string => {
    const candidates = words(doc().name, 1);
    return candidates.length > 0 ? pick(random, candidates) : 'bot';
  };
  return {
    exact: make(() => ({ q: doc().name, lang: lang() })),
    typo: make(() => {
      const d = doc();
      const candidates = random() < 0.6 ? words(d.name, 5) : words(d.shortDescription.en, 5);
      const word = candidates.length > 0 ? pick(random, candidates) : 'moderation';
      const once = misspell(random, word);
      return { q: word.length >= 9 && random() < 0.5 ? misspell(random, once) : once, lang: lang() };
    }),
    'prefix-1': make(() => ({ q: nameWord().slice(0, 1).toLowerCase(), lang: lang() })),
    'prefix-2': make(() => ({ q: nameWord().slice(0, 2).toLowerCase(), lang: lang() })),
    'prefix-3': make(() => ({ q: nameWord().slice(0, 3).toLowerCase(), lang: lang() })),
    synonym: make(() => {
      const l = lang();
      return { q: pick(random, l === 'en' ? synonymsEn : synonymsDe), lang: l };
    }),
    'cross-language': make(() => {
      const l = lang();
      return { q: pick(random, l === 'en' ? synonymsDe : synonymsEn), lang: l };
    }),
    'multi-word': make(() => {
      const l = lang();
      const text = words(doc().shortDescription[l], 3);
      const n = random() < 0.5 ? 2 : 3;
      const start = Math.floor(random() * Math.max(1, text.length - n));
      return {
        q: text
          .slice(start, start + n)
          .join(' ')
          .toLowerCase(),
        lang: l,
      };
    }),
    compound: make(() => ({ q: pick(random, splits), lang: 'de' })),
  };
}
