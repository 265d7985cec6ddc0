import type { Database, Queryable } from '../../db/index.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { startOfUtcMonth, utcDay, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { CachedResponse } from '../../lib/read-cache.js';
import { isPromise, type MaybePromise } from '../../lib/maybe-promise.js';
import type { CatalogEntry, PublishedBots } from './catalog.js';
import { staleDeadline, stillServes } from './catalog-answers.js';
import { ListPages } from './list-pages.js';
import { botRepository, toBot } from './repository.js';
import type { AdminBot, BotListQuery, BotPatch, BotPut, BotWrite } from './schemas.js';

export class BotService {
  private readonly pages: ListPages;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly catalog: PublishedBots,
    private readonly feed: ChangeFeed,
    /** LIST_MAX_STALE_MS: how old a list page may be while bots keep changing. */
    private readonly listMaxStaleMs: number,
  ) {
    this.pages = new ListPages(catalog.ranking);
  }

  /** `{data: Bot}` of a published bot, from the catalog in memory (a promise only while it catches up). */
  publicBotJson(id: string): MaybePromise<CachedResponse> {
    const entry = this.catalog.entry(id);
    return isPromise(entry) ? entry.then((found) => this.single(found)) : this.single(entry);
  }

  /** The entry is the answer: its `{data: Bot}` bytes and their ETag (catalog-entry.ts). */
  private single(entry: CatalogEntry | undefined): CachedResponse {
    if (!entry) throw AppError.notFound();
    return entry;
  }

  /**
   * `{data: [Bot], pagination}` from the catalog's orders. A page is reused while nothing changed,
   * or while it is younger than LIST_MAX_STALE_MS (under a stream of votes every page would
   * otherwise be rebuilt for every request); with 0 it waits for this process's own writes.
   */
  async publicListJson(query: BotListQuery): Promise<CachedResponse> {
    const waiting = this.catalog.ready(this.listMaxStaleMs === 0);
    if (waiting) await waiting;
    const now = this.clock.now();
    const { version } = this.catalog;
    const hit = this.pages.get(query);
    if (hit && stillServes(hit, version, now.getTime())) return hit;
    return this.pages.build(query, version, staleDeadline(now, this.listMaxStaleMs));
  }

  async adminGet(id: string): Promise<AdminBot> {
    const row = await botRepository.findById(this.db, id, this.month(), false);
    if (!row) throw AppError.notFound('No bot with that application ID');
    return toBot(row);
  }

  /** Create or replace. `publishedAt` is stamped on the first publication and kept ever after. */
  async put(id: string, body: BotPut): Promise<{ bot: AdminBot; created: boolean }> {
    const now = this.clock.now();
    const write: BotWrite = {
      ...body,
      bannerUrl: body.bannerUrl ?? null,
      isVerified: body.isVerified ?? false,
      published: body.published ?? false,
      platformServerCount: body.platformServerCount ?? null,
      platformShardCount: body.platformShardCount ?? null,
    };
    const created = await this.feed.commit(this.db, this.changeOf(id), async (tx) => {
      const existing = await botRepository.lock(tx, id);
      const publishedAt = existing?.published_at ?? (write.published ? now : null);
      if (existing) await botRepository.update(tx, id, write, publishedAt, now);
      else await botRepository.insert(tx, id, write, publishedAt, now);
      return !existing;
    });
    return { bot: await this.adminGet(id), created };
  }

  async patch(id: string, patch: BotPatch): Promise<AdminBot> {
    const now = this.clock.now();
    await this.feed.commit(this.db, this.changeOf(id), async (tx) => {
      const existing = await botRepository.lock(tx, id);
      if (!existing) throw AppError.notFound('No bot with that application ID');
      const write: BotWrite = { ...(await this.writableIn(tx, id)), ...patch } as BotWrite;
      const publishedAt = existing.published_at ?? (write.published ? now : null);
      await botRepository.update(tx, id, write, publishedAt, now);
    });
    return this.adminGet(id);
  }

  async delete(id: string): Promise<void> {
    await this.feed.commit(this.db, this.changeOf(id), async (tx) => {
      if (!(await botRepository.delete(tx, id))) throw AppError.notFound('No bot with that application ID');
    });
  }

  private changeOf(botId: string) {
    return { kind: 'bot', botId, aspect: 'profile' } as const;
  }

  private month(): string {
    return utcDay(startOfUtcMonth(this.clock.now()));
  }

  /** The stored bot in the shape of a full write, for PATCH to merge into. */
  private async writableIn(tx: Queryable, id: string): Promise<BotWrite> {
    const row = await botRepository.findById(tx, id, this.month(), false);
    if (!row) throw AppError.notFound('No bot with that application ID');
    const bot = toBot(row);
    return {
      name: bot.name,
      slugs: bot.slugs,
      shortDescription: bot.shortDescription,
      prefix: bot.prefix,
      pricing: bot.pricing,
      iconUrl: bot.iconUrl,
      bannerUrl: bot.bannerUrl,
      inviteUrl: bot.inviteUrl,
      supportServerUrl: bot.supportServerUrl,
      websiteUrl: bot.websiteUrl,
      categories: bot.categories,
      tags: bot.tags,
      owners: bot.owners,
      isVerified: bot.isVerified,
      published: bot.published,
      platformServerCount: row.platform_server_count,
      platformShardCount: row.platform_shard_count,
    };
  }
}
