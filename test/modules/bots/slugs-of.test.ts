import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from '../../../src/modules/bots/schemas.js';
import { botOf, slugsOf, toEntry, withCounts } from '../../../src/modules/bots/catalog-entry.js';
import { bot } from './fixtures.js';

const slug = fc.stringMatching(new RegExp(SLUG_PATTERN)).filter((s) => s.length <= 100);

describe('slugsOf', () => {
  it("reads a bot's slugs from its entry's bytes, in either order, whatever its name and descriptions say", () => {
    const decoy = '"slugs":{"de":"falsch","en":"wrong"}';
    fc.assert(
      fc.property(slug, slug, fc.string(), fc.string(), fc.boolean(), (de, en, name, text, germanFirst) => {
        const slugs = germanFirst ? { de, en } : { en, de };
        const held = bot({ name: `${name}${decoy}`, slugs, shortDescription: { de: decoy, en: text } });
        const entry = toEntry(held, 1, 0);
        expect(slugsOf(entry)).toEqual({ de, en });
        expect(slugsOf(entry)).toEqual(botOf(entry).slugs);
        expect(slugsOf(withCounts(entry, { votesTotal: 99, votesMonth: 5 }, 2))).toEqual({ de, en });
      }),
    );
  });
});
