import type { Queryable } from '../../db/index.js';
import { SqlFilter } from '../../lib/sql-filter.js';
import { COLUMNS, toReview, type ReviewRow } from './repository.js';
import type { AdminReview } from './schemas.js';

/** The operator's list of reviews, hidden ones included, newest first (indexes reviews_time, reviews_bot_time). */
export const reviewAdminRepository = {
  async list(
    db: Queryable,
    filter: { botId?: string; published?: boolean },
    limit: number,
    offset: number,
  ): Promise<{ reviews: AdminReview[]; total: number }> {
    const conditions = new SqlFilter()
      .when(filter.botId, (n, botId) => `bot_id = ${n(botId)}`)
      .when(filter.published, (n, published) => `published = ${n(published)}`);
    const { where, values } = conditions.build(1);
    const { rows: count } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM reviews ${where}`, values);
    const total = count[0]?.total ?? 0;
    if (offset >= total) return { reviews: [], total };
    const n = values.length + 1;
    const { rows } = await db.query<ReviewRow>(
      `SELECT ${COLUMNS} FROM reviews ${where} ORDER BY created_at DESC, id DESC LIMIT $${n} OFFSET $${n + 1}`,
      [...values, limit, offset],
    );
    return { reviews: rows.map(toReview), total };
  },
};
