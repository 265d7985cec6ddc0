import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES, readConfig } from '../src/config/index.js';
import { sampleBots } from './fixtures.js';
import { configProblem } from './support/config-problem.js';

describe('the operator’s categories (CATEGORIES)', () => {
  it('defaults to a list that names every category of the demo data in both languages', () => {
    const { categories } = readConfig({});
    expect(categories).toEqual(DEFAULT_CATEGORIES);
    const ids = new Set(categories.map((category) => category.id));
    for (const bot of sampleBots()) for (const category of bot.categories as string[]) expect(ids, category).toContain(category);
    for (const { label } of categories) {
      expect(label.en.trim()).not.toBe('');
      expect(label.de.trim()).not.toBe('');
    }
  });

  it('reads a JSON list, or the file a path names; names are trimmed, the order is kept', () => {
    const list =
      '[{"id": "music", "en": " Music ", "de": "Musik"}, {"id": "stream alerts", "en": "Stream alerts", "de": "Stream-Hinweise"}]';
    const expected = [
      { id: 'music', label: { en: 'Music', de: 'Musik' } },
      { id: 'stream alerts', label: { en: 'Stream alerts', de: 'Stream-Hinweise' } },
    ];
    expect(readConfig({ CATEGORIES: `  ${list}` }).categories).toEqual(expected);
    const file = join(mkdtempSync(join(tmpdir(), 'categories-')), 'categories.json');
    writeFileSync(file, list);
    expect(readConfig({ CATEGORIES: file }).categories).toEqual(expected);
  });

  it('refuses a list that is not JSON, not a list of {id, en, de}, has a bad id or name, repeats an id, or a file that cannot be read', () => {
    const refused: [string, RegExp][] = [
      ['[{"id": "music"', /^CATEGORIES: is not valid JSON/],
      ['[]', /^CATEGORIES: must be a list of 1–500/],
      ['{"id": "music", "en": "Music", "de": "Musik"}', /^CATEGORIES: is neither a JSON list nor a readable file/],
      ['[{"id": "music", "en": "Music"}]', /^CATEGORIES: must be a list of 1–500/],
      ['[{"id": "Music", "en": "Music", "de": "Musik"}]', /^CATEGORIES: must be a list of 1–500.*\/0\/id/],
      ['[{"id": "<script>", "en": "x", "de": "x"}]', /^CATEGORIES: must be a list/],
      ['[{"id": "music", "en": "   ", "de": "Musik"}]', /^CATEGORIES: must be a list/],
      ['[{"id": "music", "en": "Music", "de": "Musik", "fr": "Musique"}]', /^CATEGORIES: must be a list/],
      [`[{"id": "music", "en": "${'x'.repeat(61)}", "de": "Musik"}]`, /^CATEGORIES: must be a list/],
      [`[{"id": "${'x'.repeat(41)}", "en": "X", "de": "X"}]`, /^CATEGORIES: must be a list/],
      [
        '[{"id": "music", "en": "Music", "de": "Musik"}, {"id": "music", "en": "Songs", "de": "Lieder"}]',
        /^CATEGORIES: lists "music" twice/,
      ],
      ['/no/such/categories.json', /^CATEGORIES: is neither a JSON list nor a readable file \(ENOENT/],
    ];
    for (const [value, message] of refused) expect(configProblem({ CATEGORIES: value }), value).toMatch(message);
  });
});
