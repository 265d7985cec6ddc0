import { de } from './de.js';
import { en, type Texts } from './en.js';

import type { Lang } from '../../lib/langs.js';

export { LANGS, type Lang } from '../../lib/langs.js';
export type { Texts };
export const TEXTS: Record<Lang, Texts> = { en, de };

/** `?lang=` first, then the browser's Accept-Language (German when it ranks de above en), else English. */
export function pickLang(query: unknown, acceptLanguage: string | undefined): Lang {
  if (query === 'de' || query === 'en') return query;
  for (const part of (acceptLanguage ?? '').toLowerCase().split(',')) {
    const tag = part.trim().slice(0, 2);
    if (tag === 'de' || tag === 'en') return tag;
  }
  return 'en';
}

/** The language an address names: its first path segment (`/de/…`, `/en`), else its `?lang=`; none: undefined. */
export function langOfUrl(url: string): Lang | undefined {
  const parsed = new URL(url, 'http://x');
  const segment = parsed.pathname.split('/', 2)[1];
  if (segment === 'de' || segment === 'en') return segment;
  const query = parsed.searchParams.get('lang');
  return query === 'de' || query === 'en' ? query : undefined;
}
