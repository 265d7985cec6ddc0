import type { Queryable } from '../../db/index.js';
import { SqlFilter } from '../../lib/sql-filter.js';
import { SELECT_BOT, type BotRow } from './repository.js';

export interface AdminBotFilter {
  published?: boolean;
  /** A bot's id, or a case-insensitive part of its name. */
  q?: string;
  /** A user id among the bot's owners. */
  owner?: string;
}

/** The operator's list of bots, published or not, newest first (index bots_created). */
export const botAdminRepository = {
  async list(
    db: Queryable,
    filter: AdminBotFilter,
    month: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: BotRow[]; total: number }> {
    const conditions = new SqlFilter()
      .when(filter.published, (n, published) => `b.published = ${n(published)}`)
      .when(filter.owner, (n, owner) => `b.owners @> ARRAY[${n(owner)}]::text[]`)
      .when(filter.q, (n, q) => `(b.id = ${n(q)} OR b.name_lower LIKE ${n(`%${escapeLike(q.toLowerCase())}%`)} ESCAPE '\\')`);
    const counted = conditions.build(1);
    const { rows: count } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM bots b ${counted.where}`, counted.values);
    const total = count[0]?.total ?? 0;
    if (offset >= total) return { rows: [], total };
    const listed = conditions.build(2);
    const n = listed.values.length + 2;
    const { rows } = await db.query<BotRow>(
      `${SELECT_BOT} ${listed.where} ORDER BY b.created_at DESC, b.id DESC LIMIT $${n} OFFSET $${n + 1}`,
      [month, ...listed.values, limit, offset],
    );
    return { rows, total };
  },
};

/** `%`, `_` and `\\` in a search are literal characters, not LIKE wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
