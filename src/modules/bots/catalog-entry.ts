import { EncodedJson } from '../../lib/answers/index.js';
import { sortKey } from './repository.js';
import type { ListedBot } from './ranking.js';
import type { Bot } from './schemas.js';

/** What comes before the bot's JSON in its single answer, `{"data":…}`; `}` comes after. */
const DATA_PREFIX = '{"data":';

/**
 * A published bot as the catalog holds it: its sort keys, and its single answer `{"data":Bot}`
 * encoded once (UTF-8 bytes, outside the JavaScript heap). Those bytes are the one copy of the
 * bot in the process: the single answer sends them, list pages copy their Bot part (`json`), and
 * the followers (search, slugs) are handed the decoded bot when it changes (`botOf`).
 */
export interface CatalogEntry extends ListedBot, EncodedJson {
  readonly changedUs: number;
  /** The Bot's JSON inside the single answer, for list pages to copy in. */
  readonly json: EncodedJson;
}

/**
 * `previous`: the same bot's entry before this change. Its strings are taken over where they
 * still hold: a vote or stats report makes a new entry, and fresh copies of an unchanged id and
 * name would be promoted with it, only to die in the old generation at the next change.
 */
export function toEntry(bot: Bot, changedUs: number, seq: number, previous?: CatalogEntry): CatalogEntry {
  const kept = previous?.id === bot.id ? previous : undefined;
  const nameLower = held(bot.name.toLowerCase(), kept?.nameLower);
  return new Entry(
    {
      id: kept?.id ?? bot.id,
      nameLower,
      // Most names sort by their lowercase form: one string serves both.
      sortName: held(sortKey(bot.name), kept?.sortName, nameLower),
      votesMonth: bot.votesMonth,
      votesTotal: bot.votesTotal,
      serverCount: bot.serverCount,
      publishedAt: Date.parse(bot.publishedAt),
      body: ownBytes(`${DATA_PREFIX}${JSON.stringify(bot)}}`),
    },
    changedUs,
    seq,
  );
}

/** The counters a vote or a stats report changes: numbers at the top level of the Bot's JSON. */
export type BotCounts = Pick<Bot, 'votesTotal' | 'votesMonth' | 'serverCount' | 'shardCount'>;
const COUNT_KEYS = ['votesTotal', 'votesMonth', 'serverCount', 'shardCount'] as const;
const KEY_BYTES = new Map(COUNT_KEYS.map((key) => [key, Buffer.from(`"${key}":`)]));
const COMMA = 0x2c;
const CLOSING_BRACE = 0x7d;

/**
 * `previous` with other counts (a vote, a stats report): its bytes rewritten where the numbers
 * stand, nothing decoded or encoded again, the strings kept. Byte for byte what `toEntry` makes of
 * the changed bot (a property test holds the two together). A key's bytes `"votesTotal":` occur
 * once: JSON escapes every quote inside a string, and no nested object of a Bot has these keys.
 */
export function withCounts(previous: CatalogEntry, counts: Partial<BotCounts>, changedUs: number): CatalogEntry {
  const body = previous.body;
  const edits: { from: number; to: number; text: string }[] = [];
  for (const key of COUNT_KEYS) {
    const value = counts[key];
    if (value === undefined) continue;
    const name = KEY_BYTES.get(key)!;
    const from = body.indexOf(name) + name.length;
    if (from < name.length) throw new Error(`no ${key} in the answer of bot ${previous.id}`);
    let to = from;
    while (body[to] !== COMMA && body[to] !== CLOSING_BRACE) to++;
    edits.push({ from, to, text: String(value) });
  }
  edits.sort((a, b) => a.from - b.from);
  const length = edits.reduce((n, e) => n - (e.to - e.from) + e.text.length, body.length);
  const next = Buffer.allocUnsafeSlow(length);
  let read = 0;
  let write = 0;
  for (const edit of edits) {
    write += body.copy(next, write, read, edit.from);
    write += next.write(edit.text, write, 'latin1');
    read = edit.to;
  }
  body.copy(next, write, read);
  return new Entry(
    {
      id: previous.id,
      nameLower: previous.nameLower,
      sortName: previous.sortName,
      votesMonth: counts.votesMonth ?? previous.votesMonth,
      votesTotal: counts.votesTotal ?? previous.votesTotal,
      serverCount: counts.serverCount ?? previous.serverCount,
      publishedAt: previous.publishedAt,
      body: next,
    },
    changedUs,
    previous.seq,
  );
}

type EntryFields = Pick<CatalogEntry, 'id' | 'nameLower' | 'sortName' | 'votesMonth' | 'votesTotal' | 'serverCount' | 'publishedAt'> & {
  body: Buffer;
};

class Entry extends EncodedJson implements CatalogEntry {
  readonly id: string;
  readonly nameLower: string;
  readonly sortName: string;
  readonly votesMonth: number;
  readonly votesTotal: number;
  readonly serverCount: number;
  readonly publishedAt: number;

  constructor(
    fields: EntryFields,
    readonly changedUs: number,
    readonly seq: number,
  ) {
    super(fields.body);
    this.id = fields.id;
    this.nameLower = fields.nameLower;
    this.sortName = fields.sortName;
    this.votesMonth = fields.votesMonth;
    this.votesTotal = fields.votesTotal;
    this.serverCount = fields.serverCount;
    this.publishedAt = fields.publishedAt;
  }

  /** The Bot's JSON inside the single answer, for list pages to copy in. */
  get json(): EncodedJson {
    return this.part(DATA_PREFIX.length, this.length - 1);
  }
}

/** The first string already held that equals `fresh`, else `fresh`: equal text, one copy. */
function held(fresh: string, ...candidates: (string | undefined)[]): string {
  for (const candidate of candidates) if (candidate === fresh) return candidate;
  return fresh;
}

const SLUGS_KEY = Buffer.from('"slugs":{');
const QUOTE = 0x22;
const D = 0x64;
const E = 0x65;

/**
 * The bot's slugs, read out of its answer's bytes without decoding the rest: the sitemap lists
 * every published bot, and decoding each whole (`botOf`) would cost it most of its time. The key's
 * bytes occur once, as `withCounts`'s do, and its value is `{"de":"…","en":"…"}` (in either
 * order) of slugs, which are lower-case letters, digits and hyphens: no escapes, a byte a character.
 */
export function slugsOf(entry: CatalogEntry): Bot['slugs'] {
  const body = entry.body;
  // Loops over the bytes: each stretch is a few dozen bytes, less than a call into Buffer#indexOf costs.
  let at = DATA_PREFIX.length;
  while (at < body.length && !startsAt(body, at, SLUGS_KEY)) at++;
  at += SLUGS_KEY.length;
  const slugs: Partial<Bot['slugs']> = {};
  for (let pair = 0; pair < 2; pair++) {
    // `"de":"melody"`, then `,` or `}`.
    const lang = body[at + 1] === D ? 'de' : body[at + 1] === E ? 'en' : undefined;
    let end = at + 6;
    while (end < body.length && body[end] !== QUOTE) end++;
    if (lang) slugs[lang] = body.toString('latin1', at + 6, end);
    at = end + 2;
  }
  if (slugs.de === undefined || slugs.en === undefined) throw new Error(`no slugs in the answer of bot ${entry.id}`);
  return slugs as Bot['slugs'];
}

function startsAt(body: Buffer, at: number, bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) if (body[at + i] !== bytes[i]) return false;
  return true;
}

/** The bot an entry holds, decoded (a few microseconds: for changes and the few bots a page shows). */
export function botOf(entry: CatalogEntry): Bot {
  return JSON.parse(entry.json.toString()) as Bot;
}

/**
 * The UTF-8 bytes of a text in memory of their own. `Buffer.from` packs texts under 4 KB into
 * shared 8 KB slabs, and a slab lives while any of its buffers does: an entry kept for long would
 * keep alive every short-lived buffer made beside it.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
