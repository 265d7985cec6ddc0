/**
 * What search engines may fetch and list: robots.txt is written from these lists, and a page under
 * a path they keep crawlers away from says `noindex` too (a link from elsewhere can still bring a
 * crawler to it). Prefixes, as robots.txt compares them; the longest match wins, so an allowed
 * prefix inside a disallowed one opens it again.
 */
export const CRAWL_RULES = {
  disallow: ['/dashboard', '/console', '/auth/', '/admin/', '/api/', '/health/', '/metrics'],
  /** The embeds: bot pages show the chart, link previews load the card, other sites show badges and widgets. */
  allow: ['/api/badge/', '/api/widget/', '/api/card/', '/api/chart/'],
} as const;

/**
 * Pages crawlers may read (to follow their links) but that are no result of their own: the search
 * results page, whose every query would be another page of the same bots.
 */
const FOLLOW_ONLY = /^\/(en|de)\/search(\/|$)/;

/** Whether a page at this path (no query) may be listed by search engines. */
export function indexable(path: string): boolean {
  if (FOLLOW_ONLY.test(path)) return false;
  const longest = (prefixes: readonly string[]) =>
    Math.max(-1, ...prefixes.filter((prefix) => path.startsWith(prefix)).map((p) => p.length));
  const allowed = longest(CRAWL_RULES.allow);
  const disallowed = longest(CRAWL_RULES.disallow);
  return disallowed < 0 || allowed >= disallowed;
}
