/**
 * What counting reads of a request: whether it is a person's request at all, the host that
 * referred it, the search that led to it. Nothing here keeps or logs what it reads.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';

/** A host name is at most 253 characters (RFC 1035); a longer one is not a host. */
export const MAX_HOST_LENGTH = 253;
/** Search terms kept per bot and day are cut to this many characters. */
export const MAX_TERM_LENGTH = 64;

/**
 * Probes and monitors that `isbot` does not know: our own user agent (BotDirectory/…, the
 * webhooks' and the platform client's), load balancers' and orchestrators' health checks.
 */
const MONITORS = /botdirectory|health|probe|monitor|uptime|googlehc|elb-|check_http|nagios|zabbix|prometheus|blackbox/i;

/**
 * Image proxies that fetch an embed for the people looking at a page elsewhere: GitHub's (a
 * README's badge) and Google's (an e-mail's). `isbot` names them bots; their fetches are
 * impressions, of their site, as often as the proxy does not answer from its own cache.
 */
const IMAGE_PROXIES: readonly { agent: RegExp; site: string }[] = [
  { agent: /^github-camo\b/i, site: 'github.com' },
  { agent: /GoogleImageProxy/, site: 'mail.google.com' },
];

/** The site an image proxy fetches for (it sends no Referer), or undefined for any other agent. */
export function imageProxySite(agent: string | undefined): string | undefined {
  if (!agent) return undefined;
  return IMAGE_PROXIES.find((proxy) => proxy.agent.test(agent))?.site;
}

/** User agents seen lately and whether they are people's: the same browsers ask again and again. */
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 1000;

/**
 * Whether the request is a person's view: a GET with a user agent that is neither a crawler nor
 * a monitor (an image proxy fetches for people), and no prefetch (a prefetched page may never be
 * looked at: docs/privacy.md).
 */
export function isCountable(method: string, headers: IncomingHttpHeaders): boolean {
  if (method !== 'GET') return false;
  const purpose = headers['sec-purpose'] ?? headers.purpose ?? headers['x-purpose'] ?? headers['x-moz'];
  if (purpose !== undefined && /prefetch|preview/i.test(String(purpose))) return false;
  const agent = headers['user-agent'];
  if (!agent) return false;
  let person = verdicts.get(agent);
  if (person === undefined) {
    person = imageProxySite(agent) !== undefined || (!isbot(agent) && !MONITORS.test(agent));
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(agent, person);
  }
  return person;
}

/** Scheme, then the authority up to the path: read without building a URL (a Referer may be 10 KB). */
const AUTHORITY = /^https?:\/\/([^/?#]*)/i;
const HOST = /^[a-z0-9.-]+$/;

/**
 * The host of a Referer, lowercased, without user or port; undefined when there is none or it is
 * not a host name (an address that is not http(s), a host over 253 characters, odd characters).
 */
export function referrerHost(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  const authority = AUTHORITY.exec(referer)?.[1];
  if (!authority) return undefined;
  const at = authority.lastIndexOf('@');
  let host = at < 0 ? authority : authority.slice(at + 1);
  const colon = host.indexOf(':');
  if (colon >= 0) host = host.slice(0, colon);
  if (host.endsWith('.')) host = host.slice(0, -1);
  host = host.toLowerCase();
  return host.length > 0 && host.length <= MAX_HOST_LENGTH && HOST.test(host) ? host : undefined;
}

/** A page of our search's results, whose address holds the query: `/{lang}/search?…`. */
const SEARCH_PAGE = /^https?:\/\/[^/?#]*\/[a-z]{2}\/search\?([^#]*)/i;

/** The search term of a Referer that is a page of our search's results (`host` checked by the caller), or undefined. */
export function searchFromReferrer(referer: string): string | undefined {
  const query = SEARCH_PAGE.exec(referer)?.[1];
  if (query === undefined) return undefined;
  // Invalid percent-encoding or UTF-8 becomes U+FFFD here; it never throws.
  const q = new URLSearchParams(query).get('q');
  return q === null ? undefined : searchTerm(q);
}

/**
 * A search as kept: trimmed, lowercased, runs of white space as one space, at most 64 characters
 * (never half a character); undefined when nothing is left.
 */
export function searchTerm(query: string): string | undefined {
  const term = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (term === '') return undefined;
  if (term.length <= MAX_TERM_LENGTH) return term;
  return Array.from(term).slice(0, MAX_TERM_LENGTH).join('').trimEnd();
}
