/** Reports of bots: what a signed-in user sends, and what the operator reads and answers. */
import { Type, type Static } from 'typebox';
import { MAX_CURSOR_LENGTH } from '../../lib/keyset.js';
import { named, Timestamp, Uuid } from '../../lib/schemas.js';

/** Why a bot is reported: the fixed list the form offers. */
export const REPORT_REASONS = ['spam', 'malicious', 'offensive', 'impersonation', 'broken', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const RESOLUTIONS = ['actioned', 'dismissed'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** Longest text a reporter writes. */
export const MAX_REPORT_DETAILS = 1000;
/** Longest answer of the operator. */
export const MAX_REPORT_ANSWER = 2000;

export const Report = named(
  'Report',
  Type.Object({
    id: Uuid,
    botId: Type.String(),
    botName: Type.String({ description: "The bot's name now" }),
    reporterId: Type.String({ description: 'Platform ID of the user who reported it' }),
    reporterName: Type.String(),
    reason: Type.Enum([...REPORT_REASONS], { type: 'string' }),
    details: Type.String({ description: "The reporter's words" }),
    status: Type.Enum([...REPORT_STATUSES], { type: 'string' }),
    resolution: Type.Union([Type.Enum([...RESOLUTIONS], { type: 'string' }), Type.Null()], {
      description: 'actioned: something was done about it; dismissed: nothing to do',
    }),
    answer: Type.Union([Type.String(), Type.Null()], { description: 'What the reporter is told' }),
    resolvedBy: Type.Union([Type.String(), Type.Null()], { description: "The operator's platform ID; null for the operator token" }),
    resolvedAt: Type.Union([Timestamp, Type.Null()]),
    createdAt: Timestamp,
  }),
);
export type Report = Static<typeof Report>;

/** The report form: a reason from the list and the reporter's words. */
export const ReportCreate = Type.Object(
  {
    reason: Type.Enum([...REPORT_REASONS], { type: 'string' }),
    details: Type.String({ minLength: 1, maxLength: MAX_REPORT_DETAILS, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type ReportCreate = Static<typeof ReportCreate>;

export const ReportListQuery = Type.Object({
  status: Type.Enum([...REPORT_STATUSES], {
    type: 'string',
    default: 'open',
    description: 'open: the queue, oldest first; resolved: the latest decisions first',
  }),
  after: Type.Optional(Type.String({ maxLength: MAX_CURSOR_LENGTH, description: 'The `next` of the previous page' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
});
export type ReportListQuery = Static<typeof ReportListQuery>;

export const ReportList = named(
  'ReportList',
  Type.Object({
    data: Type.Array(Report),
    next: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `after` for the next page; null on the last page' }),
  }),
);
export type ReportList = Static<typeof ReportList>;

export const ReportResolve = Type.Object(
  {
    resolution: Type.Enum([...RESOLUTIONS], { type: 'string' }),
    answer: Type.String({ minLength: 1, maxLength: MAX_REPORT_ANSWER, pattern: '\\S', description: 'Shown to the reporter' }),
  },
  { additionalProperties: false },
);
export type ReportResolve = Static<typeof ReportResolve>;

export const ReportIdParams = Type.Object({ reportId: Uuid });
