import { url } from './parsers.js';
import { declaration } from './variables.js';
import type { ConfigVariables } from './schema.js';

/** The pages whose text the operator writes: each has a path `/{lang}/<name>` and a footer link. */
export const LEGAL_PAGES = ['imprint', 'privacy', 'terms'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** What the pages show of the operator: name, logo, colour, and the legal texts that are set. */
export interface SiteConfig {
  name: string;
  /** An https image for the header; undefined: the name as text. */
  logoUrl: string | undefined;
  /** `#rrggbb` for buttons, links and the icons; undefined: the stylesheet's own colours. */
  accentColor: string | undefined;
  /** Plain text per page; a page without text does not exist (404, no link). */
  legal: Partial<Record<LegalPage, string>>;
}

export function readSiteConfig(v: ConfigVariables): SiteConfig {
  const texts = { imprint: v.SITE_IMPRINT, privacy: v.SITE_PRIVACY, terms: v.SITE_TERMS };
  const legal: SiteConfig['legal'] = {};
  for (const page of LEGAL_PAGES) {
    // A one-line value (an env file, a container setting) writes its line breaks as \n.
    const text = texts[page]?.replace(/\\n/g, '\n').trim();
    if (text) legal[page] = text;
  }
  return {
    // Spaces alone name nothing: the default then.
    name: v.SITE_NAME.trim() || (declaration('SITE_NAME').default as string),
    // https only: the pages' CSP loads images from this origin and https addresses.
    logoUrl: v.SITE_LOGO_URL === undefined ? undefined : url('SITE_LOGO_URL', v.SITE_LOGO_URL, ['https:']),
    accentColor: v.SITE_ACCENT_COLOR?.toLowerCase(),
    legal,
  };
}
