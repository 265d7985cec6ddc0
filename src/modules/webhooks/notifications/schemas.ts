/** Management API shapes of the notices for bot owners (a webhook switched off). */
import { Type, type Static } from 'typebox';
import { pageOf, pageQuery } from '../../../lib/pagination.js';
import { named, Timestamp, Uuid } from '../../../lib/schemas.js';

export const Notification = named(
  'Notification',
  Type.Object({
    id: Uuid,
    botId: Type.String(),
    kind: Type.String({ enum: ['webhook_disabled'] }),
    message: Type.String(),
    details: Type.Record(Type.String(), Type.Unknown()),
    createdAt: Timestamp,
  }),
);
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = pageQuery({});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationList = pageOf(Notification);
