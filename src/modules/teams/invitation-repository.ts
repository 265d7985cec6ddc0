/** The SQL of invitation links: made, listed while open, found by their token's hash, used once, revoked. */
import type { Queryable } from '../../db/index.js';
import type { Role } from './permissions.js';
import type { Invitation } from './schemas.js';

export interface InvitationRow {
  id: string;
  bot_id: string;
  token_hash: string;
  role: Role;
  created_by: string;
  created_at: Date;
  expires_at: Date;
  used_by: string | null;
  used_at: Date | null;
  revoked_by: string | null;
  revoked_at: Date | null;
}

/** An invitation with the name and icon of its bot, for the link's page. */
export interface InvitationWithBot extends InvitationRow {
  bot_name: string;
  bot_icon_url: string;
}

const COLUMNS =
  'i.id, i.bot_id, i.token_hash, i.role, i.created_by, i.created_at, i.expires_at, i.used_by, i.used_at, i.revoked_by, i.revoked_at';

export function toInvitation(row: Pick<InvitationRow, 'id' | 'bot_id' | 'role' | 'created_by' | 'created_at' | 'expires_at'>): Invitation {
  return {
    id: row.id,
    botId: row.bot_id,
    role: row.role,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
}

export const invitationRepository = {
  async insert(tx: Queryable, row: Omit<InvitationRow, 'used_by' | 'used_at' | 'revoked_by' | 'revoked_at'>): Promise<void> {
    await tx.query(
      `INSERT INTO bot_invitations (id, bot_id, token_hash, role, created_by, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.id, row.bot_id, row.token_hash, row.role, row.created_by, row.created_at, row.expires_at],
    );
  },

  /** The bot's open invitations that have not expired at `now`, newest first, at most `limit`: a range of bot_invitations_open. */
  async open(db: Queryable, botId: string, now: Date, limit: number): Promise<InvitationRow[]> {
    const { rows } = await db.query<InvitationRow>(
      `SELECT ${COLUMNS} FROM bot_invitations i
        WHERE i.bot_id = $1 AND i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2
        ORDER BY i.created_at DESC, i.id DESC LIMIT $3`,
      [botId, now, limit],
    );
    return rows;
  },

  /** The invitation whose token has this hash, with its bot; `lock`: held until the transaction ends. */
  async byHash(db: Queryable, hash: string, lock = false): Promise<InvitationWithBot | undefined> {
    const { rows } = await db.query<InvitationWithBot>(
      `SELECT ${COLUMNS}, b.name AS bot_name, b.icon_url AS bot_icon_url
         FROM bot_invitations i JOIN bots b ON b.id = i.bot_id
        WHERE i.token_hash = $1 ${lock ? 'FOR UPDATE OF i' : ''}`,
      [hash],
    );
    return rows[0];
  },

  /** One of the bot's invitations, locked until the transaction ends. */
  async lock(tx: Queryable, botId: string, id: string): Promise<InvitationRow | undefined> {
    const { rows } = await tx.query<InvitationRow>(
      `SELECT ${COLUMNS} FROM bot_invitations i WHERE i.bot_id = $1 AND i.id = $2 FOR UPDATE`,
      [botId, id],
    );
    return rows[0];
  },

  async markUsed(tx: Queryable, id: string, userId: string, now: Date): Promise<void> {
    await tx.query('UPDATE bot_invitations SET used_by = $2, used_at = $3 WHERE id = $1', [id, userId, now]);
  },

  async revoke(tx: Queryable, id: string, by: string, now: Date): Promise<void> {
    await tx.query('UPDATE bot_invitations SET revoked_by = $2, revoked_at = $3 WHERE id = $1', [id, by, now]);
  },
};
