import { describe, expect, it } from 'vitest';
import { appPerFile, backends } from '../../helpers.js';

/** Every value an operator sets, with characters that must not reach a page unescaped. */
const ENV = {
  SITE_NAME: 'Acme <Bots> & "Co"',
  SITE_LOGO_URL: 'https://cdn.example.org/logo.png?a=1&b="><script>',
  SITE_ACCENT_COLOR: '#AA3300',
  SITE_IMPRINT: 'Acme GmbH\nMusterstraße 1\n\n<script>alert(1)</script> Vertreten durch: Ada',
  SITE_TERMS: 'Be nice.\\nReally.',
};

/** The width of a PNG, from its IHDR chunk. */
const pngWidth = (png: Buffer): number => png.readUInt32BE(16);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

for (const backend of backends()) {
  describe(`branding, icons and legal pages from the configuration (${backend})`, () => {
    const t = appPerFile(backend, { env: ENV });

    it('answers /favicon.ico with an icon and /manifest.webmanifest with the site name, colour and icons', async () => {
      const favicon = await t.inject({ method: 'GET', url: '/favicon.ico' });
      expect(favicon.statusCode).toBe(200);
      expect(favicon.headers['content-type']).toBe('image/x-icon');
      const ico = favicon.rawPayload;
      expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
      expect(ico.readUInt32LE(18)).toBe(22);
      expect(ico.subarray(22, 30).equals(PNG_SIGNATURE)).toBe(true);
      expect(pngWidth(ico.subarray(22))).toBe(32);

      const manifest = await t.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toContain('application/manifest+json');
      const body = manifest.json();
      expect(body).toMatchObject({ name: ENV.SITE_NAME, short_name: ENV.SITE_NAME, start_url: '/', theme_color: '#aa3300' });
      for (const icon of body.icons as { src: string; sizes: string }[]) {
        const png = await t.inject({ method: 'GET', url: icon.src });
        expect(png.statusCode, icon.src).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        expect(`${pngWidth(png.rawPayload)}x${pngWidth(png.rawPayload)}`).toBe(icon.sizes);
      }
      expect(body.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '512x512']);
    });

    it('links icon, manifest and the accent stylesheet from every page, and shows name and logo escaped', async () => {
      const page = await t.get('/de/imprint');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');
      expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(page.body).toContain('<meta name="theme-color" content="#aa3300" />');
      expect(page.body).toContain('<title>Impressum · Acme &lt;Bots&gt; &amp; &quot;Co&quot;</title>');
      expect(page.body).toContain(
        '<a class="brand" href="/de"><img src="https://cdn.example.org/logo.png?a=1&amp;b=&quot;&gt;&lt;script&gt;" alt="Acme &lt;Bots&gt; &amp; &quot;Co&quot;" height="32" /></a>',
      );
      expect(page.body).not.toContain('<Bots>');
      expect(page.body).not.toContain('"><script>');
      const link = /<link rel="stylesheet" href="(\/assets\/brand\.css\?v=aa3300)" \/>/.exec(page.body)?.[1];
      expect(link).toBeDefined();
      // After site.css, so its colours win in light and dark mode.
      expect(page.body.indexOf('/assets/site.css')).toBeLessThan(page.body.indexOf('/assets/brand.css'));
      const css = await t.inject({ method: 'GET', url: link! });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      // Dark red takes white text (contrast 7.4:1; black would be 2.8:1).
      expect(css.body).toBe(':root{--accent:#aa3300;--accent-fg:#ffffff}\n');
      // The CSP still allows no inline style or script.
      expect(page.headers['content-security-policy']).toContain("style-src 'self';");
    });

    it('shows the legal texts the operator wrote, escaped, in paragraphs, and links them in the footer in the page language', async () => {
      const imprint = await t.get('/de/imprint');
      expect(imprint.body).toContain('<h1>Impressum</h1>');
      expect(imprint.body).toMatch(
        /<p>Acme GmbH<br \/>Musterstraße 1<\/p>\s*<p>&lt;script&gt;alert\(1\)&lt;\/script&gt; Vertreten durch: Ada<\/p>/,
      );
      expect(imprint.body).not.toContain('<script>alert');
      const terms = await t.get('/en/terms');
      expect(terms.statusCode).toBe(200);
      expect(terms.body).toContain('<p>Be nice.<br />Really.</p>');
      expect(terms.body).toContain('<a href="/de/terms" hreflang="de" lang="de">Deutsch</a>');
      const footer = /<footer>[\s\S]*<\/footer>/.exec(imprint.body)?.[0] ?? '';
      expect(footer).toContain('<nav aria-label="Rechtliches">');
      expect(footer).toContain('<a href="/de/imprint">Impressum</a>');
      expect(footer).toContain('<a href="/de/terms">Nutzungsbedingungen</a>');
      // No privacy text: no link, and its address is a 404 page in the visitor's language.
      expect(footer).not.toContain('privacy');
      expect(/<footer>[\s\S]*<\/footer>/.exec(terms.body)?.[0]).toContain('<a href="/en/imprint">Imprint</a>');
      for (const [lang, text] of [
        ['de', 'Diese Seite oder diesen Bot gibt es nicht.'],
        ['en', 'There is no such page or bot.'],
      ]) {
        const missing = await t.get(`/${lang}/privacy`);
        expect(missing.statusCode).toBe(404);
        expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(missing.body).toContain(`<html lang="${lang}">`);
        expect(missing.body).toContain(text);
      }
    });
  });
}
