import type { Database } from '../../db/index.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import type { Clock } from '../../lib/clock.js';
import type { CachedResponse } from '../../lib/read-cache.js';
import type { CatalogFollower, PublishedBots, Rebuild } from '../bots/catalog.js';
import { staleDeadline } from '../bots/catalog-answers.js';
import { botOf } from '../bots/catalog-entry.js';
import type { Bot } from '../bots/schemas.js';
import { SearchAnswers } from './answers.js';
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
  private readonly answers = new SearchAnswers();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: ChangeFeed,
    private readonly catalog: PublishedBots,
    /** LIST_MAX_STALE_MS: how old an answer may be while bots keep changing (0: never reused after a change). */
    private readonly maxStaleMs: number,
  ) {
    catalog.follow(this);
  }

  /** Loads the operator's synonyms; the catalog's load fills the index. */
  async load(): Promise<void> {
    await this.reloadSynonyms();
  }

  rebuild(): Rebuild {
    const index = new SearchIndex({ synonyms: this.operatorSynonyms });
    const bulk = index.bulk();
    return {
      add: (bot) => bulk.add(toDoc(bot)),
      finish: () => {
        bulk.finish();
        this.index = index;
        this.answers.clear();
        this.loaded = true;
      },
    };
  }

  upsert(bot: Bot, previous: Bot | undefined): void {
    this.index.upsert(toDoc(bot), previous && toDoc(previous));
  }

  counted(id: string, popularity: { votesMonth: number; serverCount: number }): void {
    this.index.setPopularity(id, popularity);
  }

  remove(previous: Bot): void {
    this.index.remove(toDoc(previous));
  }

  /** Whether the index has been built (readiness). */
  isLoaded(): boolean {
    return this.loaded;
  }

  /**
   * `{data: [hit], total, processingTimeMs}` as JSON bytes. Waits for pending changes first, so a
   * process finds its own writes once they are older than LIST_MAX_STALE_MS; an answer reused
   * within that bound carries the processing time of the search that found it.
   */
  async searchJson(q: string, lang: Lang, limit: number): Promise<CachedResponse> {
    const waiting = this.catalog.ready(true);
    if (waiting) await waiting;
    const key = `${lang}:${limit}:${q}`;
    const now = this.clock.now();
    const { version } = this.catalog;
    const hit = this.answers.get(key, version, now.getTime());
    if (hit) return hit;
    return this.answers.keep(key, JSON.stringify(this.search(q, lang, limit)), version, staleDeadline(now, this.maxStaleMs));
  }

  private search(q: string, lang: Lang, limit: number): { data: SearchHit[]; total: number; processingTimeMs: number } {
    const result = this.index.search(q, { lang, limit });
    // The index and the catalog change in the same tick: every id found is held (decoded: ≤ limit bots).
    return {
      data: result.ids.map((id) => hitOf(botOf(this.catalog.held(id)!), lang)),
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
    this.answers.clear();
  }

  /** The operator's synonyms changed (here or in another process). */
  async reloadSynonyms(): Promise<void> {
    this.operatorSynonyms = await searchRepository.synonyms(this.db.reads);
    this.index.setOperatorSynonyms(this.operatorSynonyms);
    this.answers.clear();
  }
}

function hitOf(bot: Bot, lang: Lang): SearchHit {
  return {
    id: bot.id,
    name: bot.name,
    shortDescription: bot.shortDescription[lang],
    slug: bot.slugs[lang],
    iconUrl: bot.iconUrl,
    categories: bot.categories,
    votesMonth: bot.votesMonth,
    votesTotal: bot.votesTotal,
    serverCount: bot.serverCount,
    rating: bot.rating,
    isVerified: bot.isVerified,
  };
}
