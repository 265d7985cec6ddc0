import type { Queryable } from '../../db/index.js';
import { micros } from '../../db/sql.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import type { AdminBot, Bot, BotWrite } from './schemas.js';

export interface BotRow {
  id: string;
  name: string;
  slugs: { de: string; en: string };
  short_description: { de: string; en: string };
  prefix: string;
  pricing: string;
  icon_url: string;
  banner_url: string | null;
  invite_url: string;
  support_server_url: string;
  website_url: string;
  categories: string[];
  tags: string[];
  owners: string[];
  is_verified: boolean;
  published: boolean;
  published_at: Date | null;
  platform_server_count: number | null;
  platform_shard_count: number | null;
  server_count: number;
  shard_count: number;
  votes_total: number;
  votes_month: number;
  rating_sum: number;
  rating_count: number;
  /** bots.changed_at in microseconds since the epoch: what the catalog's sweep compares. */
  changed_us: number;
}

/** A bot's last change, for the catalog's sweep. */
export interface BotVersion {
  id: string;
  published: boolean;
  changed_us: number;
}

/**
 * Every Bot field, with serverCount/shardCount/votesMonth derived from the stored facts; `$1` is the current month.
 * Ends with the month's join condition, which `publishedAfter` extends.
 */
export const SELECT_BOT = `
  SELECT b.id, b.name, b.slugs, b.short_description, b.prefix, b.pricing, b.icon_url, b.banner_url,
         b.invite_url, b.support_server_url, b.website_url, b.categories, b.tags, b.owners,
         b.is_verified, b.published, b.published_at, b.platform_server_count, b.platform_shard_count,
         COALESCE(b.reported_server_count, b.platform_server_count, 0) AS server_count,
         COALESCE(b.reported_shard_count, b.platform_shard_count, 1) AS shard_count,
         b.votes_total, COALESCE(m.votes, 0) AS votes_month, b.rating_sum, b.rating_count,
         ${micros('b.changed_at')} AS changed_us
    FROM bots b
    LEFT JOIN bot_vote_months m ON m.bot_id = b.id AND m.month = $1::date`;

/** The columns of the text an owner writes for a bot, as every read of a bot row carries them. */
export type BotTextRow = Pick<
  BotRow,
  | 'name'
  | 'slugs'
  | 'short_description'
  | 'prefix'
  | 'pricing'
  | 'icon_url'
  | 'banner_url'
  | 'invite_url'
  | 'support_server_url'
  | 'website_url'
  | 'categories'
  | 'tags'
>;

/** That text in the API's shape (a bot, a listing's current version). */
export function botText(row: BotTextRow) {
  return {
    name: row.name,
    slugs: { de: row.slugs.de, en: row.slugs.en },
    shortDescription: { de: row.short_description.de, en: row.short_description.en },
    prefix: row.prefix,
    pricing: row.pricing,
    iconUrl: row.icon_url,
    bannerUrl: row.banner_url,
    inviteUrl: row.invite_url,
    supportServerUrl: row.support_server_url,
    websiteUrl: row.website_url,
    categories: row.categories,
    tags: row.tags,
  };
}

export function toBot(row: BotRow): AdminBot {
  return {
    id: row.id,
    ...botText(row),
    owners: row.owners,
    serverCount: row.server_count,
    shardCount: row.shard_count,
    votesTotal: row.votes_total,
    votesMonth: row.votes_month,
    rating: {
      average: row.rating_count === 0 ? 0 : Math.round((row.rating_sum / row.rating_count) * 100) / 100,
      count: row.rating_count,
    },
    isVerified: row.is_verified,
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
    published: row.published,
  };
}

/** The public shape: publication state and time are implied (only published bots are public). */
export function toPublicBot(row: BotRow): Bot {
  const { published: _published, publishedAt, ...rest } = toBot(row);
  // Public reads select published bots only, and publishing stamps publishedAt.
  return { ...rest, publishedAt: publishedAt as string };
}

export const botRepository = {
  async findById(db: Queryable, id: string, month: string, onlyPublished: boolean): Promise<BotRow | undefined> {
    if (!isSnowflakeId(id)) return undefined;
    const { rows } = await db.query<BotRow>(`${SELECT_BOT} WHERE b.id = $2 ${onlyPublished ? 'AND b.published' : ''}`, [month, id]);
    return rows[0];
  },

  /** Up to `limit` published bots with ids after `afterId`, by id (a range of the primary key). */
  async publishedAfter(db: Queryable, month: string, afterId: string, limit: number): Promise<BotRow[]> {
    // `AND m.bot_id > $2` extends SELECT_BOT's join condition (it ends with it): without it the
    // merge join reads the month's counters from the first bot on, so each batch cost more than the last.
    const { rows } = await db.query<BotRow>(`${SELECT_BOT} AND m.bot_id > $2 WHERE b.published AND b.id > $2 ORDER BY b.id LIMIT $3`, [
      month,
      afterId,
      limit,
    ]);
    return rows;
  },

  async findPublishedByIds(db: Queryable, ids: string[], month: string): Promise<BotRow[]> {
    const { rows } = await db.query<BotRow>(`${SELECT_BOT} WHERE b.published AND b.id = ANY($2::text[])`, [month, ids]);
    return rows;
  },

  /** The database's clock: sweeps compare changed_at, which it wrote, with times it tells. */
  async databaseNow(db: Queryable): Promise<Date> {
    const { rows } = await db.query<{ now: Date }>('SELECT clock_timestamp() AS now');
    return rows[0]!.now;
  },

  /** Bots whose row changed at or after `since` (a scan: changed_at is deliberately not indexed, see 010). */
  async changedSince(db: Queryable, since: Date): Promise<BotVersion[]> {
    const { rows } = await db.query<BotVersion>(
      `SELECT id, published, ${micros('changed_at')} AS changed_us FROM bots WHERE changed_at >= $1`,
      [since],
    );
    return rows;
  },

  /** The last change of every published bot: the catalog's full comparison. */
  async publishedVersions(db: Queryable): Promise<BotVersion[]> {
    const { rows } = await db.query<BotVersion>(`SELECT id, published, ${micros('changed_at')} AS changed_us FROM bots WHERE published`);
    return rows;
  },

  async exists(db: Queryable, id: string): Promise<boolean> {
    const { rows } = await db.query('SELECT 1 FROM bots WHERE id = $1', [id]);
    return rows.length > 0;
  },

  async isPublished(db: Queryable, id: string): Promise<boolean> {
    if (!isSnowflakeId(id)) return false;
    const { rows } = await db.query('SELECT 1 FROM bots WHERE id = $1 AND published', [id]);
    return rows.length > 0;
  },

  /**
   * Locks the bot row for the rest of the transaction; undefined when there is no such bot. NO KEY:
   * rows that reference the bot (the nightly collection's history rows) may still be inserted.
   */
  async lock(tx: Queryable, id: string): Promise<{ published: boolean; published_at: Date | null; slugs: Bot['slugs'] } | undefined> {
    const { rows } = await tx.query<{ published: boolean; published_at: Date | null; slugs: Bot['slugs'] }>(
      'SELECT published, published_at, slugs FROM bots WHERE id = $1 FOR NO KEY UPDATE',
      [id],
    );
    return rows[0];
  },

  async insert(tx: Queryable, id: string, bot: BotWrite, publishedAt: Date | null, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO bots (id, name, name_lower, sort_name, slugs, short_description, prefix, pricing, icon_url,
         banner_url, invite_url, support_server_url, website_url, categories, tags, owners, is_verified,
         published, published_at, platform_server_count, platform_shard_count, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $22)`,
      [id, ...writeValues(bot), publishedAt, bot.platformServerCount, bot.platformShardCount, now],
    );
  },

  async update(tx: Queryable, id: string, bot: BotWrite, publishedAt: Date | null, now: Date): Promise<void> {
    await tx.query(
      `UPDATE bots SET name = $2, name_lower = $3, sort_name = $4, slugs = $5, short_description = $6, prefix = $7,
         pricing = $8, icon_url = $9, banner_url = $10, invite_url = $11, support_server_url = $12,
         website_url = $13, categories = $14, tags = $15, owners = $16, is_verified = $17, published = $18,
         published_at = $19, platform_server_count = $20, platform_shard_count = $21, updated_at = $22
       WHERE id = $1`,
      [id, ...writeValues(bot), publishedAt, bot.platformServerCount, bot.platformShardCount, now],
    );
  },

  async delete(tx: Queryable, id: string): Promise<boolean> {
    const result = await tx.query('DELETE FROM bots WHERE id = $1', [id]);
    return result.rowCount > 0;
  },
};

function writeValues(bot: BotWrite): unknown[] {
  return [
    bot.name,
    bot.name.toLowerCase(),
    sortKey(bot.name),
    JSON.stringify(bot.slugs),
    JSON.stringify(bot.shortDescription),
    bot.prefix,
    bot.pricing,
    bot.iconUrl,
    bot.bannerUrl,
    bot.inviteUrl,
    bot.supportServerUrl,
    bot.websiteUrl,
    bot.categories,
    bot.tags,
    bot.owners,
    bot.isVerified,
    bot.published,
  ];
}

/** "Äpfel" sorts with "apfel", not after "z": lower case without diacritics, the same on every database. */
export function sortKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
