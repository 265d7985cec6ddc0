import type { Queryable } from '../../db/index.js';

/** A server the user owns or holds Manage Server in. */
export interface ManagedGuild {
  id: string;
  name: string;
}

export const managedGuildRepository = {
  /** The user's servers as listed now: the previous list goes. */
  async replace(tx: Queryable, userId: string, guilds: ManagedGuild[], now: Date): Promise<void> {
    await tx.query('DELETE FROM managed_guilds WHERE user_id = $1', [userId]);
    if (guilds.length === 0) return;
    await tx.query(
      `INSERT INTO managed_guilds (user_id, guild_id, name, listed_at)
       SELECT $1, g.id, g.name, $4 FROM unnest($2::text[], $3::text[]) AS g(id, name) ON CONFLICT DO NOTHING`,
      [userId, guilds.map((guild) => guild.id), guilds.map((guild) => guild.name), now],
    );
  },

  /** The user's servers by name (primary key's user prefix; a user has at most MAX_MANAGED_GUILDS). */
  async of(db: Queryable, userId: string): Promise<ManagedGuild[]> {
    const { rows } = await db.query<{ guild_id: string; name: string }>(
      'SELECT guild_id, name FROM managed_guilds WHERE user_id = $1 ORDER BY lower(name), guild_id',
      [userId],
    );
    return rows.map((row) => ({ id: row.guild_id, name: row.name }));
  },

  /** Removes lists made before `before`, up to `limit` rows; answers how many (index managed_guilds_listed). */
  async prune(db: Queryable, before: Date, limit: number): Promise<number> {
    const { rows } = await db.query(
      `DELETE FROM managed_guilds WHERE ctid IN (SELECT ctid FROM managed_guilds WHERE listed_at < $1 LIMIT $2) RETURNING 1`,
      [before, limit],
    );
    return rows.length;
  },
};
