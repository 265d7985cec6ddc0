import { prefers } from '../../lib/accept.js';
import type { App } from '../../lib/types.js';
import { escapeHtml, page, PAGE_CONTENT_SECURITY_POLICY } from './landing-page.js';

const HTML = 'text/html; charset=utf-8';

/** `GET /`: what this service is, its version and where to read on (the bot pages are in ../site). */
export async function pageRoutes(app: App, options: { version: string }): Promise<void> {
  const { baseUrl } = app.config;
  app.addHook('onSend', async (_request, reply) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', PAGE_CONTENT_SECURITY_POLICY).header('x-content-type-options', 'nosniff');
    }
  });

  const links = {
    docs: `${baseUrl}/docs`,
    openapi: `${baseUrl}/api/v1/openapi.json`,
    adminDocs: `${baseUrl}/admin/docs`,
    health: `${baseUrl}/health/ready`,
  };

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('vary', 'accept');
    if (prefers(request.headers.accept, 'application/json', ['text/html'])) {
      return reply.type('application/json; charset=utf-8').send({ name: 'Bot Directory', version: options.version, links });
    }
    return reply
      .type(HTML)
      .send(
        page(
          'en',
          'Bot Directory',
          `<h1>Bot Directory</h1><p>The API of a directory of chat-platform bots, version ${escapeHtml(options.version)}.</p>` +
            '<ul>' +
            `<li><a href="${escapeHtml(links.docs)}">API reference</a> (public and owner API, embeds)</li>` +
            `<li><a href="${escapeHtml(links.openapi)}">OpenAPI document</a></li>` +
            `<li><a href="${escapeHtml(links.adminDocs)}">Management API reference</a> (calls need the operator token)</li>` +
            `<li><a href="${escapeHtml(links.health)}">Readiness</a></li>` +
            '</ul>',
        ),
      );
  });
}
