import type { Queryable } from '../../db/index.js';
import { startOfNextUtcMonth, startOfUtcMonth, utcDay, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import { botRepository, toBot } from '../bots/repository.js';
import type { HistoryService } from '../history/service.js';
import {
  renderBadge,
  renderCard,
  renderCardPng,
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

/**
 * How long each embed may be kept: the badge the spec's five minutes, the widget and card (live
 * data) a minute, the card's PNG (a link preview, costlier to draw) five minutes. A change to the
 * bot drops them sooner.
 */
const TTL_MS = { badge: 300_000, shields: 300_000, widget: 60_000, card: 60_000, cardPng: 300_000, chart: 30_000 } as const;
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
  lang: Lang;
  scale: 'auto' | 'zero';
  width: number;
  height: number;
  /** PNG only; 1 for SVG. */
  dpr: 1 | 2;
}

/** Renders each embed of a published bot; the routes keep what it renders (reply.answer). */
export class EmbedService {
  /** `reads`: embeds only read (Database.reads). */
  constructor(
    private readonly reads: Queryable,
    private readonly clock: Clock,
    private readonly history: HistoryService,
    private readonly siteUrl: string,
  ) {}

  /** How long an embed of this kind may be kept: never into the next UTC month, where votesMonth starts again. */
  ttlMs(kind: keyof typeof TTL_MS): number {
    const now = this.clock.now();
    return Math.min(TTL_MS[kind], startOfNextUtcMonth(now).getTime() - now.getTime());
  }

  async badge(
    id: string,
    variant: BadgeVariant,
    theme: Theme | undefined,
    compact: boolean,
    lang: Lang,
    extras?: BadgeExtras,
  ): Promise<string> {
    return renderBadge(await this.bot(id), { variant, theme, compact, lang, ...extras });
  }

  /** The badge's figures as shields.io endpoint JSON. */
  async shields(id: string, variant: BadgeVariant, lang: Lang): Promise<ReturnType<typeof shieldsEndpoint>> {
    return shieldsEndpoint(await this.bot(id), variant, lang);
  }

  async widget(id: string, theme: Theme | undefined, lang: Lang): Promise<string> {
    const bot = await this.bot(id);
    const voteUrl = `${this.siteUrl}/${lang}/bots/${encodeURIComponent(bot.slugs[lang])}`;
    return renderWidget(bot, { theme, lang, voteUrl, inviteUrl: `${voteUrl}/invite` });
  }

  /** The widget's data as an SVG image. */
  async card(id: string, theme: Theme | undefined, lang: Lang): Promise<string> {
    return renderCard(await this.bot(id), { theme, lang });
  }

  /** The card as a PNG of 1200 × 630, for link previews (a bot page's og:image). */
  async cardPng(id: string, theme: Theme, lang: Lang): Promise<Buffer> {
    return renderCardPng(await this.bot(id), { theme, lang });
  }

  /** The same series as the history endpoint (so the same source as serverCount), drawn. */
  async chart(
    id: string,
    range: ChartSeries['rangeDays'],
    theme: 'auto' | Theme,
    format: 'svg' | 'png',
    look: ChartLook,
  ): Promise<string | Buffer> {
    const { lang, scale, width, height, dpr } = look;
    const [bot, history] = await Promise.all([this.bot(id), this.history.history(id, range)]);
    const series: ChartSeries = { botName: bot.name, source: history.source, points: history.data, rangeDays: range };
    return format === 'png'
      ? renderChartPng(series, { theme, scale, width, height, dpr, lang })
      : renderChartSvg(series, { theme, scale, width, height, lang });
  }

  /** The published bot, or 404 (an ID no bot can have without a query: a NUL in `/api/badge/%00` made a 500). */
  private async bot(id: string): Promise<EmbedBot> {
    if (!isSnowflakeId(id)) throw AppError.notFound();
    const row = await botRepository.findById(this.reads, id, utcDay(startOfUtcMonth(this.clock.now())), true);
    if (!row) throw AppError.notFound();
    return toBot(row);
  }
}
