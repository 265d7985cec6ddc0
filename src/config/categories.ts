import { readFileSync } from 'node:fs';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { ConfigError } from './errors.js';

/** A bot category as the management API takes it (src/modules/bots/schemas.ts `Label`). */
const CategoryId = Type.String({ pattern: '^[\\p{Ll}\\p{Lo}\\p{N}]+(?:[-_ ][\\p{Ll}\\p{Lo}\\p{N}]+)*$', maxLength: 40 });
const Label = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' });

const CategoryList = Type.Array(Type.Object({ id: CategoryId, en: Label, de: Label }, { additionalProperties: false }), {
  minItems: 1,
  maxItems: 500,
});
type CategoryList = Static<typeof CategoryList>;
const validator = Compile(CategoryList);

/** One of the operator's categories: the value bots carry in `categories`, and its name in each language. */
export interface Category {
  id: string;
  label: { en: string; de: string };
}

/**
 * The categories the pages list when CATEGORIES is not set: those the demo data uses. A bot may
 * carry others; they show as it writes them and have no page (docs/decisions.md).
 */
export const DEFAULT_CATEGORIES: readonly Category[] = [
  ['ai', 'AI', 'KI'],
  ['anime', 'Anime', 'Anime'],
  ['crypto', 'Crypto', 'Krypto'],
  ['economy', 'Economy', 'Wirtschaft'],
  ['education', 'Education', 'Bildung'],
  ['fun', 'Fun', 'Spaß'],
  ['games', 'Games', 'Spiele'],
  ['giveaways', 'Giveaways', 'Gewinnspiele'],
  ['leveling', 'Levelling', 'Levelsystem'],
  ['logging', 'Logging', 'Protokollierung'],
  ['minecraft', 'Minecraft', 'Minecraft'],
  ['moderation', 'Moderation', 'Moderation'],
  ['music', 'Music', 'Musik'],
  ['polls', 'Polls', 'Umfragen'],
  ['radio', 'Radio', 'Radio'],
  ['reminders', 'Reminders', 'Erinnerungen'],
  ['roleplay', 'Role-play', 'Rollenspiel'],
  ['social', 'Social', 'Soziales'],
  ['stats', 'Statistics', 'Statistiken'],
  ['stream-alerts', 'Stream alerts', 'Stream-Benachrichtigungen'],
  ['tickets', 'Support tickets', 'Support-Tickets'],
  ['translation', 'Translation', 'Übersetzung'],
  ['utility', 'Utility', 'Werkzeuge'],
  ['verification', 'Verification', 'Verifizierung'],
  ['welcome', 'Welcome', 'Begrüßung'],
].map(([id, en, de]) => ({ id: id!, label: { en: en!, de: de! } }));

/**
 * CATEGORIES: a JSON array `[{"id": "music", "en": "Music", "de": "Musik"}, …]`, or the path of a
 * file holding one (any value that does not start with `[`). Ids are unique; the order is the
 * operator's (the pages sort by the name in their language).
 */
export function readCategories(value: string | undefined): Category[] {
  if (value === undefined) return [...DEFAULT_CATEGORIES];
  const text = value.trimStart().startsWith('[') ? value : readFile(value);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError('CATEGORIES', `is not valid JSON (${(error as Error).message})`);
  }
  if (!validator.Check(parsed)) {
    const [first] = validator.Errors(parsed);
    throw new ConfigError(
      'CATEGORIES',
      `must be a list of 1–500 {"id", "en", "de"}: ids as bots write categories (lower case, digits, - _ or space between words, ≤ 40), names 1–60 characters; ${first?.instancePath || 'the list'} ${first?.message ?? 'is not valid'}`,
    );
  }
  const list: CategoryList = parsed;
  const seen = new Set<string>();
  for (const { id } of list) {
    if (seen.has(id)) throw new ConfigError('CATEGORIES', `lists "${id}" twice`);
    seen.add(id);
  }
  return list.map(({ id, en, de }) => ({ id, label: { en: en.trim(), de: de.trim() } }));
}

function readFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      'CATEGORIES',
      `is neither a JSON list nor a readable file (${(error as NodeJS.ErrnoException).code ?? 'error'}: ${path})`,
    );
  }
}
