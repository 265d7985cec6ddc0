import { SortedBlocks } from '../../lib/sorted-blocks.js';
import { NameSearch } from './name-search.js';
import type { BotSort } from './schemas.js';

/** What the list needs of a published bot: its sort keys and its answer's bytes. */
export interface ListedBot {
  readonly id: string;
  /** Its number in the catalog while it stays published (dense, reused): an index into per-bot arrays. */
  readonly seq: number;
  /** `name` lower-cased: the `search` filter is a substring of it. */
  readonly nameLower: string;
  /** Lower case without diacritics (`sortKey`): the `name` order. */
  readonly sortName: string;
  readonly votesMonth: number;
  readonly votesTotal: number;
  readonly serverCount: number;
  /** publishedAt in milliseconds, as the API shows it. */
  readonly publishedAt: number;
}

/** Ties break on id ascending in every order, so the order is total and pages never overlap. */
function byId(a: ListedBot, b: ListedBot): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Compares by Unicode code point, as PostgreSQL's "C" collation compares UTF-8 bytes (JavaScript's
 * `<` compares UTF-16 units, which orders U+E000–U+FFFF after the astral planes).
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (D800–DFFF) stands for a code point above every BMP character.
    const hx = x >= 0xd800 && x <= 0xdfff ? x + 0x10000 : x;
    const hy = y >= 0xd800 && y <= 0xdfff ? y + 0x10000 : y;
    return hx - hy;
  }
  return a.length - b.length;
}

export const ORDERS: Record<BotSort, (a: ListedBot, b: ListedBot) => number> = {
  votes_month: (a, b) => b.votesMonth - a.votesMonth || byId(a, b),
  votes_total: (a, b) => b.votesTotal - a.votesTotal || byId(a, b),
  servers: (a, b) => b.serverCount - a.serverCount || byId(a, b),
  new: (a, b) => b.publishedAt - a.publishedAt || byId(a, b),
  name: (a, b) => compareCodePoints(a.sortName, b.sortName) || byId(a, b),
};

const SORTS = Object.keys(ORDERS) as BotSort[];
/**
 * What a comparison of two bots costs against a step of a walk over an order (a byte read), in a
 * profile: the `search` filter sorts its matches or walks the order, whichever costs less.
 */
const COMPARE_STEPS = 10;

/**
 * A published bot's place in the orders: the orders hold slots, and a change of the bot swaps the
 * slot's bot. An order whose key did not change (the name and publication orders on a vote) then
 * has nothing to do: no search for the old version, no comparison.
 */
interface Slot<T extends ListedBot> {
  bot: T;
}

/**
 * Every published bot in each of the list's five orders, in memory. A page is a positional
 * slice, so its cost does not depend on the page number or the size of the directory; a change
 * of one bot moves it in the orders whose key changed, in O(log n + block size) each.
 */
export class BotRanking<T extends ListedBot> {
  private readonly orders = new Map<BotSort, SortedBlocks<Slot<T>>>(
    SORTS.map((sort) => [sort, new SortedBlocks<Slot<T>>(bySlot(ORDERS[sort]))]),
  );

  /** Slots by the bots' `seq`. */
  private slots: (Slot<T> | undefined)[] = [];

  private readonly names = new NameSearch<T>();

  get size(): number {
    return this.orders.get('name')!.size;
  }

  reset(bots: readonly T[]): void {
    this.slots = [];
    const slots = bots.map((bot) => (this.slots[bot.seq] = { bot }));
    for (const order of this.orders.values()) order.reset(slots);
    this.names.reset(bots);
  }

  /** Puts `next` where `previous` (the same bot's last state, with the same `seq`, if listed) was. */
  replace(previous: T | undefined, next: T): void {
    const slot = previous && this.slots[previous.seq];
    if (!slot) {
      const added = (this.slots[next.seq] = { bot: next });
      for (const order of this.orders.values()) order.insert(added);
    } else {
      // Moved out of the orders whose key changed while the slot still holds the version they sorted.
      const moved = SORTS.filter((sort) => ORDERS[sort](slot.bot, next) !== 0).map((sort) => this.orders.get(sort)!);
      for (const order of moved) order.delete(slot);
      slot.bot = next;
      for (const order of moved) order.insert(slot);
    }
    this.names.set(next);
  }

  remove(previous: T): void {
    const slot = this.slots[previous.seq];
    if (slot) for (const order of this.orders.values()) order.delete(slot);
    this.slots[previous.seq] = undefined;
    this.names.remove(previous);
  }

  /**
   * One page in `sort` order and how many bots there are; with `nameContains` (lower case) only
   * bots whose name contains it (found in NameSearch, then the order walked up to the page).
   */
  page(sort: BotSort, offset: number, limit: number, nameContains?: string): { bots: T[]; total: number } {
    const order = this.orders.get(sort)!;
    if (!nameContains) return { bots: botsIn(order.slice(offset, limit)), total: order.size };
    const matches = this.names.matching(nameContains);
    const total = matches.count;
    if (total <= offset) return { bots: [], total };
    // The walk reaches the page's last match after about (offset + limit) × size / total bots;
    // sorting costs total × log2(total) comparisons. Few matches are sorted, many are walked to.
    const walk = Math.min(order.size, ((offset + limit) * order.size) / total);
    const sorting = COMPARE_STEPS * total * Math.log2(total + 1);
    if (sorting < walk)
      return {
        bots: matches
          .bots()
          .sort(ORDERS[sort])
          .slice(offset, offset + limit),
        total,
      };
    return { bots: botsIn(order.filter((slot) => matches.has(slot.bot), offset, limit)), total };
  }
}

function bySlot<T extends ListedBot>(compare: (a: ListedBot, b: ListedBot) => number): (a: Slot<T>, b: Slot<T>) => number {
  return (a, b) => compare(a.bot, b.bot);
}

function botsIn<T extends ListedBot>(slots: readonly Slot<T>[]): T[] {
  return slots.map((slot) => slot.bot);
}
