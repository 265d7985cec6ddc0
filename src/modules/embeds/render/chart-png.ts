import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { CHART_HEIGHT, CHART_WIDTH, renderChartSvg } from './chart-svg.js';
import type { ChartPngOptions, ChartSeries } from './types.js';

const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'];

/**
 * `assets/fonts/` of the project, found by walking up from this module: the same lookup
 * works from `src/` (tests, tsx) and from `dist/src/` (the build), without a copy step.
 */
function findFontFiles(): string[] {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'assets', 'fonts');
    if (FONT_FILES.every((file) => existsSync(join(candidate, file)))) {
      return FONT_FILES.map((file) => join(candidate, file));
    }
    if (dirname(dir) === dir) throw new Error(`assets/fonts/{${FONT_FILES.join(',')}} not found above ${import.meta.url}`);
  }
}

let fontFiles: string[] | undefined;

/** The bundled DejaVu Sans (regular, bold), for every PNG the service draws with text. */
export function bundledFontFiles(): string[] {
  return (fontFiles ??= findFontFiles());
}

/**
 * The largest PNG drawn, in device pixels (width × dpr, height × dpr): four times the default
 * chart's pixels. Rendering cost grows with the pixels (18 ms for 640 × 320 on the development machine), and every
 * size is its own cache entry, so a bound keeps one request's cost bounded too; an SVG has none.
 */
export const CHART_PNG_MAX_PIXELS = { width: 1280, height: 640 } as const;

/** Whether a PNG of this CSS size and density is within CHART_PNG_MAX_PIXELS. */
export function pngSizeAllowed(width: number, height: number, dpr: number): boolean {
  return width * dpr <= CHART_PNG_MAX_PIXELS.width && height * dpr <= CHART_PNG_MAX_PIXELS.height;
}

/**
 * The chart as PNG, for places that take no SVG (documents, some chat clients).
 * 'auto' renders the light theme: a PNG has no viewer system setting to follow, and a
 * light image is the safer default on paper and in documents.
 *
 * resvg draws no text without a font, and system fonts differ per machine (a fresh
 * container has none), so the bundled DejaVu Sans is the only font it gets.
 */
export function renderChartPng(series: ChartSeries, opts: ChartPngOptions): Buffer {
  const { dpr = 1, ...svgOptions } = opts;
  if (!pngSizeAllowed(opts.width ?? CHART_WIDTH, opts.height ?? CHART_HEIGHT, dpr)) {
    throw new RangeError(`PNG larger than ${CHART_PNG_MAX_PIXELS.width} × ${CHART_PNG_MAX_PIXELS.height} device pixels`);
  }
  const svg = renderChartSvg(series, { ...svgOptions, theme: opts.theme === 'auto' ? 'light' : opts.theme });
  const resvg = new Resvg(svg, {
    // dpr 2: twice the pixels in each direction, drawn from the vector (sharp, not upscaled).
    fitTo: dpr === 1 ? { mode: 'original' } : { mode: 'zoom', value: dpr },
    font: {
      loadSystemFonts: false,
      fontFiles: bundledFontFiles(),
      defaultFontFamily: 'DejaVu Sans',
      sansSerifFamily: 'DejaVu Sans',
    },
    shapeRendering: 2,
    textRendering: 1,
  });
  return resvg.render().asPng();
}
