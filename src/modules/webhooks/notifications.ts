/**
 * Telling the owner that their webhook was switched off. Our data has no e-mail address for bot
 * owners, so the record (GET /admin/v1/notifications) is what the operator's site relays to them,
 * and the optional e-mail goes to the operator (OPERATOR_EMAIL), see docs/decisions.md.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { inBatches } from '../../lib/background.js';
import type { Clock } from '../../lib/clock.js';
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

/** A notification whose e-mail is due, taken by one process for one attempt. */
export interface DueEmail {
  id: string;
  botId: string;
  message: string;
  attempts: number;
}

/** How often each process looks for e-mails that are due again. */
export const EMAIL_SWEEP_MS = 30_000;
/** E-mails taken per statement. */
const EMAIL_BATCH = 10;
/** Attempts at one e-mail before it is given up (logged); the wait doubles from one minute. */
export const EMAIL_MAX_ATTEMPTS = 10;

export const notificationRepository = {
  /** `email`: an e-mail is owed for it (SMTP_URL is set); it is due at once. */
  async insert(tx: Queryable, notification: NewNotification, now: Date, email: boolean): Promise<Notification> {
    const id = randomUUID();
    await tx.query(
      `INSERT INTO notifications (id, bot_id, kind, message, details, created_at, email_pending, email_next_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $6)`,
      [id, notification.botId, notification.kind, notification.message, JSON.stringify(notification.details), now, email],
    );
    return { id, ...notification, createdAt: now.toISOString() };
  },

  /**
   * Takes up to `limit` due e-mails for one attempt each: the next attempt is pushed back (1, 2, 4 …
   * minutes) before sending, so a process dying mid-send delays the e-mail instead of losing it,
   * and SKIP LOCKED keeps two processes from taking the same one.
   */
  async takeDueEmails(db: Queryable, now: Date, limit: number): Promise<DueEmail[]> {
    const { rows } = await db.query<{ id: string; bot_id: string; message: string; email_attempts: number }>(
      `UPDATE notifications
          SET email_attempts = email_attempts + 1,
              email_next_at = $1::timestamptz + interval '1 minute' * power(2, email_attempts)
        WHERE id IN (SELECT id FROM notifications
                      WHERE email_pending AND email_next_at <= $1 AND email_attempts < $2
                      ORDER BY email_next_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id, bot_id, message, email_attempts`,
      [now, EMAIL_MAX_ATTEMPTS, limit],
    );
    return rows.map((row) => ({ id: row.id, botId: row.bot_id, message: row.message, attempts: row.email_attempts }));
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

  /** A bot's latest notice (index notifications_bot_time): what its owner's dashboard shows. */
  async latestForBot(db: Queryable, botId: string): Promise<Notification | undefined> {
    const { rows } = await db.query<NotificationRow>(
      'SELECT id, bot_id, kind, message, details, created_at FROM notifications WHERE bot_id = $1 ORDER BY created_at DESC LIMIT 1',
      [botId],
    );
    const row = rows[0];
    return row && { id: row.id, botId: row.bot_id, kind: row.kind, message: row.message, details: row.details, createdAt: row.created_at.toISOString() };
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

/**
 * Sends the e-mails owed for notifications, from the table. The workers run it right after a
 * switch-off, at start (what a process that died left behind) and every `EMAIL_SWEEP_MS`; several
 * processes share the work without sending one e-mail at the same time.
 */
export class EmailOutbox {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends what is due now; failures are logged and retried later, never thrown. */
  async sendDue(): Promise<void> {
    try {
      await inBatches(async () => {
        const due = await notificationRepository.takeDueEmails(this.db, this.clock.now(), EMAIL_BATCH);
        for (const email of due) await this.send(email);
        return due.length;
      }, EMAIL_BATCH);
    } catch (error) {
      this.log.error({ err: error }, 'could not read the e-mails owed for notifications');
    }
  }

  private async send(email: DueEmail): Promise<void> {
    try {
      await this.mailer.send(
        `Webhook of bot ${email.botId} switched off`,
        `${email.message}\n\nRe-enable it with PUT /admin/v1/bots/${email.botId}/webhook once the receiver works again.`,
      );
      await notificationRepository.markEmailed(this.db, email.id);
    } catch (error) {
      const final = email.attempts >= EMAIL_MAX_ATTEMPTS;
      this.log.error({ err: error, botId: email.botId, attempt: email.attempts }, final ? 'gave up e-mailing a notification' : 'could not e-mail a notification; will retry');
    }
  }
}
