import { Readable } from 'node:stream';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { robotsTxt } from './robots.js';
import { SITEMAP_PATHS } from './service.js';

const XML = 'application/xml; charset=utf-8';
/** Crawlers come back for the sitemap; an hour old is new enough, and each fetch of a bot file walks the catalog. */
const SITEMAP_CACHE = 'public, max-age=3600';

/**
 * `/robots.txt` and the sitemap (`/sitemap.xml`, the index, and the files it lists). The bot files
 * are streamed from the catalog as the client reads them (service.ts).
 */
export async function seoRoutes(app: App): Promise<void> {
  const { sitemap } = app.services;
  const robots = robotsTxt(app.config.baseUrl);

  // A static file, as the favicon is: no rate limit counts it.
  app.get('/robots.txt', { schema: { hide: true }, config: { rateLimit: 'off' } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots),
  );

  app.get(SITEMAP_PATHS.index, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', SITEMAP_CACHE)
      .send(await sitemap.index()),
  );
  app.get(SITEMAP_PATHS.pages, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', SITEMAP_CACHE)
      .send(await sitemap.pages()),
  );
  app.get('/sitemaps/bots-:n.xml', { schema: { hide: true, params: Type.Object({ n: Type.String() }) } }, async (request, reply) => {
    const { n } = request.params;
    const file = /^[1-9][0-9]*$/.test(n) ? await sitemap.botFile(Number(n)) : undefined;
    if (!file) throw AppError.notFound('No such sitemap file');
    return reply
      .type(XML)
      .header('cache-control', SITEMAP_CACHE)
      .send(Readable.from(file, { objectMode: false }));
  });
}
