import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/index.js';
import { freshDatabase, testConfig } from '../../helpers.js';

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

export interface RunningApp {
  app: FastifyInstance;
  db: Database;
  /** `http://127.0.0.1:<port>`: where the embeds are served from. */
  origin: string;
}

/** Our app on a fresh in-memory PGlite database, listening on a free loopback port. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const db = await freshDatabase('pglite');
  const app = await buildApp({ config: testConfig(env), db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, db, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** A stand-in for a bot's icon, so the widget shows a real picture without any network. */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#5865f2"/>' +
  '<circle cx="32" cy="27" r="13" fill="#fff"/><rect x="15" y="44" width="34" height="9" rx="4.5" fill="#fff"/></svg>';

/**
 * The site that embeds the assets, on 127.0.0.1 only and on another port than the app (so on
 * another origin, as a real embedding page is): `/page/<name>` serves a gallery page from
 * `pages`, `/icon.svg` a bot icon; anything else is a 404 (a bot icon that fails to load).
 */
export async function startSite(pages: Map<string, string>): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const send = (status: number, type: string, body: string): void => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    };
    if (path === '/icon.svg') return send(200, 'image/svg+xml', ICON_SVG);
    const page = path.startsWith('/page/') ? pages.get(path.slice('/page/'.length)) : undefined;
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
