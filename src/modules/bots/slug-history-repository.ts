import type { Queryable } from '../../db/index.js';
import { LANGS, type Lang } from '../../lib/langs.js';
import type { Bot } from './schemas.js';

type Slugs = Bot['slugs'];

/** The slugs bots had before (bot_slug_history, migration 020). */
export const slugHistoryRepository = {
  /**
   * After a bot's write (in its transaction): the slugs it took leave the history, whichever bot
   * had them before, and those it gave up (`before`, if it existed) lead to it.
   */
  async record(tx: Queryable, botId: string, before: Slugs | undefined, after: Slugs, now: Date): Promise<void> {
    for (const lang of LANGS) {
      if (before?.[lang] === after[lang]) continue;
      await tx.query('DELETE FROM bot_slug_history WHERE lang = $1 AND slug = $2', [lang, after[lang]]);
      if (before === undefined) continue;
      await tx.query(
        `INSERT INTO bot_slug_history (lang, slug, bot_id, replaced_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (lang, slug) DO UPDATE SET bot_id = EXCLUDED.bot_id, replaced_at = EXCLUDED.replaced_at`,
        [lang, before[lang], botId, now],
      );
    }
  },

  /** The bot that had this slug in `lang` before a rename, if any. */
  async find(db: Queryable, lang: Lang, slug: string): Promise<string | undefined> {
    const { rows } = await db.query<{ bot_id: string }>('SELECT bot_id FROM bot_slug_history WHERE lang = $1 AND slug = $2', [lang, slug]);
    return rows[0]?.bot_id;
  },
};
