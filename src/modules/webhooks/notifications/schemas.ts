/** Management API shapes of the notices for bot owners (a webhook switched off, a decision about a listing). */
import { Type, type Static } from 'typebox';
import { pageOf, pageQuery } from '../../../lib/pagination.js';
import { named, Timestamp, Uuid } from '../../../lib/schemas.js';

/** `webhook_disabled`: a webhook endpoint was switched off; `listing`: a moderator decided about the bot's listing. */
export const NOTIFICATION_KINDS = ['webhook_disabled', 'listing'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const Notification = named(
  'Notification',
  Type.Object({
    id: Uuid,
    botId: Type.String(),
    kind: Type.String({ enum: [...NOTIFICATION_KINDS] }),
    message: Type.String(),
    details: Type.Record(Type.String(), Type.Unknown()),
    createdAt: Timestamp,
  }),
);
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = pageQuery({});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationList = pageOf(Notification);
