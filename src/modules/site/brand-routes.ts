import type { SiteConfig } from '../../config/index.js';
import type { App } from '../../lib/types.js';
import { BRAND_CSS_PATH, SITE_ICON_SIZES, siteIconPath } from '../../html/brand.js';
import { readableTextOn } from '../embeds/render/index.js';
import { DEFAULT_ACCENT, icoOfPng, siteIconPng } from './site-icon.js';

/** Brand files have fixed addresses (browsers ask for /favicon.ico by name): kept a day, not a year. */
const DAY = 'public, max-age=86400';

/**
 * The site's own files from its branding (SITE_NAME, SITE_ACCENT_COLOR): `/favicon.ico`, the web
 * manifest with its two icons, and the stylesheet that sets the accent colour. Made once, the icons on first request.
 */
export async function brandRoutes(app: App): Promise<void> {
  const site: SiteConfig = app.config.site;
  const accent = site.accentColor ?? DEFAULT_ACCENT;
  // Drawn on first request and kept: a process (or a test) that is never asked pays nothing at start.
  const once = (make: () => Buffer): (() => Buffer) => {
    let made: Buffer | undefined;
    return () => (made ??= make());
  };
  const manifest = JSON.stringify({
    name: site.name,
    short_name: site.name,
    start_url: '/',
    scope: '/',
    display: 'browser',
    theme_color: accent,
    background_color: '#ffffff',
    icons: SITE_ICON_SIZES.map((size) => ({ src: siteIconPath(size), sizes: `${size}x${size}`, type: 'image/png' })),
  });
  const file = (path: string, type: string, body: () => Buffer | string, cache = DAY) =>
    // Static files, as the stylesheet and script are: no rate limit counts them.
    app.get(path, { schema: { hide: true }, config: { rateLimit: 'off' } }, async (_request, reply) =>
      reply.type(type).header('cache-control', cache).header('x-content-type-options', 'nosniff').send(body()),
    );

  file(
    '/favicon.ico',
    'image/x-icon',
    once(() => icoOfPng(siteIconPng(site.name, accent, 32), 32)),
  );
  file('/manifest.webmanifest', 'application/manifest+json', () => manifest);
  for (const size of SITE_ICON_SIZES) {
    file(
      siteIconPath(size),
      'image/png',
      once(() => siteIconPng(site.name, accent, size)),
    );
  }
  if (site.accentColor) {
    // In light and dark mode alike; text on the accent (buttons) is black or white, whichever reads better.
    const css = `:root{--accent:${site.accentColor};--accent-fg:${readableTextOn(site.accentColor)}}\n`;
    // Its address carries the colour (brand.ts), so a new colour is a new URL: kept a year.
    file(BRAND_CSS_PATH, 'text/css; charset=utf-8', () => css, 'public, max-age=31536000, immutable');
  }
}
