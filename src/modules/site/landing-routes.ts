import { prefers } from '../../lib/accept.js';
import type { App } from '../../lib/types.js';
import { pickLang } from '../../html/i18n/index.js';

/**
 * `GET /`: a browser goes on to the start page in its language (Accept-Language: /de or /en); a
 * program that asks for JSON gets the service's index: its name, version and where to read on.
 */
export async function pageRoutes(app: App, options: { version: string }): Promise<void> {
  const { baseUrl } = app.config;
  const links = {
    docs: `${baseUrl}/docs`,
    openapi: `${baseUrl}/api/v1/openapi.json`,
    adminDocs: `${baseUrl}/admin/docs`,
    health: `${baseUrl}/health/ready`,
  };

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('vary', 'accept, accept-language');
    if (prefers(request.headers.accept, 'application/json', ['text/html'])) {
      return reply.type('application/json; charset=utf-8').send({ name: 'Bot Directory', version: options.version, links });
    }
    return reply.redirect(`/${pickLang(undefined, request.headers['accept-language'])}`, 302);
  });
}
