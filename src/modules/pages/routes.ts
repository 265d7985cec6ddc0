import { Type } from 'typebox';
import { prefers } from '../../lib/accept.js';
import type { App } from '../../lib/types.js';
import { escapeHtml, page, PAGE_CONTENT_SECURITY_POLICY } from './layout.js';

const HTML = 'text/html; charset=utf-8';

/**
 * `GET /`: what this service is, its version and where to read on. `GET /{lang}/bots/{slug}`: where
 * the widget's vote button lands when SITE_URL is not set (it defaults to this service's own
 * address). The vote page belongs to the operator's website; until there is one, this page says so
 * and names the setting, instead of a 404.
 */
export async function pageRoutes(app: App, options: { version: string }): Promise<void> {
  const { baseUrl, siteUrl } = app.config;
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
    return reply.type(HTML).send(
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

  // Two static prefixes, not `/:lang/…`: a parameter there would claim `/api/bots/…` and the like.
  for (const lang of ['en', 'de'] as const) {
    app.get(`/${lang}/bots/:slug`, { schema: { hide: true, params: Type.Object({ slug: Type.String({ maxLength: 100 }) }) } }, async (request, reply) => {
      const { slug } = request.params;
      const text = lang === 'de' ? GERMAN : ENGLISH;
      reply.header('cache-control', 'public, max-age=60');
      return reply.type(HTML).send(
        page(
          lang,
          text.title,
          `<h1>${text.title}</h1><p>${text.lead(`<code>${escapeHtml(slug)}</code>`)}</p>` +
            `<p>${text.siteUrl(siteUrl !== baseUrl)}</p>` +
            `<p><a href="${escapeHtml(`${baseUrl}/api/v1/bots?search=${encodeURIComponent(slug.replaceAll('-', ' '))}`)}">${text.api}</a> · ` +
            `<a href="${escapeHtml(links.docs)}">${text.docs}</a></p>`,
        ),
      );
    });
  }
}

const ENGLISH = {
  title: 'Voting happens on the directory’s website',
  lead: (slug: string) => `You followed a vote button for the bot ${slug}. Votes are cast on the operator’s website, which this service (the directory’s API) serves.`,
  siteUrl: (configured: boolean) =>
    configured
      ? 'This address is not that website.'
      : 'Its address is not configured yet: the operator sets <code>SITE_URL</code> to the website, and the vote buttons of embedded widgets then link to <code>SITE_URL/{lang}/bots/{slug}</code> there.',
  api: 'The bot in the API',
  docs: 'API reference',
};

const GERMAN = {
  title: 'Abgestimmt wird auf der Website des Verzeichnisses',
  lead: (slug: string) => `Du bist einem Abstimmungs-Knopf für den Bot ${slug} gefolgt. Abgestimmt wird auf der Website des Betreibers, die dieser Dienst (die API des Verzeichnisses) versorgt.`,
  siteUrl: (configured: boolean) =>
    configured
      ? 'Diese Adresse ist nicht diese Website.'
      : 'Ihre Adresse ist noch nicht eingestellt: Der Betreiber setzt <code>SITE_URL</code> auf die Website, dann führen die Abstimmungs-Knöpfe eingebetteter Widgets zu <code>SITE_URL/{lang}/bots/{slug}</code> dort.',
  api: 'Der Bot in der API',
  docs: 'API-Referenz',
};
