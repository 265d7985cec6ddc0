/** The SQL of listings: their rows, the moderation queue, the transitions log, and slug checks. */
import type { Queryable } from '../../db/index.js';
import type { Lang } from '../../lib/langs.js';
import { botText, type BotTextRow } from '../bots/repository.js';
import type { EditState, ListingState } from './lifecycle.js';
import type { ListingContent, ListingTransitionEntry, WorkingCopy } from './schemas.js';

type Localized = { de: string; en: string };

export interface ListingRow {
  bot_id: string;
  status: ListingState;
  edit_status: Exclude<EditState, 'none'> | null;
  working: WorkingCopy | null;
  long_description: Localized;
  long_description_html: Localized;
  screenshots: string[];
  contact_email: string | null;
  created_by: string | null;
  ownership_confirmed: boolean;
  note: string | null;
  submission_id: string | null;
  submitted_by: string | null;
  queued_at: Date | null;
}

/** A listing with the text of its bot row: the version on the bot. */
export interface ListingWithBot extends ListingRow, BotTextRow {
  owners: string[];
  published: boolean;
  published_at: Date | null;
}

const LISTING_COLUMNS = `l.bot_id, l.status, l.edit_status, l.working, l.long_description, l.long_description_html, l.screenshots,
  l.contact_email, l.created_by, l.ownership_confirmed, l.note, l.submission_id, l.submitted_by, l.queued_at`;
const BOT_TEXT = `b.name, b.slugs, b.short_description, b.prefix, b.pricing, b.icon_url, b.banner_url, b.invite_url,
  b.support_server_url, b.website_url, b.categories, b.tags, b.owners, b.published, b.published_at`;
const SELECT = `SELECT ${LISTING_COLUMNS}, ${BOT_TEXT} FROM listings l JOIN bots b ON b.id = l.bot_id`;

/** The version on the bot row, with the listing's own fields, as an owner writes it. */
export function currentContent(row: ListingWithBot): ListingContent {
  return {
    ...botText(row),
    longDescription: { de: row.long_description.de, en: row.long_description.en },
    screenshots: row.screenshots,
  };
}

/** Where the queue stands: after this entry (queue times are the service clock's, whole milliseconds). */
export interface QueuePosition {
  queuedAt: Date;
  botId: string;
}

export interface NewTransition extends Omit<ListingTransitionEntry, 'at'> {
  botId: string;
  at: Date;
}

export const listingRepository = {
  async insert(tx: Queryable, row: ListingRow, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO listings (bot_id, status, working, created_by, ownership_confirmed, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [row.bot_id, row.status, row.working === null ? null : JSON.stringify(row.working), row.created_by, row.ownership_confirmed, now],
    );
  },

  async find(db: Queryable, botId: string): Promise<ListingWithBot | undefined> {
    const { rows } = await db.query<ListingWithBot>(`${SELECT} WHERE l.bot_id = $1`, [botId]);
    return rows[0];
  },

  /** The listing, locked with its bot row until the transaction ends (the bot row first, as every write of a bot). */
  async lock(tx: Queryable, botId: string): Promise<ListingWithBot | undefined> {
    await tx.query('SELECT 1 FROM bots WHERE id = $1 FOR NO KEY UPDATE', [botId]);
    const { rows } = await tx.query<ListingWithBot>(`${SELECT} WHERE l.bot_id = $1 FOR UPDATE OF l`, [botId]);
    return rows[0];
  },

  /** The bot whose open submission this is; undefined when no submission has this id (any more). */
  async botOfSubmission(db: Queryable, submissionId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ bot_id: string }>('SELECT bot_id FROM listings WHERE submission_id = $1', [submissionId]);
    return rows[0]?.bot_id;
  },

  /** Writes the listing's own columns as the row holds them. */
  async save(tx: Queryable, row: ListingRow, now: Date): Promise<void> {
    await tx.query(
      `UPDATE listings SET status = $2, edit_status = $3, working = $4, long_description = $5, long_description_html = $6,
         screenshots = $7, contact_email = $8, note = $9, submission_id = $10, submitted_by = $11, queued_at = $12, updated_at = $13
       WHERE bot_id = $1`,
      [
        row.bot_id,
        row.status,
        row.edit_status,
        row.working === null ? null : JSON.stringify(row.working),
        JSON.stringify(row.long_description),
        JSON.stringify(row.long_description_html),
        row.screenshots,
        row.contact_email,
        row.note,
        row.submission_id,
        row.submitted_by,
        row.queued_at,
        now,
      ],
    );
  },

  /**
   * Up to `limit` queued listings, oldest first, after `after`: a range of the index listings_queue
   * in its order (no OFFSET, no count).
   */
  async queue(db: Queryable, after: QueuePosition | undefined, limit: number): Promise<ListingWithBot[]> {
    const start = after ? 'AND (queued_at, bot_id) > ($2, $3)' : '';
    // The page is taken from the index alone, then joined: the bots of this page only are read.
    const { rows } = await db.query<ListingWithBot>(
      `SELECT ${LISTING_COLUMNS}, ${BOT_TEXT}
         FROM (SELECT * FROM listings WHERE queued_at IS NOT NULL ${start} ORDER BY queued_at, bot_id LIMIT $1) l
         JOIN bots b ON b.id = l.bot_id
        ORDER BY l.queued_at, l.bot_id`,
      after ? [limit, after.queuedAt, after.botId] : [limit],
    );
    return rows;
  },

  /** The listings of the bots whose team the user is on, newest first (index bot_members_user, then each bot's listing). */
  async ownedBy(db: Queryable, userId: string, limit: number): Promise<ListingWithBot[]> {
    const { rows } = await db.query<ListingWithBot>(
      `${SELECT} WHERE l.bot_id IN (SELECT bot_id FROM bot_members WHERE user_id = $1) ORDER BY b.created_at DESC, b.id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows;
  },

  async recordTransition(tx: Queryable, t: NewTransition): Promise<void> {
    await tx.query(
      `INSERT INTO listing_transitions (bot_id, transition, track, from_state, to_state, actor, actor_id, via, note, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [t.botId, t.transition, t.track, t.from, t.to, t.actor, t.actorId, t.via, t.note, t.at],
    );
  },

  /** A listing's latest transitions, newest first (index listing_transitions_bot_time). */
  async history(db: Queryable, botId: string, limit: number): Promise<ListingTransitionEntry[]> {
    const { rows } = await db.query<{
      transition: string;
      track: 'listing' | 'edit';
      from_state: string;
      to_state: string;
      actor: 'owner' | 'operator';
      actor_id: string | null;
      via: 'dashboard' | 'console' | 'admin_api';
      note: string | null;
      at: Date;
    }>(
      `SELECT transition, track, from_state, to_state, actor, actor_id, via, note, at
         FROM listing_transitions WHERE bot_id = $1 ORDER BY at DESC, id DESC LIMIT $2`,
      [botId, limit],
    );
    return rows.map((r) => ({
      transition: r.transition,
      track: r.track,
      from: r.from_state,
      to: r.to_state,
      actor: r.actor,
      actorId: r.actor_id,
      via: r.via,
      note: r.note,
      at: r.at.toISOString(),
    }));
  },

  /**
   * Serialises the checks of one slug in one language until the transaction ends, so that two
   * listings cannot take the same slug at the same moment.
   */
  async lockSlug(tx: Queryable, lang: Lang, slug: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`slug:${lang}:${slug}`]);
  },

  /** Another bot whose slug in `lang` is `slug` (index bots_slug_de / bots_slug_en). */
  async slugHolder(db: Queryable, lang: Lang, slug: string, exceptId: string): Promise<string | undefined> {
    const column = lang === 'de' ? `(slugs ->> 'de')` : `(slugs ->> 'en')`;
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM bots WHERE ${column} = $1 AND id <> $2 LIMIT 1`, [slug, exceptId]);
    return rows[0]?.id;
  },

  async listingExists(db: Queryable, botId: string): Promise<boolean> {
    const { rows } = await db.query('SELECT 1 FROM bots WHERE id = $1', [botId]);
    return rows.length > 0;
  },

  /** The published long description and screenshots of a bot (the bot page shows them). */
  async extras(db: Queryable, botId: string): Promise<Pick<ListingRow, 'long_description_html' | 'screenshots'> | undefined> {
    const { rows } = await db.query<Pick<ListingRow, 'long_description_html' | 'screenshots'>>(
      'SELECT long_description_html, screenshots FROM listings WHERE bot_id = $1',
      [botId],
    );
    return rows[0];
  },
};
