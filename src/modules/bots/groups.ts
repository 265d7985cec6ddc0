import { SortedBlocks } from '../../lib/sorted-blocks.js';
import type { CatalogFollower, Rebuild } from './catalog.js';
import type { Bot } from './schemas.js';

/** A group of published bots a page lists: a category, a tag, or the verified bots. */
export type BotGroup = { kind: 'category'; id: string } | { kind: 'tag'; id: string } | { kind: 'verified' };

/** A bot as the groups hold it: what places it in them. A change makes a new one (the orders hold the old one until then). */
interface Member {
  readonly id: string;
  readonly votesMonth: number;
  readonly categories: readonly string[];
  readonly tags: readonly string[];
  readonly verified: boolean;
}

/** Most votes this month first, then id: the order of every group (a total order, as SortedBlocks needs). */
function byVotesMonth(a: Member, b: Member): number {
  return b.votesMonth - a.votesMonth || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The map key of a group; a category and a tag of the same text are different groups. */
function keyOf(group: BotGroup): string {
  return group.kind === 'verified' ? 'v' : `${group.kind === 'category' ? 'c' : 't'}:${group.id}`;
}

function keysOf(member: Member): string[] {
  const keys = member.categories.map((category) => `c:${category}`);
  for (const tag of member.tags) keys.push(`t:${tag}`);
  if (member.verified) keys.push('v');
  return keys;
}

function memberOf(bot: Bot, votesMonth = bot.votesMonth): Member {
  return { id: bot.id, votesMonth, categories: bot.categories, tags: bot.tags, verified: bot.isVerified };
}

/**
 * The published bots of every category, every tag and the verified ones, each group in its own
 * order (votes this month), kept by following the catalog as the slug and search indexes do. A
 * page of a group is a positional slice of its order: its cost depends on neither the page number
 * nor the size of the directory, and a vote moves the bot in its own few groups only.
 */
export class BotGroups implements CatalogFollower {
  private members = new Map<string, Member>();
  private groups = new Map<string, SortedBlocks<Member>>();

  /** How many published bots the group has (0 for a group no published bot is in). */
  size(group: BotGroup): number {
    return this.groups.get(keyOf(group))?.size ?? 0;
  }

  /** The ids of up to `limit` bots of the group from position `offset`, most votes this month first. */
  page(group: BotGroup, offset: number, limit: number): string[] {
    return (this.groups.get(keyOf(group))?.slice(offset, limit) ?? []).map((member) => member.id);
  }

  rebuild(): Rebuild {
    const members = new Map<string, Member>();
    return {
      add: (bot) => void members.set(bot.id, memberOf(bot)),
      finish: () => {
        const lists = new Map<string, Member[]>();
        for (const member of members.values()) {
          for (const key of keysOf(member)) {
            const list = lists.get(key);
            if (list) list.push(member);
            else lists.set(key, [member]);
          }
        }
        const groups = new Map<string, SortedBlocks<Member>>();
        for (const [key, list] of lists) {
          const order = new SortedBlocks(byVotesMonth);
          order.reset(list);
          groups.set(key, order);
        }
        this.members = members;
        this.groups = groups;
      },
    };
  }

  upsert(bot: Bot): void {
    this.replace(this.members.get(bot.id), memberOf(bot));
  }

  counted(id: string, popularity: { votesMonth: number }): void {
    const held = this.members.get(id);
    if (held && held.votesMonth !== popularity.votesMonth) this.replace(held, { ...held, votesMonth: popularity.votesMonth });
  }

  remove(previous: Bot): void {
    const held = this.members.get(previous.id);
    if (!held) return;
    for (const key of keysOf(held)) this.leave(key, held);
    this.members.delete(previous.id);
  }

  private replace(held: Member | undefined, next: Member): void {
    if (held) for (const key of keysOf(held)) this.leave(key, held);
    for (const key of keysOf(next)) {
      let order = this.groups.get(key);
      if (!order) this.groups.set(key, (order = new SortedBlocks(byVotesMonth)));
      order.insert(next);
    }
    this.members.set(next.id, next);
  }

  /** Takes the member out of one group; a group left empty goes (its page is then a 404). */
  private leave(key: string, member: Member): void {
    const order = this.groups.get(key);
    if (!order) return;
    order.delete(member);
    if (order.size === 0) this.groups.delete(key);
  }
}
