/**
 * Expands one query word into the dictionary terms it matches, each labelled with
 * its typo count and exactness: the word itself, its inflections (same Snowball
 * stem), completions when it is the last word, typo variants, compounds containing
 * it, and synonyms. A word that is itself a compound also yields a conjunction of its
 * parts. Expansions depend only on the dictionary and the synonyms, so they are
 * cached until either changes.
 */
import {
  EXPANSION_CACHE_SIZE,
  MAX_COMPOUND_SCAN,
  MAX_COMPOUND_TERMS,
  MAX_FAMILY_TERMS,
  MAX_PREFIX_TERMS,
  MAX_TYPO_CELLS,
  MAX_TYPO_TERMS,
  MIN_COMPOUND_PART,
  TITLE_ONLY_PREFIX_BELOW,
} from './limits.js';
import { stemDe, stemEn } from './stemmer.js';
import { STOP_WORDS } from './synonym-dictionary.js';
import { LANG_DE, LANG_EN, langBit, type SynonymTable } from './synonyms.js';
import { fuzzyScan, MAX_TYPO_WORD_LENGTH, typoBudget, type WorkMeter } from './typo.js';
import type { Lang } from './types.js';
import { hashRange, hashString } from './normalize.js';
import type { Vocabulary } from './vocabulary.js';

/** Exactness codes, best first (the fifth ranking criterion). */
export const Exactness = {
  exact: 0,
  stem: 1,
  prefix: 2,
  compound: 3,
  synonym: 4,
  synonymOtherLang: 5,
  /** One part of a split compound alone ("level" of "Levelsystem"): the word is only half matched. */
  part: 6,
} as const;

export interface TermMatch {
  term: number;
  typos: number;
  exactness: number;
  /** Only name and slug postings count (very short prefixes). */
  titleOnly: boolean;
  /** For a part of a split compound: which half it matches (1 the head, 2 the tail). */
  half?: 1 | 2;
}

/** A match that needs several terms in one document: each part is a set of alternatives. */
export interface Conjunction {
  parts: TermMatch[][];
  exactness: number;
}

export interface WordExpansion {
  terms: TermMatch[];
  conjunctions: Conjunction[];
}

/** German linking elements between compound parts (Fugenelemente), "" first. */
const LINKS = ['', 's', 'es', 'n', 'en', 'e', 'er', 'ns'];
/** Inflection endings stripped when checking whether a compound part is a known word. */
const INFLECTIONS = ['e', 'en', 'n', 's', 'es', 'er', 'ern'];
const LETTERS_RE = /^\p{L}+$/u;
/** Endings that make an inflection of a synonym: plural and case endings of both languages. */
const INFLECTION_ENDINGS = new Set(['s', 'es', 'e', 'en', 'n']);
/** Endings of a German noun's or verb's own forms (bann: banne, bannen, banns, bannt, bannte …). */
const GERMAN_FORM_ENDINGS = new Set(['', 'e', 'en', 'n', 's', 'es', 'em', 't', 'te', 'ten', 'tet', 'et', 'st', 'est', 'end']);
/** Length of the words that get the short-word typo rule. */
const SHORT_WORD_LENGTH = 4;

export class WordExpander {
  private cache = new Map<string, WordExpansion>();
  /** Hashes of the synonyms' known words (same version as `cache`): most substrings need no slice. */
  private knownHashes = new Set<number>();
  private cacheVersion = '';

  constructor(
    private readonly vocab: Vocabulary,
    private readonly synonyms: SynonymTable,
  ) {}

  expand(word: string, asPrefix: boolean, lang: Lang, meter: WorkMeter): WordExpansion {
    const version = `${this.vocab.currentVersion()}:${this.synonyms.version}`;
    if (version !== this.cacheVersion) {
      this.cache.clear();
      this.knownHashes = new Set([...this.synonyms.knownWords].map(hashString));
      this.cacheVersion = version;
    }
    const key = `${lang}|${asPrefix ? 1 : 0}|${word}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const expansion = this.compute(word, asPrefix, lang, meter);
    if (this.cache.size >= EXPANSION_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, expansion);
    return expansion;
  }

  /** The live term id of `word`, if any document contains it. */
  liveId(word: string): number | undefined {
    const id = this.vocab.id(word);
    return id !== undefined && this.vocab.docFreq[id]! > 0 ? id : undefined;
  }

  private compute(word: string, asPrefix: boolean, lang: Lang, meter: WorkMeter): WordExpansion {
    const found = new Matches();
    const conjunctions: Conjunction[] = [];
    const exactId = this.liveId(word);
    if (exactId !== undefined) found.add(exactId, 0, Exactness.exact, false);
    const family = word.length >= 3 ? this.ownForms(word, lang, this.family(word, langBit(lang))) : [];
    for (const id of family) found.add(id, 0, Exactness.stem, false);
    if (asPrefix) this.addCompletions(word, found, meter);
    for (const expansion of this.synonyms.expandWord(word, langBit(lang))) {
      const exactness = expansion.langs & langBit(lang) ? Exactness.synonym : Exactness.synonymOtherLang;
      if (expansion.words.length > 1) {
        conjunctions.push({ parts: expansion.words.map((w) => this.partAlternatives(w, expansion.langs, false)), exactness });
        continue;
      }
      for (const id of this.inflections(expansion.words[0]!, expansion.langs)) found.add(id, 0, exactness, false);
    }
    const knownAsTyped = found.size > 0 || conjunctions.length > 0;
    // Typo variants only for a word unknown as typed: "poker" must not also find "power".
    if (!knownAsTyped) this.addTypoVariants(word, asPrefix, found, meter);
    if (!knownAsTyped && [...word].length === SHORT_WORD_LENGTH) this.addShortWordTypos(word, found);
    if (word.length >= MIN_COMPOUND_PART && LETTERS_RE.test(word)) {
      // Inflected forms too: "nachricht" is inside "Willkommensnachrichten" as "nachrichten".
      const inflected = INFLECTIONS.map((ending) => word + ending);
      const forms = [...new Set([word, ...family.slice(0, 5).map((id) => this.vocab.terms[id]!), ...inflected])];
      // Closed compounds are German: in English, "role" inside "roleplay" is another word.
      if (lang === 'de') for (const id of this.compoundsContaining(forms, meter)) found.add(id, 0, Exactness.compound, false);
      const split = this.split(word);
      if (split) this.addSplit(split, lang, found, conjunctions);
    }
    return { terms: found.list(), conjunctions };
  }

  /**
   * A compound split in two known words: both parts together match the word; one part alone
   * matches half of it ("level" of "Levelsystem"), marked with its half so that the ranker takes
   * both halves found apart as the word; when the other part is a stop-like word ("Musikbot"), the
   * meaningful part alone matches all of it.
   */
  private addSplit(split: [string, string], lang: Lang, found: Matches, conjunctions: Conjunction[]): void {
    const langs = langBit(lang);
    const meaningful = split.filter((part) => !STOP_WORDS.has(part));
    if (meaningful.length < 2) {
      for (const part of meaningful) {
        for (const match of this.partAlternatives(part, langs, true)) found.add(match.term, 0, Exactness.compound, false);
      }
      return;
    }
    const parts = split.map((part) => this.partAlternatives(part, langs, true));
    conjunctions.push({ parts, exactness: Exactness.compound });
    parts.forEach((alternatives, i) => {
      for (const match of alternatives) found.add(match.term, 0, Exactness.part, false, i === 0 ? 1 : 2);
    });
  }

  /** Live terms sharing the word's stem in the given languages (its inflections). */
  private family(word: string, langs: number): number[] {
    const out = new Set<number>();
    if (langs & LANG_DE) for (const id of this.vocab.familyOfStemDe(stemDe(word))) if (this.vocab.docFreq[id]! > 0) out.add(id);
    if (langs & LANG_EN) for (const id of this.vocab.familyOfStemEn(stemEn(word))) if (this.vocab.docFreq[id]! > 0) out.add(id);
    const self = this.vocab.id(word);
    if (self !== undefined) out.delete(self);
    return [...out].slice(0, MAX_FAMILY_TERMS);
  }

  /**
   * The stem family of a German word the dictionary knows, cut to the forms of the word and of
   * its group's words: the German stemmer takes "-er" off nouns too, so the verb "bannen" and the
   * noun "Banner" share the stem "bann", "zählen" and "Zähler" the stem "zähl". The dictionary
   * says which words belong to a concept (a member counter is not a counting game).
   */
  private ownForms(word: string, lang: Lang, family: number[]): number[] {
    if (lang !== 'de' || !this.synonyms.knownWords.has(word)) return family;
    // The forms of the word's group count as its own: "Mitgliederzähler" keeps "Mitgliederzahl".
    const groupWords = this.synonyms
      .expandWord(word, LANG_DE)
      .flatMap((expansion) => (expansion.words.length === 1 ? expansion.words : []));
    const bases = [word, ...groupWords].flatMap((w) => [
      w,
      ...['en', 'n', 'e'].filter((ending) => w.endsWith(ending)).map((ending) => w.slice(0, -ending.length)),
    ]);
    return family.filter((id) => {
      const term = this.vocab.terms[id]!;
      return bases.some((base) => term.startsWith(base) && GERMAN_FORM_ENDINGS.has(term.slice(base.length)));
    });
  }

  /**
   * A synonym as a whole word: itself and its inflections in its own languages, which extend
   * it by a plural or case ending only. The stem alone would reach other words: "tracks" and
   * "tracker", "bann" and "Banner" share a stem.
   */
  private inflections(word: string, langs: number): number[] {
    const out: number[] = [];
    const self = this.liveId(word);
    if (self !== undefined) out.push(self);
    for (const id of this.family(word, langs)) {
      const term = this.vocab.terms[id]!;
      if (term.startsWith(word) && INFLECTION_ENDINGS.has(term.slice(word.length))) out.push(id);
    }
    return out;
  }

  /**
   * Meilisearch allows no typo below five letters. A four-letter word that matches nothing as
   * typed may still be one substitution or transposition away from a known word or from the
   * start of one ("musk" → "music"); such a match counts as one typo. Only terms starting with
   * the word's first or second letter are looked at: people rarely mistype the first letter, and
   * two ranges of the sorted vocabulary stay cheap.
   */
  private addShortWordTypos(word: string, found: Matches): void {
    const { terms, ids } = this.vocab.sorted();
    for (const start of new Set([word[0]!, word[1]!])) {
      const { from, to } = this.vocab.prefixRange(start);
      for (let i = from; i < to; i++) {
        const term = terms[i]!;
        if (term.length >= word.length && oneSubstitutionOrSwap(word, term)) found.add(ids[i]!, 1, Exactness.exact, false);
      }
    }
  }

  /** Completions of the last word; short prefixes only look at names and slugs. */
  private addCompletions(word: string, found: Matches, meter: WorkMeter): void {
    const titleOnly = word.length < TITLE_ONLY_PREFIX_BELOW;
    const { from, to } = this.vocab.prefixRange(word);
    const { ids } = this.vocab.sorted();
    let picked: number[] = [];
    const counts: number[] = [];
    for (let i = from; i < to; i++) {
      const id = ids[i]!;
      const count = this.vocab.postingCount(id, titleOnly);
      if (count > 0) {
        picked.push(id);
        counts.push(count);
      }
    }
    meter.terms += to - from;
    if (picked.length > MAX_PREFIX_TERMS) picked = mostFrequent(picked, counts, MAX_PREFIX_TERMS);
    for (const id of picked) found.add(id, 0, Exactness.prefix, titleOnly);
  }

  /**
   * Typo variants within the word's budget. As in Meilisearch, a typo on the first
   * letter counts double: such variants exist only for words allowed two typos, and
   * then the first-letter edit is the only one, so four lookups find them all
   * instead of a scan of the whole dictionary.
   */
  private addTypoVariants(word: string, asPrefix: boolean, found: Matches, meter: WorkMeter): void {
    const budget = typoBudget(word);
    if (budget === 0 || word.length > MAX_TYPO_WORD_LENGTH) return;
    const { terms, ids, shared } = this.vocab.sorted();
    const { from, to } = this.vocab.prefixRange(word[0]!);
    let accepted = 0;
    const wordMeter: WorkMeter = { cells: 0, terms: 0, cellLimit: MAX_TYPO_CELLS };
    fuzzyScan(terms, shared, word, budget, asPrefix, from, to, wordMeter, (index, full, prefix) => {
      const id = ids[index]!;
      // The fewer typos win: "turnament" is one typo from the start of "tournaments", two from the word.
      if (prefix < full && prefix > 0) found.add(id, prefix, Exactness.prefix, false);
      else if (full !== Infinity && full > 0) found.add(id, full, Exactness.exact, false);
      return ++accepted < MAX_TYPO_TERMS;
    });
    meter.cells += wordMeter.cells;
    meter.terms += wordMeter.terms;
    if (budget === 2) this.addFirstLetterTypos(word, found);
  }

  /** Terms one first-letter edit away: substituted, deleted, inserted or swapped. */
  private addFirstLetterTypos(word: string, found: Matches): void {
    const rest = word.slice(1);
    const add = (id: number | undefined): void => {
      if (id !== undefined && this.vocab.terms[id]![0] !== word[0]) found.add(id, 2, Exactness.exact, false);
    };
    add(this.liveId(rest));
    add(this.liveId(word[1]! + word[0]! + word.slice(2)));
    for (const id of this.vocab.termsEndingWith(rest, MAX_COMPOUND_SCAN)) {
      const term = this.vocab.terms[id]!;
      if (term.length === word.length || (term.length === word.length + 1 && term[1] === word[0])) add(id);
    }
  }

  /**
   * Live terms that contain one of `forms` as a compound part, split against the
   * index's own vocabulary: "musik" finds "musikbot" (the rest, "bot", is a known
   * word) and "nachrichten" finds "willkommensnachrichten" (head "willkommen" + "s").
   */
  private compoundsContaining(forms: string[], meter: WorkMeter): Set<number> {
    const out = new Set<number>();
    const { terms, ids } = this.vocab.sorted();
    for (const form of forms) {
      const { from, to } = this.vocab.prefixRange(form);
      const end = Math.min(to, from + MAX_COMPOUND_SCAN);
      meter.terms += end - from;
      for (let i = from; i < end && out.size < MAX_COMPOUND_TERMS; i++) {
        const term = terms[i]!;
        if (term.length >= form.length + MIN_COMPOUND_PART && this.isKnownTail(term, form.length)) out.add(ids[i]!);
      }
      const endingWith = this.vocab.termsEndingWith(form, MAX_COMPOUND_SCAN);
      meter.terms += endingWith.length;
      for (const id of endingWith) {
        if (out.size >= MAX_COMPOUND_TERMS) break;
        const term = this.vocab.terms[id]!;
        if (term.length >= form.length + MIN_COMPOUND_PART && this.isKnownHead(term, term.length - form.length)) {
          out.add(id);
        }
      }
    }
    return out;
  }

  /** Splits a compound query word into two known words, preferring the longest head. */
  private split(word: string): [string, string] | undefined {
    for (let cut = word.length - MIN_COMPOUND_PART; cut >= MIN_COMPOUND_PART; cut--) {
      const tail = word.slice(cut);
      if (!this.isKnown(tail)) continue;
      const head = word.slice(0, cut);
      if (this.isKnown(head)) return [head, tail];
      for (const link of LINKS) {
        if (link && head.endsWith(link) && this.isKnown(head.slice(0, head.length - link.length))) {
          return [head.slice(0, head.length - link.length), tail];
        }
      }
    }
    return undefined;
  }

  /**
   * What one part of a conjunction may match: the word and its inflections, plus its synonyms
   * for the parts of a split compound ("hilfe" + "anfrage" also finds "support" + "ticket").
   * Words of a multi-word synonym are taken literally.
   */
  private partAlternatives(word: string, langs: number, withSynonyms: boolean): TermMatch[] {
    const found = new Matches();
    // The word itself and its whole stem family (its inflections are part of that family).
    const self = this.liveId(word);
    if (self !== undefined) found.add(self, 0, Exactness.exact, false);
    // A German part the dictionary knows keeps to its own forms: "Zähler" is no "Zahl".
    const family = this.family(word, langs);
    for (const id of langs === LANG_DE ? this.ownForms(word, 'de', family) : family) found.add(id, 0, Exactness.exact, false);
    if (withSynonyms) {
      for (const expansion of this.synonyms.expandWord(word, langs)) {
        if (expansion.words.length > 1) continue;
        for (const id of this.inflections(expansion.words[0]!, expansion.langs)) found.add(id, 0, Exactness.exact, false);
      }
    }
    return found.list();
  }

  /**
   * A word the index or the synonym dictionary knows, or an inflection of one
   * ("nachrichten" of "nachricht"). Suffix stripping rather than a stemmer call: this
   * runs on many substrings per query, and most of them are not words at all.
   */
  private isKnown(word: string): boolean {
    return this.isKnownRange(word, 0, word.length);
  }

  /**
   * isKnown of text[start, end), without slicing: compound checks ask this for
   * thousands of substrings per query word.
   */
  private isKnownRange(text: string, start: number, end: number): boolean {
    const length = end - start;
    if (length < MIN_COMPOUND_PART) return false;
    if (this.isWordRange(text, start, end)) return true;
    for (const ending of INFLECTIONS) {
      if (length - ending.length >= MIN_COMPOUND_PART && text.endsWith(ending, end)) {
        if (this.isWordRange(text, start, end - ending.length)) return true;
      }
    }
    return false;
  }

  /** text[start, end) is a live term or a word of the synonyms. */
  private isWordRange(text: string, start: number, end: number): boolean {
    const hash = hashRange(text, start, end);
    const id = this.vocab.find(text, start, end, hash);
    if (id >= 0 && this.vocab.docFreq[id]! > 0) return true;
    return this.knownHashes.has(hash) && this.synonyms.knownWords.has(text.slice(start, end));
  }

  /** term[start..] is a linking element plus a known word. */
  private isKnownTail(term: string, start: number): boolean {
    for (const link of LINKS) {
      if (term.startsWith(link, start) && this.isKnownRange(term, start + link.length, term.length)) return true;
    }
    return false;
  }

  /** term[0, end) is a known word plus a linking element. */
  private isKnownHead(term: string, end: number): boolean {
    for (const link of LINKS) {
      if (term.endsWith(link, end) && this.isKnownRange(term, 0, end - link.length)) return true;
    }
    return false;
  }
}

/**
 * The `keep` ids with the highest counts, by count descending and, among equal counts,
 * in their given order: exactly the first `keep` of a stable sort by count, without
 * sorting all of them. Ids counted above the cut-off count are sorted (fewer than
 * `keep`); those at the cut-off follow in their given order.
 */
function mostFrequent(ids: readonly number[], counts: readonly number[], keep: number): number[] {
  const sorted = Int32Array.from(counts).sort();
  const cutoff = sorted[sorted.length - keep]!;
  const above: number[] = [];
  for (let i = 0; i < ids.length; i++) if (counts[i]! > cutoff) above.push(i);
  above.sort((a, b) => counts[b]! - counts[a]!);
  const out = above.map((i) => ids[i]!);
  for (let i = 0; i < ids.length && out.length < keep; i++) if (counts[i] === cutoff) out.push(ids[i]!);
  return out;
}

/** `term` starts with `word` changed by one substituted letter or two swapped neighbours. */
function oneSubstitutionOrSwap(word: string, term: string): boolean {
  let first = -1;
  for (let i = 0; i < word.length; i++) {
    if (word[i] === term[i]) continue;
    if (first >= 0) {
      const swapped = i === first + 1 && word[first] === term[i] && word[i] === term[first];
      return swapped && word.slice(i + 1) === term.slice(i + 1, word.length);
    }
    first = i;
  }
  return first >= 0;
}

/** Collects term matches, keeping the best (fewest typos, then most exact) per term. */
class Matches {
  private readonly byTerm = new Map<number, TermMatch>();

  add(term: number, typos: number, exactness: number, titleOnly: boolean, half?: 1 | 2): void {
    const seen = this.byTerm.get(term);
    if (seen) {
      const better = typos * 8 + exactness < seen.typos * 8 + seen.exactness;
      const same = typos === seen.typos && exactness === seen.exactness;
      if (!better && !(same && seen.titleOnly && !titleOnly)) return;
    }
    this.byTerm.set(term, half ? { term, typos, exactness, titleOnly, half } : { term, typos, exactness, titleOnly });
  }

  get size(): number {
    return this.byTerm.size;
  }

  list(): TermMatch[] {
    return [...this.byTerm.values()];
  }
}
