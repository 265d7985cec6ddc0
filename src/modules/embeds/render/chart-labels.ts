import type { ChartSeries, Lang } from './types.js';

/** UI texts of the server-count chart. Numbers and dates arrive formatted for the language. */
export interface ChartLabels {
  /** Shown when a bot's name is blank. */
  unnamed: string;
  source: Record<ChartSeries['source'], string>;
  subtitle: (days: number, source: string) => string;
  /** Under the newest count: the day it was counted. */
  countedOn: (date: string) => string;
  legend: (source: string) => string;
  collectingSince: (date: string) => string;
  collectingDetail: string;
  noData: string;
  noDataDetail: string;
  /** The accessible name (`aria-label`, `<title>`). */
  describeSeries: (name: string, days: number, source: string, servers: string, date: string) => string;
  describeOneDay: (name: string, servers: string, date: string, source: string) => string;
  describeNoData: (name: string) => string;
}

export const CHART_LABELS: Record<Lang, ChartLabels> = {
  en: {
    unnamed: 'Unnamed bot',
    source: { self: 'reported by the bot', platform: 'counted by the platform' },
    subtitle: (days, source) => `Servers · last ${days} days · ${source}`,
    countedOn: (date) => `on ${date}`,
    legend: (source) => `Daily server count, ${source}`,
    collectingSince: (date) => `Collecting data since ${date}`,
    collectingDetail: 'The line starts once a second day is recorded.',
    noData: 'No data yet',
    noDataDetail: 'The daily server count appears here after the first day is recorded.',
    describeSeries: (name, days, source, servers, date) =>
      `${name}: daily server count over the last ${days} days, ${source}; ${servers} servers on ${date}`,
    describeOneDay: (name, servers, date, source) => `${name}: ${servers} servers on ${date}, ${source}; collecting data since ${date}`,
    describeNoData: (name) => `${name}: no server-count data yet`,
  },
  de: {
    unnamed: 'Unbenannter Bot',
    source: { self: 'vom Bot gemeldet', platform: 'von der Plattform gezählt' },
    subtitle: (days, source) => `Server · letzte ${days} Tage · ${source}`,
    countedOn: (date) => `am ${date}`,
    legend: (source) => `Server pro Tag, ${source}`,
    collectingSince: (date) => `Daten werden seit ${date} gesammelt`,
    collectingDetail: 'Die Linie beginnt, sobald ein zweiter Tag erfasst ist.',
    noData: 'Noch keine Daten',
    noDataDetail: 'Die tägliche Serverzahl erscheint hier, sobald der erste Tag erfasst ist.',
    describeSeries: (name, days, source, servers, date) =>
      `${name}: Serverzahl pro Tag in den letzten ${days} Tagen, ${source}; ${servers} Server am ${date}`,
    describeOneDay: (name, servers, date, source) =>
      `${name}: ${servers} Server am ${date}, ${source}; Daten werden seit ${date} gesammelt`,
    describeNoData: (name) => `${name}: noch keine Daten zur Serverzahl`,
  },
};
