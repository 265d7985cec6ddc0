import { Type, type Static } from 'typebox';
import { MAX_CURSOR_LENGTH } from '../../lib/keyset.js';
import { pageOf, pageQuery } from '../../lib/pagination.js';
import { named, SnowflakeId, Timestamp, Uuid } from '../../lib/schemas.js';
import { HOLD_RULES } from './rules.js';
import { MAX_RAW_REVIEW_BODY } from './text.js';

export const Review = named(
  'Review',
  Type.Object({
    id: Uuid,
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    body: Type.String(),
    user: Type.String(),
    username: Type.String(),
    helpfulCount: Type.Integer(),
    developerReply: Type.Union([Type.Object({ body: Type.String(), repliedAt: Timestamp }), Type.Null()], {
      description: 'null when the developer has not replied',
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  }),
);
export type Review = Static<typeof Review>;

export const REVIEW_STATUSES = ['published', 'held', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const AdminReview = named(
  'AdminReview',
  Type.Intersect([
    Review,
    Type.Object({
      botId: Type.String(),
      published: Type.Boolean(),
      status: Type.Enum([...REVIEW_STATUSES], {
        type: 'string',
        description:
          'published: shown and counted; held: a moderation rule stopped it, it waits for an operator; hidden: an operator hid it',
      }),
      heldFor: Type.Array(Type.Enum([...HOLD_RULES], { type: 'string' }), {
        description: 'The rules a held review tripped: new_account, link, word (empty otherwise)',
      }),
      hideReason: Type.Union([Type.String(), Type.Null()], { description: "The operator's reason for hiding it, shown to its author" }),
    }),
  ]),
);
export type AdminReview = Static<typeof AdminReview>;

/** The operator's list: every review, newest first. */
export const AdminReviewListQuery = pageQuery({
  bot: Type.Optional(SnowflakeId),
  published: Type.Optional(Type.Boolean({ description: 'Only published (true) or hidden (false) reviews' })),
});
export type AdminReviewListQuery = Static<typeof AdminReviewListQuery>;

export const AdminReviewList = named('AdminReviewList', pageOf(AdminReview));

export const ReviewListQuery = pageQuery({});
export type ReviewListQuery = Static<typeof ReviewListQuery>;

export const ReviewList = named('ReviewList', pageOf(Review));

const ReviewBody = Type.String({ minLength: 1, maxLength: 4000, pattern: '\\S' });
const HelpfulCount = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

export const ReviewCreate = Type.Object(
  {
    user: SnowflakeId,
    username: Type.String({ minLength: 1, maxLength: 100 }),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    body: ReviewBody,
    helpfulCount: Type.Optional(HelpfulCount),
    published: Type.Optional(Type.Boolean()),
    createdAt: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export type ReviewCreate = Static<typeof ReviewCreate>;

export const ReviewPatch = Type.Object(
  {
    helpfulCount: Type.Optional(HelpfulCount),
    published: Type.Optional(Type.Boolean()),
    body: Type.Optional(ReviewBody),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ReviewPatch = Static<typeof ReviewPatch>;

export const ReplyBody = Type.Object({ body: ReviewBody }, { additionalProperties: false });

export const ReviewIdParams = Type.Object({ reviewId: Uuid });

/** What a user writes (the bot page's form): stars and text; the text's own rules are in text.ts. */
export const ReviewWrite = Type.Object(
  {
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    body: Type.String({ minLength: 1, maxLength: MAX_RAW_REVIEW_BODY }),
  },
  { additionalProperties: false },
);
export type ReviewWrite = Static<typeof ReviewWrite>;

/** Why a review is reported: the fixed list the form offers. */
export const REVIEW_REPORT_REASONS = ['spam', 'offensive', 'off_topic', 'conflict_of_interest', 'personal_data', 'other'] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];
export const MAX_REVIEW_REPORT_DETAILS = 1000;

export const ReviewReportCreate = Type.Object(
  {
    reason: Type.Enum([...REVIEW_REPORT_REASONS], { type: 'string' }),
    details: Type.String({ minLength: 1, maxLength: MAX_REVIEW_REPORT_DETAILS, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type ReviewReportCreate = Static<typeof ReviewReportCreate>;

export const MAX_HIDE_REASON = 2000;

export const ReviewHide = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: MAX_HIDE_REASON, pattern: '\\S', description: 'Shown to the author' }) },
  { additionalProperties: false },
);
export type ReviewHide = Static<typeof ReviewHide>;

/** A page of a queue read by keyset, oldest first. */
export const ReviewQueueQuery = Type.Object({
  after: Type.Optional(Type.String({ maxLength: MAX_CURSOR_LENGTH, description: 'The `next` of the previous page' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
});
export type ReviewQueueQuery = Static<typeof ReviewQueueQuery>;

const Next = Type.Union([Type.String(), Type.Null()], { description: 'Pass as `after` for the next page; null on the last page' });

export const HeldReviewList = named('HeldReviewList', Type.Object({ data: Type.Array(AdminReview), next: Next }));
export type HeldReviewList = Static<typeof HeldReviewList>;

export const ReviewReport = named(
  'ReviewReport',
  Type.Object({
    id: Uuid,
    reason: Type.Enum([...REVIEW_REPORT_REASONS], { type: 'string' }),
    details: Type.String({ description: "The reporter's words" }),
    reporterId: Type.String({ description: 'Platform ID of the user who reported it' }),
    reporterName: Type.String(),
    createdAt: Timestamp,
    review: AdminReview,
  }),
);
export type ReviewReport = Static<typeof ReviewReport>;

export const ReviewReportList = named('ReviewReportList', Type.Object({ data: Type.Array(ReviewReport), next: Next }));
export type ReviewReportList = Static<typeof ReviewReportList>;
