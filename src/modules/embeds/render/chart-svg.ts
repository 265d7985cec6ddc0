import { CHART_LABELS } from './chart-labels.js';
import { axisRange, dateTicks, dayNumber, fullDate, valueAxis } from './chart-scale.js';
import { escapeXml } from './escape.js';
import { uniqueId } from './ids.js';
import { CHART_COLOURS, type ChartRole } from './palette.js';
import { fullNumber, localiseDecimal } from './short-number.js';
import { SvgPaint } from './svg-theme.js';
import { textWidth, truncateToWidth, wrapToWidth } from './text-width.js';
import type { ChartOptions, ChartSeries, Lang, Theme } from './types.js';

export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 320;
/** `width` and `height` a caller may ask for: small enough for a sidebar, at most 1280 × 640. */
export const CHART_SIZE_LIMITS = { width: { min: 320, max: 1280 }, height: { min: 200, max: 640 } } as const;
const PAD = 20;
/** Header (title, subtitle) and legend above the plot; date labels below it. */
const PLOT_TOP = 92;
const LEGEND_BASELINE = 76;
/** Top of the area a message (no data yet, collecting data) is centred in: there is no legend. */
const MESSAGE_TOP = 84;
const BOTTOM_MARGIN = 44;
const RIGHT_MARGIN = 28;
const TITLE_SIZE = 17;
const SMALL_SIZE = 12;
const TICK_SIZE = 11;
/** Date labels closer than this (px) would touch: the older one is left out. */
const DATE_LABEL_GAP = 8;
/** DejaVu Sans is the font the PNG is rendered with (see chart-png.ts). */
const FONT_FAMILY = "system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif";

interface Point {
  day: number;
  servers: number;
}

interface Frame {
  width: number;
  height: number;
  plotBottom: number;
  plotRight: number;
}

type TextFn = (x: number, y: number, size: number, role: ChartRole, content: string, extra?: string) => string;

/**
 * The daily server count as an SVG (640 × 320 unless asked otherwise): title (bot name),
 * subtitle (range and source), the newest value, a legend, a value axis with shortened numbers
 * and a date axis, in `lang` (default English). Theme 'auto' follows the viewer's system setting
 * through a CSS media query.
 */
export function renderChartSvg(series: ChartSeries, opts: ChartOptions): string {
  const lang = opts.lang ?? 'en';
  const labels = CHART_LABELS[lang];
  const points = cleanPoints(series.points, series.rangeDays);
  const scale = opts.scale ?? 'auto';
  const parts: unknown[] = [series.botName, series.source, series.rangeDays, opts.theme, JSON.stringify(points)];
  if (scale !== 'auto' || (opts.width ?? CHART_WIDTH) !== CHART_WIDTH || (opts.height ?? CHART_HEIGHT) !== CHART_HEIGHT)
    parts.push(scale, opts.width ?? CHART_WIDTH, opts.height ?? CHART_HEIGHT);
  // English charts keep the ids (and so the bytes) they had before charts had a language.
  if (lang !== 'en') parts.push(lang);

  const name = series.botName.trim() || labels.unnamed;
  const latest = points.at(-1);
  const source = labels.source[series.source];
  const description = latest
    ? points.length >= 2
      ? labels.describeSeries(name, series.rangeDays, source, fullNumber(latest.servers, lang), fullDate(latest.day, lang))
      : labels.describeOneDay(name, fullNumber(latest.servers, lang), fullDate(latest.day, lang), source)
    : labels.describeNoData(name);
  return drawChart(
    {
      title: name,
      subtitle: labels.subtitle(series.rangeDays, source),
      // The exact newest count: the axis already shows rounded values.
      headline: latest && { value: fullNumber(latest.servers, lang), detail: labels.countedOn(fullDate(latest.day, lang)) },
      legend: labels.legend(source),
      message: latest
        ? { title: labels.collectingSince(fullDate(latest.day, lang)), detail: labels.collectingDetail }
        : { title: labels.noData, detail: labels.noDataDetail },
      description,
    },
    points,
    series.rangeDays,
    opts,
    uniqueId('chart', parts as (string | number)[]),
  );
}

/** A daily series of any count, its texts written by the caller in the reader's language. */
export interface SeriesChart {
  /** One value per day (YYYY-MM-DD); days outside the range ending at the newest are left out. */
  points: { date: string; value: number }[];
  rangeDays: number;
  title: string;
  subtitle: string;
  /** Top right: a figure, bold, and a line under it (a window's total and what it is). */
  headline?: { value: string; detail: string };
  /** What the line is. */
  legend: string;
  /** Shown instead of the line when there are fewer than two days. */
  message: { title: string; detail: string };
  /** The accessible name (`aria-label`, `<title>`). */
  description: string;
}

/**
 * A daily series as the server-count chart draws it (same frame, axes, colours and themes), for
 * counts other than servers: the dashboard's analytics. `scale` defaults to `zero` here: a count
 * of visits starts at nothing.
 */
export function renderSeriesSvg(chart: SeriesChart, opts: ChartOptions): string {
  const points = cleanPoints(
    chart.points.map((point) => ({ date: point.date, servers: point.value })),
    chart.rangeDays,
  );
  const withScale = { ...opts, scale: opts.scale ?? 'zero' };
  const { width = CHART_WIDTH, height = CHART_HEIGHT } = opts;
  const parts = ['series', chart.title, chart.subtitle, chart.description, chart.rangeDays, opts.theme, JSON.stringify(points)];
  parts.push(withScale.scale, width, height, opts.lang ?? 'en');
  return drawChart(chart, points, chart.rangeDays, withScale, uniqueId('chart', parts));
}

type ChartTexts = Omit<SeriesChart, 'points' | 'rangeDays'>;

function drawChart(texts: ChartTexts, points: Point[], rangeDays: number, opts: ChartOptions, id: string): string {
  const frame = chartFrame(opts);
  const { width, height } = frame;
  const theme: Theme | undefined = opts.theme === 'auto' ? undefined : opts.theme;
  const lang = opts.lang ?? 'en';
  const scale = opts.scale ?? 'auto';
  const paint = new SvgPaint<ChartRole>(id, CHART_COLOURS, theme);
  const text: TextFn = (x, y, size, role, content, extra = '') =>
    `<text x="${round(x)}" y="${round(y)}" font-size="${size}"${extra ? ` ${extra}` : ''} ${paint.attrs({ fill: role })}>${escapeXml(content)}</text>`;

  let headerRight = '';
  let titleRoom = width - 2 * PAD;
  let subtitleRoom = titleRoom;
  if (texts.headline) {
    const { value, detail } = texts.headline;
    headerRight =
      text(width - PAD, 38, TITLE_SIZE, 'title', value, 'text-anchor="end" font-weight="bold"') +
      text(width - PAD, 58, SMALL_SIZE, 'muted', detail, 'text-anchor="end"');
    titleRoom -= textWidth(value, { size: TITLE_SIZE, bold: true }) + 24;
    subtitleRoom -= textWidth(detail, { size: SMALL_SIZE }) + 24;
  }
  const header =
    text(PAD, 38, TITLE_SIZE, 'title', truncateToWidth(texts.title, titleRoom, { size: TITLE_SIZE, bold: true }), 'font-weight="bold"') +
    text(PAD, 58, SMALL_SIZE, 'muted', truncateToWidth(texts.subtitle, subtitleRoom, { size: SMALL_SIZE }));

  const body =
    points.length >= 2
      ? legend(texts.legend, frame, paint, text) + plot(points, rangeDays, scale, lang, frame, id, paint, text)
      : message(texts.message.title, texts.message.detail, frame, paint, text);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" id="${id}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-label="${escapeXml(texts.description)}" font-family="${FONT_FAMILY}">` +
    `<title>${escapeXml(texts.description)}</title>` +
    `<rect x=".5" y=".5" width="${width - 1}" height="${height - 1}" rx="10" ${paint.attrs({ fill: 'bg', stroke: 'border' })}/>` +
    header +
    headerRight +
    body +
    paint.style() +
    `</svg>`
  );
}

function chartFrame(opts: ChartOptions): Frame {
  const width = opts.width ?? CHART_WIDTH;
  const height = opts.height ?? CHART_HEIGHT;
  const { width: w, height: h } = CHART_SIZE_LIMITS;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < w.min || width > w.max || height < h.min || height > h.max) {
    throw new RangeError(`chart size ${width} × ${height} is outside ${w.min}–${w.max} × ${h.min}–${h.max}`);
  }
  return { width, height, plotBottom: height - BOTTOM_MARGIN, plotRight: width - RIGHT_MARGIN };
}

/** What the line is: a sample of it and `caption` (what is counted, and by whom). */
function legend(caption: string, frame: Frame, paint: SvgPaint<ChartRole>, text: TextFn): string {
  const label = truncateToWidth(caption, frame.width - 2 * PAD - 22, { size: TICK_SIZE });
  return (
    `<line x1="${PAD}" x2="${PAD + 16}" y1="${LEGEND_BASELINE - 4}" y2="${LEGEND_BASELINE - 4}" stroke-width="2" stroke-linecap="round" ${paint.attrs({ stroke: 'line' })}/>` +
    text(PAD + 22, LEGEND_BASELINE, TICK_SIZE, 'muted', label)
  );
}

function plot(
  points: Point[],
  rangeDays: number,
  scale: 'auto' | 'zero',
  lang: Lang,
  frame: Frame,
  id: string,
  paint: SvgPaint<ChartRole>,
  text: TextFn,
): string {
  const { plotBottom, plotRight } = frame;
  const lastDay = points.at(-1)!.day;
  const firstDay = lastDay - (rangeDays - 1);
  const values = points.map((point) => point.servers);
  const axis = valueAxis(...axisRange(Math.min(...values), Math.max(...values), scale));
  const tickLabel = (tick: number): string => localiseDecimal(axis.format(tick), lang);
  const labelWidth = Math.max(...axis.ticks.map((tick) => textWidth(tickLabel(tick), { size: TICK_SIZE })));
  const left = Math.ceil(PAD + labelWidth + 10);
  const x = (day: number): number => left + ((day - firstDay) / Math.max(1, rangeDays - 1)) * (plotRight - left);
  const y = (value: number): number => plotBottom - ((value - axis.min) / (axis.max - axis.min)) * (plotBottom - PLOT_TOP);
  // Half-pixel offsets keep 1 px lines sharp instead of smeared over two pixel rows.
  const crisp = (value: number): number => Math.round(value) + 0.5;

  const grid = axis.ticks
    .map((tick) => {
      const lineY = crisp(y(tick));
      const role: ChartRole = tick === axis.min ? 'axis' : 'grid';
      return (
        `<line x1="${left}" x2="${plotRight}" y1="${lineY}" y2="${lineY}" stroke-width="1" ${paint.attrs({ stroke: role })}/>` +
        text(left - 8, y(tick) + 4, TICK_SIZE, 'muted', tickLabel(tick), 'text-anchor="end"')
      );
    })
    .join('');

  const dates = dateLabels(dateTicks(firstDay, lastDay, rangeDays, lang), x, frame.width)
    .map(
      ({ tickX, labelX, label }) =>
        `<line x1="${tickX}" x2="${tickX}" y1="${crisp(plotBottom)}" y2="${plotBottom + 5}" ${paint.attrs({ stroke: 'axis' })}/>` +
        text(labelX, plotBottom + 20, TICK_SIZE, 'muted', label, 'text-anchor="middle"'),
    )
    .join('');

  const coords = points.map((point) => `${round(x(point.day))},${round(y(point.servers))}`);
  const last = points.at(-1)!;
  const line =
    `<path d="M${coords.join('L')}V${plotBottom}H${round(x(points[0]!.day))}Z" fill="url(#${id}-fill)"/>` +
    `<path d="M${coords.join('L')}" fill="none" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" ${paint.attrs({ stroke: 'line' })}/>`;
  const gradient =
    `<defs><linearGradient id="${id}-fill" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-opacity=".24" ${paint.attrs({ 'stop-color': 'line' })}/>` +
    `<stop offset="1" stop-opacity="0" ${paint.attrs({ 'stop-color': 'line' })}/></linearGradient></defs>`;
  const dot = `<circle cx="${round(x(last.day))}" cy="${round(y(last.servers))}" r="4" stroke-width="2" ${paint.attrs({ fill: 'line', stroke: 'dotRing' })}/>`;

  return gradient + grid + dates + line + dot;
}

/**
 * Date ticks with their label positions, kept inside the image. Walking back from the newest
 * (always labelled), a tick whose label would touch the one after it is left out: a narrow
 * chart shows fewer dates rather than overprinted ones.
 */
function dateLabels(ticks: { day: number; label: string }[], x: (day: number) => number, width: number) {
  const kept: { tickX: number; labelX: number; label: string }[] = [];
  let nextLeft = Number.POSITIVE_INFINITY;
  for (const tick of [...ticks].reverse()) {
    const tickX = Math.round(x(tick.day)) + 0.5;
    const half = textWidth(tick.label, { size: TICK_SIZE }) / 2;
    const labelX = Math.min(width - PAD - half, Math.max(PAD + half, tickX));
    if (labelX + half + DATE_LABEL_GAP > nextLeft) continue;
    kept.unshift({ tickX, labelX, label: tick.label });
    nextLeft = labelX - half;
  }
  return kept;
}

/**
 * The frame with a message instead of a line: no data at all, or a single day so far. Both
 * texts wrap to two lines at most (a narrow chart), around the middle of the plot area.
 */
function message(title: string, detail: string, frame: Frame, paint: SvgPaint<ChartRole>, text: TextFn): string {
  const room = frame.width - 2 * PAD;
  const titleFont = { size: 16, bold: true };
  const titleLines = wrapToWidth(title, room, titleFont, 2);
  const detailLines = wrapToWidth(detail, room, { size: SMALL_SIZE }, 2);
  const middle = (MESSAGE_TOP + frame.plotBottom) / 2;
  // Baselines: the title lines 20 px apart around the middle, the detail 22 px below, 16 apart.
  const titleYs = titleLines.map((_, index) => middle + (index - (titleLines.length - 1) / 2) * 20);
  const detailYs = detailLines.map((_, index) => titleYs.at(-1)! + 22 + index * 16);
  // On a short chart the block moves up rather than onto the axis line.
  const shift = Math.max(0, detailYs.at(-1)! + 12 - frame.plotBottom);
  const lines =
    titleLines
      .map((line, index) =>
        text(frame.width / 2, titleYs[index]! - shift, titleFont.size, 'title', line, 'text-anchor="middle" font-weight="bold"'),
      )
      .join('') +
    detailLines
      .map((line, index) => text(frame.width / 2, detailYs[index]! - shift, SMALL_SIZE, 'muted', line, 'text-anchor="middle"'))
      .join('');
  return (
    `<line x1="${PAD}" x2="${frame.width - PAD}" y1="${frame.plotBottom + 0.5}" y2="${frame.plotBottom + 0.5}" ${paint.attrs({ stroke: 'axis' })}/>` +
    lines
  );
}

/** Valid points inside the range window ending at the newest date, one per day, oldest first. */
function cleanPoints(given: ChartSeries['points'], rangeDays: number): Point[] {
  const byDay = new Map<number, number>();
  for (const point of given) {
    const day = dayNumber(point.date);
    if (day === null || !Number.isFinite(point.servers) || point.servers < 0) continue;
    byDay.set(day, Math.round(point.servers));
  }
  const sorted = [...byDay].map(([day, servers]) => ({ day, servers })).sort((a, b) => a.day - b.day);
  const lastDay = sorted.at(-1)?.day;
  return lastDay === undefined ? [] : sorted.filter((point) => point.day > lastDay - rangeDays);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
