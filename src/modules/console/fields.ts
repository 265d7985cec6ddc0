/**
 * The console's form parts: a field's error beside it, the CSRF field, and the reason field (a
 * reason template to pick, and a text of one's own added below it), with how a posted reason is
 * read back.
 */
import { html, type Html } from '../../html/html.js';
import type { FieldErrors, Form } from '../../html/forms.js';
import type { Texts } from '../../html/i18n/index.js';
import { AppError } from '../../lib/errors.js';
import type { ReasonTemplate } from '../reason-templates/schemas.js';
import { fieldError, invalid, textField } from '../../html/forms.js';

export type { FieldErrors, Form };

/** The pages' one way to tie a field to its error (src/html/forms.ts), for this module's views. */
export { fieldError, invalid, textField };

/** A group of fields (a fieldset) tied to its error: described by it (a group is not itself invalid). */
export function describedBy(id: string, message: string | undefined): Html | string {
  return message ? html` aria-describedby="${id}-error"` : '';
}

export function csrfField(token: string): Html {
  return html`<input type="hidden" name="_csrf" value="${token}" />`;
}

/** The last value of a form field, trimmed; '' when it is missing. */
export function formValue(form: Form | undefined, name: string): string {
  const given = form?.[name];
  const last = Array.isArray(given) ? given[given.length - 1] : given;
  return typeof last === 'string' ? last.trim() : '';
}

/** What a refused reason field held, shown again. */
export interface ReasonValue {
  template?: string;
  note?: string;
}

/**
 * The reason field: the templates to pick from (when there are any) and a text area. `id` makes
 * the ids of this form's fields unique on the page; the fields are named `template` and `note`.
 */
export function reasonField(
  t: Texts,
  id: string,
  options: { label: string; templates: ReasonTemplate[]; errors: FieldErrors; value?: ReasonValue; max: number; rows?: number },
): Html {
  const { templates, errors, value } = options;
  const picker =
    templates.length === 0
      ? ''
      : html`<label for="${id}-template">${t.console.template}</label>
          <select id="${id}-template" name="template" ${invalid(`${id}-template`, errors.template)}>
            <option value="">${t.console.noTemplate}</option>
            ${templates.map((template) =>
              template.id === value?.template
                ? html`<option value="${template.id}" selected>${template.title}</option>`
                : html`<option value="${template.id}">${template.title}</option>`,
            )}
          </select>
          ${fieldError(`${id}-template`, errors.template)}
          <p class="muted">${t.console.templateHint}</p>`;
  return html`${picker}
    <label for="${id}-note">${options.label}</label>
    <textarea id="${id}-note" name="note" rows="${options.rows ?? 3}" maxlength="${options.max}" ${invalid(`${id}-note`, errors.note)}>
${value?.note ?? ''}</textarea>
    ${fieldError(`${id}-note`, errors.note)}`;
}

/**
 * The reason a form gives: the picked template's text, then the text written (either alone, or
 * nothing when `required` is false). Errors beside `template` (deleted meanwhile) or `note`
 * (missing, too long).
 */
export async function readReason(
  t: Texts,
  form: Form | undefined,
  templates: { get(id: string): Promise<ReasonTemplate> },
  options: { required: boolean; max: number },
): Promise<{ text: string | undefined; value: ReasonValue } | { errors: FieldErrors; value: ReasonValue }> {
  const value = { template: formValue(form, 'template'), note: formValue(form, 'note') };
  let text = value.note;
  if (value.template !== '') {
    try {
      const template = await templates.get(value.template);
      text = text === '' ? template.body : `${template.body}\n\n${text}`;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
      return { errors: { template: t.console.templateGone }, value };
    }
  }
  if (text === '' && options.required) return { errors: { note: t.form.required }, value };
  if (text.length > options.max) return { errors: { note: t.form.tooLong(options.max) }, value };
  return { text: text === '' ? undefined : text, value };
}

/** A refusal of an item no longer on the page (decided meanwhile): said above the list. */
export function missing(shown: { id: string }[], failed: { id: string; errors: FieldErrors } | undefined): Html | string {
  if (!failed?.errors.form || shown.some((item) => item.id === failed.id)) return '';
  return html`<p class="error" role="alert">${failed.errors.form}</p>`;
}
