/**
 * Slugs an owner may not take, and the slug a new listing starts with. A slug is the last part of
 * `/{lang}/bots/{slug}`; words the site uses, or may use, for pages of its own stay free for them.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'about',
  'add',
  'admin',
  'api',
  'assets',
  'auth',
  'bot',
  'bots',
  'browse',
  'categories',
  'category',
  'console',
  'dashboard',
  'delete',
  'docs',
  'edit',
  'help',
  'home',
  'imprint',
  'index',
  'login',
  'logout',
  'new',
  'popular',
  'preview',
  'privacy',
  'random',
  'report',
  'robots',
  'search',
  'settings',
  'sign-in',
  'sign-out',
  'sitemap',
  'submit',
  'tag',
  'tags',
  'terms',
  'top',
  'trending',
  'verified',
  'vote',
]);

export function isReserved(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}

/** A name as a slug: lower-case ASCII letters and digits with single hyphens; `bot` when nothing is left. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? 'bot' : slug;
}
