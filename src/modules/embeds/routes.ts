import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { prefers } from '../../lib/accept.js';
import { AppError } from '../../lib/errors.js';
import { errorResponses, notModified } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { fact } from '../changes/facts.js';
import { toEnvelope } from '../../plugins/errors.js';
import { errorPage } from './error-page.js';
import { parseBadgeColour } from './render/colour.js';
import {
  BADGE_HEIGHTS,
  BADGE_LABELS,
  CHART_PNG_MAX_PIXELS,
  pngSizeAllowed,
  renderErrorBadge,
  WIDGET_CONTENT_SECURITY_POLICY,
  type BadgeStyle,
} from './render/index.js';
import {
  BadgeQuery,
  CardPngQuery,
  CardPngResponse,
  CardQuery,
  CardResponse,
  ChartQuery,
  ChartResponse,
  embedErrorResponses,
  EmbedIdParams,
  HtmlResponse,
  ShieldsQuery,
  ShieldsResponse,
  SvgResponse,
  WidgetQuery,
} from './schemas.js';
import type { BadgeExtras } from './service.js';

/** How a route's errors are shown: as an image, a page, or (shields) the JSON envelope. */
type EmbedKind = 'badge' | 'widget' | 'chart' | 'card' | 'shields';

const SVG = 'image/svg+xml; charset=utf-8';
const HTML = 'text/html; charset=utf-8';

/** What every embed but the chart shows of a bot: it is dropped when any of these changes. */
function shownFacts(id: string): string[] {
  return [fact.bot(id), fact.votes(id), fact.stats(id), fact.reviews(id)];
}

/**
 * `/api/badge|widget|chart|card/…`: images, an iframe card and shields.io JSON, versionless (spec §9).
 * Badge, card and widget answers count an impression of a published bot, with the embedding page's host.
 */
export async function embedRoutes(app: App): Promise<void> {
  const { embeds, analytics } = app.services;
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
        description:
          "An SVG badge with one of the bot's figures, in the shields.io styles, for Markdown and web pages; an error is an SVG too. Counts can be up to five minutes old.",
        tags: ['embeds'],
        summary: 'SVG badge (shields.io-like), cached for five minutes',
        params: EmbedIdParams,
        querystring: BadgeQuery,
        response: { 200: SvgResponse, ...notModified, ...embedErrorResponses('image', 'not_found', 'validation_failed') },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { variant, theme, lang } = request.query;
      const compact = request.query.compact === '1' || request.query.compact === 'true';
      const extras = badgeExtras(request.query);
      // The label goes last and JSON-quoted: it is the only part that may contain ':'.
      analytics.count('badge_views', id, request);
      const extraKey = extras
        ? `:${extras.style ?? 'flat'}:${extras.color ?? ''}:${extras.labelColor ?? ''}:${extras.logo ? 1 : 0}:${JSON.stringify(extras.label ?? null)}`
        : '';
      reply.answer(
        {
          key: `badge:${id}:${variant}:${theme ?? ''}:${compact}:${lang}${extraKey}`,
          facts: shownFacts(id),
          ttlMs: embeds.ttlMs('badge'),
          type: SVG,
          cacheControl: 'public, max-age=300',
        },
        () => embeds.badge(id, variant, theme, compact, lang, extras),
      );
    },
  );

  app.get(
    '/badge/:id/shields.json',
    {
      config: { embed: 'shields' satisfies EmbedKind },
      schema: {
        operationId: 'getBadgeShields',
        description: "The badge's label, message and colour as shields.io's endpoint JSON, for `https://img.shields.io/endpoint?url=…`.",
        tags: ['embeds'],
        summary: 'The badge as shields.io endpoint JSON (img.shields.io/endpoint?url=…), cached for five minutes',
        params: EmbedIdParams,
        querystring: ShieldsQuery,
        response: { 200: ShieldsResponse, ...notModified, ...errorResponses('not_found', 'validation_failed') },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { variant, lang } = request.query;
      reply.answer(
        {
          key: `shields:${id}:${variant}:${lang}`,
          facts: shownFacts(id),
          ttlMs: embeds.ttlMs('shields'),
          cacheControl: 'public, max-age=300',
        },
        () => embeds.shields(id, variant, lang),
      );
    },
  );

  app.get(
    '/card/:id.svg',
    {
      config: { embed: 'card' satisfies EmbedKind },
      schema: {
        operationId: 'getCard',
        description:
          "The widget's content as an SVG image of 420 × 140, for pages that allow images only (READMEs, forums); light, dark or following the viewer's preference.",
        tags: ['embeds'],
        summary: 'The widget as an SVG image of 420 × 140 (for READMEs and forums that allow images only), live data',
        params: EmbedIdParams,
        querystring: CardQuery,
        response: { 200: CardResponse, ...notModified, ...embedErrorResponses('image', 'not_found', 'validation_failed') },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { lang } = request.query;
      const theme = request.query.theme === 'auto' ? undefined : request.query.theme;
      analytics.count('card_views', id, request);
      reply.answer(
        {
          key: `card:${id}:${theme ?? ''}:${lang}`,
          facts: shownFacts(id),
          ttlMs: embeds.ttlMs('card'),
          type: SVG,
          cacheControl: 'public, max-age=60',
        },
        () => embeds.card(id, theme, lang),
      );
    },
  );

  app.get(
    '/card/:id.png',
    {
      config: { embed: 'card' satisfies EmbedKind },
      schema: {
        operationId: 'getCardPng',
        description:
          "The card as a PNG image of 1200 × 630, the size of a link preview (OpenGraph, Twitter's large card): bot pages name it as their og:image. `auto` draws the light theme, as a PNG cannot follow the viewer.",
        tags: ['embeds'],
        summary: 'The card as a PNG image of 1200 × 630 for link previews, live data',
        params: EmbedIdParams,
        querystring: CardPngQuery,
        response: { 200: CardPngResponse, ...notModified, ...embedErrorResponses('image', 'not_found', 'validation_failed') },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { lang } = request.query;
      const theme = request.query.theme === 'dark' ? 'dark' : 'light';
      analytics.count('card_views', id, request);
      reply.answer(
        {
          key: `card-png:${id}:${theme}:${lang}`,
          facts: shownFacts(id),
          ttlMs: embeds.ttlMs('cardPng'),
          type: 'image/png',
          cacheControl: 'public, max-age=300',
        },
        () => embeds.cardPng(id, theme, lang),
      );
    },
  );

  app.get(
    '/widget/:id',
    {
      config: { embed: 'widget' satisfies EmbedKind },
      schema: {
        operationId: 'getWidget',
        description:
          "An HTML card of 420 × 140 for an `<iframe>`: the bot's icon, name, figures and a vote link, in German or English; served with a strict Content-Security-Policy.",
        tags: ['embeds'],
        summary: 'HTML bot card for an iframe of 420 × 140, live data',
        params: EmbedIdParams,
        querystring: WidgetQuery,
        response: { 200: HtmlResponse, ...notModified, ...embedErrorResponses('page', 'not_found', 'validation_failed') },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { theme, lang } = request.query;
      reply.header('content-security-policy', WIDGET_CONTENT_SECURITY_POLICY);
      analytics.count('widget_views', id, request);
      reply.answer(
        {
          key: `widget:${id}:${theme ?? ''}:${lang}`,
          facts: shownFacts(id),
          ttlMs: embeds.ttlMs('widget'),
          type: HTML,
          cacheControl: 'public, max-age=60',
        },
        () => embeds.widget(id, theme, lang),
      );
    },
  );

  app.get(
    '/chart/:id',
    {
      config: { embed: 'chart' satisfies EmbedKind },
      schema: {
        operationId: 'getChart',
        description:
          "The bot's daily server count over 7 to 365 days as an SVG image, or a PNG (`format=png` or `Accept: image/png`), in light or dark, with a zero-based or automatic scale, labelled in English or German.",
        tags: ['embeds'],
        summary: 'Daily server count as an image: SVG, or PNG with format=png or Accept: image/png',
        params: EmbedIdParams,
        querystring: ChartQuery,
        response: { 200: ChartResponse, ...notModified, ...embedErrorResponses('image', 'not_found', 'validation_failed') },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { range, theme, scale, width, height, dpr, lang } = request.query;
      const format = request.query.format ?? (prefers(request.headers.accept, 'image/png', ['image/svg+xml']) ? 'png' : 'svg');
      if (format === 'png' && !pngSizeAllowed(width, height, dpr)) {
        const { width: maxWidth, height: maxHeight } = CHART_PNG_MAX_PIXELS;
        throw AppError.validation([
          {
            field: 'dpr',
            message: `a PNG is at most ${maxWidth} × ${maxHeight} pixels: dpr 2 needs width ≤ ${maxWidth / 2} and height ≤ ${maxHeight / 2}`,
          },
        ]);
      }
      // An SVG has no pixel density: dpr does not make another SVG (nor another cache entry).
      const look = { lang, scale, width, height, dpr: format === 'png' ? (dpr as 1 | 2) : (1 as const) };
      reply.header('vary', 'accept');
      reply.answer(
        {
          key: `chart:${id}:${range}:${theme}:${format}:${scale}:${width}x${height}@${look.dpr}:${lang}`,
          facts: [fact.bot(id), fact.stats(id), fact.history],
          ttlMs: embeds.ttlMs('chart'),
          type: format === 'png' ? 'image/png' : SVG,
          cacheControl: 'public, max-age=300',
        },
        () => embeds.chart(id, range as 7 | 30 | 90 | 365, theme, format, look),
      );
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
  // shields.io reads JSON only (and shows its own error badge for a 4xx).
  if (!kind || kind === 'shields' || json) throw error;
  if (status >= 500) request.log.error({ err: error }, 'embed failed');
  const { theme, style, lang: asked } = request.query as { theme?: string; style?: string; lang?: string };
  // The asked-for language when that parameter itself was valid; the envelope's message is English.
  const lang = asked === 'de' ? 'de' : 'en';
  const labels = BADGE_LABELS[lang];
  const message = labels.problem[body.error.code];
  const description = lang === 'en' ? body.error.message : `${labels.bot}: ${message}`;
  void reply
    .code(status)
    .headers(headers ?? {})
    .header('cache-control', 'no-cache');
  if (kind === 'widget') {
    return reply
      .header('content-security-policy', WIDGET_CONTENT_SECURITY_POLICY)
      .type(HTML)
      .send(errorPage(lang, message, description));
  }
  return reply.type(SVG).send(
    renderErrorBadge(message, description, {
      lang,
      theme: theme === 'dark' || theme === 'light' ? theme : undefined,
      compact: false,
      // A page's row of badges keeps its height: the error badge takes a valid style too.
      style: kind === 'badge' && style !== undefined && Object.hasOwn(BADGE_HEIGHTS, style) ? (style as BadgeStyle) : undefined,
    }),
  );
}

/** The badge options beyond variant/theme/compact, or undefined when the request uses none. */
function badgeExtras(query: BadgeQuery): BadgeExtras | undefined {
  const { style, label, color, labelColor, logo } = query;
  const withLogo = logo === '1' || logo === 'true';
  const styled = style !== undefined && style !== 'flat';
  if (!styled && label === undefined && color === undefined && labelColor === undefined && !withLogo) return undefined;
  return {
    style: styled ? style : undefined,
    label,
    // Validated against the same grammar by the schema; parsed so `red` and `e05d44` share an entry.
    color: color === undefined ? undefined : parseBadgeColour(color),
    labelColor: labelColor === undefined ? undefined : parseBadgeColour(labelColor),
    logo: withLogo,
  };
}
