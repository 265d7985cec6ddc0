import type { Database } from '../../db/index.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { startOfUtcMonth, utcDay, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { CachedResponse, ReadCache } from '../../lib/read-cache.js';
import { botRepository, toBot } from './repository.js';
import type { AdminBot, Bot, BotListQuery, BotPatch, BotPut, BotWrite } from './schemas.js';

export class BotService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly cache: ReadCache,
    private readonly feed: ChangeFeed,
  ) {}

  /** `{data: Bot}` as JSON text, from the read cache when it holds it. */
  async publicBotJson(id: string): Promise<CachedResponse<string>> {
    return this.cache.fetch(`bot:${id}`, id, async (month) => {
      const row = await botRepository.findById(this.db, id, month, true);
      if (!row) return undefined;
      return JSON.stringify({ data: toPublic(toBot(row)) });
    });
  }

  async publicListJson(query: BotListQuery): Promise<CachedResponse<string>> {
    const search = query.search ?? '';
    const key = `list:${query.page}:${query.limit}:${query.sort}:${search}`;
    return this.cache.fetch(key, undefined, async (month) => {
      const offset = (query.page - 1) * query.limit;
      const { rows, total } = await botRepository.list(this.db, {
        month,
        sort: query.sort,
        limit: query.limit,
        offset,
        nameContains: search || undefined,
      });
      const pagination = { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) };
      return JSON.stringify({ data: rows.map((row) => toPublic(toBot(row))), pagination });
    });
  }

  /** Throws not_found unless a published bot has this ID; every public /bots/{id}/... path starts here. */
  async assertPublished(id: string): Promise<void> {
    if (!(await botRepository.isPublished(this.db, id))) throw AppError.notFound();
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
    const created = await this.db.transaction(async (tx) => {
      const existing = await botRepository.lock(tx, id);
      const publishedAt = existing?.published_at ?? (write.published ? now : null);
      if (existing) await botRepository.update(tx, id, write, publishedAt, now);
      else await botRepository.insert(tx, id, write, publishedAt, now);
      await this.feed.notify(tx, { kind: 'bot', botId: id });
      return !existing;
    });
    this.changed(id);
    return { bot: await this.adminGet(id), created };
  }

  async patch(id: string, patch: BotPatch): Promise<AdminBot> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const existing = await botRepository.lock(tx, id);
      if (!existing) throw AppError.notFound('No bot with that application ID');
      const current = await this.adminGetIn(tx, id);
      const write: BotWrite = { ...current, ...patch } as BotWrite;
      const publishedAt = existing.published_at ?? (write.published ? now : null);
      await botRepository.update(tx, id, write, publishedAt, now);
      await this.feed.notify(tx, { kind: 'bot', botId: id });
    });
    this.changed(id);
    return this.adminGet(id);
  }

  async delete(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await botRepository.delete(tx, id))) throw AppError.notFound('No bot with that application ID');
      await this.feed.notify(tx, { kind: 'bot', botId: id });
    });
    this.changed(id);
  }

  /** Called after any committed change that shows in a bot's public data. */
  changed(id: string): void {
    this.feed.emit({ kind: 'bot', botId: id });
  }

  month(): string {
    return utcDay(startOfUtcMonth(this.clock.now()));
  }

  private async adminGetIn(tx: Parameters<typeof botRepository.findById>[0], id: string): Promise<BotWrite> {
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

function toPublic(bot: AdminBot): Bot {
  const { published: _published, publishedAt, ...rest } = bot;
  // Public reads select published bots only, and publishing stamps publishedAt.
  return { ...rest, publishedAt: publishedAt as string };
}
