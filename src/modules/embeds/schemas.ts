import type { ErrorCode } from '../../lib/errors.js';
import { ErrorResponse, errorResponses } from '../../lib/schemas.js';
import { Type, type Static } from 'typebox';

const Theme = Type.Enum(['dark', 'light'], {
  type: 'string',
  description: 'Omitted: follows the viewer’s system setting (prefers-color-scheme)',
});

export const BadgeQuery = Type.Object({
  variant: Type.Enum(['votes', 'servers', 'rating'], {
    type: 'string',
    default: 'servers',
    description: 'servers (default): serverCount; votes: votes this month; rating: average, star and count',
  }),
  theme: Type.Optional(Theme),
  compact: Type.Optional(Type.Enum(['1', '0', 'true', 'false'], { type: 'string', description: '1 drops the label' })),
});
export type BadgeQuery = Static<typeof BadgeQuery>;

export const WidgetQuery = Type.Object({
  theme: Type.Optional(Theme),
  lang: Type.Enum(['de', 'en'], { type: 'string', default: 'en' }),
});
export type WidgetQuery = Static<typeof WidgetQuery>;

export const ChartQuery = Type.Object({
  range: Type.Integer({ enum: [7, 30, 90, 365], default: 30, description: 'Days' }),
  theme: Type.Enum(['auto', 'dark', 'light'], { type: 'string', default: 'auto' }),
  format: Type.Optional(
    Type.Enum(['svg', 'png'], { type: 'string', description: 'Default svg; png also when Accept asks for image/png' }),
  ),
});
export type ChartQuery = Static<typeof ChartQuery>;

export const EmbedIdParams = Type.Object({ id: Type.String({ description: 'The bot application ID' }) });

/**
 * Success bodies by media type, so the OpenAPI document says image/svg+xml, text/html and
 * image/png instead of the generator's default application/json. The bodies are sent as
 * ready-made strings and buffers: Fastify does not serialize them.
 */
const svg = { schema: Type.String({ contentMediaType: 'image/svg+xml' }) };
const html = { schema: Type.String({ contentMediaType: 'text/html' }) };

/**
 * Errors of an embed: the JSON envelope for clients that ask for JSON, otherwise an image (or a
 * page) that says what went wrong where the asset is embedded.
 */
export function embedErrorResponses(kind: 'image' | 'page', ...codes: ErrorCode[]) {
  const rendered = kind === 'image' ? { 'image/svg+xml': svg } : { 'text/html': html };
  return Object.fromEntries(
    Object.entries(errorResponses(...codes)).map(([status, envelope]) => [
      status,
      {
        description: (envelope as { description?: string }).description,
        content: { 'application/json': { schema: ErrorResponse }, ...rendered },
      },
    ]),
  );
}
export const SvgResponse = { description: 'SVG image', content: { 'image/svg+xml': svg } };
export const HtmlResponse = {
  description: 'HTML document for an iframe of 420 × 140',
  content: { 'text/html': html },
};
export const ChartResponse = {
  description: 'SVG image, or PNG with format=png or Accept: image/png',
  content: { 'image/svg+xml': svg, 'image/png': { schema: Type.String({ contentMediaType: 'image/png' }) } },
};
