/**
 * The built-in search dictionary of a chat-bot directory, kept as data in dictionary.json:
 *
 * - `synonyms`: groups of one meaning by topic, English words under `en`, German under `de` (a
 *   word used in both languages, like "ticket", sits on both sides). Every entry of a group
 *   matches every other one; for a query in language L the L side ranks above the other side.
 *   Entries are written naturally (umlauts, hyphens, spaces) and normalised like indexed text:
 *   "anti-spam" becomes the one word "antispam", "text to speech" three words that must all occur.
 *   A group's `narrower` words are found by each of its entries, one way: "music" finds lofi and
 *   radio bots, but "lofi" is not every music bot, and lofi is not radio.
 * - `stopWords`: words of our domain that say little about what a bot does ("bot", "discord",
 *   "für"). They rank results only after every other word (see ranking.ts) and never decide on
 *   their own which bots are found.
 */
import dictionary from './dictionary.json' with { type: 'json' };
import { foldToken } from './normalize.js';

export interface SynonymGroup {
  readonly en: readonly string[];
  readonly de: readonly string[];
  /** Narrower words of either language that every entry also finds, not the other way round. */
  readonly narrower?: readonly string[];
}

export const BUILTIN_SYNONYMS: readonly SynonymGroup[] = Object.values(dictionary.synonyms).flat();

/** Stop-like words of either language, folded as the index folds words. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [...dictionary.stopWords.en, ...dictionary.stopWords.de].map((word) => foldToken(word.toLowerCase()).primary),
);
