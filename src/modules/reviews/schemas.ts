import { Type, type Static } from 'typebox';
import { pageOf, pageQuery } from '../../lib/pagination.js';
import { named, SnowflakeId, Timestamp, Uuid } from '../../lib/schemas.js';

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

export const AdminReview = named('AdminReview', Type.Intersect([Review, Type.Object({ botId: Type.String(), published: Type.Boolean() })]));
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
