/**
 * The listing editor's form: read from a listing or from a posted form, made into an owner's edit,
 * and checked with the very schema the listings service checks an edit with (`ListingEdit`), each
 * error by its field in the page's words. The service's own refusals (taken slugs, categories
 * not in the operator's list, fields a submission misses) are put beside their fields the same way.
 */
import type { ErrorObject } from 'ajv';
import { valueErrors, type FieldErrors, type Form } from '../../html/forms.js';
import type { Texts } from '../../html/i18n/index.js';
import type { AppError } from '../../lib/errors.js';
import { CATEGORY_PROBLEM } from '../listings/content.js';
import { ListingEdit, type Listing } from '../listings/schemas.js';
import { SLUG_PROBLEM } from '../listings/writer.js';

/** The form's text fields, by the dotted name of the edit's field they fill. */
export const TEXT_FIELDS = [
  'name',
  'slugs.en',
  'slugs.de',
  'shortDescription.en',
  'shortDescription.de',
  'longDescription.en',
  'longDescription.de',
  'prefix',
  'pricing',
  'inviteUrl',
  'supportServerUrl',
  'websiteUrl',
  'iconUrl',
  'bannerUrl',
  'tags',
  'contactEmail',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The form as it is shown: each text field as typed, the categories ticked and the screenshot addresses. */
export interface ListingFormState {
  text: Record<TextField, string>;
  categories: string[];
  screenshots: string[];
}

/** The edit's fields whose addresses must be https (the pages load them as images). */
const IMAGE_FIELDS = /^(iconUrl|bannerUrl|screenshots\.\d+)$/;
const LINK_FIELDS = /^(inviteUrl|supportServerUrl|websiteUrl)$/;

/** What the owner works on: the working copy where there is one (fields it misses empty), else the version on the bot. */
export function stateOfListing(listing: Listing): ListingFormState {
  const content = listing.working ?? listing.current;
  const text = {} as Record<TextField, string>;
  for (const field of TEXT_FIELDS) text[field] = '';
  text.name = content.name ?? '';
  for (const lang of ['en', 'de'] as const) {
    text[`slugs.${lang}`] = content.slugs?.[lang] ?? '';
    text[`shortDescription.${lang}`] = content.shortDescription?.[lang] ?? '';
    text[`longDescription.${lang}`] = content.longDescription?.[lang] ?? '';
  }
  text.prefix = content.prefix ?? '';
  text.pricing = content.pricing ?? '';
  text.inviteUrl = content.inviteUrl ?? '';
  text.supportServerUrl = content.supportServerUrl ?? '';
  text.websiteUrl = content.websiteUrl ?? '';
  text.iconUrl = content.iconUrl ?? '';
  text.bannerUrl = content.bannerUrl ?? '';
  text.tags = (content.tags ?? []).join(', ');
  text.contactEmail = listing.contactEmail ?? '';
  return { text, categories: [...(content.categories ?? [])], screenshots: [...(content.screenshots ?? [])] };
}

/** A posted form as typed: a field sent more than once counts with its last value; lists keep every value given. */
export function stateOfForm(form: Form | undefined): ListingFormState {
  const all = (name: string) => texts(form?.[name]);
  const text = {} as Record<TextField, string>;
  for (const field of TEXT_FIELDS) {
    const value = (all(field).at(-1) ?? '').replace(/\r\n?/g, '\n');
    // Markdown keeps the indentation it starts with; every other field is trimmed.
    text[field] = field.startsWith('longDescription.') ? value.trimEnd() : value.trim();
  }
  const list = (name: string) =>
    all(name)
      .map((value) => value.trim())
      .filter((value) => value !== '');
  return { text, categories: list('categories'), screenshots: list('screenshots') };
}

/**
 * The texts given for a field: a form gives a text or a list of texts; anything else (a JSON body
 * posted to the form's address with a number or an object) is no text.
 */
export function texts(given: unknown): string[] {
  const values: unknown[] = Array.isArray(given) ? given : [given];
  return values.filter((value): value is string => typeof value === 'string');
}

/** The owner's edit the form stands for: every field, an empty banner or contact address as none. */
export function editOf(state: ListingFormState): Record<string, unknown> {
  const { text } = state;
  return {
    name: text.name,
    slugs: { de: text['slugs.de'], en: text['slugs.en'] },
    shortDescription: { de: text['shortDescription.de'], en: text['shortDescription.en'] },
    longDescription: { de: text['longDescription.de'], en: text['longDescription.en'] },
    prefix: text.prefix,
    pricing: text.pricing,
    iconUrl: text.iconUrl,
    bannerUrl: text.bannerUrl === '' ? null : text.bannerUrl,
    inviteUrl: text.inviteUrl,
    supportServerUrl: text.supportServerUrl,
    websiteUrl: text.websiteUrl,
    categories: state.categories,
    tags: text.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    screenshots: state.screenshots,
    contactEmail: text.contactEmail === '' ? null : text.contactEmail,
  };
}

/** The edit, or the errors of its fields (checked by `ListingEdit`, as the service checks it). */
export function checkListingForm(t: Texts, state: ListingFormState): { edit: Record<string, unknown> } | { errors: FieldErrors } {
  const edit = editOf(state);
  const errors = valueErrors(t, ListingEdit, edit, (field, error) => wordsFor(t, field, error, valueAt(edit, field)));
  return Object.keys(errors).length === 0 ? { edit } : { errors: byFormField(errors) };
}

function valueAt(value: unknown, path: string): unknown {
  let at = value;
  for (const part of path.split('.')) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
  return at;
}

/** Words for a field's rule where the general ones ("This value is not valid.") would not help. */
function wordsFor(t: Texts, field: string, error: ErrorObject, value: unknown): string | undefined {
  const l = t.listing;
  if (value === '' && ['pattern', 'format', 'minLength'].includes(error.keyword)) return t.form.required;
  if (error.keyword === 'uniqueItems') return l.duplicate;
  const rule = error.keyword === 'pattern' || error.keyword === 'format';
  if (!rule) return undefined;
  if (field === 'name') return t.form.required;
  if (field.startsWith('slugs.')) return l.slugPattern;
  if (IMAGE_FIELDS.test(field)) return l.httpsUrl;
  if (LINK_FIELDS.test(field)) return l.webUrl;
  if (field === 'contactEmail') return l.email;
  if (field === 'pricing') return l.pricingPattern;
  if (field.startsWith('tags.')) return l.tagPattern;
  if (field.startsWith('categories.')) return l.categoryUnknown;
  return undefined;
}

/** An error of one tag or category is the list's (one field on the form); a screenshot's stays its own. */
function formField(field: string): string {
  return field.replace(/^(tags|categories)\.\d+$/, '$1');
}

function byFormField(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) out[formField(field)] ??= message;
  return out;
}

/** The service's refusal of an edit or a submission, beside each field, in the page's words. */
export function serviceErrors(t: Texts, error: AppError): FieldErrors {
  const l = t.listing;
  const words: Record<string, string> = {
    [SLUG_PROBLEM.taken]: l.slugTaken,
    [SLUG_PROBLEM.reserved]: l.slugReserved,
    [SLUG_PROBLEM.former]: l.slugFormer,
    [CATEGORY_PROBLEM.unknown]: l.categoryUnknown,
    'is required': t.form.required,
  };
  const out: FieldErrors = {};
  for (const { field, message } of error.details ?? []) {
    out[formField(field)] ??= words[message] ?? (/fewer than 1 character/.test(message) ? t.form.required : t.form.invalid);
  }
  return out;
}
