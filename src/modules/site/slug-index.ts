import type { CatalogFollower } from '../bots/catalog.js';
import type { Bot } from '../bots/schemas.js';
import type { Lang } from './i18n/index.js';

/**
 * Published bots by their slug in each language, for `/{lang}/bots/{slug}`: kept by following the
 * catalog, so a page finds its bot without a query. Slugs are meant to be unique per language;
 * should two bots share one, the one changed last answers (docs/decisions.md).
 */
export class SlugIndex implements CatalogFollower {
  private readonly ids = new Map<string, string>();
  private readonly slugsOf = new Map<string, string[]>();

  find(lang: Lang, slug: string): string | undefined {
    return this.ids.get(`${lang}:${slug}`);
  }

  reset(bots: readonly Bot[]): void {
    this.ids.clear();
    this.slugsOf.clear();
    for (const bot of bots) this.upsert(bot);
  }

  upsert(bot: Bot): void {
    this.remove(bot.id);
    const keys = [`en:${bot.slugs.en}`, `de:${bot.slugs.de}`];
    for (const key of keys) this.ids.set(key, bot.id);
    this.slugsOf.set(bot.id, keys);
  }

  remove(id: string): void {
    for (const key of this.slugsOf.get(id) ?? []) if (this.ids.get(key) === id) this.ids.delete(key);
    this.slugsOf.delete(id);
  }
}
