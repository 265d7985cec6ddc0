import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seed } from '../../../scripts/seed.js';
import { sampleBots, type SampleBot } from '../../fixtures.js';
import { ADMIN_TOKEN } from '../../helpers.js';
import { HOSTILE_NAME } from './render/fixtures.js';

export type OptionBot = 'melody' | 'longest' | 'hostile' | 'iconic' | 'newbie';
type Body = SampleBot & {
  slugs: { de: string; en: string };
  iconUrl: string;
  isVerified: boolean;
  platformServerCount: number | null;
};

/** A 64 × 64 PNG icon as a data: URI, drawn here (no file, no network): the kind of icon a badge may show. */
export function dataIconPng(): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="14" fill="#eb459e"/>' +
    '<circle cx="32" cy="26" r="12" fill="#fff"/><rect x="14" y="42" width="36" height="10" rx="5" fill="#fff"/></svg>';
  return `data:image/png;base64,${new Resvg(svg).render().asPng().toString('base64')}`;
}

/**
 * The bots of the option gallery, loaded through the management API with the seed helper (reviews,
 * votes, a year of history): melody (verified), longest (the sample's longest name and
 * descriptions), hostile (the XSS name), iconic (an icon stored as a data: URI, set in the
 * database because the management API takes http(s) icons only) and newbie (no history: one day).
 */
export async function loadOptionBots(app: FastifyInstance): Promise<Record<OptionBot, Body>> {
  const sample = sampleBots() as Body[];
  const melody = sample.find((bot) => bot.name === 'Melody') ?? sample[0]!;
  const longest = sample.reduce((best, bot) => (Array.from(bot.name).length > Array.from(best.name).length ? bot : best));
  const extra = (id: string, slug: string, fields: Partial<Body>): Body => ({
    ...melody,
    id,
    slugs: { de: slug, en: slug },
    published: true,
    ...fields,
  });
  const seeded: Record<Exclude<OptionBot, 'newbie'>, Body> = {
    melody: { ...melody, isVerified: true, published: true },
    longest: { ...longest, published: true },
    hostile: extra('990000000000000012', 'hostile', { name: HOSTILE_NAME, isVerified: false }),
    iconic: extra('990000000000000013', 'iconic', { name: 'Iconic', isVerified: true }),
  };
  const dir = mkdtempSync(join(tmpdir(), 'embed-options-'));
  try {
    writeFileSync(join(dir, 'bots.json'), JSON.stringify(Object.values(seeded)));
    await seed(app, join(dir, 'bots.json'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const newbie = extra('990000000000000014', 'newbie', { name: 'Newbie', platformServerCount: 42, isVerified: false });
  const { id, ...body } = newbie;
  const put = await app.inject({
    method: 'PUT',
    url: `/admin/v1/bots/${id}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: body,
  });
  expect(put.statusCode, put.body).toBe(201);
  await app.db.query('UPDATE bots SET icon_url = $2 WHERE id = $1', [seeded.iconic.id, dataIconPng()]);
  app.changes.emit({ kind: 'bot', botId: seeded.iconic.id, aspect: 'profile' });
  return { ...seeded, newbie };
}

/**
 * A README as GitHub renders Markdown: `[![alt](src)](href)` becomes a link around an image inside
 * a paragraph of `.markdown-body`, images at most 100 % wide, on the page's background.
 */
export function markdownPage(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>
body{margin:0;background:#fff;color:#1f2328}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}}
.markdown-body{box-sizing:border-box;max-width:1380px;padding:16px 24px;font:16px/1.5 -apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif}
.markdown-body h2{font-size:1.2em;margin:16px 0 8px;padding-bottom:.3em;border-bottom:1px solid #d1d9e0}
.markdown-body h3{font-size:.9em;margin:8px 0 4px;font-weight:600}
.markdown-body p{margin:0 0 10px}
.markdown-body img{max-width:100%;box-sizing:content-box;border-style:none;vertical-align:middle}
.markdown-body a{color:#0969da}
iframe{border:0;display:inline-block;vertical-align:middle;margin:2px}
.docs{display:flex;width:max-content}.docs>div{padding:10px 12px;display:flex;gap:6px;align-items:center}
.docs .on-light{background:#fff}.docs .on-dark{background:#0d1117}
</style></head><body><article class="markdown-body">${body}</article></body></html>`;
}

/** A page that records dialogs and blocks (and records) every request that leaves 127.0.0.1. */
export async function guardedPage(
  browser: Browser,
  viewport: { width: number; height: number },
  deviceScaleFactor: number,
  dialogs: string[],
  foreign: string[],
): Promise<Page> {
  const page = await browser.newPage({ viewport, deviceScaleFactor });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('data:') || new URL(url).hostname === '127.0.0.1') return route.continue();
    foreign.push(url);
    return route.abort();
  });
  return page;
}

/**
 * A screenshot of the whole page. Chromium does not paint cross-origin iframes outside the
 * viewport, so the viewport grows to the page first.
 */
export async function screenshotWholePage(page: Page, path: string): Promise<void> {
  const before = page.viewportSize()!;
  const height = await page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement.scrollHeight,
  );
  await page.setViewportSize({ width: before.width, height: Math.min(height, 16_000) });
  await page.screenshot({ path, fullPage: true });
  await page.setViewportSize(before);
}
