import type { ErrorCode } from '../../lib/errors.js';
import { ErrorResponse, errorResponses } from '../../lib/schemas.js';
import { Type, type Static } from 'typebox';
import {
  BADGE_COLOUR_PATTERN,
  CHART_HEIGHT,
  CHART_SIZE_LIMITS,
  CHART_WIDTH,
  MIN_RELATIVE_SPAN,
  NAMED_BADGE_COLOURS,
} from './render/index.js';

const Theme = Type.Enum(['dark', 'light'], {
  type: 'string',
  description: 'Omitted: follows the viewer’s system setting (prefers-color-scheme)',
});

const BadgeVariant = Type.Enum(['votes', 'servers', 'rating', 'votes_total', 'status', 'rating_stars'], {
  type: 'string',
  default: 'servers',
  description:
    'servers (default): serverCount; votes: votes this month; rating: average, star and count; ' +
    'votes_total: votes of all time; status: verified or unverified; rating_stars: the average as five stars and the count',
});

/** The language of an embed's labels, numbers and dates (and of a widget's or card's description). */
const EmbedLang = Type.Enum(['de', 'en'], { type: 'string', default: 'en', description: 'Language of labels, numbers and dates' });

/** `1`/`true` switch an option on, `0`/`false` (and omission) leave it off. */
const Flag = (description: string) => Type.Optional(Type.Enum(['1', '0', 'true', 'false'], { type: 'string', description }));

/** Hex (3 or 6 digits, `#` optional: send it as %23) or a name of shields.io's palette. */
const BadgeColour = (description: string) =>
  Type.Optional(
    Type.String({
      pattern: BADGE_COLOUR_PATTERN,
      maxLength: 13,
      description: `${description}: hex (ff69b4, %23ff69b4, f69) or ${Object.keys(NAMED_BADGE_COLOURS).join(', ')}`,
    }),
  );

export const BadgeQuery = Type.Object({
  variant: BadgeVariant,
  theme: Type.Optional(Theme),
  compact: Flag('1 drops the label'),
  style: Type.Optional(
    Type.Enum(['flat', 'flat-square', 'for-the-badge', 'plastic', 'social'], {
      type: 'string',
      description: 'shields.io style; default flat',
    }),
  ),
  // No control characters: they have no business in a label and XML forbids most of them.
  label: Type.Optional(
    Type.String({
      maxLength: 40,
      pattern: '^[^\\u0000-\\u001f\\u007f]*$',
      description: 'Replaces the label (at most 40 characters); empty drops it',
    }),
  ),
  color: BadgeColour('Background of the value'),
  labelColor: BadgeColour('Background of the label'),
  logo: Flag("1 shows a logo: the bot's icon when stored as a data: URI, else the directory's"),
  lang: EmbedLang,
});
export type BadgeQuery = Static<typeof BadgeQuery>;

export const ShieldsQuery = Type.Object({ variant: BadgeVariant, lang: EmbedLang });
export type ShieldsQuery = Static<typeof ShieldsQuery>;

export const WidgetQuery = Type.Object({
  theme: Type.Optional(Theme),
  lang: EmbedLang,
});
export type WidgetQuery = Static<typeof WidgetQuery>;

export const CardQuery = Type.Object({
  theme: Type.Enum(['auto', 'dark', 'light'], { type: 'string', default: 'auto', description: 'auto follows the viewer’s system setting' }),
  lang: EmbedLang,
});
export type CardQuery = Static<typeof CardQuery>;

/** The card's PNG takes the SVG card's parameters; a picture cannot follow the viewer, so `auto` is light. */
export const CardPngQuery = Type.Object({
  theme: Type.Enum(['auto', 'dark', 'light'], { type: 'string', default: 'auto', description: 'auto draws the light theme' }),
  lang: CardQuery.properties.lang,
});
export type CardPngQuery = Static<typeof CardPngQuery>;

const { width: widthLimits, height: heightLimits } = CHART_SIZE_LIMITS;

export const ChartQuery = Type.Object({
  range: Type.Integer({ enum: [7, 30, 90, 365], default: 30, description: 'Days' }),
  theme: Type.Enum(['auto', 'dark', 'light'], { type: 'string', default: 'auto' }),
  format: Type.Optional(Type.Enum(['svg', 'png'], { type: 'string', description: 'Default svg; png also when Accept asks for image/png' })),
  scale: Type.Enum(['auto', 'zero'], {
    type: 'string',
    default: 'auto',
    description: `auto: near the data, spanning at least ${MIN_RELATIVE_SPAN * 100} % of the top value; zero: from 0`,
  }),
  width: Type.Integer({ minimum: widthLimits.min, maximum: widthLimits.max, default: CHART_WIDTH, description: 'Pixels' }),
  height: Type.Integer({ minimum: heightLimits.min, maximum: heightLimits.max, default: CHART_HEIGHT, description: 'Pixels' }),
  dpr: Type.Integer({
    enum: [1, 2],
    default: 1,
    description: 'PNG only: 2 renders twice the pixels for high-density screens (a PNG is at most 1280 × 640 pixels)',
  }),
  lang: EmbedLang,
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
export const CardResponse = { description: 'SVG image of 420 × 140', content: { 'image/svg+xml': svg } };
const png = { schema: Type.String({ contentMediaType: 'image/png' }) };
export const CardPngResponse = { description: 'PNG image of 1200 × 630', content: { 'image/png': png } };
/** shields.io's endpoint-badge JSON, schema version 1 (the fields we send). */
export const ShieldsResponse = Type.Object(
  {
    schemaVersion: Type.Literal(1),
    label: Type.String(),
    message: Type.String({ minLength: 1 }),
    color: Type.String({ description: 'Hex without #' }),
    cacheSeconds: Type.Integer({ minimum: 300 }),
  },
  { description: 'shields.io endpoint-badge JSON: use as https://img.shields.io/endpoint?url=<this URL, encoded>' },
);
export const HtmlResponse = {
  description: 'HTML document for an iframe of 420 × 140',
  content: { 'text/html': html },
};
export const ChartResponse = {
  description: 'SVG image, or PNG with format=png or Accept: image/png',
  content: { 'image/svg+xml': svg, 'image/png': png },
};
