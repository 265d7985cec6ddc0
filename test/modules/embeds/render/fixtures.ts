import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ChartSeries, EmbedBot, Lang } from '../../../../src/modules/embeds/render/index.js';

/** The name every test of user-supplied strings uses (issue 6). */
export const HOSTILE_NAME = '<img src=x onerror=alert(1)>';

export function makeBot(overrides: Partial<EmbedBot> = {}): EmbedBot {
  return {
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
    ...overrides,
  };
}

interface SampleBot {
  id: string;
  name: string;
  slugs: { de: string; en: string };
  shortDescription: { de: string; en: string };
  iconUrl: string;
  isVerified: boolean;
  platformServerCount: number;
}

/**
 * `shared/data/bots.sample.json` sits beside the repository (locally and in CI). The
 * sample has no votes or ratings; the tests fill in large values so that the numbers
 * take as much room as they ever will.
 */
export function loadSampleBots(): EmbedBot[] {
  const path = process.env.BOTS_SAMPLE_PATH ?? resolve(process.cwd(), '../shared/data/bots.sample.json');
  const sample = JSON.parse(readFileSync(path, 'utf8')) as SampleBot[];
  return sample.map((bot) => ({
    id: bot.id,
    name: bot.name,
    slugs: bot.slugs,
    shortDescription: bot.shortDescription,
    iconUrl: bot.iconUrl,
    isVerified: bot.isVerified,
    serverCount: bot.platformServerCount,
    votesMonth: 99_999,
    votesTotal: 9_999_999,
    rating: { average: 4.66, count: 99_999 },
  }));
}

/** The sample bot with the longest name, carrying the longest description of each language. */
export function longestSampleBot(bots: EmbedBot[]): EmbedBot {
  const longest = <T>(items: T[], length: (item: T) => number): T =>
    items.reduce((best, item) => (length(item) > length(best) ? item : best));
  const chars = (text: string): number => Array.from(text).length;
  const description = (lang: Lang): string =>
    longest(bots, (bot) => chars(bot.shortDescription[lang])).shortDescription[lang];
  return {
    ...longest(bots, (bot) => chars(bot.name)),
    shortDescription: { de: description('de'), en: description('en') },
    isVerified: true,
  };
}

export function makeSeries(overrides: Partial<ChartSeries> = {}): ChartSeries {
  const rangeDays = overrides.rangeDays ?? 30;
  const points = Array.from({ length: rangeDays }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 21) - (rangeDays - 1 - index) * 86_400_000);
    // Steady growth with a weekly wobble, so screenshots look like a real bot's history.
    const servers = Math.round(1_400_000 + index * 2_150 + 9_000 * Math.sin(index / 4) + (index % 7) * 600);
    return { date: date.toISOString().slice(0, 10), servers };
  });
  return { botName: 'Melody', source: 'self', points, rangeDays, ...overrides };
}
