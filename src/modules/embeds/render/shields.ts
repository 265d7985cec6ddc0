import { badgeContent } from './badge.js';
import { BADGE_COLOURS } from './palette.js';
import type { BadgeVariant, EmbedBot, Lang } from './types.js';

/** The badge's five minutes (spec §8), which is also the least shields.io accepts. */
const SHIELDS_CACHE_SECONDS = 300;

/**
 * shields.io's "endpoint badge" JSON, schema version 1: shields.io fetches it and draws the
 * badge in any of its styles (`https://img.shields.io/endpoint?url=…&style=…`). Only the fields
 * of the schema; `label` and `message` are plain text (shields.io escapes them).
 */
export interface ShieldsEndpoint {
  schemaVersion: 1;
  label: string;
  message: string;
  /** Hex without `#`, the form shields.io documents for colours. */
  color: string;
  cacheSeconds: number;
}

export function shieldsEndpoint(bot: EmbedBot, variant: BadgeVariant, lang: Lang = 'en'): ShieldsEndpoint {
  const content = badgeContent(bot, variant, lang);
  // shields.io draws text, not our star paths: the average rounded to whole stars, then the count.
  const message =
    content.stars === undefined
      ? content.value
      : `${'★'.repeat(Math.round(content.stars))}${'☆'.repeat(5 - Math.round(content.stars))} ${content.value}`;
  return {
    schemaVersion: 1,
    label: content.label,
    message,
    // The light theme's colours: they carry white text, as shields.io's own colours do.
    color: BADGE_COLOURS.light[content.valueRole].slice(1),
    cacheSeconds: SHIELDS_CACHE_SECONDS,
  };
}
