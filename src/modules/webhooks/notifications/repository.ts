/**
 * The SQL of the notifications table: what the operator lists (GET /admin/v1/notifications), the
 * notice the dashboard shows, and the e-mails owed for them (see email-outbox.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../db/index.js';
import type { Notification, NotificationKind } from './schemas.js';

export interface NewNotification {
  botId: string;
  kind: NotificationKind;
  message: string;
  details: Record<string, unknown>;
}

/** Where the e-mail of a notification goes and what it is titled; the operator's switch-off e-mail when absent. */
export interface EmailTo {
  to: string;
  subject: string;
}

interface NotificationRow {
  id: string;
  bot_id: string;
  kind: NotificationKind;
  message: string;
  details: Record<string, unknown>;
  created_at: Date;
}

/** A notification whose e-mail is due, taken by one process for one attempt. */
export interface DueEmail {
  id: string;
  botId: string;
  message: string;
  attempts: number;
  /** Undefined: the switch-off e-mail to the operator. */
  addressed: EmailTo | undefined;
}

export const notificationRepository = {
  /**
   * `email`: an e-mail is owed for it (SMTP_URL is set); it is due at once. `addressed`: to whom and
   * titled how, when not the operator's switch-off e-mail.
   */
  async insert(tx: Queryable, notification: NewNotification, now: Date, email: boolean, addressed?: EmailTo): Promise<Notification> {
    const id = randomUUID();
    await tx.query(
      `INSERT INTO notifications (id, bot_id, kind, message, details, created_at, email_pending, email_next_at, email_to, email_subject)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $8, $9)`,
      [
        id,
        notification.botId,
        notification.kind,
        notification.message,
        JSON.stringify(notification.details),
        now,
        email,
        addressed?.to ?? null,
        addressed?.subject ?? null,
      ],
    );
    return { id, ...notification, createdAt: now.toISOString() };
  },

  /**
   * Takes up to `limit` due e-mails (fewer than `maxAttempts` tried) for one attempt each: the next attempt is pushed back (1, 2, 4 …
   * minutes) before sending, so a process dying mid-send delays the e-mail instead of losing it,
   * and SKIP LOCKED keeps two processes from taking the same one.
   */
  async takeDueEmails(db: Queryable, now: Date, limit: number, maxAttempts: number): Promise<DueEmail[]> {
    const { rows } = await db.query<{
      id: string;
      bot_id: string;
      message: string;
      email_attempts: number;
      email_to: string | null;
      email_subject: string | null;
    }>(
      `UPDATE notifications
          SET email_attempts = email_attempts + 1,
              email_next_at = $1::timestamptz + interval '1 minute' * power(2, email_attempts)
        WHERE id IN (SELECT id FROM notifications
                      WHERE email_pending AND email_next_at <= $1 AND email_attempts < $2
                      ORDER BY email_next_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id, bot_id, message, email_attempts, email_to, email_subject`,
      [now, maxAttempts, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      botId: row.bot_id,
      message: row.message,
      attempts: row.email_attempts,
      addressed: row.email_to !== null && row.email_subject !== null ? { to: row.email_to, subject: row.email_subject } : undefined,
    }));
  },

  async markEmailed(db: Queryable, id: string): Promise<void> {
    await db.query('UPDATE notifications SET email_pending = false WHERE id = $1', [id]);
  },

  /** Newest first. */
  async list(db: Queryable, limit: number, offset: number): Promise<{ items: Notification[]; total: number }> {
    const { rows } = await db.query<NotificationRow>(
      'SELECT id, bot_id, kind, message, details, created_at FROM notifications ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2',
      [limit, offset],
    );
    const counted = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM notifications');
    return {
      items: rows.map((row) => ({
        id: row.id,
        botId: row.bot_id,
        kind: row.kind,
        message: row.message,
        details: row.details,
        createdAt: row.created_at.toISOString(),
      })),
      total: counted.rows[0]?.total ?? 0,
    };
  },

  /**
   * The notices telling that an endpoint of the bot was switched off after failing, one per
   * endpoint that is still off: its latest `webhook_disabled` notice not older than the switch-off
   * (one written before endpoints had ids, without `endpointId`, is the default endpoint's). An
   * endpoint that is on, or was switched off by hand, has none. The dashboard's banners; read on
   * notifications_bot_time from the switch-off on.
   */
  async currentSwitchOffs(db: Queryable, botId: string): Promise<{ endpointId: string; notice: Notification }[]> {
    const { rows } = await db.query<NotificationRow & { endpoint_id: string }>(
      `SELECT w.id AS endpoint_id, n.id, n.bot_id, n.kind, n.message, n.details, n.created_at
         FROM webhooks w
         JOIN LATERAL (SELECT id, bot_id, kind, message, details, created_at FROM notifications
                        WHERE bot_id = w.bot_id AND kind = 'webhook_disabled' AND created_at >= w.disabled_at
                          AND (details->>'endpointId' = w.id::text OR (w.is_default AND details->>'endpointId' IS NULL))
                        ORDER BY created_at DESC LIMIT 1) n ON true
        WHERE w.bot_id = $1 AND NOT w.enabled AND w.disabled_at IS NOT NULL`,
      [botId],
    );
    return rows.map((row) => ({
      endpointId: row.endpoint_id,
      notice: {
        id: row.id,
        botId: row.bot_id,
        kind: row.kind,
        message: row.message,
        details: row.details,
        createdAt: row.created_at.toISOString(),
      },
    }));
  },
};
