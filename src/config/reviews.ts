import { ConfigError } from './errors.js';
import { DEFAULT_REVIEW_WORDS } from './review-words.js';
import type { ConfigVariables } from './schema.js';

/** The moderation rules a user's review passes before it is published (REVIEW_HOLD_*). */
export interface ReviewRulesConfig {
  /** Accounts younger than this many days are held; 0: never. */
  accountDays: number;
  /** Bodies with links are held. */
  links: boolean;
  /** Bodies with one of these words (lower case, without accents) are held; empty: never. */
  words: readonly string[];
}

const WORD = /^[\p{L}\p{N}]{1,50}$/u;

export function readReviewRulesConfig(v: ConfigVariables): ReviewRulesConfig {
  return { accountDays: v.REVIEW_HOLD_ACCOUNT_DAYS, links: v.REVIEW_HOLD_LINKS, words: holdWords(v.REVIEW_HOLD_WORDS) };
}

/** Unset: both default lists; `none`: no list; else the comma-separated words, each 1–50 letters or digits. */
function holdWords(value: string | undefined): readonly string[] {
  if (value === undefined) return Object.freeze([...DEFAULT_REVIEW_WORDS.en, ...DEFAULT_REVIEW_WORDS.de]);
  if (value.trim() === 'none') return Object.freeze([]);
  const words = value.split(',').map((word) => foldWord(word.trim()));
  for (const word of words) {
    if (!WORD.test(word)) {
      throw new ConfigError(
        'REVIEW_HOLD_WORDS',
        `must be words (letters and digits, up to 50) separated by commas, or none; got "${word}"`,
      );
    }
  }
  return Object.freeze([...new Set(words)]);
}

/** A word as the rule compares it: lower case, accents and compatibility forms folded (ß stays: it is not an accent). */
export function foldWord(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
