/**
 * The synonym table: the built-in dictionary plus the operator's synonyms, normalised
 * like indexed text and keyed by phrase. Single words are also keyed by their German
 * and English stems, so "greetings" finds the group of "greeting" and "Spielen" the
 * group of "Spiele".
 */
import { tokenize } from './normalize.js';
import { stemDe, stemEn } from './stemmer.js';
import type { SynonymGroup } from './synonym-dictionary.js';
import type { Lang, OperatorSynonyms } from './types.js';

/** Bit set of the languages a synonym belongs to; operator synonyms belong to both. */
export const LANG_EN = 1;
export const LANG_DE = 2;
const LANG_BOTH = LANG_EN | LANG_DE;

export function langBit(lang: Lang): number {
  return lang === 'en' ? LANG_EN : LANG_DE;
}

/** What a query phrase may be replaced by: words that must all occur in a document. */
export interface Expansion {
  readonly words: readonly string[];
  readonly langs: number;
}

interface Entry {
  words: string[];
  key: string;
  langs: number;
}

/** Normalises an entry; punctuation-joined parts are run together ("anti-spam" -> "antispam"). */
export function phraseWords(text: string): string[] {
  const words: string[] = [];
  let pending = '';
  for (const token of tokenize(text)) {
    pending += token.word.primary;
    if (!token.joinedToNext) {
      words.push(pending);
      pending = '';
    }
  }
  if (pending) words.push(pending);
  return words;
}

export class SynonymTable {
  private byKey = new Map<string, Map<string, Expansion>>();
  /** Single-word entries by German stem (German-side words) and English stem (English-side). */
  private byStemDe = new Map<string, Set<string>>();
  private byStemEn = new Map<string, Set<string>>();
  /** Single words that occur in any entry: compound splitting treats them as known words. */
  knownWords = new Set<string>();
  /** Bumped on every change; query caches key on it. */
  version = 0;

  constructor(
    private readonly builtin: readonly SynonymGroup[],
    operator?: OperatorSynonyms,
  ) {
    this.rebuild(operator);
  }

  setOperatorSynonyms(operator: OperatorSynonyms): void {
    this.rebuild(operator);
  }

  /** Expansions of one query word: by the word itself, or, for a word the dictionary lacks, by its stem. */
  expandWord(word: string, langs: number): Expansion[] {
    const keys = new Set<string>([word]);
    // A word the dictionary has keeps to its own groups: through the stem, "Zähler" would reach
    // the group of "zählen" (a counting game). The stem leads an inflection ("Umfragen") to its word.
    if (!this.byKey.has(word)) {
      if (langs & LANG_DE) for (const key of this.byStemDe.get(stemDe(word)) ?? []) keys.add(key);
      if (langs & LANG_EN) for (const key of this.byStemEn.get(stemEn(word)) ?? []) keys.add(key);
    }
    const merged = new Map<string, Expansion>();
    for (const key of keys) {
      for (const [k, expansion] of this.byKey.get(key) ?? []) {
        if (k === word) continue;
        const seen = merged.get(k);
        merged.set(k, seen ? { words: seen.words, langs: seen.langs | expansion.langs } : expansion);
      }
    }
    return [...merged.values()];
  }

  /** Expansions of a multi-word query phrase (words joined by single spaces). */
  expandPhrase(key: string): Expansion[] {
    return [...(this.byKey.get(key)?.values() ?? [])];
  }

  private rebuild(operator: OperatorSynonyms | undefined): void {
    this.byKey = new Map();
    this.byStemDe = new Map();
    this.byStemEn = new Map();
    this.knownWords = new Set();
    this.version++;
    for (const group of this.builtin) {
      const entries = [...group.en.map((text) => toEntry(text, LANG_EN)), ...group.de.map((text) => toEntry(text, LANG_DE))].filter(
        (e): e is Entry => e !== undefined,
      );
      this.linkAll(entries);
      for (const text of group.narrower ?? []) {
        const narrower = toEntry(text, LANG_BOTH);
        if (!narrower) continue;
        for (const entry of entries) if (entry.key !== narrower.key) this.link(entry, narrower);
        this.index(narrower);
      }
    }
    for (const group of operator?.multiWay ?? []) {
      this.linkAll(group.map((text) => toEntry(text, LANG_BOTH)).filter((e): e is Entry => e !== undefined));
    }
    for (const rule of operator?.oneWay ?? []) {
      const input = toEntry(rule.input, LANG_BOTH);
      if (!input) continue;
      for (const text of rule.synonyms) {
        const target = toEntry(text, LANG_BOTH);
        if (target && target.key !== input.key) this.link(input, target);
      }
      this.index(input);
    }
  }

  /** Every entry of a group expands to every other one (same words on both sides merge). */
  private linkAll(entries: Entry[]): void {
    const merged = new Map<string, Entry>();
    for (const e of entries) {
      const seen = merged.get(e.key);
      if (seen) seen.langs |= e.langs;
      else merged.set(e.key, { ...e });
    }
    for (const from of merged.values()) {
      this.index(from);
      for (const to of merged.values()) if (to.key !== from.key) this.link(from, to);
    }
  }

  private link(from: Entry, to: Entry): void {
    let targets = this.byKey.get(from.key);
    if (!targets) this.byKey.set(from.key, (targets = new Map<string, Expansion>()));
    const seen = targets.get(to.key);
    targets.set(to.key, { words: to.words, langs: (seen?.langs ?? 0) | to.langs });
  }

  private index(entry: Entry): void {
    if (!this.byKey.has(entry.key)) this.byKey.set(entry.key, new Map());
    for (const w of entry.words) this.knownWords.add(w);
    if (entry.words.length !== 1) return;
    // Each side is stemmed in its own language only: the German stemmer would make
    // the English "tracks" a form of "tracker".
    const word = entry.words[0]!;
    if (entry.langs & LANG_DE) addKey(this.byStemDe, stemDe(word), entry.key);
    if (entry.langs & LANG_EN) addKey(this.byStemEn, stemEn(word), entry.key);
  }
}

function addKey(map: Map<string, Set<string>>, stem: string, key: string): void {
  let keys = map.get(stem);
  if (!keys) map.set(stem, (keys = new Set()));
  keys.add(key);
}

function toEntry(text: string, langs: number): Entry | undefined {
  const words = phraseWords(text);
  return words.length === 0 ? undefined : { words, key: words.join(' '), langs };
}
