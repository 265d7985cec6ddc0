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
   * The notices telling the owner that an endpoint was switched off after failing (spec §5 "the
   * owner is notified"), by endpoint id, while it is still off; none for an endpoint that is on or
   * was switched off by hand.
   */
  async switchOffNotices(botId: string): Promise<Map<string, Notification>> {
    const found = await notificationRepository.currentSwitchOffs(this.db, botId);
    return new Map(found.map(({ endpointId, notice }) => [endpointId, notice]));
  }
}
