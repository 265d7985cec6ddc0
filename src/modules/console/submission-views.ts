/** The submission queue and one submission with what it changes, and the decision on it. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { changeTable, scrollingTable } from '../../html/table.js';
import { MAX_NOTE_LENGTH } from '../listings/lifecycle.js';
import type { FieldChange, Submission, SubmissionQueue } from '../listings/schemas.js';
import type { ReasonTemplate } from '../reason-templates/schemas.js';
import { csrfField, reasonField, type FieldErrors, type ReasonValue } from './fields.js';
import { consoleUrl, nextPage } from './frame.js';

/** `/console`: the queue, oldest first, a page at a time. */
export function queueView(t: Texts, page: SubmissionQueue, after: string | undefined): Html {
  const c = t.console;
  return html`<h1>${c.sections.submissions}</h1>
    <p class="muted">${c.queueLead}</p>
    ${
      page.data.length === 0
        ? html`<p>${c.queueEmpty}</p>`
        : scrollingTable(
            c.sections.submissions,
            html`<table>
              <thead>
                <tr>
                  <th scope="col">${c.bot}</th>
                  <th scope="col">${c.kind}</th>
                  <th scope="col">${c.submitted}</th>
                  <th scope="col">${c.submittedBy}</th>
                  <th scope="col">${c.ownership}</th>
                  <th scope="col">${c.changes}</th>
                </tr>
              </thead>
              <tbody>
                ${page.data.map(
                  (entry) =>
                    html`<tr>
                      <td><a href="${consoleUrl(t, `/console/submissions/${entry.id}`)}">${entry.content.name}</a></td>
                      <td>${c.kinds[entry.kind]}</td>
                      <td>${time(t, entry.submittedAt)}</td>
                      <td>${entry.submittedBy ?? '–'}</td>
                      <td>${entry.ownershipConfirmed ? c.ownershipConfirmed : html`<strong>${c.ownershipUnchecked}</strong>`}</td>
                      <td>${c.changeCount(entry.changes.length)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`,
          )
    }
    ${nextPage(t, '/console', page.next, {}, after)}`;
}

export interface DecisionState {
  templates: ReasonTemplate[];
  errors: FieldErrors;
  value?: ReasonValue;
  csrf: string;
}

/** `/console/submissions/{id}`: what the submission changes, field by field, and the decision. */
export function submissionView(t: Texts, submission: Submission, state: DecisionState): Html {
  const c = t.console;
  const base = `/console/submissions/${submission.id}`;
  return html`<p><a href="${consoleUrl(t, '/console')}">← ${c.sections.submissions}</a></p>
    <h1>${c.submissionTitle(submission.content.name)}</h1>
    <dl class="meta">
      <div>
        <dt>${c.kind}</dt>
        <dd>${c.kinds[submission.kind]}</dd>
      </div>
      <div>
        <dt>${c.submitted}</dt>
        <dd>${time(t, submission.submittedAt)}</dd>
      </div>
      <div>
        <dt>${c.submittedBy}</dt>
        <dd>${submission.submittedBy ?? '–'}</dd>
      </div>
      <div>
        <dt>${c.ownership}</dt>
        <dd>${submission.ownershipConfirmed ? c.ownershipConfirmed : c.ownershipUnchecked}</dd>
      </div>
      <div>
        <dt>${c.bot}</dt>
        <dd><a href="${consoleUrl(t, `/console/bots/${submission.botId}`)}">${submission.botId}</a></dd>
      </div>
    </dl>
    <h2 id="changes">${c.changes}</h2>
    ${diffTable(t, submission.changes)}
    <section class="card" aria-labelledby="decision">
      <h2 id="decision">${c.decision}</h2>
      <p class="muted">${c.decisionLead}</p>
      ${state.errors.form ? html`<p class="error" role="alert">${state.errors.form}</p>` : ''}
      <form method="post" action="${consoleUrl(t, `${base}/approve`)}">
        ${csrfField(state.csrf)}
        ${reasonField(t, 'decision', { label: c.noteForOwner, templates: state.templates, errors: state.errors, value: state.value, max: MAX_NOTE_LENGTH, rows: 4 })}
        <p class="actions">
          <button class="primary" type="submit">${c.approve}</button>
          <button type="submit" formaction="${consoleUrl(t, `${base}/request-changes`)}">${c.requestChanges}</button>
          <button class="danger" type="submit" formaction="${consoleUrl(t, `${base}/deny`)}">${c.deny}</button>
        </p>
      </form>
    </section>`;
}

/** Each change as its field's name, the value before and the value submitted. */
export function diffTable(t: Texts, changes: FieldChange[]): Html {
  const c = t.console;
  if (changes.length === 0) return html`<p class="muted">${c.noChanges}</p>`;
  return changeTable(
    { caption: c.changes, field: c.field, before: c.before, after: c.after },
    changes.map((change) => ({ field: fieldName(t, change.field), before: valueOf(t, change.before), after: valueOf(t, change.after) })),
  );
}

/** `slugs.de` → "Address (German)". */
export function fieldName(t: Texts, path: string): string {
  const [field = path, lang] = path.split('.');
  const name = t.console.fields[field] ?? field;
  return lang === undefined ? name : `${name} (${t.console.inLang[lang] ?? lang})`;
}

/** A value as written (never as markup or a link): a list one item a line, nothing as "none". */
function valueOf(t: Texts, value: FieldChange['before']): Html {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0))
    return html`<span class="muted">${t.console.none}</span>`;
  if (Array.isArray(value))
    return html`<ul class="values">
      ${value.map((item) => html`<li>${item}</li>`)}
    </ul>`;
  return html`<div class="value">${value}</div>`;
}
