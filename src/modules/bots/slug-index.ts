import type { CatalogFollower, Rebuild } from './catalog.js';
import type { Bot } from './schemas.js';
import { LANGS, type Lang } from '../../lib/langs.js';

/**
 * Published bots by their slug in each language, for `/{lang}/bots/{slug}`: kept by following the
 * catalog, so a page finds its bot without a query. Slugs are meant to be unique per language;
 * should two bots share one, the one changed last answers (docs/decisions.md).
 */
export class SlugIndex implements CatalogFollower {
  private ids: Record<Lang, Map<string, string>> = { en: new Map(), de: new Map() };

  find(lang: Lang, slug: string): string | undefined {
    return this.ids[lang].get(slug);
  }

  rebuild(): Rebuild {
    const ids: Record<Lang, Map<string, string>> = { en: new Map(), de: new Map() };
    return {
      add: (bot) => {
        for (const lang of LANGS) ids[lang].set(bot.slugs[lang], bot.id);
      },
      finish: () => {
        this.ids = ids;
      },
    };
  }

  upsert(bot: Bot, previous: Bot | undefined): void {
    if (previous) this.remove(previous, bot);
    // A slug that already leads to this bot is left as it is: votes and stats reports change no
    // slug, and a delete and set per write would churn the maps and hold a fresh copy of the id.
    for (const lang of LANGS) if (this.ids[lang].get(bot.slugs[lang]) !== bot.id) this.ids[lang].set(bot.slugs[lang], bot.id);
  }

  /** Counts change no slug. */
  counted(): void {}

  /** `previous` no longer answers its slugs, except those `kept` (its new version) still has. */
  remove(previous: Bot, kept?: Bot): void {
    for (const lang of LANGS) {
      const slug = previous.slugs[lang];
      if (kept?.slugs[lang] === slug) continue;
      if (this.ids[lang].get(slug) === previous.id) this.ids[lang].delete(slug);
    }
  }
}
