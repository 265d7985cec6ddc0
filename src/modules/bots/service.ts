import type { Database, Queryable } from '../../db/index.js';
import type { EncodedJson, Read } from '../../lib/answers/index.js';
import { startOfNextUtcMonth, startOfUtcMonth, utcDay, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { offsetOf, paginationOf, type Page } from '../../lib/pagination.js';
import type { Lang } from '../../lib/langs.js';
import type { Actor } from '../audit/entry.js';
import type { Changes } from '../changes/change.js';
import { fact } from '../changes/facts.js';
import { botOf, slugsOf } from './catalog-entry.js';
import type { SlugIndex } from './slug-index.js';
import type { CatalogEntry, PublishedBots } from './catalog.js';
import { botRepository, toBot } from './repository.js';
import { SLUG_PATTERN, type AdminBot, type Bot, type BotListQuery, type BotPatch, type BotPut, type BotWrite } from './schemas.js';
import { slugHistoryRepository } from './slug-history-repository.js';
import type { BotWriteListener } from './write-listener.js';

/** What an answer made from the catalog shows and lags behind (one copy for every answer kept). */
const CATALOG_FACTS: readonly string[] = [fact.catalogText];
/** Only a slug a bot could have had is looked for in the history (a probe of `<script>` costs no query). */
const SLUG = new RegExp(SLUG_PATTERN);

export type CatalogRead = Omit<Read<unknown>, 'cacheControl'> & { facts: readonly string[] };

export class BotService {
  private readonly lagging: Read<unknown>['lagging'];

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly catalog: PublishedBots,
    private readonly slugs: SlugIndex,
    private readonly feed: Changes,
    /** LIST_MAX_STALE_MS: with 0, a list waits for every change this process announced, counters too. */
    private readonly listMaxStaleMs: number,
    /** Keeps the listings in step with the management API's writes. */
    private readonly writes?: BotWriteListener,
  ) {
    this.lagging = { facts: [fact.catalogCounts], ms: listMaxStaleMs };
  }

  /**
   * A published bot: its answer `{data: Bot}` as the catalog holds it, encoded (a promise only
   * while a change to it is read back); 404 for any other id.
   */
  published(id: string): CatalogEntry | Promise<CatalogEntry> {
    const entry = this.catalog.entry(id);
    return entry instanceof Promise ? entry.then(found) : found(entry);
  }

  /**
   * How an answer made from the catalog (a list page, a search) is kept: it shows every bot's text
   * as it is now, and its counters as they were at most LIST_MAX_STALE_MS ago; and never into the
   * next UTC month, where votesMonth starts again.
   */
  catalogRead(key: string): CatalogRead {
    const now = this.clock.now();
    return { key, facts: CATALOG_FACTS, lagging: this.lagging, ttlMs: startOfNextUtcMonth(now).getTime() - now.getTime() };
  }

  /** The published bot with this slug in `lang` (a bot just published or renamed is found once its change is read back); 404 otherwise. */
  async bySlug(lang: Lang, slug: string): Promise<Bot> {
    const waiting = this.catalog.ready('all');
    if (waiting) await waiting;
    const id = this.slugs.find(lang, slug);
    const entry = id === undefined ? undefined : await this.catalog.entry(id);
    if (!entry) throw AppError.notFound('No published bot with that name');
    return botOf(entry);
  }

  /**
   * The published bot with this slug in `lang` (`current`), or else the one that had it before a
   * rename (its page has moved for good); 404 when neither is published. A bot that has the slug
   * now wins over one that had it.
   */
  async resolveSlug(lang: Lang, slug: string): Promise<{ bot: Bot; current: boolean }> {
    try {
      return { bot: await this.bySlug(lang, slug), current: true };
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found') || !SLUG.test(slug)) throw error;
      const id = await slugHistoryRepository.find(this.db.reads, lang, slug);
      const entry = id === undefined ? undefined : await this.catalog.entry(id);
      // The catalog may not have read a rename back yet: a slug it still gives the bot is no move.
      if (!entry || slugsOf(entry)[lang] === slug) throw error;
      return { bot: botOf(entry), current: false };
    }
  }

  /**
   * A page of published bots from the catalog's orders, the bots as the catalog holds them. Every
   * change of a bot's text announced to this process is in it; counters may lag (LIST_MAX_STALE_MS).
   */
  async list(query: BotListQuery): Promise<Page<EncodedJson>> {
    const waiting = this.catalog.ready(this.listMaxStaleMs === 0 ? 'all' : 'text');
    if (waiting) await waiting;
    const needle = query.search ? query.search.toLowerCase() : undefined;
    const { bots, total } = this.catalog.ranking.page(query.sort, offsetOf(query), query.limit, needle);
    return { data: bots.map((bot) => bot.json), pagination: paginationOf(total, query) };
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
      const before = existing && (await this.writableIn(tx, id));
      const publishedAt = existing?.published_at ?? (write.published ? now : null);
      if (existing) await botRepository.update(tx, id, write, publishedAt, now);
      else await botRepository.insert(tx, id, write, publishedAt, now);
      await slugHistoryRepository.record(tx, id, existing?.slugs, write.slugs, now);
      await this.writes?.written(
        tx,
        id,
        {
          created: !existing,
          wasPublished: existing?.published ?? false,
          published: write.published,
          before,
          after: write,
          owners: write.owners,
        },
        now,
      );
      return !existing;
    });
    return { bot: await this.adminGet(id), created };
  }

  async patch(id: string, patch: BotPatch): Promise<AdminBot> {
    const now = this.clock.now();
    await this.feed.commit(this.db, this.changeOf(id), async (tx) => {
      const existing = await botRepository.lock(tx, id);
      if (!existing) throw AppError.notFound('No bot with that application ID');
      const before = await this.writableIn(tx, id);
      const write: BotWrite = { ...before, ...patch };
      const publishedAt = existing.published_at ?? (write.published ? now : null);
      await botRepository.update(tx, id, write, publishedAt, now);
      await slugHistoryRepository.record(tx, id, existing.slugs, write.slugs, now);
      await this.writes?.written(
        tx,
        id,
        { created: false, wasPublished: existing.published, published: write.published, before, after: write, owners: patch.owners },
        now,
      );
    });
    return this.adminGet(id);
  }

  /** Deletes the bot with everything that belongs to it; `by`: who, for the audit log. */
  async delete(id: string, by: Actor): Promise<void> {
    const now = this.clock.now();
    await this.feed.commit(this.db, this.changeOf(id), async (tx) => {
      if (!(await botRepository.delete(tx, id))) throw AppError.notFound('No bot with that application ID');
      await this.writes?.deleted(tx, id, by, now);
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

function found(entry: CatalogEntry | undefined): CatalogEntry {
  if (!entry) throw AppError.notFound();
  return entry;
}
