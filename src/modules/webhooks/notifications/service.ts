/** Notices for bot owners (a webhook switched off): the operator's list and a bot's current notice. */
import type { Database } from '../../../db/index.js';
import { offsetOf, page, type Page } from '../../../lib/pagination.js';
import { notificationRepository } from './repository.js';
import type { Notification, NotificationListQuery } from './schemas.js';

export class WebhookNotificationService {
  constructor(private readonly db: Database) {}

  /** Newest first. */
  async list(query: NotificationListQuery): Promise<Page<Notification>> {
    const { items, total } = await notificationRepository.list(this.db, query.limit, offsetOf(query));
    return page(items, total, query);
  }

  /**
   * The notice telling the owner that the webhook was switched off after failing (spec §5 "the
   * owner is notified"), while it is still off; undefined when it is on or was switched off by hand.
   */
  switchOffNotice(botId: string): Promise<Notification | undefined> {
    return notificationRepository.currentSwitchOff(this.db, botId);
  }
}
