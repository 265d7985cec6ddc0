import type { ChartSeries, EmbedBot } from '../../../../src/modules/embeds/render/index.js';

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
