import type { BotSort } from '../bots/schemas.js';
import type { Lang } from '../../html/i18n/index.js';

/** The addresses of the public pages, each made in one place. */

export function botPath(lang: Lang, bot: { slugs: Record<Lang, string> }): string {
  return `/${lang}/bots/${encodeURIComponent(bot.slugs[lang])}`;
}

/** Our redirect to the bot's invite URL, which counts the click (docs/privacy.md). */
export function invitePath(lang: Lang, bot: { slugs: Record<Lang, string> }): string {
  return `${botPath(lang, bot)}/invite`;
}

/** A page of the list of every bot: the default order and the first page are left out. */
export function browsePath(lang: Lang, sort: BotSort, page: number): string {
  const params = new URLSearchParams();
  if (sort !== 'votes_month') params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/${lang}/bots${query ? `?${query}` : ''}`;
}

export function categoryPath(lang: Lang, id: string): string {
  return `/${lang}/categories/${encodeURIComponent(id)}`;
}

export function tagPath(lang: Lang, tag: string): string {
  return `/${lang}/tags/${encodeURIComponent(tag)}`;
}

/** A page of the search's results for `q`. */
export function searchPath(lang: Lang, q: string, page = 1): string {
  return `/${lang}/search?${new URLSearchParams(page > 1 ? { q, page: String(page) } : { q }).toString()}`;
}
