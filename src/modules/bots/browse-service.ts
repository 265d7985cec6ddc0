import type { Bot, BotSort } from './schemas.js';
import { botOf } from './catalog-entry.js';
import type { PublishedBots } from './catalog.js';
import type { BotGroup, BotGroups } from './groups.js';

export interface BotsPage {
  bots: Bot[];
  /** Published bots in the whole list (or group). */
  total: number;
}

/**
 * The published bots as the pages list them, typed: a page of the list in one of its five orders,
 * or of a group (category, tag, verified), from the catalog in memory. As the API's list, every
 * change of a bot's text announced to this process is in it; counters may lag (LIST_MAX_STALE_MS).
 */
export class BrowseService {
  constructor(
    private readonly catalog: PublishedBots,
    private readonly groups: BotGroups,
    /** LIST_MAX_STALE_MS: with 0, a page waits for every change this process announced, counters too. */
    private readonly listMaxStaleMs: number,
  ) {}

  /** Bots `offset` to `offset + limit` of the whole list in `sort` order. */
  async list(sort: BotSort, offset: number, limit: number): Promise<BotsPage> {
    await this.ready();
    const { bots, total } = this.catalog.ranking.page(sort, offset, limit);
    return { bots: bots.map(botOf), total };
  }

  /** Bots `offset` to `offset + limit` of a group, most votes this month first. */
  async group(group: BotGroup, offset: number, limit: number): Promise<BotsPage> {
    await this.ready();
    const bots: Bot[] = [];
    for (const id of this.groups.page(group, offset, limit)) {
      const entry = this.catalog.held(id);
      if (entry) bots.push(botOf(entry));
    }
    return { bots, total: this.groups.size(group) };
  }

  /** How many published bots a group has now. */
  async size(group: BotGroup): Promise<number> {
    await this.ready();
    return this.groups.size(group);
  }

  private async ready(): Promise<void> {
    const waiting = this.catalog.ready(this.listMaxStaleMs === 0 ? 'all' : 'text');
    if (waiting) await waiting;
  }
}
