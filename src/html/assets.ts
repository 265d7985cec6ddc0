import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { App } from '../lib/types.js';

interface Asset {
  body: Buffer;
  type: string;
  /** `/assets/<name>?v=<hash>`: a new version is a new URL, so browsers may keep each one for a year. */
  url: string;
}

function load(name: string, type: string): Asset {
  const body = readFileSync(new URL(`./assets/${name}`, import.meta.url));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  return { body, type, url: `/assets/${name}?v=${hash}` };
}

/** The pages' stylesheet and their one small script, read once at start. */
export const ASSETS = { css: load('site.css', 'text/css; charset=utf-8'), js: load('site.js', 'text/javascript; charset=utf-8') };

export async function assetRoutes(app: App): Promise<void> {
  for (const [name, asset] of [
    ['site.css', ASSETS.css],
    ['site.js', ASSETS.js],
  ] as const) {
    // Every page view loads them: counting them would spend a visitor's page requests on files.
    app.get(`/assets/${name}`, { schema: { hide: true }, config: { rateLimit: 'off' } }, async (_request, reply) =>
      reply
        .type(asset.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(asset.body),
    );
  }
}
