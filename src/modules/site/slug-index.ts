import type { CatalogFollower, Rebuild } from '../bots/catalog.js';
import type { Bot } from '../bots/schemas.js';
import { LANGS, type Lang } from './i18n/index.js';

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
    if (previous) this.remove(previous);
    for (const lang of LANGS) this.ids[lang].set(bot.slugs[lang], bot.id);
  }

  remove(previous: Bot): void {
    for (const lang of LANGS) {
      if (this.ids[lang].get(previous.slugs[lang]) === previous.id) this.ids[lang].delete(previous.slugs[lang]);
    }
  }
}
