/** Reason templates: texts the moderators pick instead of writing the same reason again. */
import { Type, type Static } from 'typebox';
import { named, Timestamp, Uuid } from '../../lib/schemas.js';

/** The templates there may be at most (the console offers them all in each form). */
export const MAX_TEMPLATES = 50;
export const MAX_TEMPLATE_TITLE = 80;
/** As long as the longest note a template may stand for (a decision's note or reason). */
export const MAX_TEMPLATE_BODY = 2000;

export const ReasonTemplate = named(
  'ReasonTemplate',
  Type.Object({
    id: Uuid,
    title: Type.String({ description: 'What the console lists it as' }),
    body: Type.String({ description: 'The text it puts into the note or reason' }),
    createdAt: Timestamp,
  }),
);
export type ReasonTemplate = Static<typeof ReasonTemplate>;

export const ReasonTemplateCreate = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: MAX_TEMPLATE_TITLE, pattern: '\\S' }),
    body: Type.String({ minLength: 1, maxLength: MAX_TEMPLATE_BODY, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type ReasonTemplateCreate = Static<typeof ReasonTemplateCreate>;

export const ReasonTemplateList = named('ReasonTemplateList', Type.Object({ data: Type.Array(ReasonTemplate) }));

export const ReasonTemplateIdParams = Type.Object({ templateId: Uuid });
