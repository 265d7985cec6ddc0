/**
 * Telling the owner that their webhook was switched off. Our data has no e-mail address for bot
 * owners, so the record (GET /admin/v1/notifications) is what the operator's site relays to them,
 * and the optional e-mail goes to the operator (OPERATOR_EMAIL), see docs/decisions.md.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/index.js';
import type { Notification } from './schemas.js';

export interface NewNotification {
  botId: string;
  kind: 'webhook_disabled';
  message: string;
  details: Record<string, unknown>;
}

interface NotificationRow {
  id: string;
  bot_id: string;
  kind: 'webhook_disabled';
  message: string;
  details: Record<string, unknown>;
  created_at: Date;
}

export const notificationRepository = {
  async insert(tx: Queryable, notification: NewNotification, now: Date): Promise<Notification> {
    const id = randomUUID();
    await tx.query('INSERT INTO notifications (id, bot_id, kind, message, details, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      id,
      notification.botId,
      notification.kind,
      notification.message,
      JSON.stringify(notification.details),
      now,
    ]);
    return { id, ...notification, createdAt: now.toISOString() };
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
};

export interface Mailer {
  send(subject: string, text: string): Promise<void>;
  close(): void;
}

/** An SMTP mailer for SMTP_URL, or undefined when e-mail is off. */
export function createMailer(mail: Config['mail']): Mailer | undefined {
  if (!mail) return undefined;
  const transport = nodemailer.createTransport(mail.smtpUrl);
  return {
    async send(subject, text) {
      await transport.sendMail({ from: mail.from, to: mail.to, subject, text });
    },
    close: () => transport.close(),
  };
}
