import type { ErrorCode } from '../../../lib/errors.js';
import type { Lang } from './types.js';

/**
 * UI texts of the badge (and of its shields.io JSON). Numbers arrive formatted for the language;
 * `name` is the bot's. Descriptions are the accessible name (`aria-label`, `<title>`).
 */
export interface BadgeLabels {
  votes: string;
  perMonth: (votes: string) => string;
  total: (votes: string) => string;
  servers: string;
  status: string;
  verified: string;
  unverified: string;
  rating: string;
  noRatings: string;
  describeVotesMonth: (name: string, votes: string) => string;
  describeVotesTotal: (name: string, votes: string) => string;
  describeServers: (name: string, servers: string) => string;
  describeVerified: (name: string) => string;
  describeUnverified: (name: string) => string;
  describeNoRatings: (name: string) => string;
  describeRating: (name: string, average: string, count: string) => string;
  /** The label of an error badge ("bot | not found"). */
  bot: string;
  /** The value of an error badge, and the widget's error page, by the error's code. */
  problem: Record<ErrorCode, string>;
}

export const BADGE_LABELS: Record<Lang, BadgeLabels> = {
  en: {
    votes: 'votes',
    perMonth: (votes) => `${votes}/month`,
    total: (votes) => `${votes} total`,
    servers: 'servers',
    status: 'status',
    verified: 'verified',
    unverified: 'unverified',
    rating: 'rating',
    noRatings: 'no ratings',
    describeVotesMonth: (name, votes) => `${name}: ${votes} votes this month`,
    describeVotesTotal: (name, votes) => `${name}: ${votes} votes in total`,
    describeServers: (name, servers) => `${name}: ${servers} servers`,
    describeVerified: (name) => `${name}: verified bot`,
    describeUnverified: (name) => `${name}: not verified`,
    describeNoRatings: (name) => `${name}: no ratings yet`,
    describeRating: (name, average, count) => `${name}: rated ${average} out of 5 from ${count} ratings`,
    bot: 'bot',
    problem: {
      unauthorized: 'unauthorized',
      forbidden: 'forbidden',
      not_found: 'not found',
      method_not_allowed: 'method not allowed',
      request_timeout: 'request timeout',
      conflict: 'conflict',
      payload_too_large: 'payload too large',
      validation_failed: 'validation failed',
      rate_limited: 'rate limited',
      internal_error: 'internal error',
      service_unavailable: 'service unavailable',
    },
  },
  de: {
    votes: 'Stimmen',
    perMonth: (votes) => `${votes}/Monat`,
    total: (votes) => `${votes} gesamt`,
    servers: 'Server',
    status: 'Status',
    verified: 'verifiziert',
    unverified: 'nicht verifiziert',
    rating: 'Bewertung',
    noRatings: 'keine Bewertungen',
    describeVotesMonth: (name, votes) => `${name}: ${votes} Stimmen in diesem Monat`,
    describeVotesTotal: (name, votes) => `${name}: ${votes} Stimmen insgesamt`,
    describeServers: (name, servers) => `${name}: ${servers} Server`,
    describeVerified: (name) => `${name}: verifizierter Bot`,
    describeUnverified: (name) => `${name}: nicht verifiziert`,
    describeNoRatings: (name) => `${name}: noch keine Bewertungen`,
    describeRating: (name, average, count) => `${name}: bewertet mit ${average} von 5 aus ${count} Bewertungen`,
    bot: 'Bot',
    problem: {
      unauthorized: 'nicht angemeldet',
      forbidden: 'kein Zugriff',
      not_found: 'nicht gefunden',
      method_not_allowed: 'Methode nicht erlaubt',
      request_timeout: 'Zeitüberschreitung',
      conflict: 'Konflikt',
      payload_too_large: 'Anfrage zu groß',
      validation_failed: 'ungültige Anfrage',
      rate_limited: 'zu viele Anfragen',
      internal_error: 'interner Fehler',
      service_unavailable: 'nicht verfügbar',
    },
  },
};
