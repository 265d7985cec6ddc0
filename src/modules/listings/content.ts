/**
 * A listing's content: checking an owner's edit and a complete listing against the schemas,
 * merging an edit into a working copy, and the field-by-field changes the moderators review.
 */
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaValidationError } from 'fastify';
import { AppError, type FieldError } from '../../lib/errors.js';
import { fieldErrors } from '../../lib/validation.js';
import { CONTENT_FIELDS, ListingContent, ListingEdit, type FieldChange, type WorkingCopy } from './schemas.js';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
/** The options the management API validates JSON bodies with (plugins/validation.ts): no coercion. */
const ajv = addFormats(new Ajv({ allErrors: true, coerceTypes: false, strict: false, addUsedSchema: false }));
const validEdit = ajv.compile(ListingEdit);
const validContent = ajv.compile(ListingContent);

function problems(errors: ErrorObject[] | null | undefined): FieldError[] {
  return fieldErrors((errors ?? []) as FastifySchemaValidationError[], 'body');
}

/** The words of a refused category, beside `categories`; pages show their own. */
export const CATEGORY_PROBLEM = { unknown: "holds a category that is not in the operator's list" } as const;

/**
 * The edit as the schema takes it, or a 422 naming each field that is wrong (the same words as the
 * API's). An owner chooses categories from the operator's list (CATEGORIES) only; the management
 * API may give a bot others.
 */
export function checkEdit(edit: unknown, categories: ReadonlySet<string>): ListingEdit {
  if (!validEdit(edit)) throw AppError.validation(problems(validEdit.errors));
  const checked = edit as ListingEdit;
  if (checked.categories?.some((category) => !categories.has(category)))
    throw AppError.validation([{ field: 'categories', message: CATEGORY_PROBLEM.unknown }]);
  return checked;
}

/** What keeps a working copy from being submitted: each field missing or invalid. Empty: it is complete. */
export function incomplete(working: WorkingCopy): FieldError[] {
  return validContent(working) ? [] : problems(validContent.errors);
}

export function isComplete(working: WorkingCopy): working is ListingContent {
  return incomplete(working).length === 0;
}

/** The working copy with the edit's fields in place (the contact address is not content). */
export function merge(working: WorkingCopy, edit: ListingEdit): WorkingCopy {
  const { contactEmail: _contact, ...fields } = edit;
  const merged: WorkingCopy = { ...working };
  for (const field of CONTENT_FIELDS) {
    if (fields[field] !== undefined) (merged as Record<string, unknown>)[field] = fields[field];
  }
  return merged;
}

type Value = string | string[] | null;

/** Each field as a dotted path and its value: `slugs.de`, `tags`, `bannerUrl`. */
function flatten(content: WorkingCopy | undefined): Map<string, Value> {
  const flat = new Map<string, Value>();
  for (const field of CONTENT_FIELDS) {
    const value = content?.[field];
    if (value === undefined) flat.set(field, null);
    else if (value === null || typeof value === 'string' || Array.isArray(value)) flat.set(field, value);
    else for (const [lang, text] of Object.entries(value)) flat.set(`${field}.${lang}`, text);
  }
  // A localized field that is absent altogether shows as its two languages, absent.
  for (const field of ['slugs', 'shortDescription', 'longDescription'] as const) {
    if (flat.get(field) === null) {
      flat.delete(field);
      flat.set(`${field}.de`, null);
      flat.set(`${field}.en`, null);
    }
  }
  return flat;
}

/** What `after` changes of `before` (undefined: nothing is public yet, so every field that is set). */
export function changes(before: WorkingCopy | undefined, after: WorkingCopy): FieldChange[] {
  const was = flatten(before);
  const is = flatten(after);
  const out: FieldChange[] = [];
  for (const [field, value] of is) {
    const old = before === undefined ? null : (was.get(field) ?? null);
    if (before === undefined ? value === null || (Array.isArray(value) && value.length === 0) || value === '' : same(old, value)) continue;
    out.push({ field, before: old, after: value });
  }
  return out;
}

function same(a: Value, b: Value): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether two versions show the same listing. */
export function sameContent(a: WorkingCopy, b: WorkingCopy): boolean {
  return changes(a, b).length === 0 && changes(b, a).length === 0;
}
