/**
 * Renderers of the embeddable assets (spec §4 "Embeddable assets"): badge (SVG), its
 * shields.io endpoint JSON, widget (HTML for an iframe), card (the widget as an SVG image, and
 * as a PNG for link previews) and server-count chart (SVG or PNG). Pure functions: the HTTP
 * layer loads the data and owns caching, ETags and status codes.
 */
export { renderBadge, renderErrorBadge, renderNotFoundBadge } from './badge.js';
export { BADGE_LABELS } from './badge-labels.js';
export { BADGE_HEIGHTS } from './badge-styles.js';
export { renderCard, CARD_HEIGHT, CARD_WIDTH } from './card.js';
export { CARD_PNG_HEIGHT, CARD_PNG_WIDTH, renderCardPng } from './card-png.js';
export { bundledFontFiles, CHART_PNG_MAX_PIXELS, pngSizeAllowed, renderChartPng } from './chart-png.js';
export { CHART_LABELS } from './chart-labels.js';
export { MIN_RELATIVE_SPAN } from './chart-scale.js';
export { CHART_HEIGHT, CHART_SIZE_LIMITS, CHART_WIDTH, renderChartSvg, renderSeriesSvg, type SeriesChart } from './chart-svg.js';
export { BADGE_COLOUR_PATTERN, NAMED_BADGE_COLOURS, readableTextOn } from './colour.js';
export { shieldsEndpoint, type ShieldsEndpoint } from './shields.js';
export { shortNumber } from './short-number.js';
export type {
  BadgeOptions,
  BadgeStyle,
  BadgeVariant,
  CardOptions,
  ChartOptions,
  ChartPngOptions,
  ChartSeries,
  ChartTheme,
  EmbedBot,
  Lang,
  NotFoundBadgeOptions,
  Theme,
  WidgetOptions,
} from './types.js';
export { WIDGET_CONTENT_SECURITY_POLICY, renderWidget } from './widget.js';
export { WIDGET_LABELS } from './widget-labels.js';
