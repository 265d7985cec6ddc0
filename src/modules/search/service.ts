import type { Database } from '../../db/index.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { startOfUtcMonth, utcDay, type Clock } from '../../lib/clock.js';
import { SearchIndex, type Lang } from './engine/index.js';
import { searchRepository } from './repository.js';
import type { SearchHit, SynonymsBody } from './schemas.js';

/**
 * The process's search index, fed from the database: a full load at start, then one bot at a
 * time as the change feed reports changes (this process's writes at once, other processes'
 * through NOTIFY). Changes arriving together are read back in one query.
 */
export class SearchService {
  private index = new SearchIndex();
  private readonly dirty = new Set<string>();
  private refreshing: Promise<void> | undefined;
  private loading: Promise<void> | undefined;
  private loadedMonth = '';

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: ChangeFeed,
  ) {
    feed.subscribe((change) => {
      if (change.kind === 'bot') this.markDirty(change.botId);
      else if (change.kind === 'synonyms') void this.reloadSynonyms();
    });
  }

  /**
   * Builds the index from every published bot and the operator's synonyms. Also at the start of
   * each UTC month, when every votesMonth drops to zero.
   */
  load(): Promise<void> {
    this.loading ??= this.build().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async build(): Promise<void> {
    const month = this.month();
    const [docs, synonyms] = await Promise.all([
      searchRepository.allPublished(this.db, month),
      searchRepository.synonyms(this.db),
    ]);
    const index = new SearchIndex({ synonyms });
    index.bulkLoad(docs);
    this.index = index;
    this.loadedMonth = month;
  }

  /** Whether the index has been built (readiness). */
  isLoaded(): boolean {
    return this.loadedMonth !== '';
  }

  /** Waits for pending changes first, so a process always finds its own writes. */
  async search(q: string, lang: Lang, limit: number): Promise<{ data: SearchHit[]; total: number; processingTimeMs: number }> {
    if (this.month() !== this.loadedMonth) await this.load();
    if (this.refreshing) await this.refreshing;
    const result = this.index.search(q, { lang, limit });
    return {
      data: result.hits.map((doc) => ({
        id: doc.id,
        name: doc.name,
        shortDescription: doc.shortDescription[lang],
        slug: doc.slugs[lang],
        iconUrl: doc.iconUrl,
        categories: doc.categories,
        votesMonth: doc.votesMonth,
        votesTotal: doc.votesTotal,
        serverCount: doc.serverCount,
        rating: doc.rating,
        isVerified: doc.isVerified,
      })),
      total: result.total,
      processingTimeMs: result.processingTimeMs,
    };
  }

  async synonyms(): Promise<SynonymsBody> {
    return searchRepository.synonyms(this.db);
  }

  async saveSynonyms(value: SynonymsBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      await searchRepository.saveSynonyms(tx, value, this.clock.now());
      await this.feed.notify(tx, { kind: 'synonyms' });
    });
    this.index.setOperatorSynonyms(value);
  }

  private markDirty(botId: string): void {
    this.dirty.add(botId);
    this.refreshing ??= this.refresh();
  }

  /** Reads the changed bots back until none is left; while the database fails, retries each second. */
  private async refresh(): Promise<void> {
    // Let the writes of this tick gather before reading them back in one query.
    await Promise.resolve();
    while (this.dirty.size > 0) {
      const ids = [...this.dirty];
      this.dirty.clear();
      try {
        const docs = await searchRepository.publishedByIds(this.db, ids, this.loadedMonth || this.month());
        const published = new Set(docs.map((doc) => doc.id));
        for (const doc of docs) this.index.upsert(doc);
        for (const id of ids) if (!published.has(id)) this.index.remove(id);
      } catch {
        // The database does not answer: searches go on with the index as it is (they wait for one
        // attempt, not for the outage), and the changes are read again a second later.
        for (const id of ids) this.dirty.add(id);
        this.refreshing = undefined;
        setTimeout(() => {
          if (this.dirty.size > 0) this.refreshing ??= this.refresh();
        }, 1000).unref();
        return;
      }
    }
    this.refreshing = undefined;
  }

  private async reloadSynonyms(): Promise<void> {
    this.index.setOperatorSynonyms(await searchRepository.synonyms(this.db));
  }

  private month(): string {
    return utcDay(startOfUtcMonth(this.clock.now()));
  }
}
