/**
 * What the embeds cost in-process: microseconds per render of each badge style (every variant,
 * with and without the newer options), the card, the shields.io JSON and the chart (SVG and PNG),
 * and of a cached badge answer through the service (key + cache lookup), which is what a request
 * pays once the render is cached. No HTTP, one process: the honest server bench is `npm run bench`.
 *
 *   npm run bench:embeds-render
 */
import { AnswerStore } from '../src/lib/answers/index.js';
import { systemClock } from '../src/lib/clock.js';
import type { BotRow } from '../src/modules/bots/repository.js';
import {
  renderBadge,
  renderCard,
  renderChartPng,
  renderChartSvg,
  shieldsEndpoint,
  type BadgeOptions,
  type BadgeStyle,
  type BadgeVariant,
  type ChartSeries,
  type EmbedBot,
} from '../src/modules/embeds/render/index.js';
import { EmbedService, type BadgeExtras } from '../src/modules/embeds/service.js';
import type { Queryable } from '../src/db/index.js';
import type { HistoryService } from '../src/modules/history/service.js';

const STYLES: BadgeStyle[] = ['flat', 'flat-square', 'plastic', 'for-the-badge', 'social'];
const VARIANTS: BadgeVariant[] = ['servers', 'votes', 'rating', 'votes_total', 'status', 'rating_stars'];

const bot: EmbedBot = {
  id: '1149982306161536285',
  name: 'Melody',
  slugs: { de: 'melody', en: 'melody' },
  shortDescription: {
    de: 'Schlanker Musikbot: spielt Lieder von YouTube- und Spotify-Links.',
    en: 'A lightweight music bot that plays songs from YouTube and Spotify links.',
  },
  iconUrl: 'https://cdn.example.org/icons/1149982306161536285.png',
  isVerified: true,
  serverCount: 1_462_144,
  votesMonth: 1_234,
  votesTotal: 98_765,
  rating: { average: 4.66, count: 321 },
};

/** Best of `rounds` timings of `n` calls, in µs per call: on a shared machine the least disturbed round is the cost. */
function measure(fn: () => unknown, n: number, rounds = 7): number {
  for (let i = 0; i < n; i++) fn(); // warm-up
  const timings: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    timings.push(Number(process.hrtime.bigint() - start) / 1000 / n);
  }
  return Math.min(...timings);
}

async function measureAsync(fn: () => Promise<unknown>, n: number, rounds = 7): Promise<number> {
  for (let i = 0; i < n; i++) await fn();
  const timings: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await fn();
    timings.push(Number(process.hrtime.bigint() - start) / 1000 / n);
  }
  return Math.min(...timings);
}

const rows: [string, string][] = [];
const report = (what: string, micros: number) => rows.push([what, micros < 100 ? micros.toFixed(1) : micros.toFixed(0)]);

// Badges: one render per variant, averaged over the variants, per style.
for (const style of STYLES) {
  const each = (extra: Partial<BadgeOptions>) => () => {
    for (const variant of VARIANTS) renderBadge(bot, { variant, compact: false, style, ...extra });
  };
  report(`badge ${style}`, measure(each({}), 2_000) / VARIANTS.length);
  report(
    `badge ${style} + label, colours, logo`,
    measure(each({ label: 'music', color: 'ff69b4', labelColor: 'grey', logo: true }), 2_000) / VARIANTS.length,
  );
}
report(
  'shields.io JSON',
  measure(() => JSON.stringify(shieldsEndpoint(bot, 'servers')), 20_000),
);
report(
  'card',
  measure(() => renderCard(bot, { lang: 'en' }), 2_000),
);

const series: ChartSeries = {
  botName: 'Melody',
  source: 'self',
  rangeDays: 365,
  points: Array.from({ length: 365 }, (_, index) => ({
    date: new Date(Date.UTC(2026, 10, 21) - (364 - index) * 86_400_000).toISOString().slice(0, 10),
    servers: 1_400_000 + index * 300,
  })),
};
report(
  'chart SVG 640 × 320, 365 days',
  measure(() => renderChartSvg(series, { theme: 'auto' }), 500),
);
report(
  'chart PNG 640 × 320',
  measure(() => renderChartPng(series, { theme: 'light' }), 10, 5),
);
report(
  'chart PNG 640 × 320, dpr 2',
  measure(() => renderChartPng(series, { theme: 'light', dpr: 2 }), 10, 5),
);
report(
  'chart PNG 1280 × 640 (the largest)',
  measure(() => renderChartPng(series, { theme: 'light', width: 1280, height: 640 }), 5, 5),
);

// A kept badge through the answer store: no render, no query; what every request after the first pays.
const row: BotRow = {
  id: bot.id,
  name: bot.name,
  slugs: bot.slugs,
  short_description: bot.shortDescription,
  prefix: '!',
  pricing: 'free',
  icon_url: bot.iconUrl,
  banner_url: null,
  invite_url: 'https://x.org',
  support_server_url: 'https://x.org',
  website_url: 'https://x.org',
  categories: [],
  tags: [],
  owners: [],
  is_verified: true,
  published: true,
  published_at: new Date(),
  platform_server_count: 1,
  platform_shard_count: 1,
  server_count: bot.serverCount,
  shard_count: 1,
  votes_total: bot.votesTotal,
  votes_month: bot.votesMonth,
  rating_sum: 1498,
  rating_count: 321,
  changed_us: 0,
};
const db = { query: async () => ({ rows: [row] }) } as unknown as Queryable;
const service = new EmbedService(db, systemClock, {} as HistoryService, 'https://bots.example.org');
const store = new AnswerStore({ maxBytes: 8 * 1024 * 1024, isOutage: () => false });
const extras: BadgeExtras = { style: 'for-the-badge', label: 'music', color: '#ff69b4', logo: true };
const badge = (key: string, withExtras?: BadgeExtras) =>
  store.answer({ key, facts: [`bot:${bot.id}`], ttlMs: 300_000, type: 'image/svg+xml', cacheControl: 'public, max-age=300' }, () =>
    service.badge(bot.id, 'servers', undefined, false, 'en', withExtras),
  );
await badge('plain');
await badge('extras', extras);
report('kept badge through the answer store (today’s options)', await measureAsync(async () => badge('plain'), 200_000));
report(
  'kept badge through the answer store (style, label, colour, logo)',
  await measureAsync(async () => badge('extras', extras), 200_000),
);

const width = Math.max(...rows.map(([what]) => what.length));
console.log(`${'what'.padEnd(width)}  µs per call`);
for (const [what, micros] of rows) console.log(`${what.padEnd(width)}  ${micros.padStart(8)}`);
