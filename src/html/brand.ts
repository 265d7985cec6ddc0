import type { SiteConfig } from '../config/index.js';

/** The stylesheet of the operator's accent colour (SITE_ACCENT_COLOR); it loads after site.css and so wins. */
export const BRAND_CSS_PATH = '/assets/brand.css';

/**
 * Its address, or undefined without an accent (site.css's own light and dark colours stay). The
 * pages' CSP allows no inline style, so the colour comes as a file of this origin; the address
 * carries the colour, so a new colour is a new URL and each can be kept for a year.
 */
export function brandCssUrl(site: SiteConfig): string | undefined {
  return site.accentColor ? `${BRAND_CSS_PATH}?v=${site.accentColor.slice(1)}` : undefined;
}

/** The sizes of the site's square icon (the manifest lists them; link previews show the largest). */
export const SITE_ICON_SIZES = [192, 512] as const;

export function siteIconPath(size: (typeof SITE_ICON_SIZES)[number]): string {
  return `/assets/icon-${size}.png`;
}
