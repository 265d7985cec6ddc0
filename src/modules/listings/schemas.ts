/**
 * The shapes of a listing: what an owner writes (every field the management API's BotPut/BotPatch
 * write for a bot's text, with those very schemas, plus the long description, screenshots and a
 * contact address), and what the operator's queue and routes answer.
 */
import { Type, type Static } from 'typebox';
import { MARKDOWN_MAX_LENGTH } from '../../html/markdown.js';
import { HttpUrl, named, SnowflakeId, Timestamp, Uuid } from '../../lib/schemas.js';
import { BOT_WRITABLE, Localized } from '../bots/schemas.js';
import { EDIT_STATES, LISTING_STATES, MAX_NOTE_LENGTH } from './lifecycle.js';

/** Images are loaded by visitors' browsers on our pages, whose CSP allows https images only. */
const HttpsUrl = Type.String({ format: 'uri', pattern: '^https://', maxLength: 2048 });
/** At most this many screenshots per listing. */
export const MAX_SCREENSHOTS = 5;

const { name, slugs, shortDescription, prefix, pricing, inviteUrl, supportServerUrl, websiteUrl, categories, tags } = BOT_WRITABLE;

/** Everything a listing shows, as an owner writes it. */
export const contentFields = {
  name,
  slugs,
  shortDescription,
  longDescription: Localized(Type.String({ maxLength: MARKDOWN_MAX_LENGTH, description: 'Markdown' })),
  prefix,
  pricing,
  iconUrl: HttpsUrl,
  bannerUrl: Type.Union([HttpsUrl, Type.Null()]),
  inviteUrl,
  supportServerUrl,
  websiteUrl,
  categories,
  tags,
  screenshots: Type.Array(HttpsUrl, { maxItems: MAX_SCREENSHOTS, uniqueItems: true }),
};

/** A listing ready for review: every field there and valid (what `submit` requires). */
/**
 * A listing's fields as the bot row holds them: the management API may have written an http
 * address there (its schema allows one), which an owner's edit would not be allowed to write.
 */
const storedFields = { ...contentFields, iconUrl: HttpUrl, bannerUrl: Type.Union([HttpUrl, Type.Null()]) };

export const ListingContent = named('ListingContent', Type.Object(contentFields, { additionalProperties: false }));
export type ListingContent = Static<typeof ListingContent>;
/** A working copy may miss fields while the owner fills them in. */
export type WorkingCopy = Partial<ListingContent>;
export type ContentField = keyof ListingContent;
export const CONTENT_FIELDS = Object.keys(contentFields) as ContentField[];

const ContactEmail = Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Null()], {
  description: 'Where the moderators\u2019 decisions are e-mailed; never shown publicly',
});

/** An owner's edit: any of the fields, each validated as the management API validates it. */
export const ListingEdit = Type.Partial(Type.Object({ ...contentFields, contactEmail: ContactEmail }, { additionalProperties: false }), {
  additionalProperties: false,
  minProperties: 1,
});
export type ListingEdit = Static<typeof ListingEdit>;

/** Adding a bot: its application ID on the chat platform. */
export const ListingCreate = Type.Object({ applicationId: SnowflakeId }, { additionalProperties: false });
export type ListingCreate = Static<typeof ListingCreate>;

const Value = (description: string) => Type.Union([Type.String(), Type.Array(Type.String()), Type.Null()], { description });

export const FieldChange = named(
  'FieldChange',
  Type.Object({
    field: Type.String({ description: 'Dotted path of the field, e.g. `slugs.de`' }),
    before: Value('The value on the bot; null when there is none (a listing never approved)'),
    after: Value('The value submitted; null when the field was left empty'),
  }),
);
export type FieldChange = Static<typeof FieldChange>;

const ListingStateSchema = Type.Enum([...LISTING_STATES], { type: 'string' });
const EditStateSchema = Type.Enum([...EDIT_STATES], { type: 'string' });

/** One entry of the moderation queue: a listing, or an edit of one, waiting for the operator. */
export const Submission = named(
  'Submission',
  Type.Object({
    id: Type.String({ ...Uuid, description: 'The submission: what approve, request-changes and deny name' }),
    botId: Type.String(),
    kind: Type.Enum(['listing', 'edit'], {
      type: 'string',
      description: 'listing: a new listing (or one sent back); edit: an edit of a listing already approved',
    }),
    submittedBy: Type.Union([Type.String(), Type.Null()], { description: 'Platform ID of the owner who submitted it' }),
    submittedAt: Timestamp,
    ownershipConfirmed: Type.Boolean({
      description: 'false: the platform could not confirm that the submitter owns the application; check it',
    }),
    content: ListingContent,
    changes: Type.Array(FieldChange, { description: 'What differs from the public version (every field for a listing never published)' }),
  }),
);
export type Submission = Static<typeof Submission>;

export const SubmissionQueueQuery = Type.Object({
  after: Type.Optional(Type.String({ maxLength: 100, description: 'The `next` of the previous page' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
});
export type SubmissionQueueQuery = Static<typeof SubmissionQueueQuery>;

export const SubmissionQueue = named(
  'SubmissionQueue',
  Type.Object({
    data: Type.Array(Submission),
    next: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `after` for the next page; null on the last page' }),
  }),
);
export type SubmissionQueue = Static<typeof SubmissionQueue>;

const Note = (description: string) => Type.String({ minLength: 1, maxLength: MAX_NOTE_LENGTH, pattern: '\\S', description });

export const ApproveBody = Type.Object(
  { note: Type.Optional(Note('Shown to the owner with the approval')) },
  { additionalProperties: false },
);
export const RequestChangesBody = Type.Object(
  { note: Note('What the owner should change; shown to the owner') },
  { additionalProperties: false },
);
export const ReasonBody = Type.Object({ reason: Note('Why; shown to the owner') }, { additionalProperties: false });
export type ApproveBody = Static<typeof ApproveBody>;
export type RequestChangesBody = Static<typeof RequestChangesBody>;
export type ReasonBody = Static<typeof ReasonBody>;

export const SubmissionIdParams = Type.Object({ id: Uuid });
export const ListingBotParams = Type.Object({ id: SnowflakeId });

export const ListingTransitionEntry = named(
  'ListingTransition',
  Type.Object({
    transition: Type.String(),
    track: Type.Enum(['listing', 'edit'], { type: 'string' }),
    from: Type.String(),
    to: Type.String(),
    actor: Type.Enum(['owner', 'operator'], { type: 'string' }),
    actorId: Type.Union([Type.String(), Type.Null()], { description: 'Platform ID; null for the operator token' }),
    via: Type.Enum(['dashboard', 'console', 'admin_api'], { type: 'string' }),
    note: Type.Union([Type.String(), Type.Null()]),
    at: Timestamp,
  }),
);
export type ListingTransitionEntry = Static<typeof ListingTransitionEntry>;

/** A listing as its owner and the operator see it. */
export const Listing = named(
  'Listing',
  Type.Object({
    botId: Type.String(),
    status: ListingStateSchema,
    editStatus: EditStateSchema,
    note: Type.Union([Type.String(), Type.Null()], { description: "The moderator's last note or reason" }),
    current: Type.Object(storedFields, {
      description: 'The version on the bot: public while published; before the first approval, the one last submitted',
    }),
    working: Type.Union([Type.Partial(Type.Object(storedFields)), Type.Null()], {
      description: 'The working copy, when it differs from `current`; fields may be missing while the owner fills them in',
    }),
    submissionId: Type.Union([Uuid, Type.Null()]),
    queuedAt: Type.Union([Timestamp, Type.Null()]),
    createdBy: Type.Union([Type.String(), Type.Null()]),
    ownershipConfirmed: Type.Boolean(),
    contactEmail: Type.Union([Type.String(), Type.Null()]),
    history: Type.Array(ListingTransitionEntry, { description: 'The latest transitions, newest first' }),
  }),
);
export type Listing = Static<typeof Listing>;
