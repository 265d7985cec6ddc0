import type { MaybePromise } from '../../lib/maybe-promise.js';
import type { Queryable } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import type { CachedResponse, ReadCache } from '../../lib/read-cache.js';
import { botRepository, toBot } from '../bots/repository.js';
import type { HistoryService } from '../history/service.js';
import {
  renderBadge,
  renderCard,
  renderChartPng,
  renderChartSvg,
  renderWidget,
  shieldsEndpoint,
  type BadgeStyle,
  type BadgeVariant,
  type ChartSeries,
  type EmbedBot,
  type Lang,
  type Theme,
} from './render/index.js';

/** The spec's "cached for five minutes"; a change to the bot drops the entry sooner. */
const BADGE_TTL_MS = 300_000;
/** The widget shows live data: never older than a minute. The card shows the same. */
const WIDGET_TTL_MS = 60_000;
/** An ID no bot can have is an unknown bot: 404 without a query (a NUL in `/api/badge/%00` made a 500). */
function assertPossibleId(id: string): void {
  if (!isSnowflakeId(id)) throw AppError.notFound();
}

/**
 * The badge options beyond variant, theme and compact, already validated (colours as `#rrggbb`).
 * Absent when a request uses none of them, so today's badges keep their cache keys and bytes.
 */
export interface BadgeExtras {
  style?: Exclude<BadgeStyle, 'flat'>;
  label?: string;
  color?: string;
  labelColor?: string;
  logo?: boolean;
}

export interface ChartLook {
  scale: 'auto' | 'zero';
  width: number;
  height: number;
  /** PNG only; 1 for SVG. */
  dpr: 1 | 2;
}

export class EmbedService {
  /** `reads`: embeds only read (Database.reads). */
  constructor(
    private readonly reads: Queryable,
    private readonly cache: ReadCache,
    private readonly history: HistoryService,
    private readonly siteUrl: string,
  ) {}

  /** Without a promise when the badge is cached (see `replyCached`). */
  badge(
    id: string,
    variant: BadgeVariant,
    theme: Theme | undefined,
    compact: boolean,
    extras?: BadgeExtras,
  ): MaybePromise<CachedResponse> {
    assertPossibleId(id);
    // The label goes last and JSON-quoted: it is the only part that may contain ':'.
    const extraKey = extras
      ? `:${extras.style ?? 'flat'}:${extras.color ?? ''}:${extras.labelColor ?? ''}:${extras.logo ? 1 : 0}:${JSON.stringify(extras.label ?? null)}`
      : '';
    return this.cache.get(
      `badge:${id}:${variant}:${theme ?? ''}:${compact}${extraKey}`,
      id,
      async (month) => {
        const bot = await this.bot(id, month);
        return renderBadge(bot, { variant, theme, compact, ...extras });
      },
      BADGE_TTL_MS,
    );
  }

  /** The badge's figures as shields.io endpoint JSON, cached like the badge. */
  async shields(id: string, variant: BadgeVariant): Promise<CachedResponse> {
    assertPossibleId(id);
    return this.cache.fetch(
      `shields:${id}:${variant}`,
      id,
      async (month) => {
        const bot = await this.bot(id, month);
        return JSON.stringify(shieldsEndpoint(bot, variant));
      },
      BADGE_TTL_MS,
    );
  }

  async widget(id: string, theme: Theme | undefined, lang: Lang): Promise<CachedResponse> {
    assertPossibleId(id);
    return this.cache.fetch(
      `widget:${id}:${theme ?? ''}:${lang}`,
      id,
      async (month) => {
        const bot = await this.bot(id, month);
        const voteUrl = `${this.siteUrl}/${lang}/bots/${encodeURIComponent(bot.slugs[lang])}`;
        return renderWidget(bot, { theme, lang, voteUrl });
      },
      WIDGET_TTL_MS,
    );
  }

  /** The widget's data as an SVG image; live like the widget. */
  async card(id: string, theme: Theme | undefined, lang: Lang): Promise<CachedResponse> {
    assertPossibleId(id);
    return this.cache.fetch(
      `card:${id}:${theme ?? ''}:${lang}`,
      id,
      async (month) => {
        const bot = await this.bot(id, month);
        return renderCard(bot, { theme, lang });
      },
      WIDGET_TTL_MS,
    );
  }

  /** The same series as the history endpoint (so the same source as serverCount), drawn. */
  async chart(id: string, range: ChartSeries['rangeDays'], theme: 'auto' | Theme, format: 'svg' | 'png', look: ChartLook) {
    assertPossibleId(id);
    const { scale, width, height, dpr } = look;
    const key = `chart:${id}:${range}:${theme}:${format}:${scale}:${width}x${height}@${dpr}`;
    return this.cache.fetch(key, id, async (month) => {
      const [bot, history] = await Promise.all([this.bot(id, month), this.history.history(id, range)]);
      if (!history) throw AppError.notFound();
      const series: ChartSeries = { botName: bot.name, source: history.source, points: history.data, rangeDays: range };
      return format === 'png'
        ? renderChartPng(series, { theme, scale, width, height, dpr })
        : renderChartSvg(series, { theme, scale, width, height });
    });
  }

  /** The published bot, or 404. */
  private async bot(id: string, month: string): Promise<EmbedBot> {
    const row = await botRepository.findById(this.reads, id, month, true);
    if (!row) throw AppError.notFound();
    return toBot(row);
  }
}
