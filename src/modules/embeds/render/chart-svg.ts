import { dateTicks, dayNumber, isoDate, valueAxis } from './chart-scale.js';
import { escapeXml } from './escape.js';
import { uniqueId } from './ids.js';
import { CHART_COLOURS, type ChartRole } from './palette.js';
import { fullNumber } from './short-number.js';
import { SvgPaint } from './svg-theme.js';
import { textWidth, truncateToWidth } from './text-width.js';
import type { ChartOptions, ChartSeries, Theme } from './types.js';

export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 320;
const PAD = 20;
const PLOT_TOP = 84;
const PLOT_BOTTOM = CHART_HEIGHT - 44;
const PLOT_RIGHT = CHART_WIDTH - 28;
const TITLE_SIZE = 17;
const SMALL_SIZE = 12;
const TICK_SIZE = 11;
/** DejaVu Sans is the font the PNG is rendered with (see chart-png.ts). */
const FONT_FAMILY = "system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif";

const SOURCE_LABEL: Record<ChartSeries['source'], string> = {
  self: 'reported by the bot',
  platform: 'counted by the platform',
};

interface Point {
  day: number;
  servers: number;
}

/**
 * The daily server count as an SVG of 640 × 320: title (bot name), subtitle (range and
 * source), the newest value, a value axis with shortened numbers and a date axis.
 * Theme 'auto' follows the viewer's system setting through a CSS media query.
 */
export function renderChartSvg(series: ChartSeries, opts: ChartOptions): string {
  const theme: Theme | undefined = opts.theme === 'auto' ? undefined : opts.theme;
  const points = cleanPoints(series);
  const id = uniqueId('chart', [series.botName, series.source, series.rangeDays, opts.theme, JSON.stringify(points)]);
  const paint = new SvgPaint<ChartRole>(id, CHART_COLOURS, theme);
  const text = (x: number, y: number, size: number, role: ChartRole, content: string, extra = ''): string =>
    `<text x="${round(x)}" y="${round(y)}" font-size="${size}"${extra ? ` ${extra}` : ''} ${paint.attrs({ fill: role })}>${escapeXml(content)}</text>`;

  const name = series.botName.trim() || 'Unnamed bot';
  const latest = points.at(-1);
  const subtitle = `Servers · last ${series.rangeDays} days · ${SOURCE_LABEL[series.source]}`;

  let headerRight = '';
  let titleRoom = CHART_WIDTH - 2 * PAD;
  if (latest) {
    // The exact newest count: the axis already shows rounded values.
    const value = fullNumber(latest.servers);
    headerRight =
      text(CHART_WIDTH - PAD, 38, TITLE_SIZE, 'title', value, 'text-anchor="end" font-weight="bold"') +
      text(CHART_WIDTH - PAD, 58, SMALL_SIZE, 'muted', `on ${isoDate(latest.day)}`, 'text-anchor="end"');
    titleRoom -= textWidth(value, { size: TITLE_SIZE, bold: true }) + 24;
  }
  const header =
    text(PAD, 38, TITLE_SIZE, 'title', truncateToWidth(name, titleRoom, { size: TITLE_SIZE, bold: true }), 'font-weight="bold"') +
    text(PAD, 58, SMALL_SIZE, 'muted', truncateToWidth(subtitle, titleRoom, { size: SMALL_SIZE }));

  const body = latest ? plot(points, series.rangeDays, id, paint, text) : emptyState(paint, text);
  const description = latest
    ? `${name}: daily server count over the last ${series.rangeDays} days, ${SOURCE_LABEL[series.source]}; ${fullNumber(latest.servers)} servers on ${isoDate(latest.day)}`
    : `${name}: no server-count data yet`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" id="${id}" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" ` +
    `role="img" aria-label="${escapeXml(description)}" font-family="${FONT_FAMILY}">` +
    `<title>${escapeXml(description)}</title>` +
    `<rect x=".5" y=".5" width="${CHART_WIDTH - 1}" height="${CHART_HEIGHT - 1}" rx="10" ${paint.attrs({ fill: 'bg', stroke: 'border' })}/>` +
    header +
    headerRight +
    body +
    paint.style() +
    `</svg>`
  );
}

type TextFn = (x: number, y: number, size: number, role: ChartRole, content: string, extra?: string) => string;

function plot(points: Point[], rangeDays: number, id: string, paint: SvgPaint<ChartRole>, text: TextFn): string {
  const lastDay = points.at(-1)!.day;
  const firstDay = lastDay - (rangeDays - 1);
  const values = points.map((point) => point.servers);
  const axis = valueAxis(Math.min(...values), Math.max(...values));
  const labelWidth = Math.max(...axis.ticks.map((tick) => textWidth(axis.format(tick), { size: TICK_SIZE })));
  const left = Math.ceil(PAD + labelWidth + 10);
  const x = (day: number): number => left + ((day - firstDay) / Math.max(1, rangeDays - 1)) * (PLOT_RIGHT - left);
  const y = (value: number): number => PLOT_BOTTOM - ((value - axis.min) / (axis.max - axis.min)) * (PLOT_BOTTOM - PLOT_TOP);
  // Half-pixel offsets keep 1 px lines sharp instead of smeared over two pixel rows.
  const crisp = (value: number): number => Math.round(value) + 0.5;

  const grid = axis.ticks
    .map((tick) => {
      const lineY = crisp(y(tick));
      const role: ChartRole = tick === axis.min ? 'axis' : 'grid';
      return (
        `<line x1="${left}" x2="${PLOT_RIGHT}" y1="${lineY}" y2="${lineY}" stroke-width="1" ${paint.attrs({ stroke: role })}/>` +
        text(left - 8, y(tick) + 4, TICK_SIZE, 'muted', axis.format(tick), 'text-anchor="end"')
      );
    })
    .join('');

  const dates = dateTicks(firstDay, lastDay, rangeDays)
    .map((tick) => {
      const tickX = crisp(x(tick.day));
      const half = textWidth(tick.label, { size: TICK_SIZE }) / 2;
      const labelX = Math.min(CHART_WIDTH - PAD - half, Math.max(PAD + half, tickX));
      return (
        `<line x1="${tickX}" x2="${tickX}" y1="${crisp(PLOT_BOTTOM)}" y2="${PLOT_BOTTOM + 5}" ${paint.attrs({ stroke: 'axis' })}/>` +
        text(labelX, PLOT_BOTTOM + 20, TICK_SIZE, 'muted', tick.label, 'text-anchor="middle"')
      );
    })
    .join('');

  const coords = points.map((point) => `${round(x(point.day))},${round(y(point.servers))}`);
  const last = points.at(-1)!;
  const line =
    points.length > 1
      ? `<path d="M${coords.join('L')}V${PLOT_BOTTOM}H${round(x(points[0]!.day))}Z" fill="url(#${id}-fill)"/>` +
        `<path d="M${coords.join('L')}" fill="none" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" ${paint.attrs({ stroke: 'line' })}/>`
      : '';
  const gradient =
    `<defs><linearGradient id="${id}-fill" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-opacity=".24" ${paint.attrs({ 'stop-color': 'line' })}/>` +
    `<stop offset="1" stop-opacity="0" ${paint.attrs({ 'stop-color': 'line' })}/></linearGradient></defs>`;
  const dot = `<circle cx="${round(x(last.day))}" cy="${round(y(last.servers))}" r="4" stroke-width="2" ${paint.attrs({ fill: 'line', stroke: 'dotRing' })}/>`;

  return gradient + grid + dates + line + dot;
}

function emptyState(paint: SvgPaint<ChartRole>, text: TextFn): string {
  const middle = (PLOT_TOP + PLOT_BOTTOM) / 2;
  return (
    `<line x1="${PAD}" x2="${CHART_WIDTH - PAD}" y1="${PLOT_BOTTOM + 0.5}" y2="${PLOT_BOTTOM + 0.5}" ${paint.attrs({ stroke: 'axis' })}/>` +
    text(CHART_WIDTH / 2, middle, 16, 'title', 'No data yet', 'text-anchor="middle" font-weight="bold"') +
    text(CHART_WIDTH / 2, middle + 22, SMALL_SIZE, 'muted', 'The daily server count appears here after the first day is recorded.', 'text-anchor="middle"')
  );
}

/** Valid points inside the range window ending at the newest date, one per day, oldest first. */
function cleanPoints(series: ChartSeries): Point[] {
  const byDay = new Map<number, number>();
  for (const point of series.points) {
    const day = dayNumber(point.date);
    if (day === null || !Number.isFinite(point.servers) || point.servers < 0) continue;
    byDay.set(day, Math.round(point.servers));
  }
  const sorted = [...byDay].map(([day, servers]) => ({ day, servers })).sort((a, b) => a.day - b.day);
  const lastDay = sorted.at(-1)?.day;
  return lastDay === undefined ? [] : sorted.filter((point) => point.day > lastDay - series.rangeDays);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
