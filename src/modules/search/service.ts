import type { Database } from '../../db/index.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import type { Clock } from '../../lib/clock.js';
import type { CatalogFollower, PublishedBots } from '../bots/catalog.js';
import type { Bot } from '../bots/schemas.js';
import { toDoc } from './document.js';
import { SearchIndex, type Lang } from './engine/index.js';
import { searchRepository } from './repository.js';
import type { SearchHit, SynonymsBody } from './schemas.js';

/**
 * The process's search index. It follows the catalog of published bots (which loads them and
 * keeps them current), so the index and the bot list always hold the same bots.
 */
export class SearchService implements CatalogFollower {
  private index = new SearchIndex();
  private operatorSynonyms: SynonymsBody = { oneWay: [], multiWay: [] };
  private loaded = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: ChangeFeed,
    private readonly catalog: PublishedBots,
  ) {
    catalog.follow(this);
  }

  /** Loads the operator's synonyms; the catalog's load fills the index. */
  async load(): Promise<void> {
    await this.reloadSynonyms();
  }

  reset(bots: readonly Bot[]): void {
    const index = new SearchIndex({ synonyms: this.operatorSynonyms });
    index.bulkLoad(bots.map(toDoc));
    this.index = index;
    this.loaded = true;
  }

  upsert(bot: Bot): void {
    this.index.upsert(toDoc(bot));
  }

  remove(id: string): void {
    this.index.remove(id);
  }

  /** Whether the index has been built (readiness). */
  isLoaded(): boolean {
    return this.loaded;
  }

  /** Waits for pending changes first, so a process always finds its own writes. */
  async search(q: string, lang: Lang, limit: number): Promise<{ data: SearchHit[]; total: number; processingTimeMs: number }> {
    const waiting = this.catalog.ready(true);
    if (waiting) await waiting;
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
    await this.feed.commit(this.db, { kind: 'synonyms' }, (tx) => searchRepository.saveSynonyms(tx, value, this.clock.now()));
    this.operatorSynonyms = value;
    this.index.setOperatorSynonyms(value);
  }

  /** The operator's synonyms changed (here or in another process). */
  async reloadSynonyms(): Promise<void> {
    this.operatorSynonyms = await searchRepository.synonyms(this.db.reads);
    this.index.setOperatorSynonyms(this.operatorSynonyms);
  }
}
