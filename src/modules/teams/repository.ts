/** The SQL of teams: members and their roles, a user's bots, and the `bots.owners` copy of the team. */
import type { Queryable } from '../../db/index.js';
import type { KeysetPosition } from '../../lib/keyset.js';
import { SELECT_BOT, type BotRow } from '../bots/repository.js';
import type { Role } from './permissions.js';
import type { BotMember } from './schemas.js';

export interface MemberRow {
  bot_id: string;
  user_id: string;
  role: Role;
  added_at: Date;
  user_name: string | null;
  added_by: string | null;
  invitation_id: string | null;
}

/** How many members a team has, and of which kind: what its limits and the last-owner rule count. */
export interface TeamCounts {
  members: number;
  owners: number;
  /** Owners and managers: the ones `bots.owners` lists. */
  leads: number;
}

const COLUMNS = 'bot_id, user_id, role, added_at, user_name, added_by, invitation_id';
/** Owners first, then managers, editors, viewers; in each the earliest first (then in the order they were added). */
const TEAM_ORDER = `array_position(ARRAY['owner', 'manager', 'editor', 'viewer'], role), added_at, seq`;

export function toMember(row: MemberRow): BotMember {
  return { userId: row.user_id, role: row.role, name: row.user_name, addedAt: row.added_at.toISOString(), addedBy: row.added_by };
}

export const teamRepository = {
  /** Serialises the changes of one team until the transaction ends: its rules (the last owner, the limits) hold under races. */
  async lock(tx: Queryable, botId: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`team:${botId}`]);
  },

  /** The user's role on the bot's team; undefined when they are not on it (one primary-key lookup). */
  async roleOf(db: Queryable, botId: string, userId: string): Promise<Role | undefined> {
    const { rows } = await db.query<{ role: Role }>('SELECT role FROM bot_members WHERE bot_id = $1 AND user_id = $2', [botId, userId]);
    return rows[0]?.role;
  },

  async find(db: Queryable, botId: string, userId: string): Promise<MemberRow | undefined> {
    const { rows } = await db.query<MemberRow>(`SELECT ${COLUMNS} FROM bot_members WHERE bot_id = $1 AND user_id = $2`, [botId, userId]);
    return rows[0];
  },

  /** The team in its order (strongest role first), at most `limit` members: a range of the primary key. */
  async members(db: Queryable, botId: string, limit: number): Promise<MemberRow[]> {
    const { rows } = await db.query<MemberRow>(`SELECT ${COLUMNS} FROM bot_members WHERE bot_id = $1 ORDER BY ${TEAM_ORDER} LIMIT $2`, [
      botId,
      limit,
    ]);
    return rows;
  },

  /** Up to `limit` members in the order they joined, after `after`: a range of bot_members_bot_time in its order. */
  async page(db: Queryable, botId: string, after: KeysetPosition | undefined, limit: number): Promise<MemberRow[]> {
    const { rows } = await db.query<MemberRow>(
      `SELECT ${COLUMNS} FROM bot_members WHERE bot_id = $1 ${after ? 'AND (added_at, user_id) > ($3, $4)' : ''}
        ORDER BY added_at, user_id LIMIT $2`,
      after ? [botId, limit, after.at, after.id] : [botId, limit],
    );
    return rows;
  },

  async counts(db: Queryable, botId: string): Promise<TeamCounts> {
    const { rows } = await db.query<TeamCounts>(
      `SELECT count(*)::int AS members,
              count(*) FILTER (WHERE role = 'owner')::int AS owners,
              count(*) FILTER (WHERE role IN ('owner', 'manager'))::int AS leads
         FROM bot_members WHERE bot_id = $1`,
      [botId],
    );
    return rows[0] ?? { members: 0, owners: 0, leads: 0 };
  },

  /** False when the user is on the team already. */
  async insert(tx: Queryable, row: MemberRow): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO bot_members (bot_id, user_id, role, added_at, user_name, added_by, invitation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [row.bot_id, row.user_id, row.role, row.added_at, row.user_name, row.added_by, row.invitation_id],
    );
    return (rowCount ?? 0) > 0;
  },

  async setRole(tx: Queryable, botId: string, userId: string, role: Role): Promise<void> {
    await tx.query('UPDATE bot_members SET role = $3 WHERE bot_id = $1 AND user_id = $2', [botId, userId, role]);
  },

  async remove(tx: Queryable, botId: string, userId: string): Promise<void> {
    await tx.query('DELETE FROM bot_members WHERE bot_id = $1 AND user_id = $2', [botId, userId]);
  },

  /**
   * Writes the team's owners (earliest first) and then its managers into `bots.owners`, the API's
   * field and the operator's owner filter; true when that changed the bot row.
   */
  async writeOwners(tx: Queryable, botId: string): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE bots b SET owners = t.owners
         FROM (SELECT COALESCE(array_agg(user_id ORDER BY ${TEAM_ORDER}), '{}') AS owners
                 FROM bot_members WHERE bot_id = $1 AND role IN ('owner', 'manager')) t
        WHERE b.id = $1 AND b.owners IS DISTINCT FROM t.owners`,
      [botId],
    );
    return (rowCount ?? 0) > 0;
  },

  /**
   * The bots whose team the user is on, the latest joined first, at most `limit`, each with the
   * user's role: a range of bot_members_user, then those bots. `$1` is the current month (SELECT_BOT).
   */
  async botsOf(db: Queryable, userId: string, month: string, limit: number): Promise<(BotRow & { role: Role })[]> {
    const { rows } = await db.query<BotRow & { role: Role }>(
      `WITH mine AS (SELECT bot_id, role, added_at FROM bot_members WHERE user_id = $2 ORDER BY added_at DESC, bot_id LIMIT $3)
       SELECT bot.*, mine.role
         FROM mine JOIN (${SELECT_BOT} WHERE b.id IN (SELECT bot_id FROM mine)) bot ON bot.id = mine.bot_id
        ORDER BY mine.added_at DESC, mine.bot_id`,
      [month, userId, limit],
    );
    return rows;
  },
};
