/**
 * Forms read through the API's own TypeBox schemas: a page's form is validated by exactly the
 * schema its management API route validates, so no limit is stated twice, and each error is shown
 * beside its field in the page's language.
 */
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Static, TObject, TSchema } from 'typebox';
import { html, type Html } from './html.js';
import type { Texts } from './i18n/index.js';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** An application/x-www-form-urlencoded body as @fastify/formbody parses it. */
export type Form = Record<string, string | string[] | undefined>;
/** An error message per field name. */
export type FieldErrors = Record<string, string>;

/** Form fields arrive as text: numbers and lists are coerced as in query strings. */
const ajv = addFormats(new Ajv({ allErrors: true, coerceTypes: 'array', useDefaults: true, strict: false }));
const compiled = new WeakMap<TSchema, ReturnType<Ajv['compile']>>();
/** A value a page built from its form (nested objects, lists): checked as the API checks JSON, without coercion. */
const exact = addFormats(new Ajv({ allErrors: true, coerceTypes: false, strict: false }));
const compiledExact = new WeakMap<TSchema, ReturnType<Ajv['compile']>>();

/**
 * The form's value as `schema` describes it, or the errors of its fields. A field named like a
 * property of the schema gives that property: every value when the property is a list (checkboxes),
 * else its last value, trimmed; an empty field is left out (an optional property stays unset).
 */
export function readForm<S extends TObject>(t: Texts, schema: S, form: Form | undefined): { value: Static<S> } | { errors: FieldErrors } {
  const value: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties as Record<string, TSchema>)) {
    const given = form?.[name];
    const all = (given === undefined ? [] : Array.isArray(given) ? given : [given]).map((text) => text.trim());
    if ((property as { type?: unknown }).type === 'array') {
      const items = all.filter((text) => text !== '');
      if (items.length > 0) value[name] = items;
    } else if (all.length > 0 && all[all.length - 1] !== '') {
      value[name] = all[all.length - 1];
    }
  }
  // PostgreSQL cannot store U+0000 in text: as in the API's bodies, a field carrying one is invalid input, not a database error.
  const withNul = Object.keys(value).filter((name) => [value[name]].flat().some((text) => String(text).includes('\u0000')));
  if (withNul.length > 0) return { errors: Object.fromEntries(withNul.map((name) => [name, t.form.invalid])) };
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  if (validate(value)) return { value: value as Static<S> };
  const errors: FieldErrors = {};
  for (const error of validate.errors ?? []) {
    const field = fieldOf(error);
    // A list left empty (no box ticked) is missing: say what to choose, not what to fill in.
    const list = (schema.properties as Record<string, { type?: unknown }>)[field]?.type === 'array';
    errors[field] ??= error.keyword === 'required' && list ? t.form.chooseAtLeast(1) : messageOf(t, error);
  }
  return { errors };
}

/**
 * The errors of `value` against `schema`, by dotted path (`slugs.de`, `screenshots.2`), each in
 * the page's words: `words` may say it better for a field (a pattern's rule); otherwise the
 * keyword's general words. A union's own summary, and the branch that did not fit the value's
 * type (`null` of an optional address), are left out: the fitting branch says what is wrong.
 */
export function valueErrors(
  t: Texts,
  schema: TSchema,
  value: unknown,
  words: (field: string, error: ErrorObject) => string | undefined = () => undefined,
): FieldErrors {
  let validate = compiledExact.get(schema);
  if (!validate) compiledExact.set(schema, (validate = exact.compile(schema)));
  if (validate(value)) return {};
  const errors: FieldErrors = {};
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'anyOf' || (error.keyword === 'type' && error.schemaPath.includes('/anyOf/'))) continue;
    const params = error.params as { missingProperty?: string; additionalProperty?: string };
    const path = error.instancePath.split('/').slice(1);
    const extra = params.missingProperty ?? params.additionalProperty;
    const field = [...path, ...(extra === undefined ? [] : [extra])].join('.') || 'form';
    errors[field] ??= words(field, error) ?? messageOf(t, error);
  }
  return errors;
}

function fieldOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const path = error.instancePath.split('/').slice(1);
  const name = path[0] ?? params.missingProperty ?? params.additionalProperty;
  return name ?? 'form';
}

/** What is wrong with a field, in the page's language. */
function messageOf(t: Texts, error: ErrorObject): string {
  const params = error.params as { limit?: number; allowedValues?: unknown[] };
  switch (error.keyword) {
    case 'required':
      return t.form.required;
    case 'minLength':
      return params.limit === 1 ? t.form.required : t.form.tooShort(params.limit ?? 0);
    case 'maxLength':
      return t.form.tooLong(params.limit ?? 0);
    case 'minItems':
      return t.form.chooseAtLeast(params.limit ?? 1);
    case 'maxItems':
      return t.form.chooseAtMost(params.limit ?? 1);
    case 'enum':
      return t.form.oneOf((params.allowedValues ?? []).join(', '));
    case 'minimum':
      return t.form.atLeast(params.limit ?? 0);
    case 'maximum':
      return t.form.atMost(params.limit ?? 0);
    case 'type':
      return t.form.notANumber;
    default:
      return t.form.invalid;
  }
}

/** A form field's error, tied to the field for screen readers. */
export function fieldError(id: string, message: string | undefined): Html | string {
  return message ? html`<p class="error" id="${id}-error">${message}</p>` : '';
}

/** The attributes that tie a field to its error (`fieldError` with the same id), when it has one. */
export function invalid(id: string, message: string | undefined): Html | string {
  return message ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
}

/** What a one-line text field allows, and the hint shown between its label and the field. */
export interface TextFieldOptions {
  /** An address (`url`) gets the browser's URL keyboard and check; text by default. */
  type?: 'text' | 'url';
  maxlength: number;
  minlength?: number;
  pattern?: string;
  inputmode?: 'numeric' | 'decimal';
  required?: boolean;
  placeholder?: string;
  /** False for what is not prose (IDs, addresses): no spelling marks under it. */
  spellcheck?: false;
  hint?: string;
}

/**
 * A one-line text field with its label, its hint and its error (`fieldError`): the hint and the
 * error describe the field, and an error marks it invalid. Browsers offer no earlier entries.
 */
export function textField(
  id: string,
  name: string,
  label: string,
  value: string | undefined,
  error: string | undefined,
  options: TextFieldOptions,
): Html {
  const hint = options.hint === undefined ? '' : html`<p class="muted" id="${id}-hint">${options.hint}</p>`;
  const described = [options.hint === undefined ? '' : `${id}-hint`, error === undefined ? '' : `${id}-error`].filter(Boolean).join(' ');
  return html`<label for="${id}">${label}</label>
    ${hint}
    <input
      type="${options.type ?? 'text'}"
      id="${id}"
      name="${name}"
      ${options.inputmode ? html`inputmode="${options.inputmode}"` : ''}
      ${options.pattern ? html`pattern="${options.pattern}"` : ''}
      ${options.minlength === undefined ? '' : html`minlength="${options.minlength}"`}
      maxlength="${options.maxlength}"
      ${options.required ? html`required` : ''}
      ${options.placeholder === undefined ? '' : html`placeholder="${options.placeholder}"`}
      autocomplete="off"
      ${options.spellcheck === false ? html`spellcheck="false"` : ''}
      value="${value ?? ''}"
      ${error === undefined ? '' : html`aria-invalid="true"`}
      ${described === '' ? '' : html`aria-describedby="${described}"`}
    />
    ${fieldError(id, error)}`;
}
