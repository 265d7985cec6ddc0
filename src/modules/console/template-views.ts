/** `/console/templates`: the reason templates, each deleted by a button, and the form that adds one. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { MAX_TEMPLATE_BODY, MAX_TEMPLATE_TITLE, type ReasonTemplate } from '../reason-templates/schemas.js';
import { csrfField, fieldError, invalid, textField, type FieldErrors } from './fields.js';
import { consoleUrl } from './frame.js';

export interface TemplatesState {
  errors: FieldErrors;
  value?: { title?: string; body?: string };
  csrf: string;
}

export function templatesView(t: Texts, templates: ReasonTemplate[], state: TemplatesState): Html {
  const c = t.console;
  const { errors, value } = state;
  return html`<h1>${c.sections.templates}</h1>
    <p class="muted">${c.templatesLead}</p>
    ${
      templates.length === 0
        ? html`<p>${c.templatesEmpty}</p>`
        : html`<ul class="templates">
            ${templates.map(
              (template) =>
                html`<li class="card">
                  <h2>${template.title}</h2>
                  <div class="value">${template.body}</div>
                  <form
                    method="post"
                    action="${consoleUrl(t, `/console/templates/${template.id}/delete`)}"
                    data-confirm="${c.deleteConfirm}"
                  >
                    ${csrfField(state.csrf)}<button class="danger" type="submit" aria-label="${c.delete}: ${template.title}">
                      ${c.delete}
                    </button>
                  </form>
                </li>`,
            )}
          </ul>`
    }
    <section class="card" aria-labelledby="add-template">
      <h2 id="add-template">${c.addTemplate}</h2>
      ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
      <form method="post" action="${consoleUrl(t, '/console/templates')}">
        ${csrfField(state.csrf)}
        ${textField('template-title', 'title', c.templateTitle, value?.title, errors.title, { maxlength: MAX_TEMPLATE_TITLE })}
        <label for="template-body">${c.templateBody}</label>
        <textarea id="template-body" name="body" rows="4" maxlength="${MAX_TEMPLATE_BODY}" ${invalid('template-body', errors.body)}>
${value?.body ?? ''}</textarea>
        ${fieldError('template-body', errors.body)}
        <p><button class="primary" type="submit">${c.add}</button></p>
      </form>
    </section>`;
}
