import type { Database } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { CatalogFollower, PublishedBots, Rebuild } from '../bots/catalog.js';
import { botOf } from '../bots/catalog-entry.js';
import type { Bot } from '../bots/schemas.js';
import type { Changes } from '../changes/change.js';
import { toDoc } from './document.js';
import { SearchIndex, type Lang } from './engine/index.js';
import { searchRepository } from './repository.js';
import type { SearchExplanation, SearchHit, SearchResponse, SynonymsBody } from './schemas.js';

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
    private readonly feed: Changes,
    private readonly catalog: PublishedBots,
    /** LIST_MAX_STALE_MS: with 0, a search waits for every change this process announced, counters too. */
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
   * The best published bots for `q`, as a person types it. Every change of a bot's text announced
   * to this process is in it; counters (the popularity that breaks ties) may lag as lists do.
   */
  async search(q: string, lang: Lang, limit: number): Promise<SearchResponse> {
    const waiting = this.catalog.ready(this.maxStaleMs === 0 ? 'all' : 'text');
    if (waiting) await waiting;
    const result = this.index.search(q, { lang, limit });
    // The index and the catalog change in the same tick: every id found is held (decoded: ≤ limit bots).
    return {
      data: result.ids.map((id) => hitOf(botOf(this.catalog.held(id)!), lang)),
      total: result.total,
      processingTimeMs: result.processingTimeMs,
    };
  }

  /**
   * The search page's results `offset` to `offset + limit` for `q`, as the API's search ranks them
   * (the engine ranks the first offset + limit: callers bound the offset), typed, with the indexed
   * words the query matched (to highlight) and, when nothing matches, a query that would find
   * something ("did you mean").
   */
  async page(q: string, lang: Lang, offset: number, limit: number): Promise<SearchPage> {
    const waiting = this.catalog.ready(this.maxStaleMs === 0 ? 'all' : 'text');
    if (waiting) await waiting;
    const result = this.index.search(q, { lang, limit: offset + limit });
    const suggested = result.total === 0 ? this.index.suggest(q) : undefined;
    return {
      bots: result.ids.slice(offset).map((id) => botOf(this.catalog.held(id)!)),
      total: result.total,
      terms: this.index.matchedTerms(q, { lang }),
      suggestion: suggested !== undefined && this.index.search(suggested, { lang, limit: 1 }).total > 0 ? suggested : undefined,
    };
  }

  /** Why the search for `q` ranks its top 20 as it does (the operator's explain). */
  async explain(q: string, lang: Lang): Promise<SearchExplanation> {
    const waiting = this.catalog.ready(this.maxStaleMs === 0 ? 'all' : 'text');
    if (waiting) await waiting;
    const explanation = this.index.explain(q, { lang, limit: EXPLAINED });
    return {
      ...explanation,
      results: explanation.results.map((result) => ({ ...result, name: botOf(this.catalog.held(result.id)!).name })),
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

export interface SearchPage {
  bots: Bot[];
  /** Published bots matching the query. */
  total: number;
  /** The indexed words the query matched, folded as the index folds text (highlight words that fold to one). */
  terms: Set<string>;
  /** When nothing matches: a query with the unknown words replaced by known ones, which finds something. */
  suggestion: string | undefined;
}

/** Results an explanation covers. */
const EXPLAINED = 20;

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
