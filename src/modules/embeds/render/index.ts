/**
 * Renderers of the embeddable assets (spec §4 "Embeddable assets"): badge (SVG), widget
 * (HTML for an iframe) and server-count chart (SVG or PNG). Pure functions: the HTTP
 * layer loads the data and owns caching, ETags and status codes.
 */
export { renderBadge, renderErrorBadge, renderNotFoundBadge } from './badge.js';
export { renderChartPng } from './chart-png.js';
export { CHART_HEIGHT, CHART_WIDTH, renderChartSvg } from './chart-svg.js';
export { shortNumber } from './short-number.js';
export type {
  BadgeOptions,
  BadgeVariant,
  ChartOptions,
  ChartSeries,
  ChartTheme,
  EmbedBot,
  Lang,
  NotFoundBadgeOptions,
  Theme,
  WidgetOptions,
} from './types.js';
export { WIDGET_CONTENT_SECURITY_POLICY, renderWidget } from './widget.js';
