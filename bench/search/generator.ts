/**
 * Deterministic generator of realistic bots for the search benchmark. Every generated
 * bot takes a sample bot as its template (same category, same kind of text) and mixes
 * in vocabulary of other sample bots, so term statistics look like a real directory:
 * a long tail of invented names, a shared core of descriptive words, German and
 * English text side by side.
 */
import type { SearchDoc } from '../../src/modules/search/engine/index.js';
import { pick, seededRandom } from '../../scripts/random.js';
import type { SampleBot } from './sample.js';

const SUFFIXES = [' Pro', ' Plus', ' 2', ' X', ' Neo', ' Lite', ' Prime', ' Max', ' Bot', ' HQ', ' Classic', ' Go', ' Next', ' 3000'];
const WORD_RE = /[\p{L}\p{N}]+/gu;

interface Vocab {
  nameWords: string[];
  heads: string[];
  tails: string[];
  tags: string[];
  clausesEn: Map<string, string[]>;
  clausesDe: Map<string, string[]>;
}

function buildVocab(sample: readonly SampleBot[]): Vocab {
  const nameWords = sample.flatMap((b) => b.name.match(WORD_RE) ?? []).filter((w) => w.length >= 3);
  const words = nameWords.filter((w) => /^\p{L}{5,}$/u.test(w));
  // Invented names are a head of one sample name and the tail of another ("Melo" + "wächter").
  const heads = words.map((w) => w.slice(0, Math.max(3, Math.ceil(w.length / 2))));
  const tails = words.map((w) => w.slice(Math.ceil(w.length / 2)).toLowerCase());
  const clausesEn = new Map<string, string[]>();
  const clausesDe = new Map<string, string[]>();
  for (const bot of sample) {
    const category = bot.categories[0] ?? 'utility';
    for (const [map, text] of [
      [clausesEn, bot.shortDescription.en],
      [clausesDe, bot.shortDescription.de],
    ] as const) {
      const clauses = text.split(/[,;:]\s+/).map((c) => c.replace(/\.$/, ''));
      map.set(category, [...(map.get(category) ?? []), ...clauses.slice(1)]);
    }
  }
  return { nameWords, heads, tails, tags: [...new Set(sample.flatMap((b) => b.tags))], clausesEn, clausesDe };
}

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function inventName(random: () => number, template: SampleBot, vocab: Vocab): string {
  const roll = random();
  if (roll < 0.3) return template.name + pick(random, SUFFIXES);
  if (roll < 0.7) return pick(random, vocab.heads) + pick(random, vocab.tails);
  if (roll < 0.9) {
    const tag = pick(random, vocab.tags).split('-')[0]!;
    return `${tag.charAt(0).toUpperCase()}${tag.slice(1)} ${pick(random, vocab.nameWords)}`;
  }
  return pick(random, vocab.heads) + pick(random, vocab.tails) + pick(random, SUFFIXES);
}

function extend(random: () => number, text: string, clauses: readonly string[] | undefined): string {
  if (!clauses || clauses.length === 0 || random() < 0.5) return text;
  return `${text.replace(/\.$/, '')}, ${pick(random, clauses)}.`;
}

/** A generated bot: what the engine indexes, and what else a search hit or a bot row shows. */
export interface GeneratedBot extends SearchDoc {
  categories: string[];
  tags: string[];
  iconUrl: string;
  isVerified: boolean;
  votesTotal: number;
  rating: { average: number; count: number };
  /** The sample bot whose description, categories and tags this bot copies (relevance judging: judge.ts). */
  templateId: string;
}

/** Generates `count` bots; the same seed always yields the same corpus. */
export function generateBots(sample: readonly SampleBot[], count: number, seed = 20240611): GeneratedBot[] {
  const random = seededRandom(seed);
  const vocab = buildVocab(sample);
  const docs: GeneratedBot[] = [];
  for (let i = 0; i < count; i++) {
    const template = pick(random, sample);
    const category = template.categories[0] ?? 'utility';
    const name = inventName(random, template, vocab);
    const tags = template.tags.filter(() => random() < 0.75);
    if (random() < 0.5) tags.push(pick(random, vocab.tags));
    const categories = [...template.categories];
    if (random() < 0.2) categories.push(pick(random, sample).categories[0] ?? 'fun');
    const id = String(100_000_000_000_000_000n + BigInt(i) * 7_919n + BigInt(Math.floor(random() * 7_000)));
    const slug = slugify(name) || `bot-${i}`;
    // Popularity is heavy-tailed: most bots are small, a few are huge.
    const votesMonth = Math.floor(Math.exp(random() * 9)) - 1;
    const serverCount = Math.floor(Math.exp(random() * 14));
    docs.push({
      id,
      name,
      slugs: { en: slug, de: slug },
      shortDescription: {
        en: extend(random, template.shortDescription.en, vocab.clausesEn.get(category)),
        de: extend(random, template.shortDescription.de, vocab.clausesDe.get(category)),
      },
      categories: [...new Set(categories)],
      tags: [...new Set(tags)],
      iconUrl: `https://cdn.example.org/icons/${id}.png`,
      isVerified: random() < 0.3,
      votesMonth,
      votesTotal: votesMonth * (1 + Math.floor(random() * 20)),
      serverCount,
      rating: { average: Math.round((1 + random() * 4) * 10) / 10, count: Math.floor(random() * 500) },
      templateId: template.id,
    });
  }
  return docs;
}
