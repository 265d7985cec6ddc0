import type { Queryable } from '../../db/index.js';
import type { SynonymsBody } from './schemas.js';

export const searchRepository = {
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
