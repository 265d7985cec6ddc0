import { Type, type Static } from 'typebox';
import { named, dataOf } from '../../lib/schemas.js';

export const HISTORY_DAYS = [7, 30, 90, 365] as const;

export const HistoryQuery = Type.Object({
  days: Type.Integer({ enum: [...HISTORY_DAYS], default: 30, description: 'Window in days: 7, 30, 90 or 365' }),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

export const HistorySource = Type.Union([Type.Literal('self'), Type.Literal('platform')], {
  description: "`self` when the numbers come from the owner's reports, `platform` for the platform's own count",
});
export type HistorySource = Static<typeof HistorySource>;

export const HistoryPoint = named(
  'HistoryPoint',
  Type.Object({
    date: Type.String({ format: 'date' }),
    servers: Type.Integer(),
  }),
);
export type HistoryPoint = Static<typeof HistoryPoint>;

export const HistoryResponse = named(
  'HistoryResponse',
  Type.Object({
    data: Type.Array(HistoryPoint, { description: 'One item per day, oldest first' }),
    days: Type.Integer(),
    source: HistorySource,
  }),
);
export type HistoryResponse = Static<typeof HistoryResponse>;

export const CollectBody = Type.Object(
  { date: Type.Optional(Type.String({ format: 'date', description: 'UTC day to collect; default today' })) },
  { additionalProperties: false },
);

export const CollectResponse = dataOf(Type.Object({ date: Type.String(), written: Type.Integer() }));
