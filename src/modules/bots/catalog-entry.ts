import { ownBytes } from '../../lib/own-bytes.js';
import { etagOf, type CachedResponse } from '../../lib/read-cache.js';
import { sortKey } from './repository.js';
import type { ListedBot } from './ranking.js';
import type { Bot } from './schemas.js';

/** What comes before the bot's JSON in its single answer, `{"data":…}`; `}` comes after. */
const DATA_PREFIX = '{"data":';

/**
 * A published bot as the catalog holds it: its sort keys, and its single answer `{"data":Bot}`
 * encoded once (UTF-8 bytes, outside the JavaScript heap). Those bytes are the one copy of the
 * bot in the process: the single answer sends them, list pages copy their Bot part, and the
 * followers (search, slugs) are handed the decoded bot when it changes (`botOf`).
 */
export interface CatalogEntry extends ListedBot, CachedResponse {
  readonly changedUs: number;
}

/**
 * `previous`: the same bot's entry before this change. Its strings are taken over where they
 * still hold: a vote or stats report makes a new entry, and fresh copies of an unchanged id and
 * name would be promoted with it, only to die in the old generation at the next change.
 */
export function toEntry(bot: Bot, changedUs: number, seq: number, previous?: CatalogEntry): CatalogEntry {
  return new Entry(bot, changedUs, seq, previous?.id === bot.id ? previous : undefined);
}

class Entry implements CatalogEntry {
  readonly id: string;
  readonly nameLower: string;
  readonly sortName: string;
  readonly votesMonth: number;
  readonly votesTotal: number;
  readonly serverCount: number;
  readonly publishedAt: number;
  readonly body: Buffer;
  /** The single answer never expires by itself: a change to the bot makes a new entry. */
  readonly expiresAt = Number.POSITIVE_INFINITY;
  private tag: string | undefined;

  constructor(
    bot: Bot,
    readonly changedUs: number,
    readonly seq: number,
    previous: CatalogEntry | undefined,
  ) {
    const nameLower = bot.name.toLowerCase();
    const sortName = sortKey(bot.name);
    this.id = previous?.id ?? bot.id;
    this.nameLower = held(nameLower, previous?.nameLower);
    // Most names sort by their lowercase form: one string serves both.
    this.sortName = held(sortName, previous?.sortName, this.nameLower);
    this.votesMonth = bot.votesMonth;
    this.votesTotal = bot.votesTotal;
    this.serverCount = bot.serverCount;
    this.publishedAt = Date.parse(bot.publishedAt);
    this.body = ownBytes(`${DATA_PREFIX}${JSON.stringify(bot)}}`);
  }

  /** Hashed when first asked for: most bots of a large directory are never fetched alone. */
  get etag(): string {
    return (this.tag ??= etagOf(this.body));
  }
}

/** The first string already held that equals `fresh`, else `fresh`: equal text, one copy. */
function held(fresh: string, ...candidates: (string | undefined)[]): string {
  for (const candidate of candidates) if (candidate === fresh) return candidate;
  return fresh;
}

/** Bytes of a listed bot's answer around its Bot JSON: the prefix (ASCII, so its length is its bytes) and `}`. */
const WRAPPING_BYTES = DATA_PREFIX.length + 1;

/** The length in bytes of the Bot's JSON inside a listed bot's answer. */
export function botJsonLength(bot: ListedBot): number {
  return bot.body.length - WRAPPING_BYTES;
}

/**
 * Copies the Bot's JSON of a listed bot into `target` at `at` and returns where it ends: a list
 * page is one buffer filled by native copies, with no view object per bot.
 */
export function copyBotJson(bot: ListedBot, target: Buffer, at: number): number {
  return at + bot.body.copy(target, at, DATA_PREFIX.length, bot.body.length - 1);
}

/** The bot an entry holds, decoded (a few microseconds: for changes and the few bots a page shows). */
export function botOf(entry: CatalogEntry): Bot {
  return JSON.parse(entry.body.toString('utf8', DATA_PREFIX.length, entry.body.length - 1)) as Bot;
}
