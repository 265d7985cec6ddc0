import { notModified } from '../../lib/schemas.js';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { prefers } from '../../lib/accept.js';
import { sendCached } from '../../lib/http.js';
import type { App } from '../../lib/types.js';
import { toEnvelope } from '../../plugins/errors.js';
import { renderErrorBadge } from './render/index.js';
import { errorPage } from './error-page.js';
import { WIDGET_CONTENT_SECURITY_POLICY } from './render/index.js';
import { BadgeQuery, ChartQuery, ChartResponse, embedErrorResponses, EmbedIdParams, HtmlResponse, SvgResponse, WidgetQuery } from './schemas.js';

type EmbedKind = 'badge' | 'widget' | 'chart';

const SVG = 'image/svg+xml; charset=utf-8';
const HTML = 'text/html; charset=utf-8';

/** `/api/badge|widget|chart/{id}`: images and an iframe card, versionless (spec §9). */
export async function embedRoutes(app: App): Promise<void> {
  app.setErrorHandler(embedErrorHandler);
  // Embeds live on other sites: pages that isolate themselves (COEP require-corp) may still load
  // them, scripts may fetch them, and no browser second-guesses their type.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.header('access-control-allow-origin', '*');
    reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });

  app.get(
    '/badge/:id',
    {
      config: { embed: 'badge' satisfies EmbedKind },
      schema: {
        operationId: 'getBadge',
        tags: ['embeds'],
        summary: 'SVG badge (shields.io-like), cached for five minutes',
        params: EmbedIdParams,
        querystring: BadgeQuery,
        response: { 200: SvgResponse, ...notModified, ...embedErrorResponses('image', 'not_found', 'validation_failed') },
      },
    },
    async (request, reply) => {
      const { variant, theme, compact } = request.query;
      const cached = await app.services.embeds.badge(request.params.id, variant, theme, compact === '1' || compact === 'true');
      return sendCached(request, reply, cached, { contentType: SVG, cacheControl: 'public, max-age=300' });
    },
  );

  app.get(
    '/widget/:id',
    {
      config: { embed: 'widget' satisfies EmbedKind },
      schema: {
        operationId: 'getWidget',
        tags: ['embeds'],
        summary: 'HTML bot card for an iframe of 420 × 140, live data',
        params: EmbedIdParams,
        querystring: WidgetQuery,
        response: { 200: HtmlResponse, ...notModified, ...embedErrorResponses('page', 'not_found', 'validation_failed') },
      },
    },
    async (request, reply) => {
      const { theme, lang } = request.query;
      const cached = await app.services.embeds.widget(request.params.id, theme, lang);
      reply.header('content-security-policy', WIDGET_CONTENT_SECURITY_POLICY);
      return sendCached(request, reply, cached, { contentType: HTML, cacheControl: 'public, max-age=60' });
    },
  );

  app.get(
    '/chart/:id',
    {
      config: { embed: 'chart' satisfies EmbedKind },
      schema: {
        operationId: 'getChart',
        tags: ['embeds'],
        summary: 'Daily server count as an image: SVG, or PNG with format=png or Accept: image/png',
        params: EmbedIdParams,
        querystring: ChartQuery,
        response: { 200: ChartResponse, ...notModified, ...embedErrorResponses('image', 'not_found', 'validation_failed') },
      },
    },
    async (request, reply) => {
      const { range, theme } = request.query;
      const format =
        request.query.format ?? (prefers(request.headers.accept, 'image/png', ['image/svg+xml']) ? 'png' : 'svg');
      const cached = await app.services.embeds.chart(request.params.id, range as 7 | 30 | 90 | 365, theme, format);
      reply.header('vary', 'accept');
      return sendCached(request, reply, cached, {
        contentType: format === 'png' ? 'image/png' : SVG,
        cacheControl: 'public, max-age=300',
      });
    },
  );
}

/**
 * An embed's error must still render where it is embedded: an `<img>` gets an SVG saying what
 * went wrong, an iframe an HTML page. A client that asks for JSON gets the usual envelope.
 */
function embedErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const kind = (request.routeOptions.config as { embed?: EmbedKind }).embed;
  const { status, body, headers } = toEnvelope(error, request);
  const json = prefers(request.headers.accept, 'application/json', ['image/svg+xml', 'text/html', 'image/png']);
  if (!kind || json) throw error;
  if (status >= 500) request.log.error({ err: error }, 'embed failed');
  const message = body.error.code === 'not_found' ? 'not found' : body.error.code.replaceAll('_', ' ');
  void reply.code(status).headers(headers ?? {}).header('cache-control', 'no-cache');
  if (kind === 'widget') {
    return reply
      .header('content-security-policy', WIDGET_CONTENT_SECURITY_POLICY)
      .type(HTML)
      .send(errorPage(message, body.error.message));
  }
  const theme = (request.query as { theme?: string }).theme;
  return reply.type(SVG).send(
    renderErrorBadge(message, body.error.message, {
      theme: theme === 'dark' || theme === 'light' ? theme : undefined,
      compact: false,
    }),
  );
}
