import { etagOf, type CachedResponse } from '../../lib/read-cache.js';
import type { Placed, Slab, Slabs } from '../../lib/slabs.js';
import { sortKey } from './repository.js';
import type { ListedBot } from './ranking.js';
import type { Bot } from './schemas.js';

/** What comes before the bot's JSON in its single answer, `{"data":…}`; `}` comes after. */
const DATA_PREFIX = '{"data":';

/**
 * A published bot as the catalog holds it: its sort keys, and its single answer `{"data":Bot}`
 * encoded once (UTF-8 bytes, outside the JavaScript heap, packed with other bots' in the
 * catalog's slabs). Those bytes are the one copy of the bot in the process: the single answer
 * sends them, list pages copy their Bot part, and the followers (search, slugs) are handed the
 * decoded bot when it changes (`botOf`).
 */
export interface CatalogEntry extends ListedBot, CachedResponse, Placed {
  readonly changedUs: number;
}

/**
 * `previous`: the same bot's entry before this change. Its strings are taken over when they
 * still hold: a vote or stats report makes a new entry, and copies of unchanged names would be
 * promoted with it only to die in the old generation when the next one comes. The caller
 * releases `previous` from `slabs` once it is replaced.
 */
export function toEntry(slabs: Slabs, bot: Bot, changedUs: number, seq: number, previous?: CatalogEntry): CatalogEntry {
  return new Entry(slabs, bot, changedUs, seq, previous?.id === bot.id ? previous : undefined);
}

/** Bytes of a listed bot's answer around its Bot JSON: the prefix (ASCII, so its length is its bytes) and `}`. */
const WRAPPING_BYTES = DATA_PREFIX.length + 1;

class Entry implements CatalogEntry, Placed {
  readonly id: string;
  readonly nameLower: string;
  readonly sortName: string;
  readonly votesMonth: number;
  readonly votesTotal: number;
  readonly serverCount: number;
  readonly publishedAt: number;
  /** Where the answer's bytes are (set and moved by the slabs). */
  slab!: Slab;
  slot = 0;
  bytes!: Buffer;
  /** The single answer never expires by itself: a change to the bot makes a new entry. */
  readonly expiresAt = Number.POSITIVE_INFINITY;
  private tag: string | undefined;

  constructor(
    slabs: Slabs,
    bot: Bot,
    readonly changedUs: number,
    readonly seq: number,
    previous: CatalogEntry | undefined,
  ) {
    const nameLower = bot.name.toLowerCase();
    const sortName = sortKey(bot.name);
    this.id = previous?.id ?? bot.id;
    this.nameLower = previous?.nameLower === nameLower ? previous.nameLower : nameLower;
    // Most names sort by their lowercase form: one string serves both.
    this.sortName =
      previous?.sortName === sortName ? previous.sortName : sortName === this.nameLower ? this.nameLower : sortName;
    this.votesMonth = bot.votesMonth;
    this.votesTotal = bot.votesTotal;
    this.serverCount = bot.serverCount;
    this.publishedAt = Date.parse(bot.publishedAt);
    slabs.place(this, `${DATA_PREFIX}${JSON.stringify(bot)}}`);
  }

  /** The answer's bytes (a view into its slab, valid for good: slabs are never written over). */
  get body(): Buffer {
    return this.bytes;
  }

  /** Hashed when first asked for: most bots of a large directory are never fetched alone. */
  get etag(): string {
    return (this.tag ??= etagOf(this.body));
  }

  get jsonLength(): number {
    return this.bytes.length - WRAPPING_BYTES;
  }

  /** A list page is one buffer filled by native copies, with no view object per bot. */
  copyJson(target: Buffer, at: number): number {
    return at + this.bytes.copy(target, at, DATA_PREFIX.length, this.bytes.length - 1);
  }
}

/** The bot an entry holds, decoded (a few microseconds: for changes and the few bots a page shows). */
export function botOf(entry: CatalogEntry): Bot {
  return JSON.parse(entry.body.toString('utf8', DATA_PREFIX.length, entry.body.length - 1)) as Bot;
}
