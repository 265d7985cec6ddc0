import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import {
  WIDGET_CONTENT_SECURITY_POLICY,
  renderBadge,
  renderChartPng,
  renderChartSvg,
  renderNotFoundBadge,
  renderWidget,
  type BadgeVariant,
  type ChartSeries,
  type ChartTheme,
  type EmbedBot,
  type Lang,
  type Theme,
} from '../../../../src/modules/embeds/render/index.js';

/** Debian's Chromium, as CI installs it; never a browser downloaded by Playwright. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A stand-in for a bot's icon, so the widget shows a real picture without any network. */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#5865f2"/>' +
  '<circle cx="32" cy="27" r="13" fill="#fff"/><rect x="15" y="44" width="34" height="9" rx="4.5" fill="#fff"/></svg>';

export interface EmbedFixtures {
  bots: Record<string, EmbedBot>;
  series: Record<string, ChartSeries>;
  pages: Map<string, string>;
}

/**
 * Serves the renderers' output the way the real routes will (content types, the widget's
 * CSP header, 404 for the not-found badge) on 127.0.0.1 only:
 *   /badge/<bot>?variant=&theme=&compact=1   /widget/<bot>?lang=&theme=
 *   /chart/<series>.svg|.png?theme=           /icon.svg   /page/<name>
 * Query values are passed through unchecked: validation is the integrator's route.
 */
export async function startEmbedServer(fixtures: EmbedFixtures): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const [, kind, key = ''] = url.pathname.split('/');
    const query = (name: string): string | undefined => url.searchParams.get(name) || undefined;
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers }).end(body);
    };

    if (kind === 'badge') {
      const bot = fixtures.bots[key];
      const theme = query('theme') as Theme | undefined;
      const compact = query('compact') === '1';
      if (!bot) return send(404, 'image/svg+xml', renderNotFoundBadge({ theme, compact }));
      return send(200, 'image/svg+xml', renderBadge(bot, { variant: (query('variant') ?? 'servers') as BadgeVariant, theme, compact }));
    }
    if (kind === 'widget' && fixtures.bots[key]) {
      const lang = (query('lang') ?? 'en') as Lang;
      const html = renderWidget(fixtures.bots[key], {
        lang,
        theme: query('theme') as Theme | undefined,
        voteUrl: `https://bots.example.org/${lang}/bots/${fixtures.bots[key].slugs[lang]}`,
      });
      return send(200, 'text/html; charset=utf-8', html, { 'content-security-policy': WIDGET_CONTENT_SECURITY_POLICY });
    }
    if (kind === 'chart') {
      const [name = '', format] = key.split('.');
      const series = fixtures.series[name];
      const theme = (query('theme') ?? 'auto') as ChartTheme;
      if (series && format === 'svg') return send(200, 'image/svg+xml', renderChartSvg(series, { theme }));
      if (series && format === 'png') return send(200, 'image/png', renderChartPng(series, { theme }));
    }
    if (kind === 'icon.svg') return send(200, 'image/svg+xml', ICON_SVG);
    const page = kind === 'page' ? fixtures.pages.get(key) : undefined;
    if (page) return send(200, 'text/html; charset=utf-8', page);
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A page whose background follows the emulated colour scheme, as GitHub's does. */
export function galleryPage(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>
body{margin:0;padding:16px;font:13px/1.4 system-ui,sans-serif;background:#fff;color:#1f2328}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}}
h2{font-size:13px;margin:14px 0 6px;font-weight:600}.row{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
iframe{border:0;display:block}.cell{display:flex;flex-direction:column;gap:3px}
</style></head><body>${body}</body></html>`;
}
