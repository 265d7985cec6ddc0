import { de } from './de.js';
import { en, type Texts } from './en.js';

import type { Lang } from '../../lib/langs.js';

export { LANGS, type Lang } from '../../lib/langs.js';
export type { Texts };
export const TEXTS: Record<Lang, Texts> = { en, de };

/**
 * `?lang=` first, then the browser's Accept-Language (German when it ranks de above en: by its
 * q-values, then by its order; `de-AT` counts as de), else English.
 */
export function pickLang(query: unknown, acceptLanguage: string | undefined): Lang {
  if (query === 'de' || query === 'en') return query;
  let best: { lang: Lang; q: number } | undefined;
  for (const part of (acceptLanguage ?? '').toLowerCase().split(',')) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    const lang = range.slice(0, 2);
    if ((lang !== 'de' && lang !== 'en') || (range.length > 2 && range[2] !== '-')) continue;
    const weight = params.find((param) => param.startsWith('q='));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? 'en';
}

/** The language an address names: its first path segment (`/de/…`, `/en`), else its `?lang=`; none: undefined. */
export function langOfUrl(url: string): Lang | undefined {
  const parsed = new URL(url, 'http://x');
  const segment = parsed.pathname.split('/', 2)[1];
  if (segment === 'de' || segment === 'en') return segment;
  const query = parsed.searchParams.get('lang');
  return query === 'de' || query === 'en' ? query : undefined;
}
