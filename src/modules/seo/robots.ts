import { CRAWL_RULES } from '../../html/crawl-rules.js';

/**
 * `/robots.txt`: every crawler may read the site except the paths of CRAWL_RULES (accounts, the
 * operator's API and the programs' API, but not the embeds); the sitemap says where the pages are.
 */
export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    ...CRAWL_RULES.allow.map((path) => `Allow: ${path}`),
    ...CRAWL_RULES.disallow.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
