import type { Queryable } from '../../db/index.js';
import { botRepository, toBot, type BotRow } from '../bots/repository.js';
import type { SearchDoc } from './engine/index.js';
import type { SynonymsBody } from './schemas.js';

function toDoc(row: BotRow): SearchDoc {
  const bot = toBot(row);
  return {
    id: bot.id,
    name: bot.name,
    slugs: bot.slugs,
    shortDescription: bot.shortDescription,
    categories: bot.categories,
    tags: bot.tags,
    iconUrl: bot.iconUrl,
    isVerified: bot.isVerified,
    votesMonth: bot.votesMonth,
    votesTotal: bot.votesTotal,
    serverCount: bot.serverCount,
    rating: bot.rating,
  };
}

export const searchRepository = {
  /** Every published bot as a search document, with its derived figures for `month`. */
  async allPublished(db: Queryable, month: string): Promise<SearchDoc[]> {
    const rows = await botRepository.listAll(db, month);
    return rows.map(toDoc);
  },

  /** The published ones among `ids`; an id missing from the answer is unpublished or gone. */
  async publishedByIds(db: Queryable, ids: string[], month: string): Promise<SearchDoc[]> {
    const rows = await botRepository.findPublishedByIds(db, ids, month);
    return rows.map(toDoc);
  },

  async synonyms(db: Queryable): Promise<SynonymsBody> {
    const { rows } = await db.query<{ value: SynonymsBody }>('SELECT value FROM search_synonyms WHERE id = 1');
    return rows[0]?.value ?? { oneWay: [], multiWay: [] };
  },

  async saveSynonyms(tx: Queryable, value: SynonymsBody, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO search_synonyms (id, value, updated_at) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [JSON.stringify(value), now],
    );
  },
};
