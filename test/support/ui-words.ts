/**
 * The words of each language's user interface, for telling an English text on a German page (and
 * a German one on an English page). A language's words are those of its texts (src/html/i18n and
 * the embeds' label tables) that the other language's texts never use: "Bewertung" is German, "of"
 * is English, "Dashboard" and "Webhook" are both (so neither). Functions among the texts are
 * called with sample values, once per branch they may take.
 */
import { TEXTS, type Lang } from '../../src/html/i18n/index.js';
import { BADGE_LABELS, CHART_LABELS, WIDGET_LABELS } from '../../src/modules/embeds/render/index.js';

/** Keys that hold codes, not text: the language's own tag and locale. */
const NOT_TEXT = new Set(['lang', 'locale']);
/** Sample arguments: 1 and 2 (singular, plural, tier 2), 3, 7, 150 (seconds that read as minutes). */
const SAMPLES = [1, 2, 3, 7, 150];

/**
 * Words people meet in an untranslated service message that our own texts may not happen to use.
 * None of them is a German word.
 */
const MORE_ENGLISH = ['the', 'and', 'of', 'is', 'not', 'no', 'with', 'that', 'this', 'your', 'you', 'please', 'must', 'invalid'];
const MORE_GERMAN = ['der', 'die', 'das', 'und', 'ist', 'nicht', 'kein', 'keine', 'mit', 'bitte', 'dein', 'deine', 'du'];

/** Every text of a table of texts, functions called with each sample. */
export function textsOf(value: unknown, key = ''): string[] {
  if (NOT_TEXT.has(key)) return [];
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const call = value as (...args: unknown[]) => unknown;
    return SAMPLES.flatMap((n) => {
      try {
        // All arguments the same (one branch), and all different (the other: host ≠ address).
        return [String(call(n, n, n, n, n)), String(call(n, n + 1, n + 2, n + 3, n + 4))];
      } catch {
        return [];
      }
    });
  }
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, inner]) => textsOf(inner, name));
  return [];
}

/** The words of a text, lower-cased: runs of letters of two or more (a bot's initial is no word). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}{2,}/gu) ?? [];
}

function tables(lang: Lang): unknown[] {
  return [TEXTS[lang], CHART_LABELS[lang], BADGE_LABELS[lang], WIDGET_LABELS[lang]];
}

function wordSet(lang: Lang): Set<string> {
  return new Set(
    tables(lang)
      .flatMap((table) => textsOf(table))
      .flatMap(wordsOf),
  );
}

/** The words only `lang` uses: on a page in the other language, each betrays a text left untranslated. */
export function wordsOnlyIn(lang: Lang): Set<string> {
  const own = wordSet(lang);
  const other = wordSet(lang === 'en' ? 'de' : 'en');
  for (const word of lang === 'en' ? MORE_ENGLISH : MORE_GERMAN) own.add(word);
  return new Set([...own].filter((word) => !other.has(word)));
}
